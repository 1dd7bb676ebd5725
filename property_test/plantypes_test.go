package property_test

// Properties of typed keys over random struct types (reflect.StructOf
// over every supported field kind, tags, nesting, embedding, pointers,
// desc, constants; see keymodel_test.go): whatever NewDynamicPlan
// accepts round-trips exactly, is the key Codec.Pack writes for the
// equivalent tuple, agrees with Scan and Codec.Unpack on any bytes,
// never panics, and sorts as its values do. A type it cannot encode
// faithfully is refused, naming the field.

import (
	"bytes"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"

	"github.com/fdbtuple/fdbtuple/property_test/gen"
	keyorder "github.com/fdbtuple/fdbtuple/property_test/order"
	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
)

// drawCodec draws the codec of a plan: the decimal and desc extensions,
// sometimes lenient, sometimes allowing strings that are not UTF-8.
func drawCodec(t *rapid.T) tuple.Codec {
	c := extCodec
	c.Lenient = !off("lenient") && rare(t, 3, "lenient")
	c.AllowInvalidUTF8 = !off("invalidutf8") && rare(t, 3, "allow invalid UTF-8")
	return c
}

// guard runs f, failing the test, with the type and key, if it panics.
func guard[R any](t *rapid.T, what string, m *model, key []byte, f func() R) R {
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("%s panics on type %v\nkey %x\npanic: %v", what, m.describe(), key, r)
		}
	}()
	return f()
}

type planResult struct {
	p   *tuple.DynamicPlan
	err error
}

// compile compiles m's plan and checks the verdict: a type with a bad
// field is refused naming a bad field, a type of supported fields is
// accepted (or refused naming a contested field). It returns nil for a
// type rightly refused.
func compile(t *rapid.T, c tuple.Codec, m *model) *tuple.DynamicPlan {
	r := guard(t, "NewDynamicPlan", m, nil, func() planResult {
		p, err := tuple.NewDynamicPlan(c, m.typ)
		return planResult{p, err}
	})
	bad := m.badFields()
	if r.err == nil {
		if len(bad) > 0 {
			t.Fatalf("NewDynamicPlan accepts %v\nalthough field %s (%v, %s) has no faithful element; schema %s",
				m.describe(), bad[0].name, bad[0].typ, bad[0].bad.name, r.p.Schema())
		}
		return r.p
	}
	may := append(bad, m.contested()...)
	if m.elements() == 0 {
		return nil // a key of no elements: refusing it loses nothing
	}
	if len(may) == 0 {
		t.Fatalf("NewDynamicPlan refuses %v, whose fields are all supported: %v", m.describe(), r.err)
	}
	msg := r.err.Error()
	for _, f := range may {
		if strings.Contains(msg, f.name) || (f.tagName != "" && f.constant == nil && strings.Contains(msg, f.tagName)) {
			return nil
		}
	}
	t.Fatalf("NewDynamicPlan refuses %v with an error that names none of the fields %s: %v", m.describe(), fieldNames(may), r.err)
	return nil
}

func fieldNames(fs []*field) string {
	var names []string
	for _, f := range fs {
		names = append(names, f.name)
	}
	return strings.Join(names, ", ")
}

// planCompiles: NewDynamicPlan accepts every type of supported fields
// and refuses every type holding a field it cannot encode, naming it.
func planCompiles(t *rapid.T) {
	m := drawModel(t, modelOptions{bad: true, depth: 2})
	if p := compile(t, drawCodec(t), m); p != nil {
		guard(t, "Schema", m, nil, p.Schema)
	}
}

// planRoundTrip: a drawn value marshals exactly when Codec.Pack of its
// equivalent tuple does (and the model finds it faithful), to the same
// bytes; the key unmarshals to the same value, and Scan and Unpack read
// the same from it.
func planRoundTrip(t *rapid.T) {
	c := drawCodec(t)
	m := drawModel(t, modelOptions{depth: 2})
	if p := compile(t, c, m); p != nil {
		valueRoundTrip(t, c, m, p)
	}
}

