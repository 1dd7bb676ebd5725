package property_test

// The schema check against real plans: random pairs of key struct types,
// OLD and NEW, NEW made from OLD by one or two edits of the kinds people
// make (a field's kind, width, unit, pointer, direction or name changed;
// a field added, removed, moved or left out; a constant changed; optional
// fields appended at the end, or the last field made optional or not:
// OLD has trailing optional fields now and then too), drawn
// as the plan properties draw their types (keymodel_test.go), compiled
// by NewDynamicPlan. keyschema.Diff of their Schemas must never call a
// change SAFE that breaks: every SAFE verdict is checked by writing
// random and boundary values under OLD's plan and reading, sorting and
// ranging them under NEW's; every breaking verdict's witness is replayed
// on the two plans. Run it large with -rapid.checks; TestSchemaCheck
// logs what it checked.

import (
	"bytes"
	"fmt"
	"math"
	"math/big"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"pgregory.net/rapid"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/keyschema"
)

// schemaKinds are the kinds the pairs draw: every kind, but those the
// schema knows only by name (an extension's decimal, a custom element:
// Diff says it can neither show nor rule out a break of them). On a
// 32-bit platform int and uint are left out: their schema is int64 and
// uint64 everywhere, which a 32-bit int cannot hold all of, so that
// int64 → int is SAFE by the schemas and ErrOutOfRange there for a value
// past 32 bits (the plan's documented limit, not the check's).
func schemaKinds() []*kind {
	return slices.DeleteFunc(slices.Clone(supportedKinds), func(k *kind) bool {
		switch k.name {
		case "decimal", "celsius":
			return true
		case "int", "uint":
			return strconv.IntSize < 64
		}
		return false
	})
}

// schemaStats counts what a run checked.
type schemaStats struct {
	pairs, refused, safe, safeChanged, values, breaking, replayed, alone, noWitness atomic.Int64
	// grown counts the pairs where Diff called optional fields appended
	// SAFE; grownChecked those of them with no break, checked on values.
	grown, grownChecked atomic.Int64
}

func TestSchemaCheck(t *testing.T) {
	var st schemaStats
	rapid.Check(t, func(t *rapid.T) { schemaCheck(t, &st) })
	t.Logf("%d pairs of key types (%d refused by a plan); %d SAFE verdicts (%d with another schema), checked on %d values written under OLD; %d breaking changes: %d witnesses replayed on the plans, %d shown alone (NEW made other changes too), %d without a witness; optional fields appended, called SAFE: %d pairs (%d with no break, checked on values)",
		st.pairs.Load(), st.refused.Load(), st.safe.Load(), st.safeChanged.Load(), st.values.Load(), st.breaking.Load(), st.replayed.Load(), st.alone.Load(), st.noWitness.Load(), st.grown.Load(), st.grownChecked.Load())
	if st.pairs.Load() >= 100 && st.grownChecked.Load() == 0 {
		t.Errorf("no pair with optional fields appended was checked on values: the draws no longer test the rule")
	}
}

func FuzzSchemaCheck(f *testing.F) {
	var st schemaStats
	f.Fuzz(rapid.MakeFuzz(func(t *rapid.T) { schemaCheck(t, &st) }))
}

// schemaCodec is the codec of both plans: the zero Codec, to which a
// plan adds DescExtension at 0x4F, the code schemas' desc(...) means.
var schemaCodec = tuple.Codec{}

