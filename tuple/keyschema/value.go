package keyschema

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/big"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/google/uuid"
)

// Values, as this package holds them to build witnesses, are the values a
// schema's fields hold, not their elements: every integer kind (time and
// duration included) is a *big.Int, time and duration in nanoseconds, so
// that the same instant under time(ns) and time(ms) is one value; a
// nullable field's nil is null{}, and so is an optional field's (the
// same Go nil, which a key leaves out); a nested struct is a record; a string,
// []byte, bool, float32, float64, uuid.UUID, tuple.Versionstamp or
// tuple.Tuple is itself, and an any field holds a tuple element.

// null is a nullable field's nil.
type null struct{}

// record is the value of a list of items, one value per item (a
// constant's own value for a constant).
type record []any

// opaqueError reports a type whose elements this package cannot make.
type opaqueError struct{ t *Type }

func (e *opaqueError) Error() string {
	return fmt.Sprintf("the key holds %s, whose bytes this tool cannot make", e.t)
}

func isInteger(k Kind) bool {
	return k >= KindInt8 && k <= KindBigInt || k == KindTime || k == KindDuration
}

func isOpaque(k Kind) bool { return k == KindExt || k == KindCustom }

// bits of each fixed-size integer kind, negative for the signed ones.
var intBits = map[Kind]int{
	KindInt8: -8, KindInt16: -16, KindInt32: -32, KindInt64: -64,
	KindUint8: 8, KindUint16: 16, KindUint32: 32, KindUint64: 64,
}

// The bounds of the integer kinds that are not fixed-size, which a plan's
// field of each holds exactly:
//
//   - bigint: every integer element, whose magnitude is at most 255
//     bytes (a big.Int past it is tuple.ErrTooLarge);
//   - time: the instants a time.Time holds, from its least Unix second,
//     math.MinInt64, to its greatest, math.MaxInt64 less the seconds
//     from year 1 to 1970 (about ±2^93 ns: a bigint past them does not
//     decode as a time);
//   - duration: a time.Duration, int64 nanoseconds.
//
// A time or duration field holds the whole units within them.
var (
	maxElemInt = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 8*255), big.NewInt(1))
	minTimeSec = big.NewInt(math.MinInt64)
	maxTimeSec = big.NewInt(math.MaxInt64 - 62135596800)
)

// intBounds returns the least and greatest value of an integer kind, in
// its values' units (nanoseconds for time and duration), whole units of
// a time or duration.
func intBounds(t *Type) (lo, hi *big.Int) {
	if b, ok := intBits[t.Kind]; ok {
		if b < 0 {
			hi = new(big.Int).Lsh(big.NewInt(1), uint(-b-1))
			lo = new(big.Int).Neg(hi)
			return lo, hi.Sub(hi, big.NewInt(1))
		}
		hi = new(big.Int).Lsh(big.NewInt(1), uint(b))
		return big.NewInt(0), hi.Sub(hi, big.NewInt(1))
	}
	switch t.Kind {
	case KindDuration:
		u := unitNanos[t.Unit]
		return big.NewInt(math.MinInt64 / u * u), big.NewInt(math.MaxInt64 / u * u)
	case KindTime: // from the least second to the last whole unit of the greatest
		u := big.NewInt(unitNanos[t.Unit])
		lo = new(big.Int).Mul(minTimeSec, big.NewInt(1e9))
		hi = new(big.Int).Add(maxTimeSec, big.NewInt(1))
		hi.Mul(hi, big.NewInt(1e9))
		return lo, hi.Sub(hi, u)
	}
	return new(big.Int).Neg(maxElemInt), new(big.Int).Set(maxElemInt) // bigint
}

// unitOf is the length of one unit of an integer type's values: a time's
// or a duration's unit in nanoseconds, 1 for the others.
func unitOf(t *Type) *big.Int {
	if t.Kind == KindTime || t.Kind == KindDuration {
		return big.NewInt(unitNanos[t.Unit])
	}
	return big.NewInt(1)
}