// valueRoundTrip is planRoundTrip for a drawn value of m's type, with plan p.
func valueRoundTrip(t *rapid.T, c tuple.Codec, m *model, p *tuple.DynamicPlan) {
	v := m.draw(t)
	equiv, vd := m.tuple(v.Elem())
	want, packErr := c.Pack(equiv)
	key := guard(t, "Marshal", m, nil, func() result { k, err := p.Marshal(v.Interface()); return result{k, err} })
	switch {
	case key.err != nil && (vd != encodes || packErr != nil):
		return // rightly refused
	case key.err != nil:
		t.Fatalf("Marshal of %+v (type %v) fails: %v\nCodec.Pack of its tuple %s gives %x", v.Elem(), m.describe(), key.err, c.Format(equiv), want)
	case vd == mustFail:
		t.Fatalf("Marshal of %+v (type %v) writes %x\n    %s\nalthough the value has no faithful key (a value not whole in its unit, a nil embedded pointer)", v.Elem(), m.describe(), key.b, c.Describe(key.b))
	case packErr != nil:
		t.Fatalf("Marshal of %+v (type %v) writes %x\n    %s\nalthough Codec.Pack of its tuple %s fails: %v", v.Elem(), m.describe(), key.b, c.Describe(key.b), c.Format(equiv), packErr)
	case !bytes.Equal(key.b, want):
		t.Fatalf("Marshal of %+v (type %v, schema %s) = %x\n    %s\nCodec.Pack of its tuple %s = %x\n    %s", v.Elem(), m.describe(), p.Schema(), key.b, c.Describe(key.b), c.Format(equiv), want, c.Describe(want))
	}
	if got, err := p.Append([]byte("pre"), v.Interface()); err != nil || !bytes.Equal(got, append([]byte("pre"), key.b...)) {
		t.Fatalf("Append = %x, %v; Marshal = %x", got, err, key.b)
	}
	back := reflect.New(m.typ)
	if err := guard(t, "Unmarshal", m, key.b, func() error { return p.Unmarshal(key.b, back.Interface()) }); err != nil {
		t.Fatalf("Unmarshal of its own key %x\n    %s\n(type %v, value %+v): %v", key.b, c.Describe(key.b), m.describe(), v.Elem(), err)
	}
	got, gvd := m.tuple(back.Elem())
	if gvd == mustFail || !sameTuple(got, equiv) {
		t.Fatalf("round trip of %+v (type %v) through %x\n    %s\ngives %+v, whose tuple is %s, not %s", v.Elem(), m.describe(), key.b, c.Describe(key.b), back.Elem(), c.Format(got), c.Format(equiv))
	}
	checkDecoded(t, m, back.Elem(), key.b)
	extra := []byte{0x15, 0x07}
	rest, err := p.UnmarshalPrefix(append(slices.Clip(key.b), extra...), reflect.New(m.typ).Interface())
	if err != nil || !bytes.Equal(rest, extra) {
		t.Fatalf("UnmarshalPrefix of the key and %x: rest %x, %v", extra, rest, err)
	}
	agree(t, c, m, p, key.b)
}

type result struct {
	b   []byte
	err error
}

// checkDecoded checks what the tuple of a decoded value cannot show:
// skipped fields untouched, times in UTC.
func checkDecoded(t *rapid.T, m *model, v reflect.Value, key []byte) {
	for i, f := range m.fields {
		fv := v.Field(i)
		switch {
		case f.skip && !fv.IsZero():
			t.Fatalf("decoding %x set the skipped field %s of %v to %v", key, f.name, m.describe(), fv)
		case f.skip, f.constant != nil:
		case f.ptr && fv.IsNil():
		case f.nested != nil:
			if f.ptr {
				fv = fv.Elem()
			}
			checkDecoded(t, f.nested, fv, key)
		case f.kind.name == "time":
			if f.ptr {
				fv = fv.Elem()
			}
			if loc := fv.Interface().(time.Time).Location(); loc != time.UTC {
				t.Fatalf("decoding %x set the time field %s of %v in %v, not UTC", key, f.name, m.describe(), loc)
			}
		}
	}
}

type decoded struct {
	tup tuple.Tuple
	err error
}

