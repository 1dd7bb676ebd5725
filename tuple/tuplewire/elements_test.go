package tuplewire_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/fdbtuple/fdbtuple/internal/testrows"
	"github.com/fdbtuple/fdbtuple/internal/workload"
	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
	"github.com/fdbtuple/fdbtuple/vectors"
)

// TestElementsAgreeWithUnpack walks every packed vector row, nested tuples
// included, and checks each element against the full decode.
func TestElementsAgreeWithUnpack(t *testing.T) {
	for _, r := range testrows.PackRows(t) {
		got, err := collect(tuplewire.Elements(r.Packed))
		if err != nil || !vectors.Identical(got, r.Tup) {
			t.Fatalf("%s: Elements gave %#v, %v; want %#v", r.Name, got, err, r.Tup)
		}
	}
}

// collect decodes what an Elements or NestedElements iterator yields,
// descending into nested tuples with NestedElements.
func collect(elems func(func([]byte, error) bool)) (tuple.Tuple, error) {
	out := tuple.Tuple{}
	for elem, err := range elems {
		if err != nil {
			return out, err
		}
		if elem[0] == 0x05 {
			inner, err := collect(tuplewire.NestedElements(elem))
			if err != nil {
				return out, err
			}
			out = append(out, inner)
			continue
		}
		if len(elem) == 2 && elem[0] == 0x00 { // a null inside a nested tuple
			out = append(out, nil)
			continue
		}
		v, n, err := tuple.ConsumeElement(elem)
		if err != nil || n != len(elem) {
			return out, fmt.Errorf("ConsumeElement(%x) = %d, %v", elem, n, err)
		}
		out = append(out, v)
	}
	return out, nil
}

// TestElementsErrors checks that a fault is yielded once, with its offset
// in the whole key and the element's index, and that the walk stops.
func TestElementsErrors(t *testing.T) {
	for _, c := range []struct {
		in     string
		offset int
		path   []int
		err    error
	}{
		{"\x02ab\x00\x15\x01\x02cd", 6, []int{2}, tuple.ErrUnterminated},
		{"\x15\x01\xff", 2, []int{1}, tuple.ErrInvalidCode},
		{"\x15\x01\x05\x15\x02\x30\x01", 5, []int{1, 1}, tuple.ErrTruncated},
	} {
		var errs []error
		count := 0
		for _, err := range tuplewire.Elements([]byte(c.in)) {
			count++
			if err != nil {
				errs = append(errs, err)
			}
		}
		var de *tuple.DecodeError
		if len(errs) != 1 || !errors.As(errs[0], &de) || !errors.Is(de, c.err) {
			t.Fatalf("%x: errors %v, want one %v", c.in, errs, c.err)
		}
		if de.Offset != c.offset || fmt.Sprint(de.Path) != fmt.Sprint(c.path) {
			t.Errorf("%x: offset %d path %v, want %d %v", c.in, de.Offset, de.Path, c.offset, c.path)
		}
	}
	for _, in := range []string{"\x15\x01", "\x05\x15\x01", "\x05\x15\x01\x02a"} {
		_, err := collect(tuplewire.NestedElements([]byte(in)))
		if err == nil {
			t.Errorf("NestedElements(%x): no error", in)
		}
	}
}

// TestElementsStop checks that breaking out of the loop stops the walk.
func TestElementsStop(t *testing.T) {
	key := tuple.Tuple{1, 2, 3, tuple.Tuple{4, nil, 5}}.Pack()
	n := 0
	for range tuplewire.Elements(key) {
		if n++; n == 2 {
			break
		}
	}
	nested := key[len(tuple.Tuple{1, 2, 3}.Pack()):]
	m := 0
	for range tuplewire.NestedElements(nested) {
		if m++; m == 2 {
			break
		}
	}
	if n != 2 || m != 2 {
		t.Errorf("walked %d and %d elements after break", n, m)
	}
}

func TestElementsAllocs(t *testing.T) {
	key := workload.Standard()[0].Tuple.Pack()
	scratch := make([]byte, 0, 64)
	if n := testing.AllocsPerRun(100, func() { _ = walkW1Elements(key, scratch) }); n != 0 {
		t.Errorf("walking W1 with Elements: %v allocations", n)
	}
}