// fits reports whether v is a value of the integer type t: within its
// bounds and, for time and duration, a whole number of its unit.
func fits(t *Type, v *big.Int) bool {
	lo, hi := intBounds(t)
	if v.Cmp(lo) < 0 || v.Cmp(hi) > 0 {
		return false
	}
	return new(big.Int).Rem(v, unitOf(t)).Sign() == 0
}

// candidates returns values of t that between them show what a change of
// t breaks: the bounds of integers, the empty string and one with a 00,
// a nil and a non-nil pointer. The first is the base value, which fills
// the fields a witness does not vary. An opaque type has none.
func candidates(t *Type) []any {
	switch t.Kind {
	case KindNullable:
		return append(candidates(t.Elem), null{})
	case KindOptional: // a value is never a null element: the plan reads none
		var out []any
		for _, c := range candidates(t.Elem) {
			if !isNull(c) {
				out = append(out, c)
			}
		}
		if len(out) == 0 {
			return nil
		}
		return append(out, null{})
	case KindDesc:
		return candidates(t.Elem)
	case KindStruct:
		return recordCandidates(t.Items)
	case KindString:
		return []any{"a", "", "b", "a\x00", "é"}
	case KindBytes:
		return []any{[]byte("a"), []byte{}, []byte("b"), []byte{0}, []byte{0xFF}}
	case KindBool:
		return []any{true, false}
	case KindFloat32:
		return []any{float32(1.5), float32(0), float32(-1.5), float32(math.Inf(1)), float32(math.Inf(-1))}
	case KindFloat64:
		return []any{1.5, 0.0, -1.5, 0.1, 1e300, math.Inf(-1)}
	case KindUUID:
		return []any{uuid.MustParse("00000000-0000-0000-0000-000000000001"), uuid.MustParse("ffffffff-0000-0000-0000-000000000000")}
	case KindVersionstamp:
		return []any{
			tuple.Versionstamp{TransactionVersion: [10]byte{0, 0, 0, 0, 0, 0, 0, 1, 0, 0}, UserVersion: 1},
			tuple.Versionstamp{TransactionVersion: [10]byte{0, 0, 0, 0, 0, 0, 0, 2, 0, 0}, UserVersion: 0},
		}
	case KindTuple:
		return []any{tuple.Tuple{"a"}, tuple.Tuple{}, tuple.Tuple{int64(1), nil}}
	case KindAny:
		return []any{"a", int64(1), nil, []byte("a"), tuple.Tuple{"a"}, false}
	}
	if isInteger(t.Kind) {
		return integerCandidates(t)
	}
	return nil // opaque
}

// integerCandidates are small values, then, for a kind past 64 bits, the
// values just past int64 and uint64 (the plainer witnesses of a change
// to a narrower kind), then the kind's own bounds: every narrower kind
// misses one of them.
func integerCandidates(t *Type) []any {
	u := unitOf(t)
	one := new(big.Int).Set(u)
	vals := []*big.Int{one, big.NewInt(0), new(big.Int).Mul(u, big.NewInt(1000)), new(big.Int).Neg(one)}
	lo, hi := intBounds(t)
	if hi.BitLen() > 64 {
		// Past int64 and uint64, in whole units.
		far := new(big.Int).Lsh(big.NewInt(1), 64)
		far.Add(far.Sub(far, new(big.Int).Rem(far, u)), u)
		vals = append(vals, new(big.Int).Neg(far), far)
		if t.Kind == KindTime { // 2^63 ns: past int64, in 2262
			mid := new(big.Int).Lsh(big.NewInt(1), 63)
			mid.Add(mid.Sub(mid, new(big.Int).Rem(mid, u)), u)
			vals = append(vals, mid)
		}
	}
	vals = append(vals, lo, hi)
	out := make([]any, 0, len(vals))
	for _, v := range vals {
		if fits(t, v) {
			out = append(out, v)
		}
	}
	return out
}

