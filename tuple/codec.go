package tuple

// A Codec is the set of options every encoding and decoding method of this
// package runs with: strict or lenient decoding, strings that are not
// UTF-8, and the extensions for user type codes. Its zero value is the
// strict standard codec behind the package-level functions (Unpack,
// Compare, Parse, Describe). The methods on whole tuples and keys are in
// this file; the others stand with what they serve: Check in
// extension.go, AppendElems in append_elems_codec.go, AppendCustom and
// ScanCustom in custom.go.

import (
	"fmt"
	"iter"

	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
	"github.com/fdbtuple/fdbtuple/types"
)

// Codec holds the options of encoding and decoding. The zero value is the
// strict codec behind Unpack, Compare and the error-returning encoders. A
// Codec is a plain value: nothing in this package changes how another
// caller's tuples encode or decode.
type Codec struct {
	// Lenient accepts what the Python reference binding accepts although no
	// encoder writes it: byte strings, strings and nested tuples that run to
	// the end of the input without a terminator, and integers in longer
	// forms than their minimal one. Everything strict decoding rejects for
	// any other reason stays rejected.
	Lenient bool
	// Extensions encode and decode values under user type codes
	// (0x40–0x4F); see Extension. Without them, user codes are
	// ErrInvalidCode.
	Extensions []Extension
	// AllowInvalidUTF8 encodes and decodes strings whose bytes are not
	// valid UTF-8 byte for byte, as the official Go binding does: its
	// Pack writes a Go string's bytes unchecked, and its Unpack returns
	// them. Set it to read keys that binding wrote from such strings.
	// Without it, they are ErrInvalidUTF8 both ways, as Python's decoder
	// rejects them (Java's replaces each bad sequence with U+FFFD).
	AllowInvalidUTF8 bool
}

// Unpack decodes a packed tuple with c's options. The result shares no
// memory with b.
func (c Codec) Unpack(b []byte) (Tuple, error) { return unpack(c, b, 0) }

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
	return unpack(c, key, n)
}

// AppendTuple appends t's encoding to dst, with c's extensions. On error
// it returns dst unchanged.
func (c Codec) AppendTuple(dst []byte, t Tuple) ([]byte, error) {
	if err := c.check(); err != nil {
		return dst, err
	}
	e := encoder{codec: c, rawUTF8: c.AllowInvalidUTF8}
	out, err := e.appendTuple(dst, t, false, 0)
	return out, e.placed(err)
}

