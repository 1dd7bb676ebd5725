package property_test

// Properties of Between, the range of a plan's keys whose field lies
// between two values: over random key struct types (every kind, desc,
// nullable, time units, constants, nested and embedded structs; see
// keymodel_test.go) through DynamicPlan, and over key types of the
// program's own through Plan and PlanUnder, the range [begin, end) holds
// exactly the keys, drawn at random around the ends, whose fields before
// the ranged one are the ends' and whose ranged field lies between the
// ends in the field's value order (the model's, never the bytes'); and
// it refuses exactly the bounds that describe no range.

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"pgregory.net/rapid"

	"github.com/fdbtuple/fdbtuple/tuple"
)

// endShape is the shape of a drawn Bounds: each end open, inclusive or
// exclusive, or a BeginsWith; pkgFuncs makes one-ended bounds with To and
// Below rather than the methods on a zero Bounds.
type endShape struct {
	lo, hi   int // endOpen, endIncl, endExcl
	bw       bool
	pkgFuncs bool
}

const (
	endOpen = iota
	endIncl
	endExcl
)

func (s endShape) String() string {
	if s.bw {
		return "BeginsWith(lo)"
	}
	name := [][3]string{{"", "From(lo)", "Above(lo)"}, {"", "To(hi)", "Below(hi)"}}
	switch {
	case s.lo == endOpen && s.hi == endOpen:
		return "Bounds{}"
	case s.lo == endOpen:
		return name[1][s.hi]
	case s.hi == endOpen:
		return name[0][s.lo]
	}
	return name[0][s.lo] + "." + name[1][s.hi]
}

// makeBounds builds the Bounds of shape s.
func makeBounds[P any](s endShape, lo, hi P) tuple.Bounds[P] {
	if s.bw {
		return tuple.BeginsWith(lo)
	}
	var b tuple.Bounds[P]
	switch s.lo {
	case endIncl:
		b = tuple.From(lo)
	case endExcl:
		b = tuple.Above(lo)
	}
	switch {
	case s.hi == endIncl && s.lo == endOpen && s.pkgFuncs:
		b = tuple.To(hi)
	case s.hi == endExcl && s.lo == endOpen && s.pkgFuncs:
		b = tuple.Below(hi)
	case s.hi == endIncl:
		b = b.To(hi)
	case s.hi == endExcl:
		b = b.Below(hi)
	}
	return b
}

// betweenFunc runs Between on the plan under test with shape s and the
// ends lo and hi (pointers to values of the model's type; invalid for an
// end s leaves open).
type betweenFunc func(field string, s endShape, lo, hi reflect.Value) (begin, end []byte, err error)

// planName is the name a plan gives a field: its tag's, else its Go name.
func planName(f *field) string {
	if f.tagName != "" {
		return f.tagName
	}
	return f.name
}

// stringish reports whether BeginsWith takes the field: a string or byte
// string, nullable or not, desc or not.
func stringish(f *field) bool {
	if f.kind == nil {
		return false
	}
	switch f.kind.name {
	case "string", "keyLabel", "[]byte", "keyRaw":
		return true
	}
	return false
}

// nilOf reports whether fv, a value of field f, is a nil: a null that
// sorts first, desc or not.
func nilOf(f *field, fv reflect.Value) bool {
	if f.ptr {
		if fv.IsNil() {
			return true
		}
		fv = fv.Elem()
	}
	return f.nilKind(fv)
}

// valueCompare is the field's value order: nil first, then the values in
// their own order, not reversed on a desc field (which the model's key
// order, field.compare, reverses).
func valueCompare(f *field, a, b reflect.Value) int {
	c := f.compare(a, b)
	if f.desc && !nilOf(f, a) && !nilOf(f, b) {
		return -c
	}
	return c
}

// textOf is a string or byte-string field's value as bytes.
func textOf(f *field, fv reflect.Value) []byte {
	if f.ptr {
		fv = fv.Elem()
	}
	if fv.Kind() == reflect.String {
		return []byte(fv.String())
	}
	return fv.Bytes()
}