func schemaCheck(t *rapid.T, st *schemaStats) {
	o := modelOptions{depth: 2, noDescInDesc: true, utf8Constants: true, kinds: schemaKinds()}
	names := 0
	old := drawStruct(t, o, o.depth, false, &names)
	if rare(t, 2, "old has optional fields") {
		for range rapid.IntRange(1, 2).Draw(t, "old optional fields") {
			old.fields = append(old.fields, drawOptionalField(t, o, o.depth, &names))
		}
		old.rebuild()
	}
	names = 1000 // NEW's added fields and names are new ones
	new := old.clone()
	for range rapid.IntRange(1, 2).Draw(t, "edits") {
		new.mutate(t, o, o.depth, false, &names)
	}
	new.keepOptionalLast()
	new.rebuild()
	st.pairs.Add(1)
	pOld, errOld := tuple.NewDynamicPlan(schemaCodec, old.typ)
	pNew, errNew := tuple.NewDynamicPlan(schemaCodec, new.typ)
	if errOld != nil || errNew != nil {
		st.refused.Add(1) // a constant past its type, an edit a plan refuses
		return
	}
	sOld, sNew := parseSchema(t, pOld), parseSchema(t, pNew)
	changes := keyschema.Diff(sOld, sNew)
	pair := schemaPair{old: old, new: new, pOld: pOld, pNew: pNew, changes: changes}
	grown := slices.ContainsFunc(changes, func(c keyschema.Change) bool {
		return c.Category == keyschema.Safe && appendedOptional.MatchString(c.Why)
	})
	if grown {
		st.grown.Add(1)
	}
	if !keyschema.Breaks(changes) {
		if grown {
			st.grownChecked.Add(1)
		}
		st.safe.Add(1)
		if pOld.Schema() != pNew.Schema() {
			st.safeChanged.Add(1)
		}
		st.values.Add(int64(pair.checkSafe(t)))
		return
	}
	for _, c := range changes {
		if !c.Breaking() {
			continue
		}
		st.breaking.Add(1)
		switch {
		case c.Witness == nil:
			st.noWitness.Add(1)
		case c.Witness.Alone:
			st.alone.Add(1)
		default:
			pair.replay(t, c)
			st.replayed.Add(1)
		}
	}
}

// appendedOptional is what Diff says of optional fields appended.
var appendedOptional = regexp.MustCompile(`optional\(.*\) appended at position \d+`)

// drawOptionalField draws a field for the end of the key that a nil
// leaves out: a pointer (or a *big.Int) tagged optional, of a kind or a
// nested struct, never desc. An any is left out: the plan writes the
// value of a *any that holds nil as a null, which it then refuses to read
// where an optional field is.
func drawOptionalField(t *rapid.T, o modelOptions, depth int, names *int) *field {
	*names++
	f := &field{name: fmt.Sprintf("F%d", *names), optional: true, ptr: true}
	if depth > 0 && rare(t, 4, "optional struct") {
		f.nested = drawStruct(t, o, depth-1, false, names)
		return f
	}
	f.kind = rapid.SampledFrom(slices.DeleteFunc(o.kindsToDraw(), func(k *kind) bool { return k.name == "any" })).Draw(t, "optional kind")
	f.ptr = f.kind.name != "*bigint"
	f.bytes = f.kind.bytesOK && rare(t, 3, "bytes")
	if f.kind.unitOK {
		f.unit = rapid.SampledFrom([]string{"", "ns", "us", "ms", "s"}).Draw(t, "unit")
	}
	return f
}

// keepOptionalLast keeps m, a key's own level after edits, one a plan
// takes: an optional field is a pointer, not desc, and only fields that
// are optional (or left out) follow one; any other is no longer optional.
func (m *model) keepOptionalLast() {
	last := -1
	for i, f := range m.fields {
		if f.optional && (f.desc || f.embedded || (!f.ptr && (f.kind == nil || f.kind.name != "*bigint"))) {
			f.optional = false
		}
		if !f.optional && !f.skip {
			last = i
		}
	}
	for _, f := range m.fields[:max(last, 0)] {
		f.optional = false
	}
}

// closeGaps sets the optional fields of v, a value of m, after a nil one
// to nil: a key ends at its first nil optional field.
func (m *model) closeGaps(v reflect.Value) {
	ended := false
	for i, f := range m.fields {
		if !f.optional || f.skip {
			continue
		}
		if fv := v.Field(i); ended {
			fv.SetZero()
		} else {
			ended = fv.IsNil()
		}
	}
}

// parseSchema is the plan's Schema, which keyschema.Parse must read.
func parseSchema(t *rapid.T, p *tuple.DynamicPlan) *keyschema.Schema {
	s, err := keyschema.Parse(p.Schema())
	if err != nil {
		t.Fatalf("keyschema.Parse refuses the Schema of %v\n%s\n%v", p.Type(), p.Schema(), err)
	}
	return s
}

type schemaPair struct {
	old, new   *model
	pOld, pNew *tuple.DynamicPlan
	changes    []keyschema.Change
}

func (p *schemaPair) String() string {
	var lines string
	for _, c := range p.changes {
		lines += "\n\t" + c.String()
	}
	return fmt.Sprintf("OLD %v\n    %s\nNEW %v\n    %s\nDiff:%s", p.old.describe(), p.pOld.Schema(), p.new.describe(), p.pNew.Schema(), lines)
}

// written is a value written under OLD and read under NEW.
type written struct {
	key []byte
	new reflect.Value // the value NEW reads from key
	tup tuple.Tuple   // its equivalent tuple under NEW's model
}

