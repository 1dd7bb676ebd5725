package tuple

import (
	"errors"
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
		for i, pos := 0, 0; pos < len(b); i++ {
			_, n, err := Next(b[pos:])
			if err != nil {
				yield(nil, shiftError(err, pos, i))
				return
			}
			if !yield(b[pos:pos+n:pos+n], nil) {
				return
			}
			pos += n
		}
	}
}

// NestedElements is Elements for the elements of a nested tuple: elem
// must start with one (code 05), as an element from Elements does, and
// the iterator stops at its closing 00. A null inside it is yielded as its
// two bytes 00 FF. Offsets in errors count from elem[0].
func NestedElements(elem []byte) iter.Seq2[[]byte, error] {
	return func(yield func([]byte, error) bool) {
		if len(elem) == 0 || types.Code(elem[0]) != types.CodeNested {
			yield(nil, kindError(elem, types.KindTuple))
			return
		}
		for i, pos := 0, 1; ; i++ {
			switch {
			case pos >= len(elem):
				d := decoder{in: elem}
				yield(nil, d.fail(0, ErrUnterminated, "nested tuple has no closing 00"))
				return
			case elem[pos] == 0x00 && pos+1 < len(elem) && elem[pos+1] == 0xFF:
				if !yield(elem[pos:pos+2:pos+2], nil) {
					return
				}
				pos += 2
				continue
			case elem[pos] == 0x00:
				return
			}
			_, n, err := Next(elem[pos:])
			if err != nil {
				yield(nil, shiftError(err, pos, i))
				return
			}
			if !yield(elem[pos:pos+n:pos+n], nil) {
				return
			}
			pos += n
		}
	}
}

// shiftError makes an error from decoding b[pos:] read as one about
// element i of b.
func shiftError(err error, pos, i int) error {
	var de *DecodeError
	if errors.As(err, &de) {
		de.Offset += pos
	}
	return atIndex(err, i)
}