// setText sets fv, a string or byte-string field's value, to b.
func setText(f *field, fv reflect.Value, b []byte) {
	v := reflect.New(f.kind.typ).Elem()
	if v.Kind() == reflect.String {
		v.SetString(string(b))
	} else {
		v.SetBytes(b)
	}
	if f.ptr {
		p := reflect.New(f.kind.typ)
		p.Elem().Set(v)
		v = p
	}
	fv.Set(v)
}

// checkBetween draws a field of m, ends and keys around them, and checks
// between's range against the model.
func checkBetween(t *rapid.T, c tuple.Codec, m *model, marshal func(v reflect.Value) ([]byte, error), between betweenFunc) {
	var elems []*field
	m.eachType(func(f *field) { elems = append(elems, f) })
	var choices []int
	for i, f := range elems {
		if f.constant == nil {
			choices = append(choices, i)
		}
	}
	if len(choices) == 0 {
		return
	}
	j := rapid.SampledFrom(choices).Draw(t, "ranged field")
	f := elems[j]
	name := planName(f)
	fieldsOf := func(v reflect.Value) []reflect.Value {
		var out []reflect.Value
		m.each(v.Elem(), func(_ *field, fv reflect.Value) { out = append(out, fv) },
			func(*field) { t.Fatalf("a repaired value has a nil embedded pointer") })
		return out
	}
	draw := func() reflect.Value {
		v := m.draw(t)
		m.repair(v.Elem(), c)
		return v
	}
	// copyEarlier makes v's fields before the ranged one src's, but for
	// the one at index skip (-1: none).
	copyEarlier := func(v, src reflect.Value, skip int) {
		dst, from := fieldsOf(v), fieldsOf(src)
		for k := range j {
			if elems[k].constant == nil && k != skip {
				dst[k].Set(from[k])
			}
		}
	}
	earlierChoice := func(label string) int {
		if j == 0 || !rare(t, 5, label) {
			return -1
		}
		return rapid.IntRange(0, j-1).Draw(t, label+" field")
	}

	s := endShape{pkgFuncs: rapid.Bool().Draw(t, "package functions")}
	if stringish(f) && rare(t, 3, "begins with") {
		s.bw = true
	} else {
		s.lo = rapid.IntRange(endOpen, endExcl).Draw(t, "lower end")
		s.hi = rapid.IntRange(endOpen, endExcl).Draw(t, "upper end")
	}
	base := draw()
	var lo, hi reflect.Value
	if s.lo != endOpen || s.bw {
		lo = draw()
		copyEarlier(lo, base, -1)
	}
	if s.hi != endOpen {
		hi = draw()
		copyEarlier(hi, base, earlierChoice("ends disagree"))
		if lo.IsValid() && rare(t, 2, "equal ends") {
			fieldsOf(hi)[j].Set(fieldsOf(lo)[j])
		}
	}
	ref := lo // the end whose earlier fields the keys share
	if !ref.IsValid() {
		ref = hi
	}

	// The keys: around the ends, sharing their earlier fields or not.
	var keys [][]byte
	var vals []reflect.Value
	for range rapid.IntRange(5, 40).Draw(t, "keys") {
		v := draw()
		if ref.IsValid() && !rare(t, 4, "other earlier fields") {
			copyEarlier(v, ref, earlierChoice("one other earlier field"))
		}
		switch rapid.IntRange(0, 3).Draw(t, "ranged value") {
		case 0:
			if lo.IsValid() {
				fieldsOf(v)[j].Set(fieldsOf(lo)[j])
			}
		case 1:
			if hi.IsValid() {
				fieldsOf(v)[j].Set(fieldsOf(hi)[j])
			}
		case 2:
			if s.bw && !nilOf(f, fieldsOf(lo)[j]) {
				suffix := rapid.SliceOfN(rapid.SampledFrom([]byte{0x00, 0x01, 'a', 0xFF}), 0, 3).Draw(t, "suffix")
				setText(f, fieldsOf(v)[j], append(bytes.Clone(textOf(f, fieldsOf(lo)[j])), suffix...))
			}
		}
		k, err := marshal(v)
		if err != nil {
			continue // a value the plan refuses (outside its unit's range): no key
		}
		keys, vals = append(keys, k), append(vals, v)
	}

	// What the model says of the bounds.
	var want string // the refusal expected, or ""
	var differ string
	if lo.IsValid() && hi.IsValid() {
		fl, fh := fieldsOf(lo), fieldsOf(hi)
		for k := range j {
			if elems[k].constant == nil && elems[k].compare(fl[k], fh[k]) != 0 {
				differ = planName(elems[k])
				break
			}
		}
	}
	loNil := lo.IsValid() && nilOf(f, fieldsOf(lo)[j])
	hiNil := hi.IsValid() && nilOf(f, fieldsOf(hi)[j])
	nilIn := (s.lo == endOpen || loNil && s.lo == endIncl) && !(hiNil && s.hi == endExcl)
	switch {
	case s.bw && loNil:
		want = "BeginsWith a nil"
	case s.bw:
	case s.lo == endOpen && s.hi == endOpen:
		want = "no end"
	case differ != "":
		want = "the ends differ in field " + differ
	case lo.IsValid() && hi.IsValid() && valueCompare(f, fieldsOf(lo)[j], fieldsOf(hi)[j]) > 0:
		want = "lower end after the upper"
	case f.desc && (f.ptr || f.kind != nil && f.kind.name == "*bigint") && nilIn && hi.IsValid() && !hiNil:
		want = "desc nullable: the nils and the values up to an end"
	}

	begin, end, err := between(name, s, lo, hi)
	// show prints a value as its equivalent tuple: %+v of a decimal with
	// a large exponent would print every digit.
	show := func(v reflect.Value) string {
		tup, _ := m.tuple(v.Elem())
		return c.Format(tup)
	}
	describe := func() string {
		var b strings.Builder
		fmt.Fprintf(&b, "type %v, field %s, %v", m.describe(), name, s)
		if lo.IsValid() {
			fmt.Fprintf(&b, "\nlo %s", show(lo))
		}
		if hi.IsValid() {
			fmt.Fprintf(&b, "\nhi %s", show(hi))
		}
		return b.String()
	}
	switch {
	case err != nil && !errors.Is(err, tuple.ErrBadBounds):
		// An end that cannot be encoded through the field: its whole
		// value cannot be either.
		for _, v := range []reflect.Value{lo, hi} {
			if v.IsValid() {
				if _, merr := marshal(v); merr != nil {
					return
				}
			}
		}
		t.Fatalf("Between fails, although both ends marshal: %v\n%s", err, describe())
	case want != "" && err == nil:
		t.Fatalf("Between = [%x, %x), want a refusal (%s)\n%s", begin, end, want, describe())
	case want != "":
		if differ != "" && !strings.Contains(err.Error(), "field "+differ+",") {
			t.Fatalf("Between's error does not name %s, the first field the ends differ in: %v\n%s", differ, err, describe())
		}
		return
	case err != nil:
		t.Fatalf("Between refuses bounds the model takes: %v\n%s", err, describe())
	case bytes.Compare(begin, end) > 0:
		t.Fatalf("Between = [%x, %x): begin after end\n%s", begin, end, describe())
	}

	inBounds := func(x reflect.Value) bool {
		if s.bw {
			return !nilOf(f, x) && bytes.HasPrefix(textOf(f, x), textOf(f, fieldsOf(lo)[j]))
		}
		switch {
		case s.lo == endIncl && valueCompare(f, x, fieldsOf(lo)[j]) < 0,
			s.lo == endExcl && valueCompare(f, x, fieldsOf(lo)[j]) <= 0,
			s.hi == endIncl && valueCompare(f, x, fieldsOf(hi)[j]) > 0,
			s.hi == endExcl && valueCompare(f, x, fieldsOf(hi)[j]) >= 0:
			return false
		}
		return true
	}
	for i, k := range keys {
		fv, fr := fieldsOf(vals[i]), fieldsOf(ref)
		shares := true
		for e := range j {
			if elems[e].constant == nil && elems[e].compare(fv[e], fr[e]) != 0 {
				shares = false
			}
		}
		wantIn := shares && inBounds(fv[j])
		if in := bytes.Compare(k, begin) >= 0 && bytes.Compare(k, end) < 0; in != wantIn {
			t.Fatalf("Between = [%x, %x)\n    [%s, %s)\nholds the key %x\n    %s\nof %s: %v, want %v (it shares the earlier fields: %v)\n%s",
				begin, end, c.Describe(begin), c.Describe(end), k, c.Describe(k), show(vals[i]), in, wantIn, shares, describe())
		}
	}
}