// checkSafe checks a SAFE verdict on values of OLD, random and at the
// edges of their kinds, that share leading fields so that ranges hold
// some of them: each key OLD writes decodes under NEW to a value NEW
// writes as the same key; the keys sort as NEW's model orders the
// values; and a range over NEW's first n elements of one value holds
// exactly the keys whose values agree with it there. It returns how
// many values it checked.
func (p *schemaPair) checkSafe(t *rapid.T) int {
	var ws []written
	var prev reflect.Value
	for i := range rapid.IntRange(2, 8).Draw(t, "values") {
		v := p.old.draw(t)
		p.old.edges(t, v.Elem())
		if shared := rapid.IntRange(0, len(p.old.fields)).Draw(t, "shared fields"); prev.IsValid() {
			for j := range shared {
				if fv := v.Elem().Field(j); fv.CanSet() { // not a blank constant
					fv.Set(prev.Elem().Field(j))
				}
			}
		}
		p.old.repair(v.Elem(), schemaCodec)
		p.old.closeGaps(v.Elem())
		prev = v
		key, err := p.pOld.Marshal(v.Interface())
		if err != nil {
			continue // no key under OLD (a nil embedded pointer)
		}
		w := reflect.New(p.new.typ)
		if err := p.pNew.Unmarshal(key, w.Interface()); err != nil {
			t.Fatalf("false SAFE\n%s\nvalue %d, %+v, has OLD key %x\n    %s\nwhich does not decode under NEW: %v", p, i, v.Elem(), key, schemaCodec.Describe(key), err)
		}
		again, err := p.pNew.Marshal(w.Interface())
		if err != nil || !bytes.Equal(again, key) {
			t.Fatalf("false SAFE\n%s\nvalue %d, %+v, has OLD key %x, which decodes under NEW as %+v, whose NEW key is %x, %v", p, i, v.Elem(), key, w.Elem(), again, err)
		}
		tup, _ := p.new.tuple(w.Elem())
		ws = append(ws, written{key: key, new: w, tup: tup})
	}
	for i := range ws {
		for j := range ws {
			if c, want := bytesCompare(ws[i].key, ws[j].key), sign(p.new.compare(ws[i].new.Elem(), ws[j].new.Elem())); c != want {
				t.Fatalf("false SAFE\n%s\nOLD's keys %x and %x compare %d; NEW's values %+v and %+v, %d", p, ws[i].key, ws[j].key, c, ws[i].new.Elem(), ws[j].new.Elem(), want)
			}
		}
		for n := range len(ws[i].tup) + 1 {
			prefix, err := extCodec.Pack(ws[i].tup[:n])
			if err != nil {
				t.Fatalf("NEW's first %d elements %s do not pack: %v", n, extCodec.Format(ws[i].tup[:n]), err)
			}
			begin, end := tuple.RangeUnder(prefix)
			for j := range ws {
				in := bytes.Compare(ws[j].key, begin) >= 0 && bytes.Compare(ws[j].key, end) < 0
				want := n < len(ws[j].tup) && sameTuple(ws[j].tup[:n], ws[i].tup[:n])
				if in != want {
					t.Fatalf("false SAFE\n%s\nthe range over NEW's first %d elements of %+v, [%x, %x), holds OLD's key %x of %+v: %v, want %v", p, n, ws[i].new.Elem(), begin, end, ws[j].key, ws[j].new.Elem(), in, want)
				}
			}
		}
	}
	return len(ws)
}

// rangeItems reads the number of leading items from a Range witness's
// Effect.
var rangeItems = regexp.MustCompile(`over the first (\d+) items`)

