package tuplewire

import (
	"iter"

	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
	"github.com/fdbtuple/fdbtuple/types"
)

// Next reports the type code and encoded length of the first element of b
// without decoding it, so that b[n:] starts at the following element. It
// checks the element's framing: a known type code, enough bytes for a
// fixed-size element, a terminator for strings and nested tuples, and the
// depth limit. It does not check content that only decoding looks at (the
// UTF-8 of a string, the minimality of an integer); the Consume functions
// do. Next never allocates. An empty b gives ErrTruncated.
func Next(b []byte) (code types.Code, n int, err error) {
	if len(b) == 0 {
		return 0, 0, elementError(b, wirecore.FaultAt(0, wirecore.FaultEmpty))
	}
	switch n := wirecore.FixedSize(b[0]); {
	case n > 0 && n <= len(b):
		return types.Code(b[0]), n, nil // the commonest cases without a call
	case b[0] == byte(types.CodeString) || b[0] == byte(types.CodeBytes):
		if end := wirecore.ShortEnd(b, 1); end >= 0 {
			return types.Code(b[0]), end + 1, nil // inlined: most strings are short
		}
		_, next, _, f := wirecore.StringSpanLong(b, 0, false)
		if f.Failed() {
			return types.Code(b[0]), 0, elementError(b, f)
		}
		return types.Code(b[0]), next, nil
	}
	fr := wirecore.Framer{In: b}
	end, f := fr.Frame(0, 0)
	if f.Failed() {
		return types.Code(b[0]), 0, elementError(b, f)
	}
	return types.Code(b[0]), end, nil
}

// Elements returns an iterator over the top-level elements of the packed
// tuple b. Each step yields one element's encoding, a subslice of b (no
// copy, capacity-limited), ready for a Consume function or Next; decoding
// is left to the caller, so walking allocates nothing. At a framing fault
// (see Next) it yields nil and a *DecodeError whose Offset counts from
// b[0] and whose Path starts with the element's index, then stops.
//
// Finding an element and decoding it each read its bytes, so a walk this
// way costs about Next plus the Consume functions: about twice a loop of
// Consume calls alone, which finds and decodes in one read. Use that loop
// where every nanosecond counts, and Elements where a loop over elements
// reads better or where nested tuples must be walked without allocating
// (NestedElements).
func Elements(b []byte) iter.Seq2[[]byte, error] {
	return func(yield func([]byte, error) bool) {
		wirecore.Walk(wirecore.Framer{In: b}, wirecore.TopLevel(0), 0, yielder(yield))
	}
}

// NestedElements is Elements for the elements of a nested tuple: elem
// must start with one (code 05), as an element from Elements does, and
// the iterator stops at its closing 00. A null inside it is yielded as its
// two bytes 00 FF. Offsets in errors count from elem[0].
func NestedElements(elem []byte) iter.Seq2[[]byte, error] {
	return func(yield func([]byte, error) bool) {
		if err := Expect(elem, types.KindTuple); err != nil {
			yield(nil, err)
			return
		}
		wirecore.Walk(wirecore.Framer{In: elem}, wirecore.NestedLevel(0), 1, yielder(yield))
	}
}

// yielder adapts an iterator's yield to the engine's walk, whose faults
// become *DecodeErrors.
func yielder(yield func([]byte, error) bool) func([]byte, *wirecore.Problem) bool {
	return func(elem []byte, p *wirecore.Problem) bool {
		if p != nil {
			return yield(nil, fromProblem(p))
		}
		return yield(elem, nil)
	}
}