// pastBounds returns the values of from nearest outside the bounds of
// to, both integer types (under nullable or desc): the first value past
// each bound that from holds. When from is the wider, they show the
// break most plainly (bigint → time(ns) breaks at about 2^93 ns, not at
// the 2^2040 of bigint's own bound).
func pastBounds(from, to *Type) []any {
	from, to = integerCore(from), integerCore(to)
	if from == nil || to == nil {
		return nil
	}
	lo, hi := intBounds(to)
	u := unitOf(from)
	above := new(big.Int).Add(hi, big.NewInt(1)) // rounded up to a whole unit of from
	if r := new(big.Int).Mod(above, u); r.Sign() != 0 {
		above.Add(above, new(big.Int).Sub(u, r))
	}
	below := new(big.Int).Sub(lo, big.NewInt(1)) // rounded down
	below.Sub(below, new(big.Int).Mod(below, u))
	var out []any
	for _, v := range []*big.Int{above, below} {
		if fits(from, v) {
			out = append(out, v)
		}
	}
	return out
}

// integerCore is the integer type inside t's wrappers, or nil.
func integerCore(t *Type) *Type {
	for t.Kind == KindNullable || t.Kind == KindDesc || t.Kind == KindOptional {
		t = t.Elem
	}
	if isInteger(t.Kind) {
		return t
	}
	return nil
}

// recordCandidates returns the base record of items, then the records
// that differ from it in one field. An optional field made nil takes the
// optional fields after it along, as a key that ends there has them nil.
func recordCandidates(items []Item) []any {
	base, ok := baseRecord(items)
	if !ok {
		return nil
	}
	out := []any{base}
	for i := range items {
		if items[i].IsConst() {
			continue
		}
		for _, c := range candidates(items[i].Type)[1:] {
			r := append(record(nil), base...)
			r[i] = c
			out = append(out, endAfter(items, r, i))
		}
	}
	return out
}

// isNull reports whether v is a null element's value: a nullable
// field's nil or an any field's.
func isNull(v any) bool {
	_, ok := v.(null)
	return ok || v == nil
}

// baseRecord is the record of every item's base value; false when an
// item is opaque.
func baseRecord(items []Item) (record, bool) {
	r := make(record, len(items))
	for i, it := range items {
		if it.IsConst() {
			r[i] = it.Const
			continue
		}
		c := candidates(it.Type)
		if len(c) == 0 {
			return nil, false
		}
		r[i] = c[0]
	}
	return r, true
}

// element returns v of type t as the tuple element a tuple.Codec with
// the schema's descending extensions encodes as t's bytes.
func element(t *Type, v any) (any, error) {
	switch t.Kind {
	case KindNullable:
		if _, ok := v.(null); ok {
			return nil, nil
		}
		return element(t.Elem, v)
	case KindOptional: // a nil one is left out by recordElements
		if isNull(v) {
			return nil, errOptionalNull
		}
		return element(t.Elem, v)
	case KindDesc:
		e, err := element(t.Elem, v)
		return tuple.Desc{V: e}, err
	case KindStruct:
		return recordElements(t.Items, v.(record))
	case KindExt, KindCustom:
		return nil, &opaqueError{t}
	}
	if isInteger(t.Kind) {
		n := v.(*big.Int)
		if t.Kind == KindTime || t.Kind == KindDuration {
			n = new(big.Int).Quo(n, big.NewInt(unitNanos[t.Unit]))
		}
		return n, nil // encoded in the same minimal form as an int64 or uint64
	}
	return v, nil
}

// errOptionalNull is an optional field that holds a null element: the
// plan reads none where an optional field is (its nil is no element).
var errOptionalNull = errors.New("an optional field's value is a null element, which a key never holds there")