// replay checks a breaking change's witness on the plans: its keys are
// keys the plans write (each decodes, and encodes back to itself), and
// what it claims holds on them.
func (p *schemaPair) replay(t *rapid.T, c keyschema.Change) {
	w := c.Witness
	read := func(pl *tuple.DynamicPlan, m *model, key []byte, which string) reflect.Value {
		v := reflect.New(m.typ)
		if err := pl.Unmarshal(key, v.Interface()); err != nil {
			t.Fatalf("%s\nwitness of %s: %s %x is no key of that plan: %v", p, c, which, key, err)
		}
		if again, err := pl.Marshal(v.Interface()); err != nil || !bytes.Equal(again, key) {
			t.Fatalf("%s\nwitness of %s: %s %x decodes as %+v, which encodes as %x, %v", p, c, which, key, v.Elem(), again, err)
		}
		return v
	}
	read(p.pOld, p.old, w.OldA, "OldA")
	var newA reflect.Value
	if w.NewA != nil {
		newA = read(p.pNew, p.new, w.NewA, "NewA")
	}
	if w.OldB != nil {
		read(p.pOld, p.old, w.OldB, "OldB")
	}
	if w.NewB != nil {
		read(p.pNew, p.new, w.NewB, "NewB")
	}
	switch c.Category {
	case keyschema.Decode:
		// NEW refuses OldA, or reads a value other than a: one whose
		// key is OldA, where a's NEW key (if NEW holds a) is another.
		err := p.pNew.Unmarshal(w.OldA, reflect.New(p.new.typ).Interface())
		if err == nil && w.NewA != nil && bytes.Equal(w.NewA, w.OldA) {
			t.Fatalf("%s\nwitness of %s: NEW reads OldA, which is a's NEW key too", p, c)
		}
	case keyschema.Order:
		switch {
		case w.OldB != nil && w.NewB != nil:
			if bytesCompare(w.OldA, w.OldB) == bytesCompare(w.NewA, w.NewB) {
				t.Fatalf("%s\nwitness of %s: the keys of a and b sort alike under OLD and NEW", p, c)
			}
		case w.NewA == nil || bytes.Equal(w.OldA, w.NewA):
			t.Fatalf("%s\nwitness of %s: a has one key under OLD and NEW", p, c)
		}
	case keyschema.Range:
		m := rangeItems.FindStringSubmatch(w.Effect)
		if m == nil || !newA.IsValid() {
			t.Fatalf("%s\nwitness of %s: no count of items, or no NEW key", p, c)
		}
		n, _ := strconv.Atoi(m[1])
		tup, _ := p.new.tuple(newA.Elem())
		prefix, err := extCodec.Pack(tup[:n])
		if err != nil || bytes.HasPrefix(w.OldA, prefix) {
			t.Fatalf("%s\nwitness of %s: NEW's query over the first %d items starts at %x, %v, which holds a's OLD key", p, c, n, prefix, err)
		}
	}
}

// clone is a deep copy of m.
func (m *model) clone() *model {
	c := &model{typ: m.typ}
	for _, f := range m.fields {
		g := *f
		if f.nested != nil {
			g.nested = f.nested.clone()
		}
		c.fields = append(c.fields, &g)
	}
	return c
}

// rebuild makes m's struct type, and its nested ones, from its fields
// after an edit: each field's Go type and tag, as drawField writes them.
func (m *model) rebuild() {
	sfs := make([]reflect.StructField, len(m.fields))
	for i, f := range m.fields {
		switch {
		case f.nested != nil:
			f.nested.rebuild()
			f.typ = f.nested.typ
		case f.kind != nil:
			f.typ = f.kind.typ
		} // a constant keeps its type
		if f.ptr {
			f.typ = reflect.PointerTo(f.typ)
		}
		f.tag = tagOf(f)
		sfs[i] = f.structField()
	}
	m.typ = reflect.StructOf(sfs)
}

// tagOf is the tag of f, as drawField writes it.
func tagOf(f *field) string {
	if f.skip {
		return `tuple:"-"`
	}
	var opts []string
	if f.constant != nil {
		opts = append(opts, "const")
	}
	if f.desc {
		opts = append(opts, "desc")
	}
	if f.bytes {
		opts = append(opts, "bytes")
	}
	if f.unit != "" {
		opts = append(opts, "unit="+f.unit)
	}
	if f.optional {
		opts = append(opts, "optional")
	}
	if f.kind != nil && f.kind.ext != "" {
		opts = append(opts, f.kind.ext)
	}
	switch {
	case len(opts) > 0:
		return fmt.Sprintf(`tuple:%q`, f.tagName+","+joinOpts(opts))
	case f.tagName != "":
		return fmt.Sprintf(`tuple:%q`, f.tagName)
	}
	return ""
}

func joinOpts(opts []string) string {
	out := opts[0]
	for _, o := range opts[1:] {
		out += "," + o
	}
	return out
}

// kindFamilies group the kinds whose values a change between them may
// keep: most edits of a field's kind stay in its family, where a SAFE
// verdict is possible.
var kindFamilies = [][]string{
	{"int", "int8", "int16", "int32", "int64", "keyID", "uint", "uint8", "uint16", "uint32", "uint64", "bigint", "*bigint", "time", "duration", "any"},
	{"string", "keyLabel", "[]byte", "keyRaw", "any"},
	{"float32", "keyScore", "float64", "any"},
	{"uuid", "keyID16", "[16]byte", "any"},
	{"tuple", "any"},
}

