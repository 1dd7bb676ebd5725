package property_test

// Advice that works: a value AppendElems or Codec.Pack refuses is refused
// with ErrUnsupportedType (never an integer's ErrOutOfRange), and every
// fix its error names, followed, writes the value's element: the bytes
// of its plain form, which the refusing call would have meant. The values
// are the ones those paths cannot take as they are: named float32s of
// any bits (NaNs among them), custom element types, Hooks, subspaces,
// structs, pointers to interfaces, named pointers to big.Int.

import (
	"bytes"
	"errors"
	"math"
	"math/big"
	"reflect"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/fdbtuple/fdbtuple/property_test/gen"
	"github.com/fdbtuple/fdbtuple/subspace"
	"github.com/fdbtuple/fdbtuple/tuple"
)

// A tricky value: what is passed, and its element in plain form.
type tricky struct {
	v     any
	plain any // the element the value stands for, which Pack writes
	// fields are a struct's fields, which its key holds one by one, in
	// place of plain (and for "pass its fields").
	fields []any
	// value is what a Hook holds, for "a Tuple holds the value itself".
	value any
}

// keyPoint is a struct: a key of its own.
type keyPoint struct{ X, Y int64 }

// bigPtr is a named pointer to a big.Int.
type bigPtr *big.Int

func drawTricky(t *rapid.T) tricky {
	switch rapid.IntRange(0, 6).Draw(t, "which") {
	case 0: // a named float32 of any bits
		bits := rapid.OneOf(rapid.Uint32(), rapid.SampledFrom([]uint32{0x7f800001, 0xff800001, 0x7fc00000, 0x7fa00000, 0xffffffff})).Draw(t, "bits")
		f := math.Float32frombits(bits)
		return tricky{v: keyScore(f), plain: f}
	case 1:
		c := celsius{rapid.Int64().Draw(t, "milli")}
		return tricky{v: c, plain: c.milli}
	case 2:
		c := celsius{rapid.Int64().Draw(t, "milli")}
		return tricky{v: tuple.Element(&c), plain: c.milli, value: c}
	case 3:
		prefix := rapid.SliceOf(rapid.Byte()).Draw(t, "prefix")
		return tricky{v: subspace.FromBytes(prefix), plain: prefix}
	case 4:
		p := keyPoint{rapid.Int64().Draw(t, "x"), rapid.Int64().Draw(t, "y")}
		return tricky{v: p, fields: []any{p.X, p.Y}}
	case 5:
		e := gen.Element(gen.Options{MaxDepth: 1, MaxLen: 2}).Draw(t, "element")
		return tricky{v: &e, plain: e}
	}
	b := drawBig(t)
	return tricky{v: bigPtr(b), plain: b}
}

// follow applies each fix err names to x and checks it writes want.
func follow(t *rapid.T, what string, x tricky, err error, want []byte) {
	if !errors.Is(err, tuple.ErrUnsupportedType) || errors.Is(err, tuple.ErrOutOfRange) || strings.Contains(err.Error(), "integer out of range") {
		t.Fatalf("%s of %#v: %v; want ErrUnsupportedType", what, x.v, err)
	}
	msg := err.Error()
	fixes := 0
	check := func(fix string, r result) {
		fixes++
		if r.err != nil || !bytes.Equal(r.b, want) {
			t.Fatalf("%s of %#v says %q: that gives %x, %v; want %x\n(%v)", what, x.v, fix, r.b, r.err, want, msg)
		}
	}
	cannot := func(fix string) {
		t.Fatalf("%s of %#v says %q, which a %T cannot take\n(%v)", what, x.v, fix, x.v, msg)
	}
	if fix := "pass float32(v)"; strings.Contains(msg, fix) {
		f, ok := x.v.(keyScore)
		if !ok {
			cannot(fix)
		}
		check(fix, res(appendElems(float32(f))))
	}
	if fix := "pass tuple.Element(&v)"; strings.Contains(msg, fix) {
		c, ok := x.v.(celsius)
		if !ok {
			cannot(fix)
		}
		check(fix, res(appendElems(tuple.Element(&c))))
	}
	if fix := "pass []byte(v.FDBKey())"; strings.Contains(msg, fix) {
		s, ok := x.v.(subspace.Subspace)
		if !ok {
			cannot(fix)
		}
		check(fix, res(appendElems([]byte(s.FDBKey()))))
	}
	if fix := "pass v, not &v"; strings.Contains(msg, fix) {
		p, ok := x.v.(*any)
		if !ok {
			cannot(fix)
		}
		check(fix, res(appendElems(*p)))
	}
	if fix := "pass its fields to AppendElems"; strings.Contains(msg, fix) {
		if x.fields == nil {
			cannot(fix)
		}
		check(fix, res(appendElems(x.fields...)))
	}
	if strings.Contains(msg, "a Tuple holds the value itself") {
		check("a Tuple holds the value itself", res(tuple.Codec{}.Pack(tuple.Tuple{x.value})))
	}
	if strings.Contains(msg, "pack it with Codec.Pack") {
		check("pack it with Codec.Pack", res(tuple.Codec{}.Pack(tuple.Tuple{x.v})))
	}
	if strings.Contains(msg, "as a Plan's field") || strings.Contains(msg, "encode it with a Plan") {
		typ := reflect.TypeOf(x.v)
		v := reflect.New(reflect.StructOf([]reflect.StructField{{Name: "F", Type: typ}}))
		v.Elem().Field(0).Set(reflect.ValueOf(x.v))
		if strings.Contains(msg, "encode it with a Plan") { // the struct is the key
			v = reflect.New(typ)
			v.Elem().Set(reflect.ValueOf(x.v))
		}
		p, err := tuple.NewDynamicPlan(tuple.Codec{}, v.Elem().Type())
		if err != nil {
			t.Fatalf("%s of %#v names a Plan, which refuses its type: %v", what, x.v, err)
		}
		key, err := p.Marshal(v.Interface())
		check("a Plan", result{key, err})
	}
	if fixes == 0 {
		t.Fatalf("%s of %#v names no fix this property knows: %v", what, x.v, err)
	}
}

func appendElems(vals ...any) ([]byte, error) { return tuple.AppendElems(nil, vals...) }

func res(b []byte, err error) result { return result{b, err} }

func advice(t *rapid.T) {
	x := drawTricky(t)
	plain := tuple.Tuple{x.plain}
	if x.fields != nil {
		plain = x.fields
	}
	want, err := tuple.Codec{}.Pack(plain)
	if err != nil {
		t.Fatalf("the plain form %#v does not pack: %v", x.plain, err)
	}
	if got, err := appendElems(x.v); err != nil {
		follow(t, "AppendElems", x, err, want)
	} else if !bytes.Equal(got, want) {
		t.Fatalf("AppendElems of %#v = %x, want %x", x.v, got, want)
	}
	if got, err := (tuple.Codec{}).Pack(tuple.Tuple{x.v}); err != nil {
		follow(t, "Codec.Pack", x, err, want)
	} else if !bytes.Equal(got, want) {
		t.Fatalf("Codec.Pack of %#v = %x, want %x", x.v, got, want)
	}
}

func TestAdvice(t *testing.T) { rapid.Check(t, advice) }