// planBetween: Between of a DynamicPlan of a random key type.
func planBetween(t *rapid.T) {
	c := drawCodec(t)
	m := drawModel(t, modelOptions{depth: 2, noDescInDesc: true, utf8Constants: true})
	p := compile(t, c, m)
	if p == nil {
		return
	}
	checkBetween(t, c, m, func(v reflect.Value) ([]byte, error) { return p.Marshal(v.Interface()) },
		func(field string, s endShape, lo, hi reflect.Value) ([]byte, []byte, error) {
			var l, h any
			if lo.IsValid() {
				l = lo.Interface()
			}
			if hi.IsValid() {
				h = hi.Interface()
			}
			return p.Between(field, makeBounds(s, l, h))
		})
}

func TestPlanBetween(t *testing.T)  { rapid.Check(t, planBetween) }
func FuzzPlanBetween(f *testing.F)  { f.Fuzz(rapid.MakeFuzz(planBetween)) }
func TestTypedBetween(t *testing.T) { rapid.Check(t, typedBetween) }
func FuzzTypedBetween(f *testing.F) { f.Fuzz(rapid.MakeFuzz(typedBetween)) }
func TestBetweenUnitTypes(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) { rapid.SampledFrom(unitCases).Draw(t, "type")(t) })
}

// Key types of a program's own, for Plan and PlanUnder: the ranged field
// F between an earlier field and a later one, with constants around it.
type (
	rangeAsc[A, B any] struct {
		_    struct{} `tuple:"K,const"`
		Pre  A
		F    B
		_    struct{} `tuple:"T,const"`
		Post A
	}
	rangeDesc[A, B any] struct {
		Pre  A
		F    B `tuple:",desc"`
		Post int8
	}
	rangeNullable[A, B any] struct {
		Pre  A
		F    *B
		_    struct{} `tuple:"T,const"`
		Post *A
	}
	rangeDescNullable[A, B any] struct {
		_    struct{} `tuple:"K,const"`
		Pre  A
		F    *B `tuple:",desc"`
		Post A
	}
	rangeFirst[B any] struct {
		F    B
		Post string
	}
	rangeDescFirstNullable[B any] struct {
		F *B `tuple:",desc"`
	}
	rangeTimes struct {
		Pre string
		F   time.Time `tuple:",unit=ms"`
		_   struct{}  `tuple:"X,const"`
	}
	rangeDescTimes struct {
		Pre  int64
		F    *time.Time `tuple:",desc,unit=s"`
		Post time.Duration
	}
	rangeDurations struct {
		Pre string
		F   time.Duration `tuple:",unit=us"`
		_   struct{}      `tuple:"X,const"`
	}
	rangeInner struct {
		A int16
		B *string
		C string `tuple:",desc"`
	}
	rangeNested struct {
		Pre string
		F   rangeInner
	}
	rangeDescNested struct {
		Pre string
		F   *rangeInnerAsc `tuple:",desc"`
		_   struct{}       `tuple:"X,const"`
	}
	rangeInnerAsc struct {
		A int16
		B []byte
	}
)

