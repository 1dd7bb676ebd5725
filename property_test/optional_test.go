package property_test

// Properties of keys that can grow, over random key types made with
// reflect.StructOf: required fields, then trailing optional ones, of
// int64, string and (optional only) any, whose pointer may hold nil.
// Each is proven against a model of its own (a key is its present
// values; absent sorts before every value, field by field; a set *any
// holding nil is refused, as it would write a null that no key of the
// plan holds), never against the plan.

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"reflect"
	"testing"

	"github.com/fdbtuple/fdbtuple/tuple"
	"pgregory.net/rapid"
)

// optModel is a random key type: its fields' kinds, of which the last
// opt are optional.
type optModel struct {
	kinds []optKind
	opt   int
}

// optKind is a field's Go type: int64, string, or any (an optional field
// only, whose value is an int64, a string, or nil held by a set pointer).
type optKind int

const (
	optInt optKind = iota
	optString
	optAny
)

// heldNil is the model's value of a set *any that holds nil.
type heldNil struct{}

func (heldNil) String() string { return "&nil" }

func drawOptModel(t *rapid.T, minOpt int) optModel {
	req := rapid.IntRange(0, 2).Draw(t, "required")
	opt := rapid.IntRange(minOpt, 3).Draw(t, "optional")
	kinds := rapid.SliceOfN(rapid.SampledFrom([]optKind{optInt, optString}), req, req).Draw(t, "required kinds")
	kinds = append(kinds, rapid.SliceOfN(rapid.SampledFrom([]optKind{optInt, optString, optAny}), opt, opt).Draw(t, "optional kinds")...)
	return optModel{kinds: kinds, opt: opt}
}

// typ is the struct type of the model's first n fields (all of them for
// n < 0), the optional ones pointers tagged optional, after a constant.
func (m optModel) typ(n int) reflect.Type {
	if n < 0 {
		n = len(m.kinds)
	}
	fields := []reflect.StructField{{Name: "K", Type: reflect.TypeFor[struct{}](), Tag: `tuple:"K,const"`}}
	for i, k := range m.kinds[:n] {
		ft := [...]reflect.Type{optInt: reflect.TypeFor[int64](), optString: reflect.TypeFor[string](), optAny: reflect.TypeFor[any]()}[k]
		f := reflect.StructField{Name: fmt.Sprintf("F%d", i), Type: ft}
		if i >= len(m.kinds)-m.opt {
			f.Type, f.Tag = reflect.PointerTo(ft), `tuple:",optional"`
		}
		fields = append(fields, f)
	}
	return reflect.StructOf(fields)
}

// optValue is a key's values: nil for an absent field (which ends it).
type optValue []any

// drawValue draws values of the model's fields from a small domain, so
// that equal values and prefixes are common; the optional fields are set
// up to a random point, an any field to an int64, a string or nil.
func (m optModel) drawValue(t *rapid.T, label string) optValue {
	v := make(optValue, len(m.kinds))
	present := len(m.kinds) - m.opt + rapid.IntRange(0, m.opt).Draw(t, label+" present")
	for i := range present {
		k := m.kinds[i]
		if k == optAny {
			k = rapid.SampledFrom([]optKind{optInt, optString, optAny}).Draw(t, fmt.Sprintf("%s %d holds", label, i))
		}
		switch k {
		case optString:
			v[i] = rapid.SampledFrom([]string{"", "a", "a\x00", "ab", "b"}).Draw(t, fmt.Sprintf("%s %d", label, i))
		case optInt:
			v[i] = rapid.Int64Range(-2, 2).Draw(t, fmt.Sprintf("%s %d", label, i))
		default:
			v[i] = heldNil{}
		}
	}
	return v
}

// heldNilAt is the index of the first of v's first n fields that holds
// nil in a set pointer, or -1.
func (v optValue) heldNilAt(n int) int {
	for i, x := range v[:n] {
		if _, ok := x.(heldNil); ok {
			return i
		}
	}
	return -1
}

// marshal returns the key of v, and false when the model says Marshal
// refuses v (a set *any holding nil: ErrUnsupportedType naming its
// field), after checking that it does.
func (m optModel) marshal(t *rapid.T, p *tuple.DynamicPlan, typ reflect.Type, v optValue) ([]byte, bool) {
	key, err := p.Marshal(m.toStruct(typ, v))
	if i := v.heldNilAt(len(v)); i >= 0 {
		if !errors.Is(err, tuple.ErrUnsupportedType) || !bytes.Contains([]byte(err.Error()), fmt.Appendf(nil, "field F%d (*interface {})", i)) {
			t.Fatalf("%s: Marshal(%v) = %x, %v; want ErrUnsupportedType naming F%d, which holds nil", p.Schema(), v, key, err, i)
		}
		return nil, false
	}
	if err != nil {
		t.Fatalf("%s: Marshal(%v): %v", p.Schema(), v, err)
	}
	return key, true
}

