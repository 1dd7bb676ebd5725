package compat

// Where two answers differ, for grouping failures by cause and for
// pointing at the first differing byte.

import (
	"errors"
	"strings"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/vectors"
)

// firstDiff is the offset of the first byte where a and b differ, or the
// length of the shorter one if it is a prefix of the other.
func firstDiff(a, b []byte) int {
	n := min(len(a), len(b))
	for i := range n {
		if a[i] != b[i] {
			return i
		}
	}
	return n
}

// packedSize is the length of t's packing, the size by which failing
// inputs are ordered.
func packedSize(t tuple.Tuple) int {
	b, err := (tuple.Codec{}).Pack(t)
	if err != nil {
		return len(t.Text())
	}
	return len(b)
}

// nestedMark is appended to a kind found inside a nested tuple, at any
// depth: one bug shows at every depth, and makes one group.
const nestedMark = " in a nested tuple"

// kindAt names the element whose encoding holds byte off of t's packing:
// its type, with nestedMark if it is inside a nested tuple. Past the last
// element it is "the end". inNested measures t as the content of a nested
// tuple, where a null takes two bytes.
func kindAt(t tuple.Tuple, off int, inNested bool) string {
	size := func(n int) int {
		if !inNested {
			return packedSize(t[:n])
		}
		return packedSize(tuple.Tuple{t[:n]}) - 2 // without the nested code and terminator
	}
	start := 0
	for i, v := range t {
		end := size(i + 1)
		if off >= end {
			start = end
			continue
		}
		if inner, ok := v.(tuple.Tuple); ok && off > start && off < end-1 {
			if k := kindAt(inner, off-start-1, true); k != "the end" {
				return strings.TrimSuffix(k, nestedMark) + nestedMark
			}
		}
		return typeName(v)
	}
	return "the end"
}

// firstDifferentKind names the first element where got differs from
// want, as kindAt does. (Counts are not kinds: a nested tuple with
// elements missing is "the end (elements missing) in a nested tuple".)
func firstDifferentKind(want, got tuple.Tuple) string {
	for i, w := range want {
		if i >= len(got) {
			return "the end (elements missing)"
		}
		if vectors.Identical(tuple.Tuple{w}, tuple.Tuple{got[i]}) {
			continue
		}
		wn, wok := w.(tuple.Tuple)
		gn, gok := got[i].(tuple.Tuple)
		if wok && gok {
			return strings.TrimSuffix(firstDifferentKind(wn, gn), nestedMark) + nestedMark
		}
		return typeName(w)
	}
	return "the end (elements added)"
}

// firstOrderKind names the kinds of the first elements where a and b
// differ, which decide their order.
func firstOrderKind(a, b tuple.Tuple) string {
	for i := range min(len(a), len(b)) {
		if tuple.Compare(tuple.Tuple{a[i]}, tuple.Tuple{b[i]}) != 0 {
			an, aok := a[i].(tuple.Tuple)
			bn, bok := b[i].(tuple.Tuple)
			if aok && bok {
				return strings.TrimSuffix(firstOrderKind(an, bn), nestedMark) + nestedMark
			}
			return typeName(a[i]) + " vs " + typeName(b[i])
		}
	}
	return "the end of the shorter"
}

// strictRefusal says why this codec refuses b: the sentinel of its error,
// without the package prefix ("truncated element").
func strictRefusal(b []byte) string {
	_, err := tuple.Unpack(b)
	if err == nil {
		return "accepted"
	}
	for _, s := range []error{tuple.ErrTruncated, tuple.ErrInvalidCode, tuple.ErrUnterminated, tuple.ErrInvalidUTF8,
		tuple.ErrNonCanonical, tuple.ErrTooDeep, tuple.ErrTooLarge} {
		if errors.Is(err, s) {
			return strings.TrimPrefix(s.Error(), "tuple: ")
		}
	}
	return "other error"
}
