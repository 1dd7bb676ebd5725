package tuple

import (
	"encoding"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
)

// The text form of a tuple, printed by Text and AppendText and read by
// Parse:
//
//	tuple    = "(" [ elem { "," elem } [ "," ] ] ")"   one element: ("a",)
//	elem     = "nil" | "true" | "false" | int | float64 | float32
//	         | string | bytes | uuid | vstamp | tuple
//	int      = [ "-" ] digit { digit }                   any size
//	float64  = Go float literal with "." or "e": 1.0, -0.0, 2.5e-10
//	         | "+Inf" | "-Inf" | "NaN" | "float64bits(0x" 16 hex ")"
//	float32  = "float32(" float64 ")" | "float32bits(0x" 8 hex ")"
//	string   = Go double-quoted literal (strconv.Quote)
//	bytes    = 'b"' { printable ASCII but \ and " | `\\` | `\"` | `\x` hex hex } '"'
//	uuid     = 'UUID("' 8-4-4-4-12 hex '")'
//	vstamp   = "Versionstamp(" 20 hex "," uint16 ")"    20 f digits: incomplete
//
// NaN prints as NaN only for the NaN that Parse gives back (math.NaN() and
// float32(math.NaN())); any other payload prints its bits, so that every
// tuple survives the trip through text bit for bit. A string that is not
// valid UTF-8 prints its bytes as \xNN (and a ' in it as \u0027), which
// Parse reads back, as Tuple.Pack takes such strings.

var _ encoding.TextAppender = Tuple(nil)

const hexDigits = "0123456789abcdef"

// Text returns the text form of t, which Parse reads back bit for bit. An
// element of a type the codec does not support prints as
// unsupported(<type>), which Parse rejects; use AppendText to get an error
// instead. (String prints the official binding's display form.)
func (t Tuple) Text() string {
	b, _ := appendTupleText(nil, t, true, 0, Codec{})
	return string(b)
}

// GoString returns the text form, so that %#v in a test failure prints a
// tuple a person can read and paste into Parse.
func (t Tuple) GoString() string { return "tuple.MustParse(" + strconv.Quote(t.Text()) + ")" }

// AppendText appends the text form of t to dst. An element of an
// unsupported type is an ErrUnsupportedType error.
func (t Tuple) AppendText(dst []byte) ([]byte, error) {
	return appendTupleText(dst, t, false, 0, Codec{})
}

// AppendElementText appends the text form of one element, as it appears
// inside a tuple's text form: "a", 42, UUID("…"), (1, 2) for a nested
// tuple. ParseElement reads it back. An element of an unsupported type is
// an ErrUnsupportedType error.
func AppendElementText(dst []byte, v any) ([]byte, error) {
	return appendElemText(dst, v, false, 0, Codec{})
}

// appendTupleText and appendElemText print a tuple or one element. With
// lax, an unsupported value prints as unsupported(<type>) instead of
// failing. An error's path is recorded once, here.
func appendTupleText(dst []byte, t []any, lax bool, depth int, c Codec) ([]byte, error) {
	p := printer{lax: lax, codec: c}
	out, err := p.tuple(dst, t, depth)
	return out, p.trail.place(err)
}

func appendElemText(dst []byte, v any, lax bool, depth int, c Codec) ([]byte, error) {
	p := printer{lax: lax, codec: c}
	out, err := p.elem(dst, v, depth)
	return out, p.trail.place(err)
}

// printer writes the text form, as the encoder writes the binary one.
type printer struct {
	lax   bool
	codec Codec
	trail trail // the path of an error
}

func (p *printer) tuple(dst []byte, t []any, depth int) ([]byte, error) {
	if depth > wirecore.MaxDepth {
		return dst, encodeError(t, ErrTooDeep)
	}
	dst = append(dst, '(')
	for i, v := range t {
		if i > 0 {
			dst = append(dst, ", "...)
		}
		var err error
		if dst, err = p.elem(dst, v, depth); err != nil {
			p.trail.add(i)
			return dst, err
		}
	}
	if len(t) == 1 {
		dst = append(dst, ',')
	}
	return append(dst, ')'), nil
}

