package tuple

import (
	"errors"
	"fmt"

	"github.com/fdbtuple/fdbtuple/types"
)

// A fault is what the framing layer and the decoder report when their
// input breaks a rule of the format: where (an offset into the input) and
// which rule. Making one costs nothing, so a pass that only asks whether
// its input is well formed never formats a message. A fault becomes a
// *DecodeError in one place, decoder.error, which derives the numbers of
// its message from the input and records the element path once.
type fault struct {
	pos  int
	kind faultKind
}

type faultKind uint8

const (
	noFault           faultKind = iota
	faultEmpty                  // no element at all
	faultShort                  // a fixed-size element cut short
	faultNoLength               // a big integer without its length byte
	faultBigShort               // a big integer shorter than its length byte says
	faultUnterminated           // a byte or text string without its 00
	faultOpen                   // a nested tuple without its closing 00
	faultTooDeep                // a nested tuple past MaxDepth
	faultCode                   // a code that is no standard one, nor an extension's
	faultPadded                 // a fixed-size integer with a leading pad byte
	faultLongBig                // a big integer that belongs in a shorter form
	faultUTF8                   // a string that is not UTF-8
	faultExtension              // an extension refused its element
)

func (f fault) failed() bool { return f.kind != noFault }

// error returns the *DecodeError of fault f. Its path is d.trail, which
// the decoder built on its way out of the levels it was in when it met
// the fault, innermost index first.
func (d *decoder) error(f fault) error {
	e := d.describe(f)
	e.Path = d.trail.path(e.Path)
	return e
}

// elementError is the error of fault f in the single element at b[0].
func elementError(b []byte, f fault) error { return frameError(framer{in: b}, 0, -1, 0, f) }

// frameError is the error of fault f that framing found in the element
// at b[at], whose index in its tuple is i (-1: none, for a single
// element). Framing that element again with a trail gives the rest of
// the path, inside the element.
func frameError(fr framer, at, i, depth int, f fault) error {
	d := decoder{framer: fr}
	if at >= 0 && f.pos > at {
		d.framer.trail = &d.trail
		d.frame(at, depth)
	}
	if i >= 0 {
		d.trail.add(i)
	}
	return d.error(f)
}

// describe turns f into a *DecodeError without a path.
func (d *decoder) describe(f fault) *DecodeError {
	in, pos := d.in, f.pos
	e := &DecodeError{Offset: pos}
	if pos < len(in) {
		e.Code = types.Code(in[pos])
	}
	switch f.kind {
	case faultEmpty:
		e.Err, e.Detail = ErrTruncated, "no element: the input is empty"
	case faultShort:
		e.Err = ErrTruncated
		e.Detail = fmt.Sprintf("needs %d bytes after the code, %d remain", fixedSize[in[pos]]-1, len(in)-pos-1)
	case faultNoLength:
		e.Err, e.Detail = ErrTruncated, "no length byte"
	case faultBigShort:
		n, _ := bigLength(in, pos)
		e.Err = ErrTruncated
		e.Detail = fmt.Sprintf("length byte says %d bytes, %d remain", n, len(in)-pos-2)
	case faultUnterminated:
		e.Err, e.Detail = ErrUnterminated, "no 00 terminator before the end of the input"
	case faultOpen:
		e.Err, e.Detail = ErrUnterminated, "nested tuple has no closing 00"
	case faultTooDeep:
		e.Err, e.Detail = ErrTooDeep, fmt.Sprintf("more than %d levels", MaxDepth)
	case faultCode:
		e.Err, e.Detail = ErrInvalidCode, fmt.Sprintf("%s is not a standard type code", e.Code)
	case faultPadded:
		_, neg, _ := e.Code.IntLength()
		e.Err = ErrNonCanonical
		e.Detail = fmt.Sprintf("leading %02x byte: the value fits in fewer bytes", padByte(neg))
	case faultLongBig:
		n, _ := bigLength(in, pos)
		e.Err, e.Detail = ErrNonCanonical, fmt.Sprintf("a %d-byte magnitude belongs in a shorter form", n)
	case faultUTF8:
		end, _, esc, _ := stringSpan(in, pos, true)
		content := unescaped(nil, in[pos+1:end], esc)
		e.Err, e.Detail = ErrInvalidUTF8, fmt.Sprintf("at byte %d of the string", invalidUTF8At(content))
	case faultExtension:
		return d.extensionError(pos)
	}
	return e
}

// extensionError asks the extension at in[pos] again why it refused its
// element, and places its answer in the input.
func (d *decoder) extensionError(pos int) *DecodeError {
	code := types.Code(d.in[pos])
	x := d.codec.extensionFor(code)
	var n int
	var err error
	if r := d.refusal; r != nil && r.pos == pos {
		n, err = r.n, r.err
	} else { // not the extension that failed last: ask again
		_, n, err = x.ConsumeElement(d.in[pos:], *d.codec)
	}
	var de *DecodeError
	switch {
	case errors.As(err, &de):
		placed := *de
		placed.Offset += pos
		return &placed
	case err != nil:
		return &DecodeError{Offset: pos, Code: code, Err: ErrInvalidCode, Detail: x.Name() + ": " + err.Error()}
	}
	return &DecodeError{Offset: pos, Code: code, Err: ErrInvalidCode, Detail: fmt.Sprintf("extension %s reported an element length of %d", x.Name(), n)}
}
