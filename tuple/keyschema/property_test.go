package keyschema

import (
	"bytes"
	"fmt"
	"math"
	"math/big"
	"slices"
	"strings"
	"testing"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/google/uuid"
	"pgregory.net/rapid"
)

// scalarKinds are the kinds the random schemas draw: every kind with
// values (ext and custom have none).
var scalarKinds = []Kind{
	KindString, KindBytes, KindBool, KindFloat32, KindFloat64, KindUUID, KindVersionstamp,
	KindInt8, KindInt16, KindInt32, KindInt64, KindUint8, KindUint16, KindUint32, KindUint64,
	KindBigInt, KindTuple, KindAny, KindTime, KindDuration,
}

var units = []string{"ns", "us", "ms", "s"}

func drawType(t *rapid.T, depth int, inDesc bool, label string) *Type {
	switch rapid.IntRange(0, 9).Draw(t, label+" shape") {
	case 0:
		return &Type{Kind: KindNullable, Elem: drawType(t, depth, inDesc, label)}
	case 1:
		if !inDesc {
			return &Type{Kind: KindDesc, Code: byte(tuple.DefaultDescCode), Elem: drawType(t, depth, true, label)}
		}
	case 2:
		if depth < 2 {
			return &Type{Kind: KindStruct, Items: drawItems(t, depth+1, inDesc, label)}
		}
	}
	k := rapid.SampledFrom(scalarKinds).Draw(t, label+" kind")
	ty := &Type{Kind: k}
	if k == KindTime || k == KindDuration {
		ty.Unit = rapid.SampledFrom(units).Draw(t, label+" unit")
	}
	return ty
}

func drawItems(t *rapid.T, depth int, inDesc bool, label string) []Item {
	n := rapid.IntRange(1, 4).Draw(t, label+" items")
	items := make([]Item, n)
	for i := range items {
		items[i] = drawItem(t, depth, inDesc, fmt.Sprintf("%s.%d", label, i), i)
	}
	return items
}

func drawItem(t *rapid.T, depth int, inDesc bool, label string, i int) Item {
	if rapid.IntRange(0, 4).Draw(t, label+" constant") == 0 {
		return Item{Const: rapid.SampledFrom([]any{"USER", "POST", int64(7), int64(-3)}).Draw(t, label+" value")}
	}
	return Item{Name: fmt.Sprintf("F%d_%d", depth, rapid.IntRange(0, 99).Draw(t, label+" name")), Type: drawType(t, depth, inDesc, label)}
}

// uniqueNames renames duplicate field names of a level, as the grammar
// wants them unique.
func uniqueNames(items []Item) {
	seen := map[string]bool{}
	for i := range items {
		if items[i].IsConst() {
			continue
		}
		for seen[items[i].Name] {
			items[i].Name += "x"
		}
		seen[items[i].Name] = true
		ty := items[i].Type
		for ty.Kind == KindNullable || ty.Kind == KindDesc || ty.Kind == KindOptional {
			ty = ty.Elem
		}
		if ty.Kind == KindStruct {
			uniqueNames(ty.Items)
		}
	}
}

// drawOptional draws an optional field: optional(T) of a T that is
// neither nullable nor descending.
func drawOptional(t *rapid.T, label string) Item {
	elem := drawType(t, 0, false, label)
	for elem.Kind == KindNullable || elem.Kind == KindDesc {
		elem = elem.Elem
	}
	return Item{Name: fmt.Sprintf("O_%d", rapid.IntRange(0, 99).Draw(t, label+" name")), Type: &Type{Kind: KindOptional, Elem: elem}}
}

// appendOptional appends zero to two optional fields to a key's items.
func appendOptional(t *rapid.T, items []Item, label string) []Item {
	for i := range rapid.IntRange(0, 2).Draw(t, label) {
		items = append(slices.Clip(items), drawOptional(t, fmt.Sprintf("%s %d", label, i)))
	}
	return items
}

// keepOptionalLast makes a key's items follow the grammar after an edit
// moved, added or retyped items: an optional field before the last item
// that is not one becomes a plain field of its type.
func keepOptionalLast(items []Item) {
	last := -1
	for i := range items {
		if !items[i].IsOptional() {
			last = i
		}
	}
	for i := 0; i < last; i++ {
		if items[i].IsOptional() {
			items[i].Type = items[i].Type.Elem
		}
	}
}