// mutate edits m (at its level or one nested in it) once.
func (m *model) mutate(t *rapid.T, o modelOptions, depth int, inDesc bool, names *int) {
	i := rapid.IntRange(0, len(m.fields)-1).Draw(t, "at")
	f := m.fields[i]
	if f.nested != nil && !f.skip && rapid.Bool().Draw(t, "descend") {
		f.nested.mutate(t, o, depth-1, inDesc || f.desc, names)
		return
	}
	plain := f.constant == nil && !f.skip
	if depth == o.depth && rare(t, 4, "grow") { // the key's own level
		m.growEdit(t, o, depth, names)
		return
	}
	switch rapid.IntRange(0, 10).Draw(t, "edit") {
	case 0: // another kind, most often of the same family
		if f.kind == nil || !plain {
			return
		}
		ks := o.kindsToDraw()
		if !rare(t, 3, "any kind") {
			for _, fam := range kindFamilies {
				if slices.Contains(fam, f.kind.name) {
					ks = slices.DeleteFunc(slices.Clone(ks), func(k *kind) bool { return !slices.Contains(fam, k.name) })
					break
				}
			}
		}
		f.kind = rapid.SampledFrom(ks).Draw(t, "new kind")
		f.bytes = f.bytes && f.kind.bytesOK
		if !f.kind.unitOK {
			f.unit = ""
		}
		f.ptr = f.ptr && f.kind.name != "*bigint" && f.kind.name != "any"
	case 1: // nullable or not
		if plain && !f.embedded && (f.kind == nil || f.kind.name != "*bigint" && f.kind.name != "any") {
			f.ptr = !f.ptr
		}
	case 2: // descending or not
		switch {
		case !plain || f.embedded:
		case f.desc:
			f.desc = false
		case !inDesc && (f.nested == nil || len(f.nested.descFields()) == 0):
			f.desc = true
		}
	case 3: // another unit
		if plain && f.kind != nil && f.kind.unitOK {
			f.unit = rapid.SampledFrom([]string{"", "ns", "us", "ms", "s"}).Draw(t, "new unit")
		}
	case 4: // a string written as bytes, or not
		if plain && f.kind != nil && f.kind.bytesOK {
			f.bytes = !f.bytes
		}
	case 5: // renamed by a tag: an embedded struct named becomes a nested one
		if plain {
			*names++
			f.tagName = fmt.Sprintf("r%d", *names)
			if f.embedded {
				f.embedded, f.anonymous = false, true
			}
		}
	case 6: // a field added
		m.fields = slices.Insert(m.fields, rapid.IntRange(0, len(m.fields)).Draw(t, "insert at"), drawField(t, o, depth, inDesc, names))
	case 7: // a field removed
		if len(m.fields) > 1 {
			m.fields = slices.Delete(m.fields, i, i+1)
		}
	case 8: // two fields swapped
		j := rapid.IntRange(0, len(m.fields)-1).Draw(t, "with")
		m.fields[i], m.fields[j] = m.fields[j], m.fields[i]
	case 9: // a constant changed
		switch c := f.constant.(type) {
		case string:
			f.constant = c + "X"
		case int64:
			f.constant = c + 1
		default:
			return
		}
		f.tagName = fmt.Sprint(f.constant)
	case 10: // left out of the key, or back in
		if f.constant == nil {
			f.skip = !f.skip
		}
	}
}

// growEdit edits the optional fields of a key: one or two appended, or
// the last field made optional (a pointer) or not (a pointer or a value).
func (m *model) growEdit(t *rapid.T, o modelOptions, depth int, names *int) {
	switch rapid.IntRange(0, 2).Draw(t, "grow edit") {
	case 0:
		m.fields = append(m.fields, drawOptionalField(t, o, depth, names))
		return
	case 1:
		m.fields = append(m.fields, drawOptionalField(t, o, depth, names), drawOptionalField(t, o, depth, names))
		return
	}
	f := m.fields[len(m.fields)-1]
	switch {
	case f.constant != nil || f.skip || f.embedded:
	case f.optional:
		f.optional = false
		f.ptr = f.ptr && rapid.Bool().Draw(t, "stays a pointer")
	case f.kind == nil || (f.kind.name != "any" && f.kind.name != "*bigint"):
		f.optional, f.ptr, f.desc = true, true, false
	case f.kind.name == "*bigint":
		f.optional, f.desc = true, false
	}
}