// typedCases are the program's key types, each run through Plan and
// PlanUnder.
var typedCases = []func(*rapid.T){
	typedCase[rangeAsc[string, int64]], typedCase[rangeAsc[int64, string]], typedCase[rangeAsc[string, []byte]],
	typedCase[rangeAsc[uuid.UUID, float64]], typedCase[rangeAsc[string, bool]], typedCase[rangeAsc[int64, uint8]],
	typedCase[rangeAsc[bool, uuid.UUID]], typedCase[rangeAsc[string, float32]],
	typedCase[rangeDesc[string, int64]], typedCase[rangeDesc[int64, string]], typedCase[rangeDesc[string, time.Duration]],
	typedCase[rangeDesc[string, float32]], typedCase[rangeDesc[int64, []byte]], typedCase[rangeDesc[string, uint16]],
	typedCase[rangeNullable[string, string]], typedCase[rangeNullable[int64, int64]],
	typedCase[rangeDescNullable[string, int64]], typedCase[rangeDescNullable[int64, string]], typedCase[rangeDescNullable[string, []byte]],
	typedCase[rangeFirst[string]], typedCase[rangeFirst[int32]], typedCase[rangeDescFirstNullable[string]], typedCase[rangeDescFirstNullable[int64]],
	typedCase[rangeTimes], typedCase[rangeDescTimes], typedCase[rangeDurations], typedCase[rangeNested], typedCase[rangeDescNested],
}