// mutate makes NEW from OLD by one random edit at a random level: a type,
// a name, a constant changed; an item added, removed or two swapped; at
// the key's own level, optional fields appended, or the last field made
// optional or not.
func mutate(t *rapid.T, items []Item, depth int, inDesc bool) []Item {
	out := slices.Clone(items)
	if depth == 0 && rare(t, 3, "grow") {
		return growEdit(t, out)
	}
	i := rapid.IntRange(0, len(out)-1).Draw(t, "at")
	if it := out[i]; !it.IsConst() && it.Type.Kind == KindStruct && rapid.Bool().Draw(t, "descend") {
		cp := *it.Type
		cp.Items = mutate(t, cp.Items, depth+1, inDesc)
		out[i].Type = &cp
		return out
	}
	switch rapid.IntRange(0, 7).Draw(t, "edit") {
	case 0: // a new type
		if !out[i].IsConst() {
			out[i].Type = drawType(t, depth, inDesc, "new type")
		}
	case 1: // a rename
		if !out[i].IsConst() {
			out[i].Name += "Renamed"
		}
	case 2: // added
		out = slices.Insert(out, rapid.IntRange(0, len(out)).Draw(t, "insert at"), drawItem(t, depth, inDesc, "added", 0))
	case 3: // removed
		if len(out) > 1 {
			out = slices.Delete(out, i, i+1)
		}
	case 4: // swapped
		j := rapid.IntRange(0, len(out)-1).Draw(t, "with")
		out[i], out[j] = out[j], out[i]
	case 5: // a constant changed
		if out[i].IsConst() {
			out[i].Const = "CHANGED"
		}
	case 6: // nullable toggled
		if !out[i].IsConst() && !out[i].IsOptional() {
			if out[i].Type.Kind == KindNullable {
				out[i].Type = out[i].Type.Elem
			} else {
				out[i].Type = &Type{Kind: KindNullable, Elem: out[i].Type}
			}
		}
	case 7: // desc toggled
		if !out[i].IsConst() && !out[i].IsOptional() {
			if out[i].Type.Kind == KindDesc {
				out[i].Type = out[i].Type.Elem
			} else if !inDesc && !hasDesc(out[i].Type) {
				out[i].Type = &Type{Kind: KindDesc, Code: byte(tuple.DefaultDescCode), Elem: out[i].Type}
			}
		}
	}
	return out
}

// growEdit is an edit of the key's optional fields: optional fields
// appended (the SAFE rule), or the last field's optional toggled: T or *T
// made optional(T), optional(T) made T or *T.
func growEdit(t *rapid.T, out []Item) []Item {
	last := len(out) - 1
	switch rapid.IntRange(0, 2).Draw(t, "grow edit") {
	case 0:
		return append(out, drawOptional(t, "appended"))
	case 1:
		return append(out, drawOptional(t, "appended"), drawOptional(t, "appended 2"))
	}
	switch it := &out[last]; {
	case it.IsConst():
	case it.IsOptional() && rapid.Bool().Draw(t, "to nullable"):
		it.Type = &Type{Kind: KindNullable, Elem: it.Type.Elem}
	case it.IsOptional():
		it.Type = it.Type.Elem
	default:
		elem := it.Type
		for elem.Kind == KindNullable || elem.Kind == KindDesc {
			elem = elem.Elem
		}
		it.Type = &Type{Kind: KindOptional, Elem: elem}
	}
	return out
}

func hasDesc(t *Type) bool {
	return containsType(t, func(t *Type) bool { return t.Kind == KindDesc })
}

// drawSchemas draws OLD and NEW, each also round-tripped through its text.
func drawSchemas(t *rapid.T) (*Schema, *Schema) {
	old := drawItems(t, 0, false, "old")
	if rare(t, 2, "old has optional fields") {
		old = appendOptional(t, old, "old optional")
	}
	uniqueNames(old)
	new := old
	for range rapid.IntRange(1, 2).Draw(t, "edits") {
		new = mutate(t, new, 0, false)
	}
	keepOptionalLast(new)
	uniqueNames(new)
	op := drawPrefix(t, "old prefix")
	np := op
	if rare(t, 3, "prefix changed") {
		np = drawPrefix(t, "new prefix")
	}
	return reparse(t, &Schema{Prefix: op, Items: old}), reparse(t, &Schema{Prefix: np, Items: new})
}

// drawPrefix draws the prefix of a PlanUnder's schema, or none: tuples,
// bytes that are none, and prefixes of one another.
func drawPrefix(t *rapid.T, label string) []byte {
	return rapid.SampledFrom([][]byte{
		nil, nil, nil,
		[]byte("\x02app\x00"), []byte("\x02app\x00\x02posts\x00"), []byte("\x02app\x00\x02comments\x00"),
		{0xfe}, {0xfe, 0x01}, {0x15, 0x07}, {0x02, 'a'},
	}).Draw(t, label)
}

