package tuple_test

import (
	"bytes"
	"errors"
	"slices"
	"testing"

	"github.com/fdbtuple/fdbtuple/internal/testrows"
	"github.com/fdbtuple/fdbtuple/tuple"
)

// TestAppendElemsAgreesWithPack encodes every vector row's elements with
// AppendElems and compares with Pack, and Scan reads them back.
func TestAppendElemsAgreesWithPack(t *testing.T) {
	for _, r := range testrows.PackRows(t) {
		got, err := tuple.AppendElems(nil, r.Tup...)
		if err != nil || !bytes.Equal(got, r.Packed) {
			t.Fatalf("%s: AppendElems = %x, %v; want %x", r.Name, got, err, r.Packed)
		}
	}
	type kind string
	type id uint16
	type score float64
	got, err := tuple.AppendElems(nil, kind("user"), id(7), score(1.5), []any{kind("x"), nil})
	want := tuple.Tuple{"user", 7, 1.5, tuple.Tuple{"x", nil}}.Pack()
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("named types: %x, %v; want %x", got, err, want)
	}
}

// TestAppendElemsAllocs: plain variables into a buffer with room cost
// nothing.
func TestAppendElemsAllocs(t *testing.T) {
	buf := make([]byte, 0, 128)
	user, post := "user", "post"
	postID, at := int64(1234), int64(1678901234)
	if n := testing.AllocsPerRun(100, func() {
		buf, _ = tuple.AppendElems(buf[:0], user, w1UUID, post, postID, "comment", at, "react", 42)
	}); n != 0 {
		t.Errorf("AppendElems: %v allocations, want 0", n)
	}
	if !bytes.Equal(buf, w1Key()) {
		t.Fatalf("AppendElems = %x, want %x", buf, w1Key())
	}
}

// TestAppendElemsErrors: the error names the element's path and Go type
// and leaves dst as it was.
func TestAppendElemsErrors(t *testing.T) {
	dst := []byte("prefix")
	out, err := tuple.AppendElems(dst, "a", []any{int64(1), make(chan int)})
	var ee *tuple.EncodeError
	if !errors.Is(err, tuple.ErrUnsupportedType) || !errors.As(err, &ee) || !slices.Equal(ee.Path, []int{1, 1}) || ee.Type.String() != "chan int" || string(out) != "prefix" {
		t.Fatalf("got %q, %v", out, err)
	}
	if _, err := tuple.AppendElems(nil, "ok", "\xff"); !errors.Is(err, tuple.ErrInvalidUTF8) || err.Error() != "tuple: invalid UTF-8 in string (element [1])" {
		t.Errorf("invalid UTF-8: %v", err)
	}
	if _, err := tuple.AppendElems(nil, tuple.IncompleteVersionstamp(0)); !errors.Is(err, tuple.ErrIncompleteVersionstamp) {
		t.Errorf("incomplete versionstamp: %v", err)
	}
}