// compareModel orders two keys by the model: field by field, absent
// before any value, strings before ints (their type codes), ints by
// number, strings by bytes.
func compareModel(a, b optValue) int {
	for i := range a {
		switch {
		case a[i] == nil && b[i] == nil:
			return 0 // both ended
		case a[i] == nil:
			return -1
		case b[i] == nil:
			return 1
		}
		if c := compareValue(a[i], b[i]); c != 0 {
			return c
		}
	}
	return 0
}

// compareValue orders two values, ints or strings: a string before an
// int (its type code, 02, is before every integer's), ints by number,
// strings by bytes.
func compareValue(x, y any) int {
	xs, xStr := x.(string)
	ys, yStr := y.(string)
	switch {
	case xStr && yStr:
		return cmp.Compare(xs, ys)
	case xStr:
		return -1
	case yStr:
		return 1
	}
	return cmp.Compare(x.(int64), y.(int64))
}

// toStruct writes v into a new value of typ (a pointer to it).
func (m optModel) toStruct(typ reflect.Type, v optValue) any {
	rv := reflect.New(typ)
	for i := 1; i < typ.NumField(); i++ {
		x := v[i-1]
		f := rv.Elem().Field(i)
		switch {
		case x == nil:
		case x == (heldNil{}):
			f.Set(reflect.New(f.Type().Elem()))
		case f.Kind() == reflect.Pointer:
			p := reflect.New(f.Type().Elem())
			p.Elem().Set(reflect.ValueOf(x))
			f.Set(p)
		default:
			f.Set(reflect.ValueOf(x))
		}
	}
	return rv.Interface()
}

// fromStruct reads the model's values back from a pointer to a struct.
func fromStruct(p any, n int) optValue {
	rv := reflect.ValueOf(p).Elem()
	v := make(optValue, n)
	for i := 1; i < rv.NumField(); i++ {
		f := rv.Field(i)
		switch {
		case f.Kind() != reflect.Pointer:
			v[i-1] = f.Interface()
		case !f.IsNil():
			v[i-1] = f.Elem().Interface()
		}
	}
	return v
}

func optPlan(t *rapid.T, typ reflect.Type) *tuple.DynamicPlan {
	p, err := tuple.NewDynamicPlan(tuple.Codec{}, typ)
	if err != nil {
		t.Fatalf("NewDynamicPlan(%v): %v", typ, err)
	}
	return p
}

// TestOptionalOrder: the byte order of two keys is the model's, and each
// decodes to its own values.
func TestOptionalOrder(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		m := drawOptModel(t, 1)
		typ := m.typ(-1)
		p := optPlan(t, typ)
		a, b := m.drawValue(t, "a"), m.drawValue(t, "b")
		ka, okA := m.marshal(t, p, typ, a)
		kb, okB := m.marshal(t, p, typ, b)
		if !okA || !okB {
			return
		}
		if got, want := bytes.Compare(ka, kb), compareModel(a, b); got != want {
			t.Fatalf("%s: %v and %v: bytes compare %d (%x, %x), the model %d", p.Schema(), a, b, got, ka, kb, want)
		}
		back := m.toStruct(typ, m.drawValue(t, "dirty")) // decoding sets the absent fields nil
		if err := p.Unmarshal(ka, back); err != nil {
			t.Fatalf("%s: Unmarshal(%x): %v", p.Schema(), ka, err)
		}
		if got := fromStruct(back, len(m.kinds)); compareModel(got, a) != 0 || fmt.Sprint(got) != fmt.Sprint(a) {
			t.Fatalf("%s: %x decodes to %v, want %v", p.Schema(), ka, got, a)
		}
	})
}

// TestOptionalGrow: a key written by the struct without its last
// optional fields decodes under the struct with them, which are nil, and
// the new plan writes the same bytes for it.
func TestOptionalGrow(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		m := drawOptModel(t, 1)
		oldN := len(m.kinds) - rapid.IntRange(1, m.opt).Draw(t, "appended")
		oldM := optModel{kinds: m.kinds[:oldN], opt: m.opt - (len(m.kinds) - oldN)}
		oldTyp, newTyp := oldM.typ(-1), m.typ(-1)
		oldP, newP := optPlan(t, oldTyp), optPlan(t, newTyp)
		v := oldM.drawValue(t, "v")
		key, ok := oldM.marshal(t, oldP, oldTyp, v)
		if !ok {
			return
		}
		back := reflect.New(newTyp).Interface()
		if err := newP.Unmarshal(key, back); err != nil {
			t.Fatalf("old %s, new %s: %x does not decode: %v", oldP.Schema(), newP.Schema(), key, err)
		}
		got := fromStruct(back, len(m.kinds))
		want := append(append(optValue(nil), v...), make(optValue, len(m.kinds)-oldN)...)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("old %s, new %s: %x decodes to %v, want %v", oldP.Schema(), newP.Schema(), key, got, want)
		}
		again, err := newP.Marshal(back)
		if err != nil || !bytes.Equal(again, key) {
			t.Fatalf("old %s, new %s: %v is %x under NEW, %x under OLD (%v)", oldP.Schema(), newP.Schema(), got, again, key, err)
		}
	})
}