// agree: on key, Unmarshal, Scan (with destinations built from the
// fields) and Codec.Unpack agree: all accept, reading the same elements,
// or all refuse (Unpack refuses, or reads elements the fields cannot
// hold). A key Unmarshal accepts under a strict codec marshals back to
// what Codec.Pack writes for what Unpack read.
func agree(t *rapid.T, c tuple.Codec, m *model, p *tuple.DynamicPlan, key []byte) {
	back := reflect.New(m.typ)
	uerr := guard(t, "Unmarshal", m, key, func() error { return p.Unmarshal(key, back.Interface()) })
	w := reflect.New(m.typ)
	scanned := guard(t, "Scan", m, key, func() decoded {
		dsts, reads := m.scanDests(w.Elem())
		if err := c.Scan(key, dsts...); err != nil {
			return decoded{err: err}
		}
		var out tuple.Tuple
		for i, r := range reads {
			e, ok := r()
			if !ok {
				return decoded{err: fmt.Errorf("element %d (%s) does not fit its field", i, c.FormatElement(e))}
			}
			out = append(out, e)
		}
		return decoded{tup: out}
	})
	unpacked := guard(t, "Codec.Unpack", m, key, func() decoded { u, err := c.Unpack(key); return decoded{u, err} })
	fits := unpacked.err == nil && m.fits(unpacked.tup)
	report := func() string {
		u := "refuses: " + fmt.Sprint(unpacked.err)
		if unpacked.err == nil {
			u = fmt.Sprintf("reads %s, which the fields hold: %v", c.Format(unpacked.tup), fits)
		}
		return fmt.Sprintf("type %v (schema %s), codec lenient %v, invalid UTF-8 %v\nkey %x\n    %s\nUnmarshal: %v\nScan: %v\nUnpack %s",
			m.describe(), p.Schema(), c.Lenient, c.AllowInvalidUTF8, key, c.Describe(key), uerr, scanned.err, u)
	}
	if c.Lenient && fits && uerr != nil && scanned.err != nil && m.hasCustom() {
		// A custom element type reads its element by its own rules
		// (celsius with tuplewire's strict ConsumeInt): lenient reading
		// is the codec's, and reaches no ElementScanner.
		return
	}
	if (uerr == nil) != fits || (scanned.err == nil) != fits {
		t.Fatalf("Unmarshal, Scan and Unpack disagree on accepting a key\n%s", report())
	}
	if !fits {
		return
	}
	got, vd := m.tuple(back.Elem())
	if vd == mustFail || !sameTuple(got, unpacked.tup) {
		t.Fatalf("Unmarshal reads %+v, whose tuple is %s; Unpack reads %s\n%s", back.Elem(), c.Format(got), c.Format(unpacked.tup), report())
	}
	if !sameTuple(scanned.tup, unpacked.tup) {
		t.Fatalf("Scan reads %s; Unpack reads %s\n%s", c.Format(scanned.tup), c.Format(unpacked.tup), report())
	}
	checkDecoded(t, m, back.Elem(), key)
	if c.Lenient {
		return
	}
	again := guard(t, "Marshal", m, key, func() result { k, err := p.Marshal(back.Interface()); return result{k, err} })
	repacked, err := c.Pack(unpacked.tup)
	if (again.err == nil) != (err == nil) || !bytes.Equal(again.b, repacked) {
		t.Fatalf("the decoded value marshals to %x, %v; Codec.Pack of what Unpack read, to %x, %v\n%s", again.b, again.err, repacked, err, report())
	}
}

// scanDests returns Scan destinations for the element fields of w (a
// fresh struct value of m's type), and for each one a reader of the
// element it then holds (ok false if it is not one the field holds).
// A field's destination is a pointer to it; **T for a pointer field; a
// []any of its fields for a nested struct; wrapped in Desc when desc. A
// constant, a string written as bytes, a field with a unit, a nullable
// desc or nested field (none of which a Scan destination can say) is
// read into an *any and checked here.
func (m *model) scanDests(w reflect.Value) (dsts []any, reads []func() (any, bool)) {
	for i, f := range m.fields {
		fv := w.Field(i)
		switch {
		case f.skip:
		case f.embedded:
			if f.ptr {
				fv.Set(reflect.New(f.nested.typ))
				fv = fv.Elem()
			}
			d, r := f.nested.scanDests(fv)
			dsts, reads = append(dsts, d...), append(reads, r...)
		default:
			d, r := f.scanDest(fv)
			dsts, reads = append(dsts, d), append(reads, r)
		}
	}
	return dsts, reads
}