// ConsumeElement decodes the first element of b, of any kind including
// c's extensions, and reports its length.
func (c Codec) ConsumeElement(b []byte) (v any, n int, err error) {
	if err := c.check(); err != nil {
		return nil, 0, err
	}
	if len(b) == 0 {
		return nil, 0, decodeError(wirecore.Explain(b, wirecore.FaultAt(0, wirecore.FaultEmpty)))
	}
	var d decoder
	d.start(c, b)
	n, f := d.element(&v, 0, 0)
	if f.Failed() {
		return nil, 0, d.error(f)
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
// text forms. It returns no error and no error text: with a codec that
// Check refuses it uses none of the extensions, so that their values print
// as unsupported(<type>), as any value the codec cannot encode does. Call
// Check where a codec comes from configuration.
func (c Codec) Format(t Tuple) string {
	c = c.usable()
	b, _ := appendTupleText(nil, t, true, 0, c)
	return string(b)
}

// FormatElement returns one element's text form (see AppendElementText),
// with c's extensions' values in their own text forms. Like String, it
// prints an unsupported value as unsupported(<type>) instead of failing.
//
// Like Format, it uses none of the extensions of a codec that Check
// refuses.
func (c Codec) FormatElement(v any) string {
	c = c.usable()
	b, _ := appendElemText(nil, v, true, 0, c)
	return string(b)
}

// Describe is the package Describe with c's extensions: their elements
// print in their text forms. At an element of a user type code that c has
// no extension for, reading stops, since that element's length is unknown:
// the rest of the key follows as bytes, with a note that gives the offset
// and the code and names the extension that reads it.
//
// Like Format, it uses none of the extensions of a codec that Check
// refuses: their elements show as user type codes without an extension.
func (c Codec) Describe(key []byte) string {
	c = c.usable()
	// Write each element's text as it is decoded, without keeping the
	// tuple: the cost is the text's, whatever the key holds.
	out := []byte{'('}
	var d decoder
	d.start(c, key)
	n, pos := 0, 0
	for pos < len(key) {
		var v any
		next, f := d.element(&v, pos, 0)
		if f.Failed() {
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
	if n == 1 {
		out = append(out, ',')
	}
	out = append(out, ')')
	if len(rest) > 0 {
		out = appendBytesText(append(out, " + "...), rest)
		if code := types.Code(rest[0]); code.Status() == types.StatusUser && c.extensionFor(code) == nil {
			out = fmt.Appendf(out, " (stopped at offset %d: user type code 0x%02x has no extension here, so where its element ends is unknown; %s)", pos, byte(code), suggestExtension(code))
		}
	}
	return string(out)
}

// Parse is the package Parse with c's extensions: a value of an extension
// that implements TextParser reads back from its text form, such as
// decimal("1.5") or desc(42).
func (c Codec) Parse(s string) (Tuple, error) {
	p := parser{s: s, inTuple: true, codec: c}
	p.space()
	t, err := p.tuple(0)
	if err != nil {
		return nil, err
	}
	p.space()
	if p.pos < len(s) {
		return nil, p.fail("unexpected %s after the tuple", p.found())
	}
	return t, nil
}

// Elements is the package Elements with c's extensions and leniency: an
// extension's element is framed by decoding it.
func (c Codec) Elements(b []byte) iter.Seq2[[]byte, error] {
	return func(yield func([]byte, error) bool) {
		if err := c.check(); err != nil {
			yield(nil, err)
			return
		}
		walk(codecFramer(c, b), wirecore.TopLevel(0), 0, yield)
	}
}

// NestedElements is the package NestedElements with c's extensions and
// leniency.
func (c Codec) NestedElements(elem []byte) iter.Seq2[[]byte, error] {
	return func(yield func([]byte, error) bool) {
		if err := tuplewire.Expect(elem, types.KindTuple); err != nil {
			yield(nil, err)
			return
		}
		if err := c.check(); err != nil {
			yield(nil, err)
			return
		}
		walk(codecFramer(c, elem), wirecore.NestedLevel(0), 1, yield)
	}
}

// Scan is the package Scan with c's extensions and leniency.
func (c Codec) Scan(key []byte, dst ...any) error {
	rest, err := c.ScanPrefix(key, dst...)
	if err != nil {
		return c.scanPrefixHint(key, len(dst), c.descHint(err))
	}
	if len(rest) > 0 {
		pos := len(key) - len(rest)
		return &DecodeError{Offset: pos, Path: []int{len(dst)}, Code: types.Code(key[pos]), Err: ErrTooManyElements,
			Detail: fmt.Sprintf("the key holds more than the %d elements scanned", len(dst))}
	}
	return err
}

// ScanPrefix is the package ScanPrefix with c's extensions and leniency.
func (c Codec) ScanPrefix(key []byte, dst ...any) (rest []byte, err error) {
	if len(c.Extensions) > 0 {
		if err := c.check(); err != nil {
			return nil, err
		}
	}
	var s scanner // field by field, as Plan.UnmarshalPrefix sets it
	s.codec, s.in, s.lenient, s.scans = c, key, c.Lenient, len(dst)
	if len(c.Extensions) > 0 {
		withExt := c // on the heap only when there are extensions
		s.framer.codec = &withExt
	}
	end, err := s.tuple(wirecore.TopLevel(0), 0, dst)
	if err != nil {
		return nil, s.trail.place(err)
	}
	return key[end:], nil
}
