package tuple

import (
	"errors"
	"fmt"

	"github.com/fdbtuple/fdbtuple/types"
)

// Extension encodes and decodes the values of one user type code
// (0x40–0x4F, which the FoundationDB register leaves to third parties).
// Extensions are carried by a Codec value, never registered globally: the
// package-level functions (Pack, Unpack, Compare, ...) know none, and
// reject user codes.
//
// Keys holding extension elements are not readable by other bindings,
// which reject user codes; see the package doc.
type Extension interface {
	// Code is the user type code the extension's elements start with.
	Code() types.Code
	// Name names the extension in text and descriptions, e.g. "decimal".
	Name() string
	// Owns reports whether v is a value this extension encodes.
	Owns(v any) bool
	// AppendElement appends v's element, starting with Code(). c is the
	// codec in use, for extensions that wrap other elements.
	AppendElement(dst []byte, v any, c Codec) ([]byte, error)
	// ConsumeElement decodes the element at the start of b (b[0] is
	// Code()) and returns its length. It must reject bytes AppendElement
	// never writes.
	ConsumeElement(b []byte, c Codec) (v any, n int, err error)
	// CompareValues orders two values the extension owns. It is the
	// extension's order law: it must have the sign of bytes.Compare of
	// their elements.
	CompareValues(a, b any, c Codec) int
	// AppendText appends v's text form, for String-like output.
	AppendText(dst []byte, v any, c Codec) []byte
}

// extensionFor returns the codec's extension for a code, or nil.
func (c Codec) extensionFor(code types.Code) Extension {
	for _, x := range c.Extensions {
		if x.Code() == code {
			return x
		}
	}
	return nil
}

// owner returns the codec's extension that owns v, or nil.
func (c Codec) owner(v any) Extension {
	for _, x := range c.Extensions {
		if x.Owns(v) {
			return x
		}
	}
	return nil
}

// check reports a codec whose extensions use codes outside 0x40–0x4F or
// share a code.
func (c Codec) check() error {
	var seen [16]bool
	for _, x := range c.Extensions {
		code := x.Code()
		if code < types.CodeUserFirst || code > types.CodeUserLast {
			return fmt.Errorf("tuple: extension %s uses code %#02x, outside the user range 0x40–0x4f", x.Name(), byte(code))
		}
		if seen[code-types.CodeUserFirst] {
			return fmt.Errorf("tuple: two extensions use code %#02x", byte(code))
		}
		seen[code-types.CodeUserFirst] = true
	}
	return nil
}

// Pack returns t's encoding, with c's options, in a slice of exactly the
// right length: with the zero Codec, the error-returning form of
// Tuple.Pack, which checks that every string is valid UTF-8.
func (c Codec) Pack(t Tuple) ([]byte, error) { return c.PackAfter(nil, t) }

// PackAfter returns prefix followed by t's encoding, with c's options, in
// a new slice of exactly the right length: the key of t in the subspace
// prefix.
func (c Codec) PackAfter(prefix []byte, t Tuple) ([]byte, error) {
	if len(c.Extensions) == 0 {
		return packAfter(prefix, t, c.AllowInvalidUTF8)
	}
	dst := make([]byte, len(prefix), len(prefix)+64)
	copy(dst, prefix)
	out, err := c.AppendTuple(dst, t)
	if err != nil {
		return nil, err
	}
	return out, nil
}

// UnpackAfter decodes the tuple that follows the first n bytes of key (a
// subspace prefix), with c's options. A *DecodeError's Offset counts from
// the start of key, not from the tuple.
func (c Codec) UnpackAfter(key []byte, n int) (Tuple, error) {
	if n < 0 || n > len(key) {
		return nil, &DecodeError{Offset: len(key), Err: ErrTruncated, Detail: fmt.Sprintf("the key has %d bytes, not a prefix of %d", len(key), n)}
	}
	t, err := c.Unpack(key[n:])
	var de *DecodeError
	if errors.As(err, &de) {
		de.Offset += n
	}
	return t, err
}

// AppendTuple appends t's encoding to dst, with c's extensions. On error
// it returns dst unchanged.
func (c Codec) AppendTuple(dst []byte, t Tuple) ([]byte, error) {
	if err := c.check(); err != nil {
		return dst, err
	}
	e := encoder{codec: c, rawUTF8: c.AllowInvalidUTF8}
	return e.appendTuple(dst, t, false, 0)
}

// ConsumeElement decodes the first element of b, of any kind including
// c's extensions, and reports its length.
func (c Codec) ConsumeElement(b []byte) (v any, n int, err error) {
	if err := c.check(); err != nil {
		return nil, 0, err
	}
	if len(b) == 0 {
		return nil, 0, &DecodeError{Err: ErrTruncated, Detail: "no element: the input is empty"}
	}
	d := decoder{in: b, lenient: c.Lenient, rawUTF8: c.AllowInvalidUTF8, codec: &c}
	if v, n, err = d.element(0, 0); err != nil {
		return nil, 0, err
	}
	return v, n, nil
}

// Compare is the package Compare with c's extensions: an extension's
// values sort after every standard element, by code, and among themselves
// by the extension's CompareValues.
func (c Codec) Compare(a, b Tuple) int {
	return compareTuples(a, b, 0, c)
}

// Format returns t's text form, with c's extensions' values in their own
// text forms.
func (c Codec) Format(t Tuple) string {
	if err := c.check(); err != nil {
		return "invalid codec: " + err.Error()
	}
	b, _ := appendTupleText(nil, t, true, 0, c)
	return string(b)
}

// FormatElement returns one element's text form (see AppendElementText),
// with c's extensions' values in their own text forms. Like String, it
// prints an unsupported value as unsupported(<type>) instead of failing.
func (c Codec) FormatElement(v any) string {
	if err := c.check(); err != nil {
		return "invalid codec: " + err.Error()
	}
	b, _ := appendElemText(nil, v, true, 0, c)
	return string(b)
}

// Describe is the package Describe with c's extensions: their elements
// print in their text forms, and an element of an unknown user code as
// user(0xNN, b"<the rest of the key>"), since its length is unknown.
func (c Codec) Describe(key []byte) string {
	if err := c.check(); err != nil {
		return "invalid codec: " + err.Error()
	}
	// Write each element's text as it is decoded, without keeping the
	// tuple: the cost is the text's, whatever the key holds.
	out := []byte{'('}
	d := decoder{in: key, lenient: c.Lenient, rawUTF8: c.AllowInvalidUTF8, codec: &c}
	n, pos := 0, 0
	for pos < len(key) {
		v, next, err := d.element(pos, 0)
		if err != nil {
			break
		}
		if n > 0 {
			out = append(out, ", "...)
		}
		out, _ = appendElemText(out, v, true, 0, c)
		n++
		pos = next
	}
	rest := key[pos:]
	if len(rest) > 0 {
		if code := types.Code(rest[0]); code.Status() == types.StatusUser && c.extensionFor(code) == nil {
			if n > 0 {
				out = append(out, ", "...)
			}
			out = fmt.Appendf(out, "user(0x%02x, ", byte(code))
			out = appendBytesText(out, rest[1:])
			return string(append(out, "))"...))
		}
	}
	if n == 1 {
		out = append(out, ',')
	}
	out = append(out, ')')
	if len(rest) > 0 {
		out = appendBytesText(append(out, " + "...), rest)
	}
	return string(out)
}