// recordElements returns the elements of r, a record of items: one per
// item, but none from the first nil optional field on, where the key
// ends (and a set field after it is tuple.ErrOptionalGap, as for a plan).
func recordElements(items []Item, r record) (tuple.Tuple, error) {
	out := make(tuple.Tuple, len(items))
	for i := range items {
		if items[i].IsConst() {
			out[i] = items[i].Const
			continue
		}
		if _, isNil := r[i].(null); isNil && items[i].IsOptional() {
			for j := i + 1; j < len(items); j++ {
				if _, isNil := r[j].(null); !isNil || !items[j].IsOptional() {
					return nil, fmt.Errorf("%w: %s is nil and the item after it, %s, is not", tuple.ErrOptionalGap, items[i].Name, itemName(&items[j]))
				}
			}
			return out[:i], nil
		}
		e, err := element(items[i].Type, r[i])
		if err != nil {
			return nil, err
		}
		out[i] = e
	}
	return out, nil
}

// plain strips desc(...) from t: descending order changes bytes, not
// values.
func plain(t *Type) *Type {
	for t.Kind == KindDesc {
		t = t.Elem
	}
	return t
}

// convert returns the value of type to that equals v of type from, the
// value NEW holds for a record OLD holds, or false when to has none.
func convert(from, to *Type, v any) (any, bool) {
	from, to = plain(from), plain(to)
	if _, ok := v.(null); ok {
		switch to.Kind {
		case KindNullable, KindOptional: // one Go nil
			return null{}, true
		case KindAny:
			return nil, true
		}
		return nil, false
	}
	if to.Kind == KindNullable || to.Kind == KindOptional {
		out, ok := convert(from, to.Elem, v)
		return out, ok && !(to.Kind == KindOptional && isNull(out))
	}
	if from.Kind == KindNullable || from.Kind == KindOptional {
		return convert(from.Elem, to, v)
	}
	switch {
	case isInteger(from.Kind) && isInteger(to.Kind):
		return v, fits(to, v.(*big.Int))
	case from.Kind == KindStruct && to.Kind == KindStruct:
		return convertRecord(from.Items, to.Items, v.(record))
	case isOpaque(from.Kind) || isOpaque(to.Kind):
		return nil, false
	case to.Kind == KindAny || (to.Kind == KindTuple && from.Kind == KindStruct):
		e, err := element(from, v)
		return e, err == nil
	case from.Kind == KindAny || from.Kind == KindTuple:
		return fromElement(to, v)
	}
	switch w := v.(type) {
	case string:
		if to.Kind == KindBytes {
			return []byte(w), true
		}
	case []byte:
		if to.Kind == KindString {
			return string(w), utf8.Valid(w)
		}
	case float32:
		if to.Kind == KindFloat64 {
			return float64(w), true
		}
	case float64:
		if to.Kind == KindFloat32 {
			f := float32(w)
			return f, float64(f) == w || math.IsNaN(w)
		}
	}
	if from.Kind == to.Kind {
		return v, true
	}
	return nil, false
}

// fromElement returns the value of t that the tuple element e stands for.
func fromElement(t *Type, e any) (any, bool) {
	t = plain(t)
	if e == nil {
		return null{}, t.Kind == KindNullable
	}
	if t.Kind == KindNullable || t.Kind == KindOptional {
		return fromElement(t.Elem, e)
	}
	switch w := e.(type) {
	case int64, uint64, *big.Int:
		if !isInteger(t.Kind) {
			return nil, false
		}
		n := bigOf(w)
		if t.Kind == KindTime || t.Kind == KindDuration {
			n.Mul(n, big.NewInt(unitNanos[t.Unit]))
		}
		return n, fits(t, n)
	case tuple.Tuple:
		if t.Kind == KindTuple || t.Kind == KindAny {
			return w, true
		}
		return nil, false
	}
	want := map[Kind]func(any) bool{
		KindString:       func(x any) bool { _, ok := x.(string); return ok },
		KindBytes:        func(x any) bool { _, ok := x.([]byte); return ok },
		KindBool:         func(x any) bool { _, ok := x.(bool); return ok },
		KindFloat32:      func(x any) bool { _, ok := x.(float32); return ok },
		KindFloat64:      func(x any) bool { _, ok := x.(float64); return ok },
		KindUUID:         func(x any) bool { _, ok := x.(uuid.UUID); return ok },
		KindVersionstamp: func(x any) bool { _, ok := x.(tuple.Versionstamp); return ok },
		KindAny:          func(any) bool { return true },
	}
	if ok := want[t.Kind]; ok != nil && ok(e) {
		return e, true
	}
	return nil, false
}

