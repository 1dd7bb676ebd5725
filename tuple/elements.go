package tuple

import (
	"iter"

	"github.com/fdbtuple/fdbtuple/types"
)

// Elements returns an iterator over the top-level elements of the packed
// tuple b. Each step yields one element's encoding, a subslice of b (no
// copy, capacity-limited), ready for a Consume function or Next; decoding
// is left to the caller, so walking allocates nothing. At a framing fault
// (see Next) it yields nil and a *DecodeError whose Offset counts from
// b[0] and whose Path starts with the element's index, then stops.
//
// Finding an element and decoding it each read its bytes, so a walk this
// way costs about Next plus the Consume functions: about twice a loop of
// Consume calls alone, which finds and decodes in one read
// (BenchmarkWalkElements against BenchmarkWalk). Use that loop where
// every nanosecond counts, and Elements where a loop over elements reads
// better or where nested tuples must be walked without allocating
// (NestedElements; ConsumeTuple allocates).
func Elements(b []byte) iter.Seq2[[]byte, error] {
	return func(yield func([]byte, error) bool) {
		walk(framer{in: b}, topLevel(0), 0, yield)
	}
}

// NestedElements is Elements for the elements of a nested tuple: elem
// must start with one (code 05), as an element from Elements does, and
// the iterator stops at its closing 00. A null inside it is yielded as its
// two bytes 00 FF. Offsets in errors count from elem[0].
func NestedElements(elem []byte) iter.Seq2[[]byte, error] {
	return func(yield func([]byte, error) bool) {
		if err := expect(elem, types.KindTuple); err != nil {
			yield(nil, err)
			return
		}
		walk(framer{in: elem}, nestedLevel(0), 1, yield)
	}
}

// walk yields the encoding of each element of level l, at the given
// depth, until the level ends or a framing fault, which it yields last.
func walk(fr framer, l level, depth int, yield func([]byte, error) bool) {
	b := fr.in
	for i := 0; ; i++ {
		s, at := l.next(b)
		end := at + 2 // a nested null
		switch s {
		case stepEnd:
			return
		case stepOpen:
			yield(nil, frameError(fr, -1, -1, depth, fault{l.open, faultOpen}))
			return
		case stepElem:
			var f fault
			if end, f = fr.frame(at, depth); f.failed() {
				yield(nil, frameError(fr, at, i, depth, f))
				return
			}
			l.pos = end
		}
		if !yield(b[at:end:end], nil) {
			return
		}
	}
}