// edges sets some fields of v, a value of m, to values at the edges of
// their kinds: the bounds of integers and times, the big integers past
// 64 bits and up to the largest an element holds, infinities, empty
// strings.
func (m *model) edges(t *rapid.T, v reflect.Value) {
	for i, f := range m.fields {
		fv := v.Field(i)
		if f.skip || f.constant != nil || !rare(t, 2, "edge") {
			continue
		}
		if f.ptr {
			if fv.IsNil() {
				continue
			}
			fv = fv.Elem()
		}
		if f.nested != nil {
			f.nested.edges(t, fv)
			continue
		}
		if e, ok := edgeOf(t, f.kind, fv.Type()); ok {
			fv.Set(e)
		}
	}
}

// Edge values of the kinds that have them.
var (
	maxIntElem = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 8*255), big.NewInt(1)) // 255 bytes of FF: the largest integer element
	bigEdges   = []*big.Int{
		maxIntElem, new(big.Int).Neg(maxIntElem),
		new(big.Int).Lsh(big.NewInt(1), 64), new(big.Int).Neg(new(big.Int).Lsh(big.NewInt(1), 64)),
		new(big.Int).SetUint64(math.MaxUint64), big.NewInt(math.MinInt64), new(big.Int).Sub(big.NewInt(math.MinInt64), big.NewInt(1)),
		new(big.Int).Lsh(big.NewInt(1), 93), new(big.Int).Neg(new(big.Int).Lsh(big.NewInt(1), 93)),
		new(big.Int).Lsh(big.NewInt(1), 100), maxTimeNs, minTimeNs, new(big.Int).Add(maxTimeNs, big.NewInt(1)), new(big.Int).Sub(minTimeNs, big.NewInt(1)),
	}
	timeEdges = []time.Time{
		time.Unix(math.MinInt64, 0), time.Unix(maxUnixSec, 999999999), time.Unix(maxUnixSec, 0),
		time.Unix(0, math.MaxInt64), time.Unix(0, math.MaxInt64).Add(1), time.Unix(0, math.MinInt64), time.Unix(0, math.MinInt64).Add(-1),
		time.Unix(0, 0),
	}
)

// edgeOf is an edge value of kind k, of Go type typ.
func edgeOf(t *rapid.T, k *kind, typ reflect.Type) (reflect.Value, bool) {
	pick := func(vals ...any) reflect.Value {
		x := rapid.SampledFrom(vals).Draw(t, "edge value")
		if x == nil {
			return reflect.Zero(typ)
		}
		return reflect.ValueOf(x).Convert(typ)
	}
	switch typ.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if typ == reflect.TypeFor[time.Duration]() {
			return pick(int64(math.MinInt64), int64(math.MaxInt64), int64(0), int64(-1)), true
		}
		hi := int64(1)<<(typ.Bits()-1) - 1
		return pick(-hi-1, hi, int64(0), int64(-1)), true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return pick(uint64(1)<<(typ.Bits()-1)<<1-1, uint64(0), uint64(1)), true
	case reflect.Float32:
		return pick(float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN()), float32(math.Copysign(0, -1)), float32(math.MaxFloat32), float32(math.SmallestNonzeroFloat32)), true
	case reflect.Float64:
		return pick(math.Inf(1), math.Inf(-1), math.NaN(), math.Copysign(0, -1), math.MaxFloat64, math.SmallestNonzeroFloat64), true
	case reflect.String:
		return pick("", "\x00", "\x00\xff"), true
	}
	switch k.name {
	case "bigint":
		return reflect.ValueOf(*new(big.Int).Set(rapid.SampledFrom(bigEdges).Draw(t, "edge"))), true
	case "*bigint":
		return reflect.ValueOf(new(big.Int).Set(rapid.SampledFrom(bigEdges).Draw(t, "edge"))), true
	case "time":
		return reflect.ValueOf(rapid.SampledFrom(timeEdges).Draw(t, "edge")), true
	case "any":
		return pick(nil, new(big.Int).Set(rapid.SampledFrom(bigEdges).Draw(t, "edge")), int64(math.MinInt64), uint64(math.MaxUint64)), true
	case "[]byte", "keyRaw":
		return pick([]byte{}, []byte{0}, []byte{0xFF}), true
	}
	return reflect.Value{}, false
}
