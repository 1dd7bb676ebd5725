package tuple_test

import (
	"bytes"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/fdbtuple/fdbtuple/subspace"
	"github.com/fdbtuple/fdbtuple/tuple"
)

// The advice of each refusal works when followed (property_test's
// TestAdvice checks it on random values).
func TestAdviceWorks(t *testing.T) {
	refused := func(what string, err error, fix string) {
		t.Helper()
		if !errors.Is(err, tuple.ErrUnsupportedType) || !strings.Contains(err.Error(), fix) {
			t.Errorf("%s: %v; want ErrUnsupportedType saying %q", what, err, fix)
		}
	}
	same := func(fix string, got []byte, err error, want []byte) {
		t.Helper()
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("following %q: %x, %v; want %x", fix, got, err, want)
		}
	}

	// A Hook in Codec.Pack: the value itself, not the Hook.
	c := cents{1999}
	_, err := tuple.Codec{}.Pack(tuple.Tuple{tuple.Element(&c)})
	refused("Codec.Pack of a Hook", err, "a Tuple holds the value itself, v rather than tuple.Element(&v)")
	want, _ := tuple.AppendElems(nil, tuple.Element(&c))
	got, err := tuple.Codec{}.Pack(tuple.Tuple{c})
	same("the value itself", got, err, want)

	// A subspace in AppendElems: its key's bytes, or Codec.Pack.
	s := subspace.Sub("app", 7)
	_, err = tuple.AppendElems(nil, s)
	refused("AppendElems of a subspace", err, "pass []byte(v.FDBKey())")
	if strings.Contains(err.Error(), "tuple.Element") {
		t.Errorf("AppendElems of a subspace suggests tuple.Element, which a subspace cannot take: %v", err)
	}
	want = tuple.Tuple{[]byte(s.Bytes())}.Pack()
	got, err = tuple.AppendElems(nil, []byte(s.FDBKey()))
	same("pass []byte(v.FDBKey())", got, err, want)
	got, err = tuple.Codec{}.Pack(tuple.Tuple{s})
	same("pack it with Codec.Pack", got, err, want)

	// A struct in AppendElems: a Plan, or its fields; not Codec.Pack,
	// which refuses it too.
	type point struct{ X, Y int64 }
	p := point{3, -4}
	_, err = tuple.AppendElems(nil, p)
	refused("AppendElems of a struct", err, "encode it with a Plan (NewPlan), or pass its fields to AppendElems")
	if strings.Contains(err.Error(), "Codec.Pack") || strings.Contains(err.Error(), "tuple.Element") {
		t.Errorf("AppendElems of a struct suggests a call that refuses it too: %v", err)
	}
	want = tuple.Tuple{p.X, p.Y}.Pack()
	got, err = tuple.AppendElems(nil, p.X, p.Y)
	same("pass its fields", got, err, want)
	got, err = tuple.Marshal(&p)
	same("encode it with a Plan", got, err, want)

	// A named float32 NaN in AppendElems: no integer's error; float32(v)
	// keeps every bit.
	snan := math.Float32frombits(0x7f800001)
	_, err = tuple.AppendElems(nil, namedF32(snan))
	refused("AppendElems of a named float32 NaN", err, "pass float32(v)")
	if errors.Is(err, tuple.ErrOutOfRange) || strings.Contains(err.Error(), "integer") {
		t.Errorf("AppendElems of a named float32 NaN: %v, an integer's error", err)
	}
	want = tuple.Tuple{snan}.Pack()
	got, err = tuple.AppendElems(nil, float32(namedF32(snan)))
	same("pass float32(v)", got, err, want)

	// Scan of a signalling NaN into a named float32: (*float32)(&v).
	var f namedF32
	err = tuple.Scan(want, &f)
	refused("Scan of a signalling NaN into a named float32", err, "(*float32)(&v)")
	if err := tuple.Scan(want, (*float32)(&f)); err != nil || math.Float32bits(float32(f)) != 0x7f800001 {
		t.Errorf("following (*float32)(&v): %08x, %v", math.Float32bits(float32(f)), err)
	}

	// A pointer to an interface in AppendElems: the value it holds.
	var x any = "v"
	_, err = tuple.AppendElems(nil, &x)
	refused("AppendElems of a *any", err, "pass v, not &v")
	got, err = tuple.AppendElems(nil, x)
	same("pass v, not &v", got, err, tuple.Tuple{"v"}.Pack())
}