// TestOptionalBetween: Between over any field of a key with optional
// fields holds exactly the keys the model puts in its bounds, among keys
// of random values; and Range through a field holds exactly the keys
// whose fields up to it are the value's.
func TestOptionalBetween(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		m := drawOptModel(t, 1)
		typ := m.typ(-1)
		p := optPlan(t, typ)
		i := rapid.IntRange(0, len(m.kinds)-1).Draw(t, "field")
		field := fmt.Sprintf("F%d", i)
		lo := m.drawValue(t, "lo")
		hi := m.drawValue(t, "hi")
		copy(hi[:i], lo[:i]) // the fields before the ranged one are the ends'
		endAtNil(hi)
		loKind := rapid.IntRange(0, 2).Draw(t, "lo end") // open, inclusive, exclusive
		hiKind := rapid.IntRange(0, 2).Draw(t, "hi end")
		if loKind == 0 && hiKind == 0 {
			loKind = 1
		}
		var b tuple.Bounds[any]
		switch loKind {
		case 1:
			b = tuple.From(m.toStruct(typ, lo))
		case 2:
			b = tuple.Above(m.toStruct(typ, lo))
		}
		switch hiKind {
		case 1:
			b = b.To(m.toStruct(typ, hi))
		case 2:
			b = b.Below(m.toStruct(typ, hi))
		}
		begin, end, err := p.Between(field, b)
		before := lo
		if loKind == 0 {
			before = hi
		}
		if loKind != 0 && lo.heldNilAt(i+1) >= 0 || hiKind != 0 && hi.heldNilAt(i+1) >= 0 { // an end that cannot be encoded
			if !errors.Is(err, tuple.ErrUnsupportedType) {
				t.Fatalf("%s: Between(%s, %v %d, %v %d) = %v; want ErrUnsupportedType: an end holds nil in a set *any", p.Schema(), field, lo, loKind, hi, hiKind, err)
			}
			return
		}
		if loKind != 0 && hiKind != 0 && compareField(lo[i], hi[i]) > 0 {
			if err == nil {
				t.Fatalf("%s: Between(%s) of %v after %v: no error", p.Schema(), field, lo, hi)
			}
			return
		}
		if err != nil {
			t.Fatalf("%s: Between(%s, %v %d, %v %d): %v", p.Schema(), field, lo, loKind, hi, hiKind, err)
		}
		for k := range 30 {
			v := m.drawValue(t, fmt.Sprintf("key %d", k))
			if rapid.Bool().Draw(t, fmt.Sprintf("near %d", k)) { // most keys share the ends' fields before
				copy(v[:i], before[:i])
				endAtNil(v)
			}
			key, ok := m.marshal(t, p, typ, v)
			if !ok {
				continue
			}
			in := bytes.Compare(begin, key) <= 0 && bytes.Compare(key, end) < 0
			want := sameBefore(v, before, i)
			if want && loKind != 0 {
				c := compareField(v[i], lo[i])
				want = c > 0 || c == 0 && loKind == 1
			}
			if want && hiKind != 0 {
				c := compareField(v[i], hi[i])
				want = c < 0 || c == 0 && hiKind == 1
			}
			if in != want {
				t.Fatalf("%s: Between(%s, lo %v (%d), hi %v (%d)) = [%x, %x): key %v (%x) in it: %v, the model: %v",
					p.Schema(), field, lo, loKind, hi, hiKind, begin, end, v, key, in, want)
			}
			rb, re, err := p.Range(m.toStruct(typ, before), field)
			if err != nil {
				t.Fatalf("%s: Range(%v, %s): %v", p.Schema(), before, field, err)
			}
			inRange := bytes.Compare(rb, key) <= 0 && bytes.Compare(key, re) < 0
			wantRange := sameBefore(v, before, i+1) && !(i == len(v)-1 && before[i] != nil) // through the last field: the keys after v's own
			if inRange != wantRange {
				t.Fatalf("%s: Range(%v, %s) = [%x, %x): key %v (%x) in it: %v, the model: %v", p.Schema(), before, field, rb, re, v, key, inRange, wantRange)
			}
		}
	})
}

// sameBefore reports whether v's first n fields are those of w.
func sameBefore(v, w optValue, n int) bool {
	for j := range n {
		if compareField(v[j], w[j]) != 0 {
			return false
		}
	}
	return true
}

// compareField orders one field's values: absent (nil) first.
func compareField(a, b any) int {
	switch {
	case a == nil && b == nil:
		return 0
	case a == nil:
		return -1
	case b == nil:
		return 1
	}
	return compareModel(optValue{a}, optValue{b})
}

// endAtNil sets every field after a nil one nil: a key ends at its first
// absent field.
func endAtNil(v optValue) {
	for j := 1; j < len(v); j++ {
		if v[j-1] == nil {
			v[j] = nil
		}
	}
}
