package tuple

import (
	"fmt"
	"strings"

	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
	"github.com/fdbtuple/fdbtuple/types"
)

// Scan decodes the packed tuple key into dst, one destination per
// element, as fmt.Sscan does for text: the key must hold exactly len(dst)
// elements (else ErrTooFewElements or ErrTooManyElements). A destination
// is one of:
//
//   - a pointer to a variable of an element's Go type: *string, *[]byte,
//     *int, *int8 … *int64, *uint … *uint64, *big.Int, *float32, *float64,
//     *bool, *UUID, *Versionstamp, *Tuple (a nested tuple), *any (any
//     element, as Unpack gives it), *time.Time, *time.Duration; or to a
//     named type of one of these (type UserID int64). An integer that
//     does not fit its destination is ErrOutOfRange, never a silent wrap;
//     a float32 element goes only into a float32, a float64 only into a
//     float64.
//   - a pointer to a pointer of one of those standard types (**int64):
//     a null element sets it to nil, any other is decoded into a new
//     variable.
//   - nil: the element is skipped, after checking its framing.
//   - a []any of further destinations: the element is a nested tuple,
//     decoded into them.
//   - Desc{V: dst}: the element is a descending one (Codec.Scan, with
//     the codec's DescExtension), decoded into dst.
//   - a Hook from Into, or from Element for a type with the custom
//     element methods (ElementScanner): Scan calls no method of a plain
//     destination, which would move every destination to the heap.
//   - Const(v), a constant: the element must be v's encoding, byte for
//     byte (ErrConstMismatch). Const("user") matches ("user"), and
//     Const(Tuple{...}) a nested tuple.
//
// Any other destination is an error: one that is no pointer is
// ErrNotPointer (a forgotten &), and one of a type the type table
// refuses (see Plan) is ErrUnsupportedType, saying what to use instead.
// The Go types are those of the type table every typed path shares:
// time.Time and time.Duration are integers (nanoseconds, a time since
// the Unix epoch, read back in UTC), a [16]byte of any byte type a UUID.
// Since Scan calls no method of a plain destination (which would move
// every destination to the heap), a few things only a Plan reads: a **T
// of a named type and a struct are a plan's fields; an extension's value
// scans into *any; and a named float32 keeps a signalling NaN only when
// scanned as (*float32)(&v).
//
// Scan does not keep dst, so plain variables passed to it stay on the
// stack. All strings decoded by one call share one allocation, the size
// of what they hold (a short string read from the front of a long key
// keeps only itself alive); nothing decoded aliases key. Errors are
// *DecodeErrors whose Offset counts from key[0] and whose Detail names the
// destination's type; after an error, which destinations were set is
// unspecified.
func Scan(key []byte, dst ...any) error { return Codec{}.Scan(key, dst...) }

// ScanPrefix is Scan for a key that may hold more elements than dst: it
// decodes the first len(dst) and returns the rest of the key.
func ScanPrefix(key []byte, dst ...any) (rest []byte, err error) {
	return Codec{}.ScanPrefix(key, dst...)
}

// scanner decodes one key into destinations.
type scanner struct {
	framer
	codec Codec
	// text holds every string decoded: grown at the first to what the
	// strings it reads hold (textRoom), so that each string is a
	// substring of one allocation that keeps nothing else alive.
	text  strings.Builder
	scans int // the top-level elements the call reads, for textRoom
	top   int // where they start in the input
	trail trail
	// waiting holds the top-level strings not yet written (see wait).
	waiting  [waitSlots]waiting
	nwaiting int
}

// tuple scans the elements of level l into dst and returns the offset
// after the last one scanned (after the closing 00 of a nested tuple).
func (s *scanner) tuple(l wirecore.Level, depth int, dst []any) (int, error) {
	for i, d := range dst {
		st, at := l.Next(s.in)
		var err error
		switch st {
		case wirecore.StepElem:
			if _, ok := d.(*string); ok && depth == 0 {
				// The common string, as in one.
				if end, ascii := wirecore.ShortEndASCII(s.in, at+1); ascii && s.in[at] == byte(types.CodeString) && s.wait(i, at, end) {
					l.Pos = end + 1
					continue
				}
			}
			l.Pos, err = s.one(d, at, depth)
		case wirecore.StepNull:
			err = s.null(d, at)
		default:
			return 0, s.missing(st, l, at, i, len(dst))
		}
		if err != nil {
			s.trail.add(i)
			return 0, err
		}
	}
	if depth == 0 {
		w, text := s.settle()
		for _, x := range w {
			*dst[x.dst].(*string) = text[x.start:x.end]
		}
	}
	return s.close(l, len(dst))
}

// missing is the error of a level that ended (st) where element i of
// the n it must hold was due: ErrTooFewElements, or a nested tuple
// without its closing 00.
func (s *scanner) missing(st wirecore.Step, l wirecore.Level, at, i, n int) error {
	if st == wirecore.StepOpen && !s.lenient { // lenient, a nested tuple may run to the end, as Unpack reads it
		return s.fail(l.Open, ErrUnterminated, "nested tuple has no closing 00")
	}
	s.trail.add(i)
	return s.fail(at, ErrTooFewElements, fmt.Sprintf("the tuple ends after %d elements, %d wanted", i, n))
}

// close checks that a nested level ends after its n elements and returns
// the offset after it; the top level may go on (ScanPrefix).
func (s *scanner) close(l wirecore.Level, n int) (int, error) {
	if l.Open < 0 {
		return l.Pos, nil
	}
	switch st, at := l.Next(s.in); st {
	case wirecore.StepEnd:
		return l.Pos, nil
	case wirecore.StepOpen:
		if s.lenient { // as lenient Unpack reads a nested tuple that runs to the end
			return len(s.in), nil
		}
		return 0, s.fail(l.Open, ErrUnterminated, "nested tuple has no closing 00")
	default:
		s.trail.add(n)
		return 0, s.fail(at, ErrTooManyElements, fmt.Sprintf("the nested tuple holds more than the %d elements scanned", n))
	}
}
