package tuple

// The literals of the text form: strings (Go and Python quoting), byte
// strings, numbers, float bit patterns, and the character classes the
// scanner uses.

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
)

// bareUUID reports whether s starts with an 8-4-4-4-12 UUID that is not the
// start of a longer token.
func bareUUID(s string) bool {
	if len(s) < 36 || (len(s) > 36 && isWordByte(s[36])) {
		return false
	}
	for i := range 36 {
		c := s[i]
		if i == 8 || i == 13 || i == 18 || i == 23 {
			if c != '-' {
				return false
			}
		} else if !isHex(c) {
			return false
		}
	}
	return true
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '.' || c == '<' || c == '>' || c == '-'
}

// goString reads a double-quoted literal. Go's quoting is the text
// form's, where \xNN is a byte: a string that is not valid UTF-8 prints
// its bytes so (strconv.Quote), and reads back bit for bit when the codec
// allows such strings (the package's Parse does, as Tuple.Pack and Text
// take them). Python's repr double-quotes a str that holds a ' (and no
// "), and there \xNN is the code point U+00NN: a literal with a raw '
// whose Go reading is not UTF-8 is Python's, which always is ("it's\x80"
// is it's and U+0080), unless it holds an \xNN that Python's repr never
// writes (see pythonEscapesOnly): the official Go binding's String quotes
// as Go does and leaves a ' raw, and "\xff'" is its. The text form never
// writes such a literal: it writes a ' in a string that is not UTF-8 as
// \u0027.
func (p *parser) goString() (any, error) {
	lit, err := strconv.QuotedPrefix(p.rest())
	if err != nil {
		return nil, p.fail("unterminated or malformed string literal")
	}
	if i := wirecore.InvalidUTF8At(lit); i >= 0 {
		p.pos += i // strconv.Unquote would replace the byte with U+FFFD
		return nil, p.failWith(ErrInvalidUTF8, "byte 0x%02x in a string literal is not valid UTF-8; write it as \\x%02x", lit[i], lit[i])
	}
	s, _ := strconv.Unquote(lit)
	switch {
	case wirecore.TextStringOK(s, false):
	case strings.IndexByte(lit, '\'') >= 0 && pythonEscapesOnly(lit):
		return p.quoted(false) // Python's repr
	case !wirecore.TextStringOK(s, p.codec.AllowInvalidUTF8):
		return nil, p.failWith(ErrInvalidUTF8, "string literal is not valid UTF-8 (a codec with AllowInvalidUTF8, or the package's Parse, reads it)")
	}
	p.pos += len(lit)
	return s, nil
}

// quoted reads a single- or double-quoted literal with Python's escapes:
// a str (bytes false) or, after a b prefix, a bytes literal, in which
// every character must be ASCII and \xNN is one byte.
func (p *parser) quoted(bytesLit bool) (any, error) {
	quote := p.s[p.pos]
	start := p.pos
	p.pos++
	var out []byte
	for {
		if p.pos >= len(p.s) {
			p.pos = start
			return nil, p.fail("unterminated quoted literal")
		}
		c := p.s[p.pos]
		switch {
		case c == quote && bytesLit && quote == '"' && p.inTuple && !p.closesElement(p.pos+1):
			// The official binding's String does not escape '"' in a
			// byte string: inside a tuple, a quote that is not followed
			// by ',' or ')' is one of the bytes.
			out = append(out, c)
			p.pos++
		case c == quote:
			p.pos++
			if bytesLit {
				if out == nil {
					out = []byte{}
				}
				return out, nil
			}
			// out holds a Python str's code points, which escapes write as
			// UTF-8: it is not UTF-8 only where the text itself is not (a
			// raw byte), which no codec's option lets through, as in a
			// double-quoted literal (goString).
			if !utf8.Valid(out) {
				return nil, p.failWith(ErrInvalidUTF8, "string literal is not valid UTF-8")
			}
			return string(out), nil
		case c == '\\':
			var err error
			if out, err = p.escape(out, bytesLit); err != nil {
				return nil, err
			}
		case bytesLit && (c < 0x20 || c > 0x7E):
			return nil, p.fail("bytes literals hold printable ASCII; write byte 0x%02x as \\x%02x", c, c)
		default:
			out = append(out, c)
			p.pos++
		}
	}
}

var simpleEscapes = map[byte]byte{
	'\\': '\\', '\'': '\'', '"': '"', 'n': '\n', 'r': '\r', 't': '\t',
	'a': '\a', 'b': '\b', 'f': '\f', 'v': '\v', '0': 0,
}

func (p *parser) escape(out []byte, bytesLit bool) ([]byte, error) {
	if p.pos+1 >= len(p.s) {
		return nil, p.fail("unfinished escape at end of text")
	}
	c := p.s[p.pos+1]
	if e, ok := simpleEscapes[c]; ok {
		p.pos += 2
		return append(out, e), nil
	}
	digits := map[byte]int{'x': 2, 'u': 4, 'U': 8}[c]
	if digits == 0 || (bytesLit && c != 'x') {
		return nil, p.fail("unknown escape \\%c", c)
	}
	hexText := p.s[min(p.pos+2, len(p.s)):min(p.pos+2+digits, len(p.s))]
	v, err := strconv.ParseUint(hexText, 16, 32)
	if len(hexText) != digits || err != nil {
		return nil, p.fail("\\%c needs %d hex digits", c, digits)
	}
	if bytesLit {
		out = append(out, byte(v))
	} else if r := rune(v); utf8.ValidRune(r) {
		out = utf8.AppendRune(out, r) // Python's \xNN in a str is a code point
	} else {
		return nil, p.failWith(ErrInvalidUTF8, "\\%c%s is not a Unicode code point", c, hexText)
	}
	p.pos += 2 + digits
	return out, nil
}