func reparse(t *rapid.T, s *Schema) *Schema {
	back, err := Parse(s.String())
	if err != nil {
		t.Fatalf("Parse(%s): %v", s, err)
	}
	if back.String() != s.String() {
		t.Fatalf("Parse(%s).String() = %s", s, back)
	}
	return back
}

// TestWitnessesHold: for random pairs of schemas, every witness Diff
// claims holds, checked again here and, for a decode claim, against an
// independent reading of the key: tuple.Codec's Unpack and a check of
// each element against NEW's schema.
func TestWitnessesHold(t *testing.T) {
	var pairs, grown int
	rapid.Check(t, func(t *rapid.T) {
		old, new := drawSchemas(t)
		changes := Diff(old, new)
		pairs++
		if growsSafe(changes) {
			grown++
		}
		for _, c := range changes {
			if c.Category == Safe {
				if c.Witness != nil {
					t.Fatalf("%s: a SAFE change with a witness", c)
				}
				continue
			}
			w := c.Witness
			if w == nil || strings.Contains(c.Why, noWitness) {
				t.Fatalf("OLD %s\nNEW %s\n%s: a break without a witness", old, new, c)
			}
			if !w.Alone && (!sameKeys(w.old, old) || !sameKeys(w.new, new)) {
				t.Fatalf("OLD %s\nNEW %s\n%s: keys under %s and %s, not marked Alone", old, new, c, w.old, w.new)
			}
			if w.Alone && !w.part && !sameKeys(w.old, old) {
				t.Fatalf("OLD %s\nNEW %s\n%s: OLD keys under %s", old, new, c, w.old)
			}
			if err := verify(w.old, w.new, w); err != nil {
				t.Fatalf("OLD %s\nNEW %s\n%s: %v", old, new, c, err)
			}
			checkIndependently(t, w, c)
		}
	})
	t.Logf("%d pairs of schemas; %d with optional fields appended, called SAFE", pairs, grown)
	checkExercised(t, pairs, grown)
}

// growsSafe reports whether Diff called appended optional fields SAFE.
func growsSafe(changes []Change) bool {
	return slices.ContainsFunc(changes, func(c Change) bool {
		return c.Category == Safe && strings.HasSuffix(c.Why, growsWhy)
	})
}

// checkExercised fails a run of 100 pairs or more in which the rule for
// appended optional fields never applied: the draws would no longer test
// it.
func checkExercised(t *testing.T, pairs, grown int) {
	if pairs >= 100 && grown == 0 {
		t.Errorf("none of %d pairs appended optional fields with a SAFE verdict", pairs)
	}
}

// checkIndependently checks a witness's decode claim without this
// package's decoder: OLD's key unpacks as a tuple; it fits NEW's schema
// exactly when the claim says it decodes.
func checkIndependently(t *rapid.T, w *Witness, c Change) {
	codec := codecFor(w.old, w.new)
	if !bytes.HasPrefix(w.OldA, w.old.Prefix) {
		t.Fatalf("%s: OLD's key is not under OLD's prefix", c)
	}
	if !bytes.HasPrefix(w.OldA, w.new.Prefix) {
		if w.claim == decodeDiffers {
			t.Fatalf("%s: claimed to decode, but OLD's key is not under NEW's prefix", c)
		}
		return
	}
	tup, err := codec.Unpack(w.OldA[len(w.old.Prefix):])
	if err != nil {
		t.Fatalf("%s: OLD's key is not a tuple: %v", c, err)
	}
	if !fitsItems(w.old.Items, tup) {
		t.Fatalf("%s: OLD's key %v does not fit OLD's schema %s", c, tup, w.old)
	}
	newTup := tup
	if !bytes.Equal(w.old.Prefix, w.new.Prefix) { // NEW reads the key after its own prefix
		if newTup, err = codec.Unpack(w.OldA[len(w.new.Prefix):]); err != nil {
			newTup = nil
		}
	}
	switch w.claim {
	case decodeFails:
		if newTup != nil && fitsItems(w.new.Items, newTup) {
			t.Fatalf("%s: claimed not to decode, but %v fits NEW's schema %s", c, tup, w.new)
		}
	case decodeDiffers:
		if newTup == nil || !fitsItems(w.new.Items, newTup) {
			t.Fatalf("%s: claimed to decode, but %v does not fit NEW's schema %s", c, tup, w.new)
		}
	case orderFlips:
		if (bytes.Compare(w.OldA, w.OldB) < 0) == (bytes.Compare(w.NewA, w.NewB) < 0) {
			t.Fatalf("%s: OLD and NEW order alike", c)
		}
	case bytesDiffer:
		if bytes.Equal(w.OldA, w.NewA) {
			t.Fatalf("%s: one key under both", c)
		}
	}
}

