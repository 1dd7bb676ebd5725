package tuple

// The destinations of Scan beyond a pointer to an element's Go type:
// hooks, nulls, descending elements, named types and constants, and the
// errors of a destination that cannot hold its element.

import (
	"bytes"
	"fmt"
	"reflect"
	"strings"

	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
	"github.com/fdbtuple/fdbtuple/types"
)

// wrongKind is the error of an element that d cannot hold.
func (s *scanner) wrongKind(pos int, dst any) error {
	code := types.Code(s.in[pos])
	if code.Kind() == types.KindInvalid && (s.codec.extensionFor(code) == nil) {
		return s.fault(wirecore.FaultAt(pos, wirecore.FaultCode))
	}
	what := code.Kind().String()
	hint := ""
	if x := s.codec.extensionFor(code); x != nil && code.Kind() == types.KindInvalid {
		what = x.Name()
		if _, ok := x.(descExtension); ok {
			what, hint = "descending", ": Scan reads it into tuple.Desc{V: &v}, a Plan into a field tagged desc"
		}
	}
	return s.fail(pos, ErrWrongType, fmt.Sprintf("%s element cannot go into %v%s", withArticle(what), reflect.TypeOf(dst), hint))
}

// withArticle puts "a" or "an" before a word, as English wants it: an
// int element, a string element.
func withArticle(word string) string {
	if word != "" && strings.ContainsRune("aeiouAEIOU", rune(word[0])) {
		return "an " + word
	}
	return "a " + word
}

// shifted places an error about in[pos:] in the key.
func (s *scanner) shifted(err error, pos int) error {
	if de, ok := err.(*DecodeError); ok {
		return de.Rebase(pos)
	}
	return &DecodeError{Offset: pos, Code: types.Code(s.in[pos]), Err: err, Detail: err.Error()}
}

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
