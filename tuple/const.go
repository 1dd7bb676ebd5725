package tuple

// Constant elements: Scan's Const destinations and a plan's constant
// fields, which must hold one value's encoding (ErrConstMismatch
// otherwise). Both match bytes first, and, under a lenient codec, what
// the element reads as; a mismatch names the constant and what the key
// holds instead, in the text form. (A plan compiles a constant from its
// tag in plan_layout.go.)

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
)

// Constant is a Scan destination that is no variable but a value the
// element must be: Const makes one.
type Constant struct{ v any }

// Const returns the Scan destination that matches the element v encodes
// to, byte for byte (ErrConstMismatch otherwise), and sets nothing:
// tuple.Scan(key, tuple.Const("USER"), &user). A destination that is no
// pointer and not marked so is ErrNotPointer, so that a forgotten & is an
// error rather than a silent match.
func Const(v any) Constant { return Constant{v} }

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
		return 0, s.fail(pos, ErrConstMismatch, fmt.Sprintf("want the constant %s, found %s", s.codec.elemText(want), s.codec.elemText(s.in[pos:end])))
	}
	return end, nil
}

// constElement is a constant field's element: its encoding, and the
// first 16 bytes of that as two little-endian words with masks. A plan
// matches a constant in every key it decodes, and most constants are a
// few bytes ("user" is 6), so two loads and compares are worth keeping
// beside the bytes: they take a third of the time of a call to compare.
type constElement struct {
	enc   []byte
	words [2]uint64
	masks [2]uint64
}

// newConstElement is the constant whose encoding is enc.
func newConstElement(enc []byte) *constElement {
	c := &constElement{enc: enc}
	for i, b := range enc[:min(len(enc), 16)] {
		c.words[i/8] |= uint64(b) << (8 * (i % 8))
		c.masks[i/8] |= 0xFF << (8 * (i % 8))
	}
	return c
}

// prefixOf reports whether in starts with the constant's encoding. It
// is inlined into the plan's loop; near the end of a key, the words
// would read past it, and bytes are compared instead.
func (c *constElement) prefixOf(in []byte) bool {
	if len(in) < 16 || len(c.enc) > 16 {
		return bytes.HasPrefix(in, c.enc)
	}
	return binary.LittleEndian.Uint64(in)&c.masks[0] == c.words[0] &&
		binary.LittleEndian.Uint64(in[8:])&c.masks[1] == c.words[1]
}

// constField matches the element at in[at] (a nested null when st says
// so) against the constant field f of the struct rv, and returns the
// offset after it: byte for byte, or, under a lenient codec, by what the
// element reads as. A constant behind an embedded pointer makes the
// pointer, as in what was marshalled.
func (s *scanner) constField(st wirecore.Step, at, depth int, f *planField, rv reflect.Value) (int, error) {
	next := at + len(f.constant.enc)
	if st == wirecore.StepNull || !f.constant.prefixOf(s.in[at:]) {
		end, err := s.skip(at, depth)
		if st == wirecore.StepNull || err != nil || !s.lenientMatch(s.in[at:end], f.constant.enc) {
			found := "a nested null"
			switch {
			case st == wirecore.StepNull:
			case err != nil: // no whole element: a raw prefix, or a key cut short or damaged
				found = notWhole(at, err)
			default:
				found = s.codec.elemText(s.in[at:end])
			}
			return 0, s.fail(at, ErrConstMismatch, fmt.Sprintf("want the constant %s, found %s", f.constText, found))
		}
		next = end
	}
	if f.viaPointer {
		allocPath(rv, f.index) // the embedded pointer a constant is in is there, as in what was marshalled
	}
	return next, nil
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
func (c Codec) elemText(elem []byte) string {
	v, n, err := c.ConsumeElement(elem)
	if err != nil || n != len(elem) {
		return Printable(elem)
	}
	return c.FormatElement(v)
}

// notWhole says what a constant's place at offset at holds when it frames
// as no element, from skip's error err: a byte that starts none (a raw
// prefix), or an element that does not end where it should, as framing
// found it (a string with no terminator: the key is cut short).
func notWhole(at int, err error) string {
	var de *DecodeError
	if errors.As(err, &de) && de.Offset == at && errors.Is(err, ErrInvalidCode) {
		return fmt.Sprintf("the byte %#02x, which starts no element", byte(de.Code))
	}
	return "an element that is not whole: " + strings.TrimPrefix(err.Error(), "tuple: ")
}