// fitsItems reports whether the elements of t are, one for one, of the
// kinds of items, each constant its constant.
func fitsItems(items []Item, t tuple.Tuple) bool { return fitsItemsOf(items, t, items) }

// fitsItemsOf is fitsItems for a level of the schema whose items are top.
// A key may end before its optional fields.
func fitsItemsOf(items []Item, t tuple.Tuple, top []Item) bool {
	if len(t) > len(items) {
		return false
	}
	for _, it := range items[len(t):] {
		if !it.IsOptional() {
			return false
		}
	}
	for i, it := range items[:len(t)] {
		if it.IsConst() {
			if tuple.Compare(tuple.Tuple{it.Const}, tuple.Tuple{t[i]}) != 0 {
				return false
			}
		} else if !fitsType(it.Type, t[i], top) {
			return false
		}
	}
	return true
}

func fitsType(ty *Type, e any, items []Item) bool {
	switch ty.Kind {
	case KindNullable:
		return e == nil || fitsType(ty.Elem, e, items)
	case KindOptional: // present: never a null
		return e != nil && fitsType(ty.Elem, e, items)
	case KindDesc:
		d, ok := e.(tuple.Desc)
		return ok && fitsType(ty.Elem, d.V, items)
	case KindStruct:
		sub, ok := e.(tuple.Tuple)
		return ok && fitsItemsOf(ty.Items, sub, items)
	case KindAny, KindTuple:
		// NEW's plan reads an any or tuple field with its own codec,
		// which knows desc elements only when NEW has desc fields.
		if containsDesc(e) && len(codecFor(&Schema{Items: items}).Extensions) == 0 {
			return false
		}
		if ty.Kind == KindAny {
			return true
		}
	}
	switch v := e.(type) {
	case int64, uint64, *big.Int:
		if !isInteger(ty.Kind) {
			return false
		}
		n := bigOf(v)
		if ty.Kind == KindTime || ty.Kind == KindDuration {
			n.Mul(n, big.NewInt(unitNanos[ty.Unit]))
		}
		return fits(ty, n)
	case string:
		return ty.Kind == KindString
	case []byte:
		return ty.Kind == KindBytes
	case bool:
		return ty.Kind == KindBool
	case float32:
		return ty.Kind == KindFloat32
	case float64:
		return ty.Kind == KindFloat64
	case uuid.UUID:
		return ty.Kind == KindUUID
	case tuple.Versionstamp:
		return ty.Kind == KindVersionstamp
	case tuple.Tuple:
		return ty.Kind == KindTuple
	}
	return false
}

// TestSafeKeepsBytes: when Diff finds nothing breaking, random values
// (not the ones Diff tries) have the same key under OLD and NEW, and
// OLD's key decodes under NEW to the same value.
func TestSafeKeepsBytes(t *testing.T) {
	var pairs, grown int
	rapid.Check(t, func(t *rapid.T) {
		old, new := drawSchemas(t)
		changes := Diff(old, new)
		if Breaks(changes) {
			t.Skip("breaking")
		}
		pairs++
		if growsSafe(changes) {
			grown++
		}
		oldType := &Type{Kind: KindStruct, Items: old.Items}
		newType := &Type{Kind: KindStruct, Items: new.Items}
		r := drawValue(t, oldType, "value").(record)
		oldKey, err := encodeKey(old, r)
		if err != nil {
			t.Fatalf("OLD %s: %v", old, err)
		}
		nv, ok := convert(oldType, newType, r)
		if !ok {
			t.Fatalf("OLD %s\nNEW %s\n%s: NEW cannot hold %s", old, new, lines(changes), formatRecord(old.Items, r))
		}
		newKey, err := encodeKey(new, nv.(record))
		if err != nil {
			t.Fatalf("NEW %s: %v", new, err)
		}
		if !bytes.Equal(oldKey, newKey) {
			t.Fatalf("OLD %s\nNEW %s\n%s: %s has key %x under OLD, %x under NEW", old, new, lines(changes), formatRecord(old.Items, r), oldKey, newKey)
		}
		got, err := decodeKey(new, oldKey)
		if err != nil || !equalRecords(new.Items, got, nv.(record)) {
			t.Fatalf("OLD %s\nNEW %s: %x decodes under NEW as %v, %v", old, new, oldKey, got, err)
		}
	})
	t.Logf("%d pairs with no break checked on random values; %d with optional fields appended", pairs, grown)
	checkExercised(t, pairs, grown)
}