// number reads an integer, or a float64 when the literal has a "." or an
// exponent, or a signed infinity.
func (p *parser) number() (any, error) {
	start := p.pos
	end := p.pos + 1
	for end < len(p.s) {
		c := p.s[end]
		if c >= '0' && c <= '9' || c == '.' || c == 'e' || c == 'E' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' ||
			(c == '+' || c == '-') && (p.s[end-1] == 'e' || p.s[end-1] == 'E') {
			end++
			continue
		}
		break
	}
	lit := p.s[start:end]
	switch strings.TrimLeft(lit, "+-") {
	case "Inf", "inf", "Infinity":
		p.pos = end
		if lit[0] == '-' {
			return math.Inf(-1), nil
		}
		return math.Inf(1), nil
	}
	if strings.ContainsAny(lit, ".eE") {
		if strings.ContainsAny(lit, "xXpP_") {
			return nil, p.fail("malformed float literal %q", lit)
		}
		f, err := parseFloatLiteral[float64](lit, 64)
		if err != nil {
			return nil, p.failWith(syntaxSentinel(err), "malformed float literal %.40q: %v", lit, err)
		}
		p.pos = end
		return f, nil
	}
	// 255 bytes hold at most 615 decimal digits: refuse a longer literal
	// before converting it, which would cost time quadratic in its length.
	if digits := len(strings.TrimLeft(lit, "+-0")); digits > maxIntDigits {
		return nil, p.failWith(ErrTooLarge, "integer of %d digits needs more than 255 bytes", digits)
	}
	b, ok := new(big.Int).SetString(strings.TrimPrefix(lit, "+"), 10)
	if !ok {
		return nil, p.fail("malformed number %q", lit)
	}
	if tuplewire.SizeBigInt(b) < 0 {
		return nil, p.failWith(ErrTooLarge, "integer %q needs more than 255 bytes", lit)
	}
	p.pos = end
	return normalizeInt(b), nil
}

// maxIntDigits is the number of decimal digits of 2^2040, the magnitude
// past the largest integer the tuple layer encodes (255 bytes).
const maxIntDigits = 615

// normalizeInt returns b as the Go type Unpack gives the same value:
// int64 when it fits, uint64 from 2^63 to 2^64-1, and b itself beyond.
// Tuples built with it compare identical, Go types included, to decoded
// ones.
func normalizeInt(b *big.Int) any {
	switch {
	case b.IsInt64():
		return b.Int64()
	case b.IsUint64():
		return b.Uint64()
	}
	return b
}

var errNotANumber = errors.New("not a number")

// parseFloatLiteral reads a float literal at the given width. The one
// rule for both widths: a value beyond the largest finite one is an
// ErrTooLarge error; a value too small to represent rounds to zero, as the
// IEEE conversion does.
func parseFloatLiteral[F float32 | float64](lit string, bitSize int) (F, error) {
	f, err := strconv.ParseFloat(strings.TrimPrefix(lit, "+"), bitSize)
	if err != nil {
		if errors.Is(err, strconv.ErrRange) {
			return 0, fmt.Errorf("%w: %s is beyond the largest float%d", ErrTooLarge, lit, bitSize)
		}
		return 0, err
	}
	return F(f), nil
}

// syntaxSentinel returns the sentinel a SyntaxError wraps for err.
func syntaxSentinel(err error) error {
	if errors.Is(err, ErrTooLarge) {
		return ErrTooLarge
	}
	return ErrSyntax
}

func (p *parser) floatBits(single bool) (any, error) {
	p.space()
	digits := 16
	if single {
		digits = 8
	}
	rest := p.rest()
	if !strings.HasPrefix(rest, "0x") || len(rest) < 2+digits {
		return nil, p.fail("expected 0x and %d hex digits", digits)
	}
	u, err := strconv.ParseUint(rest[2:2+digits], 16, 64)
	if err != nil {
		return nil, p.fail("expected 0x and %d hex digits", digits)
	}
	p.pos += 2 + digits
	if err := p.expect(')', "to close the bits"); err != nil {
		return nil, err
	}
	if single {
		return math.Float32frombits(uint32(u)), nil
	}
	return math.Float64frombits(u), nil
}

func isHexString(s string) bool {
	for i := range len(s) {
		if !isHex(s[i]) {
			return false
		}
	}
	return true
}

// pythonEscapesOnly reports whether every escape of the double-quoted
// literal lit is one Python's repr of a str writes there: no \" (Python
// double-quotes a str only when it holds no "), and no \xNN but those of
// the code points below U+0100 it does not print, the controls (00–1F,
// 7F–9F), U+00A0 and U+00AD. Python prints the others as themselves (ÿ,
// not \xff), so an \xa1 to \xff but \xad is a Go byte escape. Escapes
// are read in order, so that the \\ of "a\\" is one escape, not the
// start of a \".
func pythonEscapesOnly(lit string) bool {
	for i := 1; i+1 < len(lit); i++ { // inside the quotes
		if lit[i] != '\\' {
			continue
		}
		i++ // the escaped character
		switch {
		case lit[i] == '"':
			return false
		case lit[i] == 'x' && i+2 < len(lit):
			n, err := strconv.ParseUint(lit[i+1:i+3], 16, 8)
			if err == nil && n >= 0xA1 && n != 0xAD {
				return false
			}
		}
	}
	return true
}