func (p *printer) elem(dst []byte, v any, depth int) ([]byte, error) {
	if x := p.codec.owner(v); x != nil {
		return x.AppendText(dst, v, p.codec), nil
	}
	switch v := normalize(v).(type) {
	case nil:
		return append(dst, "nil"...), nil
	case bool:
		return strconv.AppendBool(dst, v), nil
	case int64:
		return strconv.AppendInt(dst, v, 10), nil
	case uint64:
		return strconv.AppendUint(dst, v, 10), nil
	case *big.Int: // not nil: normalize makes a nil one a null
		return v.Append(dst, 10), nil
	case float64:
		return appendFloat64Text(dst, v), nil
	case float32:
		return appendFloat32Text(dst, v), nil
	case string:
		return appendStringText(dst, v), nil
	case []byte:
		return appendBytesText(dst, v), nil
	case UUID:
		dst = append(dst, `UUID("`...)
		return append(append(dst, v.String()...), `")`...), nil
	case Versionstamp:
		return v.AppendText(dst)
	case Tuple:
		return p.tuple(dst, v, depth+1)
	case []any:
		return p.tuple(dst, v, depth+1)
	}
	if p.lax {
		return fmt.Appendf(dst, "unsupported(%T)", v), nil
	}
	return dst, encodeError(v, ErrUnsupportedType)
}

// canonicalNaN64 and canonicalNaN32 are the NaNs that "NaN" parses to.
var (
	canonicalNaN64 = math.Float64bits(math.NaN())
	canonicalNaN32 = math.Float32bits(float32(math.NaN()))
)

func appendFloat64Text(dst []byte, f float64) []byte {
	if math.IsNaN(f) && math.Float64bits(f) != canonicalNaN64 {
		return fmt.Appendf(dst, "float64bits(0x%016x)", math.Float64bits(f))
	}
	return appendFloatLiteral(dst, f, 64)
}

func appendFloat32Text(dst []byte, f float32) []byte {
	if f != f && math.Float32bits(f) != canonicalNaN32 {
		return fmt.Appendf(dst, "float32bits(0x%08x)", math.Float32bits(f))
	}
	dst = append(dst, "float32("...)
	return append(appendFloatLiteral(dst, float64(f), 32), ')')
}

// appendFloatLiteral writes the shortest decimal that reads back to the
// same float, always with a "." or exponent so that it cannot be taken for
// an integer: 1.0, not 1.
func appendFloatLiteral(dst []byte, f float64, bitSize int) []byte {
	switch {
	case math.IsInf(f, 1):
		return append(dst, "+Inf"...)
	case math.IsInf(f, -1):
		return append(dst, "-Inf"...)
	case math.IsNaN(f):
		return append(dst, "NaN"...)
	}
	start := len(dst)
	dst = strconv.AppendFloat(dst, f, 'g', -1, bitSize)
	for _, c := range dst[start:] {
		if c == '.' || c == 'e' {
			return dst
		}
	}
	return append(dst, ".0"...)
}

// appendStringText writes s as a Go literal (strconv.Quote), where a
// byte that is not UTF-8 is \xNN. A ' in such a string is written \u0027:
// Parse takes a double-quoted literal with a ' whose Go reading is not
// UTF-8 for Python's repr, in which \xNN is a code point.
func appendStringText(dst []byte, s string) []byte {
	start := len(dst)
	dst = strconv.AppendQuote(dst, s)
	if strings.IndexByte(s, '\'') < 0 || utf8.ValidString(s) {
		return dst
	}
	quoted := string(dst[start:])
	return append(dst[:start], strings.ReplaceAll(quoted, "'", `\u0027`)...)
}

// appendBytesText writes b"..." in FoundationDB's printable form, with "
// escaped too, so that the literal ends where it seems to.
func appendBytesText(dst, b []byte) []byte {
	dst = append(dst, 'b', '"')
	for _, c := range b {
		switch {
		case c == '\\' || c == '"':
			dst = append(dst, '\\', c)
		case c >= 0x20 && c <= 0x7E:
			dst = append(dst, c)
		default:
			dst = append(dst, '\\', 'x', hexDigits[c>>4], hexDigits[c&0xF])
		}
	}
	return append(dst, '"')
}