// drawValue draws a random value of ty, beyond the few Diff tries.
func drawValue(t *rapid.T, ty *Type, label string) any {
	switch ty.Kind {
	case KindNullable:
		if rapid.IntRange(0, 3).Draw(t, label+" nil") == 0 {
			return null{}
		}
		return drawValue(t, ty.Elem, label)
	case KindOptional: // nil, or a value that is no null
		if rapid.IntRange(0, 3).Draw(t, label+" nil") == 0 {
			return null{}
		}
		if v := drawValue(t, ty.Elem, label); !isNull(v) {
			return v
		}
		return "x" // an any's value other than its null
	case KindDesc:
		return drawValue(t, ty.Elem, label)
	case KindStruct:
		r := make(record, len(ty.Items))
		ended := false // a nil optional field: the key ends, those after it are nil
		for i, it := range ty.Items {
			switch {
			case it.IsConst():
				r[i] = it.Const
			case ended && it.IsOptional():
				r[i] = null{}
			default:
				r[i] = drawValue(t, it.Type, fmt.Sprintf("%s.%s", label, it.Name))
				_, isNil := r[i].(null)
				ended = isNil && it.IsOptional()
			}
		}
		return r
	case KindString:
		return rapid.String().Draw(t, label)
	case KindBytes:
		return rapid.SliceOf(rapid.Byte()).Draw(t, label)
	case KindBool:
		return rapid.Bool().Draw(t, label)
	case KindFloat32:
		return rapid.Float32().Filter(func(f float32) bool { return !math.IsNaN(float64(f)) }).Draw(t, label)
	case KindFloat64:
		return rapid.Float64().Filter(func(f float64) bool { return !math.IsNaN(f) }).Draw(t, label)
	case KindUUID:
		return uuid.UUID(rapid.SliceOfN(rapid.Byte(), 16, 16).Draw(t, label))
	case KindVersionstamp:
		var v tuple.Versionstamp
		copy(v.TransactionVersion[:], rapid.SliceOfN(rapid.ByteRange(0, 0xFE), 10, 10).Draw(t, label))
		v.UserVersion = rapid.Uint16().Draw(t, label+" user")
		return v
	case KindTuple:
		return tuple.Tuple{rapid.String().Draw(t, label), rapid.Int64().Draw(t, label+" int")}
	case KindAny:
		return rapid.SampledFrom([]any{nil, "x", int64(-5), []byte{0}, true}).Draw(t, label)
	}
	lo, hi := intBounds(ty)
	u := big.NewInt(1)
	if ty.Kind == KindTime || ty.Kind == KindDuration {
		u = big.NewInt(unitNanos[ty.Unit])
	}
	if rare(t, 9, label+" bound") {
		return rapid.SampledFrom([]*big.Int{lo, hi}).Draw(t, label+" which")
	}
	if hi.BitLen() > 80 { // bigint, time: past 64 bits too
		lo = new(big.Int).Neg(new(big.Int).Lsh(big.NewInt(1), 80))
		hi = new(big.Int).Lsh(big.NewInt(1), 80)
	}
	span := new(big.Int).Quo(new(big.Int).Sub(hi, lo), u)
	k := new(big.Int).SetBytes(rapid.SliceOfN(rapid.Byte(), 11, 11).Draw(t, label))
	if rapid.Bool().Draw(t, label+" small") {
		k = big.NewInt(rapid.Int64Range(0, 300).Draw(t, label+" k"))
	}
	k.Rem(k, new(big.Int).Add(span, big.NewInt(1)))
	lo = new(big.Int).Set(lo)
	if r := new(big.Int).Rem(lo, u); r.Sign() != 0 { // the first whole unit
		lo.Sub(lo, r)
		if lo.Cmp(hi) < 0 && r.Sign() < 0 {
			lo.Add(lo, u)
		}
	}
	return lo.Add(lo, k.Mul(k, u))
}

func containsDesc(e any) bool {
	switch v := e.(type) {
	case tuple.Desc:
		return true
	case tuple.Tuple:
		return slices.ContainsFunc(v, containsDesc)
	}
	return false
}

// rare draws a choice that is true once in n+1, and false where rapid
// shrinks.
func rare(t *rapid.T, n int, label string) bool { return rapid.IntRange(0, n).Draw(t, label) == n }