func bigOf(e any) *big.Int {
	switch w := e.(type) {
	case int64:
		return big.NewInt(w)
	case uint64:
		return new(big.Int).SetUint64(w)
	}
	return new(big.Int).Set(e.(*big.Int))
}

// convertRecord converts a struct's record by the items' alignment; a
// field that NEW adds or OLD drops leaves NEW no equal value (a constant
// does not: it is no value), but for an optional field NEW adds, which is
// nil in the equal value (where NEW's key cannot end there, its encoding
// fails).
func convertRecord(from, to []Item, r record) (any, bool) {
	a := align(from, to)
	for _, j := range a.added {
		if !to[j].IsConst() && !to[j].IsOptional() {
			return nil, false
		}
	}
	for _, i := range a.removed {
		if !from[i].IsConst() {
			return nil, false
		}
	}
	constants := make(record, len(to))
	for i, it := range to {
		switch {
		case it.IsConst():
			constants[i] = it.Const
		case it.IsOptional(): // added: nil, as a key that ends before it reads
			constants[i] = null{}
		}
	}
	return convertFill(from, to, a, r, constants)
}

// equalValues reports whether a and b, values of t, are equal.
func equalValues(t *Type, a, b any) bool {
	t = plain(t)
	// A null element: a nullable field's nil, or an any field's nil.
	_, an := a.(null)
	_, bn := b.(null)
	an, bn = an || a == nil, bn || b == nil
	switch {
	case an || bn:
		return an == bn
	case t.Kind == KindNullable || t.Kind == KindOptional:
		return equalValues(t.Elem, a, b)
	case t.Kind == KindStruct:
		ra, rb := a.(record), b.(record)
		for i, it := range t.Items {
			if !it.IsConst() && !equalValues(it.Type, ra[i], rb[i]) {
				return false
			}
		}
		return true
	case isInteger(t.Kind):
		return a.(*big.Int).Cmp(b.(*big.Int)) == 0
	case t.Kind == KindFloat32:
		return math.Float32bits(a.(float32)) == math.Float32bits(b.(float32))
	case t.Kind == KindFloat64:
		return math.Float64bits(a.(float64)) == math.Float64bits(b.(float64))
	case t.Kind == KindBytes:
		return bytes.Equal(a.([]byte), b.([]byte))
	case t.Kind == KindTuple || t.Kind == KindAny:
		return tuple.Compare(tuple.Tuple{a}, tuple.Tuple{b}) == 0
	}
	return a == b
}

// formatValue writes v of type t for a witness: integers in decimal,
// times and durations with their Go form beside the nanoseconds, other
// elements in the tuple text form, a record as {Name: value, ...}.
func formatValue(t *Type, v any) string {
	t = plain(t)
	if _, ok := v.(null); ok {
		return "nil"
	}
	switch t.Kind {
	case KindNullable, KindOptional:
		return formatValue(t.Elem, v)
	case KindStruct:
		return formatRecord(t.Items, v.(record))
	case KindTime, KindDuration:
		n := v.(*big.Int)
		s := n.String() + "ns"
		if n.IsInt64() && t.Kind == KindTime {
			s += " (" + time.Unix(0, n.Int64()).UTC().Format(time.RFC3339Nano) + ")"
		} else if n.IsInt64() {
			s += " (" + time.Duration(n.Int64()).String() + ")"
		}
		return s
	}
	if n, ok := v.(*big.Int); ok {
		return n.String()
	}
	text, err := tuple.AppendElementText(nil, v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(text)
}

func formatRecord(items []Item, r record) string {
	var b strings.Builder
	b.WriteByte('{')
	first := true
	for i, it := range items {
		if it.IsConst() {
			continue
		}
		if !first {
			b.WriteString(", ")
		}
		first = false
		b.WriteString(it.Name + ": " + formatValue(it.Type, r[i]))
	}
	b.WriteByte('}')
	return b.String()
}