func (f *field) scanDest(fv reflect.Value) (any, func() (any, bool)) {
	// Scan keeps its destinations on the stack, so it stores no value it
	// cannot type (a **T is for the standard types, and an extension's
	// value goes into *any: a pointer to a type of this package or an
	// ext= field is read as *any), calls no method of a plain destination
	// (a custom type goes through tuple.Element), and sets a named float32
	// through float64 (which keeps every bit but a signalling NaN's quiet
	// bit: it is read as (*float32)(&v)).
	ptrToOurs := f.ptr && fv.Type().Elem().PkgPath() == reflect.TypeFor[field]().PkgPath()
	isExt := f.kind != nil && f.kind.ext != ""
	if f.constant != nil || f.bytes || (f.ptr && (f.desc || f.nested != nil)) || (f.unit != "" && f.unit != "ns") || ptrToOurs || isExt {
		p := new(any)
		return p, func() (any, bool) { return *p, f.fits(*p) }
	}
	var d any
	var read func() (any, bool)
	if f.nested != nil {
		nd, nr := f.nested.scanDests(fv)
		d = nd
		read = func() (any, bool) {
			var u tuple.Tuple
			for _, r := range nr {
				e, ok := r()
				if !ok {
					return e, false
				}
				u = append(u, e)
			}
			if f.desc {
				return tuple.Desc{V: u}, true
			}
			return u, true
		}
	} else {
		d = fv.Addr().Interface()
		if sc, ok := d.(tuple.ElementScanner); ok {
			d = tuple.Element(sc)
		}
		if t := fv.Type(); t.Kind() == reflect.Float32 && t != reflect.TypeFor[float32]() {
			d = fv.Addr().Convert(reflect.TypeFor[*float32]()).Interface()
		}
		read = func() (any, bool) { e, _ := f.element(fv); return e, true }
	}
	if f.desc {
		d = tuple.Desc{V: d}
	}
	return d, read
}

// planBytes: on random bytes and on keys of the type mutated (a byte
// changed, cut, added, another type's key spliced in, an element swapped
// for one of another kind, nesting past MaxDepth), Unmarshal, Scan and
// Unpack agree and nothing panics.
func planBytes(t *rapid.T) {
	c := drawCodec(t)
	m := drawModel(t, modelOptions{depth: 2})
	p := compile(t, c, m)
	if p == nil {
		return
	}
	agree(t, c, m, p, drawKey(t, c, m, p))
}

// drawKey draws bytes near the keys of m.
func drawKey(t *rapid.T, c tuple.Codec, m *model, p *tuple.DynamicPlan) []byte {
	other := func() []byte {
		if rapid.Bool().Draw(t, "other model") {
			m2 := drawModel(t, modelOptions{depth: 1})
			if p2, err := tuple.NewDynamicPlan(c, m2.typ); err == nil {
				if k, err := p2.Marshal(m2.draw(t).Interface()); err == nil {
					return k
				}
			}
		}
		k, _ := c.Pack(gen.Tuple(gen.Options{MaxDepth: 2}).Draw(t, "other tuple"))
		return k
	}
	var key []byte
	equiv, _ := m.tuple(m.draw(t).Elem())
	switch rapid.IntRange(0, 4).Draw(t, "source") {
	case 0:
		key = rapid.SliceOfN(rapid.Byte(), 0, 32).Draw(t, "random")
	case 1:
		key = other()
	case 2: // one element swapped for another of any kind
		if len(equiv) > 0 {
			equiv[rapid.IntRange(0, len(equiv)-1).Draw(t, "swap at")] = edgeValues.Draw(t, "swapped in")
		}
		key, _ = c.Pack(equiv)
	case 3: // nesting around MaxDepth in place of an element, at any level
		level, at := 0, equiv
		for len(at) > 0 {
			var nested []int
			for i, e := range at {
				if u, ok := e.(tuple.Tuple); ok && len(u) > 0 {
					nested = append(nested, i)
				}
			}
			if len(nested) > 0 && !rare(t, 3, "stop") {
				at, level = at[rapid.SampledFrom(nested).Draw(t, "into")].(tuple.Tuple), level+1
				continue
			}
			at[rapid.IntRange(0, len(at)-1).Draw(t, "deep at")] = deepMarker
			break
		}
		key, _ = c.Pack(equiv)
		d := rapid.IntRange(tuplewire.MaxDepth-level-1, tuplewire.MaxDepth-level+2).Draw(t, "depth")
		deep := append(bytes.Repeat([]byte{0x05}, d), bytes.Repeat([]byte{0x00}, d)...)
		key = bytes.Replace(key, deepMarkerKey, deep, 1)
	default:
		key, _ = c.Pack(equiv)
	}
	for range rapid.IntRange(0, 2).Draw(t, "mutations") {
		if len(key) == 0 {
			key = other()
			continue
		}
		i := rapid.IntRange(0, len(key)-1).Draw(t, "at")
		switch rapid.IntRange(0, 5).Draw(t, "mutation") {
		case 0:
			key[i] = rapid.Byte().Draw(t, "byte")
		case 1:
			key = key[:i]
		case 2:
			key = append(key, rapid.SliceOfN(rapid.Byte(), 1, 4).Draw(t, "tail")...)
		case 3:
			key = slices.Insert(key, i, rapid.Byte().Draw(t, "inserted"))
		case 4: // the end cut off: nested tuples left open, as lenient codecs read them
			key = key[:max(0, len(key)-rapid.IntRange(1, 3).Draw(t, "cut"))]
		default:
			key = append(key[:i:i], other()...)
		}
	}
	return key
}

