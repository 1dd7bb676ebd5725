package tuple

// The destinations of Scan beyond a pointer to an element's Go type:
// hooks, nulls, descending elements, named types and constants, and the
// errors of a destination that cannot hold its element.

import (
	"bytes"
	"fmt"
	"reflect"
)

// constant checks that the element at in[pos] is the encoding of c, as
// AppendElems writes it. (The general encoder's extension calls would
// make every destination escape.)
func (s *scanner) constant(c any, pos, depth int) (int, error) {
	end, err := s.skip(pos, depth)
	if err != nil {
		return 0, err
	}
	var buf [64]byte
	var tr trail
	want, err := appendLooseElem(buf[:0], c, depth > 0, depth, &tr)
	if err != nil {
		return 0, s.fail(pos, ErrUnsupportedType, fmt.Sprintf("a constant of type %v: %v", reflect.TypeOf(c), err))
	}
	if !bytes.Equal(s.in[pos:end], want) && !s.lenientMatch(s.in[pos:end], want) {
		return 0, s.fail(pos, ErrConstMismatch, fmt.Sprintf("want the constant %s, found %s", s.elemText(want), s.elemText(s.in[pos:end])))
	}
	return end, nil
}

// lenientMatch reports whether, under a lenient codec, the element elem
// reads as the constant whose encoding is want: lenient reading takes
// forms no encoder writes (a string that runs to the end of the key, a
// longer integer), so a constant is matched by what the element reads as,
// as lenient Unpack reads it. A strict codec matches bytes only.
func (s *scanner) lenientMatch(elem, want []byte) bool {
	if !s.lenient {
		return false
	}
	v, n, err := s.codec.ConsumeElement(elem)
	if err != nil || n != len(elem) {
		return false
	}
	var buf [64]byte
	var tr trail
	got, err := appendLooseElem(buf[:0], v, false, 0, &tr)
	return err == nil && bytes.Equal(got, want)
}

// elemText is the text form of the one element elem, as a person reads it
// in an error ("POST", 7), or its bytes when it does not decode.
func (s *scanner) elemText(elem []byte) string {
	v, n, err := s.codec.ConsumeElement(elem)
	if err != nil || n != len(elem) {
		return Printable(elem)
	}
	return s.codec.FormatElement(v)
}