// unitCases are the typed cases of times and durations in units.
var unitCases = []func(*rapid.T){typedCase[rangeTimes], typedCase[rangeDescTimes], typedCase[rangeDurations]}

// typedBetween: Between of Plan[K] and of PlanUnder[K] for one of the
// program's key types K.
func typedBetween(t *rapid.T) { rapid.SampledFrom(typedCases).Draw(t, "type")(t) }

// typedCase checks Between of Plan[K] (or, drawn, of the plan under a
// random prefix) against the model of K, and that it is the
// DynamicPlan's range of the same bounds.
func typedCase[K any](t *rapid.T) {
	c := extCodec
	m := staticModel(reflect.TypeFor[K]())
	plan, err := tuple.NewPlan[K](c)
	if err != nil {
		t.Fatalf("NewPlan of %v: %v", reflect.TypeFor[K](), err)
	}
	dyn, err := tuple.NewDynamicPlan(c, reflect.TypeFor[K]())
	if err != nil {
		t.Fatalf("NewDynamicPlan of %v: %v", reflect.TypeFor[K](), err)
	}
	var under *tuple.PlanUnder[K]
	if rapid.Bool().Draw(t, "under a prefix") {
		under = plan.Under(rapid.SliceOfN(rapid.Byte(), 0, 6).Draw(t, "prefix"))
	}
	ptr := func(v reflect.Value) *K {
		if !v.IsValid() {
			return nil
		}
		return v.Interface().(*K)
	}
	marshal := func(v reflect.Value) ([]byte, error) {
		if under != nil {
			return under.Marshal(ptr(v))
		}
		return plan.Marshal(ptr(v))
	}
	checkBetween(t, c, m, marshal, func(field string, s endShape, lo, hi reflect.Value) ([]byte, []byte, error) {
		b := makeBounds(s, ptr(lo), ptr(hi))
		var begin, end []byte
		var err error
		if under != nil {
			begin, end, err = under.Between(field, b)
		} else {
			begin, end, err = plan.Between(field, b)
		}
		var l, h any
		if lo.IsValid() {
			l = lo.Interface()
		}
		if hi.IsValid() {
			h = hi.Interface()
		}
		db, de, derr := dyn.Between(field, makeBounds(s, l, h))
		if under != nil && derr == nil {
			db, de = append(bytes.Clone(under.Prefix()), db...), append(bytes.Clone(under.Prefix()), de...)
		}
		if (err == nil) != (derr == nil) || err == nil && (!bytes.Equal(begin, db) || !bytes.Equal(end, de)) {
			t.Fatalf("Plan.Between(%q, %v) = [%x, %x), %v; DynamicPlan's (with the prefix) = [%x, %x), %v", field, s, begin, end, err, db, de, derr)
		}
		return begin, end, err
	})
}

// staticModel is the model of a key struct type of the program's own,
// from its fields' types and tags (those the types above use).
func staticModel(typ reflect.Type) *model {
	m := &model{typ: typ}
	for i := range typ.NumField() {
		sf := typ.Field(i)
		tag := sf.Tag.Get("tuple")
		name, opts, _ := strings.Cut(tag, ",")
		f := &field{name: sf.Name, typ: sf.Type, tag: tag}
		for _, o := range strings.Split(opts, ",") {
			switch {
			case o == "const":
				f.constant, f.tagName = name, name
			case o == "desc":
				f.desc = true
			case strings.HasPrefix(o, "unit="):
				f.unit = strings.TrimPrefix(o, "unit=")
			}
		}
		if f.constant == nil {
			t := sf.Type
			if t.Kind() == reflect.Pointer {
				f.ptr, t = true, t.Elem()
			}
			for _, k := range supportedKinds {
				if k.typ == t {
					f.kind = k
				}
			}
			if f.kind == nil {
				f.nested = staticModel(t)
			}
		}
		m.fields = append(m.fields, f)
	}
	return m
}