// deepMarker is an element that drawKey replaces with deep nesting.
var (
	deepMarker       = []byte("\x01deep\x01")
	deepMarkerKey, _ = tuple.Codec{}.Pack(tuple.Tuple{deepMarker})
)

// dynValue is a pointer to a value of a drawn type, for order's checker.
type dynValue struct{ v reflect.Value }

func (d dynValue) String() string { return fmt.Sprintf("%+v", d.v.Elem()) }

// planOrder: keys sort as the values do (property_test/order's checker,
// with decoding), for values that share leading fields.
func planOrder(t *rapid.T) {
	c := drawCodec(t)
	m := drawModel(t, modelOptions{depth: 2, noDescInDesc: true, utf8Constants: true})
	if p := compile(t, c, m); p != nil {
		sorts(t, c, m, p)
	}
}

// sorts is planOrder for values of m's type, with plan p.
func sorts(t *rapid.T, c tuple.Codec, m *model, p *tuple.DynamicPlan) {
	var prev reflect.Value
	values := rapid.Custom(func(t *rapid.T) dynValue {
		v := m.draw(t)
		m.repair(v.Elem(), c)
		shared := rapid.IntRange(0, len(m.fields)).Draw(t, "shared fields") // a draw even when no field draws
		if prev.IsValid() {
			for i := range shared {
				if fv := v.Elem().Field(i); fv.CanSet() { // not a blank constant
					fv.Set(prev.Elem().Field(i))
				}
			}
		}
		prev = v
		return dynValue{v}
	})
	encode := func(d dynValue) ([]byte, error) {
		return guard(t, "Marshal", m, nil, func() result { k, err := p.Marshal(d.v.Interface()); return result{k, err} }).unpack()
	}
	decode := func(key []byte) (dynValue, error) {
		v := reflect.New(m.typ)
		err := guard(t, "Unmarshal", m, key, func() error { return p.Unmarshal(key, v.Interface()) })
		return dynValue{v}, err
	}
	compare := func(a, b dynValue) int { return m.compare(a.v.Elem(), b.v.Elem()) }
	keyorder.Property(values, compare, encode, keyorder.WithDecode(decode), keyorder.WithCodec[dynValue](c))(t)
}

func (r result) unpack() ([]byte, error) { return r.b, r.err }

func TestPlanCompiles(t *testing.T)  { rapid.Check(t, planCompiles) }
func TestPlanRoundTrip(t *testing.T) { rapid.Check(t, planRoundTrip) }
func TestPlanBytes(t *testing.T)     { rapid.Check(t, planBytes) }
func TestPlanOrder(t *testing.T)     { rapid.Check(t, planOrder) }

func FuzzPlanCompiles(f *testing.F)  { f.Fuzz(rapid.MakeFuzz(planCompiles)) }
func FuzzPlanRoundTrip(f *testing.F) { f.Fuzz(rapid.MakeFuzz(planRoundTrip)) }
func FuzzPlanBytes(f *testing.F)     { f.Fuzz(rapid.MakeFuzz(planBytes)) }
func FuzzPlanOrder(f *testing.F)     { f.Fuzz(rapid.MakeFuzz(planOrder)) }

// hasCustom reports whether m has a field of a custom element type, at
// any depth.
func (m *model) hasCustom() bool {
	for _, f := range m.fields {
		if (f.kind != nil && f.kind.name == "celsius") || (f.nested != nil && f.nested.hasCustom()) {
			return true
		}
	}
	return false
}
