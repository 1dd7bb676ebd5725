package tuple

// Extensions: the values of user type codes (0x40–0x4F), which a Codec
// carries, both ways, for every caller: the codec's checks and look-ups,
// Pack's and AppendElems's values an extension owns, a plan's ext=
// fields (the dispatchers of value.go hand them here), Unpack's decoder,
// and the framing of an extension's element, which only the extension
// can measure. Desc's extension is desc.go's.

import (
	"errors"
	"fmt"
	"reflect"

	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
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

// TextParser is implemented by an Extension whose values Codec.Parse reads
// back from the text form its AppendText writes, name(ARG), where ARG is
// one element of the text form (a quoted string for decimals, any element
// for desc). ParseArg turns ARG into the extension's value.
type TextParser interface {
	ParseArg(arg any, c Codec) (any, error)
}

// Check reports a codec that no method accepts: one whose extensions use
// codes outside 0x40–0x4F or share a code. The error wraps
// ErrInvalidCodec. Every error-returning method checks first; Format,
// FormatElement and Describe, which return text, print a codec that
// Check refuses as the codec without its extensions would (see Format).
func (c Codec) Check() error { return c.check() }

func (c Codec) check() error {
	var seen [16]bool
	for _, x := range c.Extensions {
		code := x.Code()
		if code < types.CodeUserFirst || code > types.CodeUserLast {
			return fmt.Errorf("%w: extension %s uses code %#02x, outside the user range 0x40–0x4f", ErrInvalidCodec, x.Name(), byte(code))
		}
		if seen[code-types.CodeUserFirst] {
			return fmt.Errorf("%w: two extensions use code %#02x", ErrInvalidCodec, byte(code))
		}
		seen[code-types.CodeUserFirst] = true
	}
	return nil
}

// usable is c, or c without its extensions when Check refuses them: the
// codec the text methods, which return no error, print with.
func (c Codec) usable() Codec {
	if len(c.Extensions) > 0 && c.check() != nil {
		c.Extensions = nil
	}
	return c
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

// suggestExtension names the extension this module suggests at code, for
// Describe's note on an element it cannot frame.
func suggestExtension(code types.Code) string {
	switch code {
	case DefaultDescCode:
		return "DescExtension(DefaultDescCode) reads code 0x4f"
	case 0x40: // tupledecimal.DefaultCode, which imports this package
		return "tupledecimal.Extension(tupledecimal.DefaultCode) reads code 0x40"
	}
	return fmt.Sprintf("a Codec with the Extension for code 0x%02x reads it", byte(code))
}

// appendExt appends rv as a value of the codec's extension for code.
func (e *encoder) appendExt(dst []byte, rv reflect.Value, code types.Code) ([]byte, error) {
	x := e.codec.extensionFor(code)
	v := rv.Interface()
	switch {
	case x == nil:
		return dst, &EncodeError{Type: rv.Type(), Err: fmt.Errorf("%w %#02x", ErrNoExtension, byte(code))}
	case !x.Owns(v):
		return dst, &EncodeError{Type: rv.Type(), Err: fmt.Errorf("%w: extension %s does not own %s", ErrUnsupportedType, x.Name(), withArticle(rv.Type().String()))}
	}
	out, err := x.AppendElement(dst, v, e.codec)
	if err != nil {
		return dst, asEncodeError(v, err)
	}
	return out, nil
}

// appendOwned appends v, a value the extension x owns, with x: on error,
// dst and an *EncodeError, x's own or one that names v.
func appendOwned(dst []byte, x Extension, v any, c Codec) ([]byte, error) {
	out, err := x.AppendElement(dst, v, c)
	var ee *EncodeError
	switch {
	case errors.As(err, &ee):
		return dst, err // it names the value at fault; the caller adds the index
	case err != nil:
		return dst, encodeError(v, err)
	}
	return out, nil
}

// scanExt scans a value of the codec's extension for code into rv.
func (s *scanner) scanExt(at, depth int, rv reflect.Value, code types.Code, dst any) (int, error) {
	if types.Code(s.in[at]) != code {
		return 0, s.wrongKind(at, dst)
	}
	var v any
	end, err := s.one(&v, at, depth)
	if err != nil {
		return 0, err
	}
	if vv := reflect.ValueOf(v); vv.Type().AssignableTo(rv.Type()) {
		rv.Set(vv)
		return end, nil
	}
	return 0, s.fail(at, ErrWrongType, fmt.Sprintf("a %T value cannot go into %v", v, rv.Type()))
}

// extension decodes an element of one of the codec's extensions.
func (d *decoder) extension(slot *any, pos int) (int, wirecore.Fault) {
	if d.codec == nil {
		return 0, wirecore.FaultAt(pos, wirecore.FaultCode)
	}
	x := d.codec.extensionFor(types.Code(d.in[pos]))
	if x == nil {
		return 0, wirecore.FaultAt(pos, wirecore.FaultCode)
	}
	v, n, err := x.ConsumeElement(d.in[pos:], *d.codec)
	if err != nil || n <= 0 || n > len(d.in)-pos {
		d.refusal = &refusal{pos, n, err}
		return 0, wirecore.FaultAt(pos, wirecore.FaultExtension)
	}
	*slot = v
	return pos + n, wirecore.Fault{}
}

// A refusal is an extension's answer to an element it did not decode.
type refusal struct {
	pos, n int
	err    error
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
		return de.Rebase(pos)
	case err != nil:
		return &DecodeError{Offset: pos, Code: code, Err: ErrInvalidCode, Detail: x.Name() + ": " + err.Error()}
	}
	return &DecodeError{Offset: pos, Code: code, Err: ErrInvalidCode, Detail: fmt.Sprintf("extension %s reported an element length of %d", x.Name(), n)}
}

// codecExtensions makes a codec's extensions framable by the engine,
// which knows no Codec.
type codecExtensions Codec

// FrameExtension frames an element of one of the codec's extensions,
// which only the extension can measure, by decoding it.
func (x *codecExtensions) FrameExtension(in []byte, pos int) (int, wirecore.Fault) {
	c := (*Codec)(x)
	if ext := c.extensionFor(types.Code(in[pos])); ext != nil {
		_, n, err := ext.ConsumeElement(in[pos:], *c)
		if err != nil || n <= 0 || n > len(in)-pos {
			return 0, wirecore.FaultAt(pos, wirecore.FaultExtension)
		}
		return pos + n, wirecore.Fault{}
	}
	return 0, wirecore.FaultAt(pos, wirecore.FaultCode)
}

// ExtensionProblem asks the extension at in[pos] why it refused its
// element.
func (x *codecExtensions) ExtensionProblem(in []byte, pos int) *wirecore.Problem {
	d := decoder{framer: framer{in: in, codec: (*Codec)(x)}}
	return (*wirecore.Problem)(d.extensionError(pos))
}
