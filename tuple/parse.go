package tuple

import (
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/fdbtuple/fdbtuple/types"
	"github.com/google/uuid"
)

// Parse reads a tuple in the text form that Text prints (see the grammar
// in text.go and the package doc), so that Parse(t.Text()) gives back t
// bit for bit. Integers come back as Unpack returns them: int64, uint64 or
// *big.Int.
//
// Parse also reads what the other bindings print, so that a key a program
// logged can be pasted in. The official Go binding's String (which this
// package's String prints too): <nil>, one element without a trailing
// comma, UUID(…) unquoted, Versionstamp(<10 printable bytes>, n), byte
// strings whose '"' is not escaped (inside a tuple, a quote not followed by
// ',' or ')' is taken as a byte), and floats as %v prints them (1e+21, NaN,
// +Inf; a whole float64 such as 1 prints as an integer there and reads
// back as one, and a float32 reads back as a float64). Python's repr (None, True, False, b'...'
// and '...' with Python escapes, inf and nan, SingleFloat(x), UUID('...'),
// Versionstamp(b'...', 7)); Java's null and bare UUIDs; fdbcli-printable
// transaction versions; Versionstamp(incomplete, 7); and a trailing comma
// after any last element.
func Parse(s string) (Tuple, error) { return Codec{}.Parse(s) }

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

// ParseElement reads one element in the text form at the start of s and
// returns it with the number of bytes it took, so that other notations
// (such as the key paths of package nested) can embed tuple elements.
// Leading spaces are skipped; what follows the element is left alone.
func ParseElement(s string) (v any, n int, err error) {
	p := parser{s: s}
	p.space()
	if v, err = p.elem(0); err != nil {
		return nil, 0, err
	}
	return v, p.pos, nil
}

// MustParse is Parse for literals in tests and examples: it panics on
// error.
func MustParse(s string) Tuple {
	t, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return t
}

type parser struct {
	s   string
	pos int
	// inTuple: the text is a whole tuple (Parse), so every element ends
	// at ',' or ')'.
	inTuple bool
	codec   Codec // for the extensions' text forms
}

// TextParser is implemented by an Extension whose values Codec.Parse reads
// back from the text form its AppendText writes, name(ARG), where ARG is
// one element of the text form (a quoted string for decimals, any element
// for desc). ParseArg turns ARG into the extension's value.
type TextParser interface {
	ParseArg(arg any, c Codec) (any, error)
}

// closesElement reports whether only spaces stand between pos and a ','
// or ')' or the end of the text.
func (p *parser) closesElement(pos int) bool {
	for pos < len(p.s) && strings.IndexByte(" \t\r\n", p.s[pos]) >= 0 {
		pos++
	}
	return pos == len(p.s) || p.s[pos] == ',' || p.s[pos] == ')'
}

func (p *parser) fail(format string, args ...any) error {
	return &SyntaxError{Offset: p.pos, Err: ErrSyntax, Msg: fmt.Sprintf(format, args...)}
}

func (p *parser) failWith(err error, format string, args ...any) error {
	return &SyntaxError{Offset: p.pos, Err: err, Msg: fmt.Sprintf(format, args...)}
}

// found describes what is at the current position, for error messages.
func (p *parser) found() string {
	if p.pos >= len(p.s) {
		return "end of text"
	}
	r, _ := utf8.DecodeRuneInString(p.s[p.pos:])
	return strconv.QuoteRune(r)
}

func (p *parser) space() {
	for p.pos < len(p.s) && strings.IndexByte(" \t\r\n", p.s[p.pos]) >= 0 {
		p.pos++
	}
}

func (p *parser) eat(c byte) bool {
	if p.pos < len(p.s) && p.s[p.pos] == c {
		p.pos++
		return true
	}
	return false
}

func (p *parser) rest() string { return p.s[p.pos:] }

func (p *parser) expect(c byte, what string) error {
	p.space()
	if !p.eat(c) {
		return p.fail("expected %q %s, found %s", c, what, p.found())
	}
	return nil
}

func (p *parser) tuple(depth int) (Tuple, error) {
	if !p.eat('(') {
		return nil, p.fail("expected '(' to start a tuple, found %s", p.found())
	}
	if depth > MaxDepth {
		return nil, p.failWith(ErrTooDeep, "more than %d levels of nested tuples", MaxDepth)
	}
	t := Tuple{}
	for {
		p.space()
		if p.eat(')') {
			return t, nil
		}
		if len(t) > 0 {
			if !p.eat(',') {
				return nil, p.fail("expected ',' or ')' after an element, found %s", p.found())
			}
			p.space()
			if p.eat(')') {
				return t, nil
			}
		}
		v, err := p.elem(depth)
		if err != nil {
			return nil, err
		}
		t = append(t, v)
	}
}

// elem reads one element. depth counts the constructs it is inside
// (nested tuples, float32(...)), so that no input can recurse deeper than
// MaxDepth.
func (p *parser) elem(depth int) (any, error) {
	if depth > MaxDepth {
		return nil, p.failWith(ErrTooDeep, "more than %d levels of nested constructs", MaxDepth)
	}
	rest := p.rest()
	switch {
	case rest == "":
		return nil, p.fail("expected an element, found end of text")
	case rest[0] == '(':
		return p.tuple(depth + 1)
	case rest[0] == '"':
		return p.goString()
	case rest[0] == '\'':
		return p.quoted(false)
	case strings.HasPrefix(rest, `b"`), strings.HasPrefix(rest, `b'`):
		p.pos++
		return p.quoted(true)
	case bareUUID(rest):
		u, _ := uuid.Parse(rest[:36])
		p.pos += 36
		return u, nil
	case rest[0] == '-' || rest[0] == '+' || (rest[0] >= '0' && rest[0] <= '9'):
		return p.number()
	}
	return p.word(depth)
}

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

func (p *parser) goString() (any, error) {
	lit, err := strconv.QuotedPrefix(p.rest())
	if err != nil {
		return nil, p.fail("unterminated or malformed string literal")
	}
	if i := invalidUTF8Index(lit); i >= 0 {
		p.pos += i // strconv.Unquote would replace the byte with U+FFFD
		return nil, p.failWith(ErrInvalidUTF8, "byte 0x%02x in a string literal is not valid UTF-8", lit[i])
	}
	s, _ := strconv.Unquote(lit)
	if !utf8.ValidString(s) {
		return nil, p.failWith(ErrInvalidUTF8, "string literal is not valid UTF-8")
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
	if SizeBigInt(b) < 0 {
		return nil, p.failWith(ErrTooLarge, "integer %q needs more than 255 bytes", lit)
	}
	p.pos = end
	return NormalizeInt(b), nil
}

// maxIntDigits is the number of decimal digits of 2^2040, the magnitude
// past the largest integer the tuple layer encodes (255 bytes).
const maxIntDigits = 615

// NormalizeInt returns b as the Go type Unpack gives the same value:
// int64 when it fits, uint64 from 2^63 to 2^64-1, and b itself beyond.
// Tuples built with it compare identical, Go types included, to decoded
// ones.
func NormalizeInt(b *big.Int) any {
	switch {
	case b.IsInt64():
		return b.Int64()
	case b.IsUint64():
		return b.Uint64()
	}
	return b
}

// word reads a keyword or a constructor such as float32(...).
func (p *parser) word(depth int) (any, error) {
	start := p.pos
	end := p.pos
	for end < len(p.s) && isWordByte(p.s[end]) && p.s[end] != '-' {
		end++
	}
	w := p.s[start:end]
	p.pos = end
	switch w {
	case "nil", "None", "null", "<nil>":
		return nil, nil
	case "true", "True":
		return true, nil
	case "false", "False":
		return false, nil
	case "NaN", "nan":
		return math.NaN(), nil
	case "Inf", "inf", "Infinity":
		return math.Inf(1), nil
	}
	if !p.eat('(') {
		p.pos = start
		return nil, p.fail("expected an element, found %q", w)
	}
	switch w {
	case "float32", "SingleFloat":
		return p.float32Call(depth)
	case "float32bits", "float64bits":
		return p.floatBits(w == "float32bits")
	case "UUID":
		return p.uuidCall()
	case "Versionstamp", "fdb.tuple.Versionstamp":
		return p.versionstampCall()
	}
	for _, x := range p.codec.Extensions {
		if tp, ok := x.(TextParser); ok && x.Name() == w {
			return p.extensionCall(tp, start, depth)
		}
	}
	p.pos = start
	return nil, p.fail("unknown constructor %s(", w)
}

// extensionCall reads the argument of an extension's name(...) and hands
// it to the extension.
func (p *parser) extensionCall(tp TextParser, start, depth int) (any, error) {
	p.space()
	at := p.pos
	arg, err := p.elem(depth + 1)
	if err != nil {
		return nil, err
	}
	v, err := tp.ParseArg(arg, p.codec)
	if err != nil {
		p.pos = at
		return nil, p.failWith(syntaxSentinel(err), "%s: %v", p.s[start:at-1], err)
	}
	if err := p.expect(')', "to close "+p.s[start:at]); err != nil {
		return nil, err
	}
	return v, nil
}

// float32Call reads the number inside float32(...) and rounds its literal
// once, at 32 bits: a literal read as a float64 first and then converted
// could round twice and land one ulp off.
func (p *parser) float32Call(depth int) (any, error) {
	p.space()
	at := p.pos
	v, err := p.elem(depth + 1)
	if err != nil {
		return nil, err
	}
	var f float32
	switch v := v.(type) {
	case float64:
		if math.IsNaN(v) || math.IsInf(v, 0) {
			f = float32(v)
			break
		}
		f, err = parseFloatLiteral[float32](p.s[at:p.pos], 32)
	case int64, uint64, *big.Int: // SingleFloat(3) in Python
		f, err = parseFloatLiteral[float32](p.s[at:p.pos], 32)
	default:
		err = errNotANumber
	}
	if err != nil {
		p.pos = at
		return nil, p.failWith(syntaxSentinel(err), "float32( needs a number that fits a float32: %v", err)
	}
	if err := p.expect(')', "to close float32("); err != nil {
		return nil, err
	}
	return f, nil
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

func (p *parser) uuidCall() (any, error) {
	p.space()
	quote := byte(0)
	if p.pos < len(p.s) && (p.s[p.pos] == '"' || p.s[p.pos] == '\'') {
		quote = p.s[p.pos]
		p.pos++
	}
	if !bareUUID(p.rest()) {
		return nil, p.fail("expected a UUID in 8-4-4-4-12 hex form")
	}
	u, _ := uuid.Parse(p.s[p.pos : p.pos+36])
	p.pos += 36
	if quote != 0 && !p.eat(quote) {
		return nil, p.fail("expected %q to close the UUID", quote)
	}
	if err := p.expect(')', "to close UUID("); err != nil {
		return nil, err
	}
	return u, nil
}

func (p *parser) versionstampCall() (any, error) {
	open := p.pos // the official display's bytes start here, perhaps with a space
	p.space()
	var v types.Versionstamp
	rest := p.rest()
	switch {
	case strings.HasPrefix(rest, "b'"), strings.HasPrefix(rest, `b"`):
		p.pos++
		b, err := p.quoted(true)
		if err != nil {
			return nil, err
		}
		if len(b.([]byte)) != 10 {
			return nil, p.fail("a transaction version is 10 bytes, not %d", len(b.([]byte)))
		}
		copy(v.TransactionVersion[:], b.([]byte))
	case strings.HasPrefix(rest, "incomplete"), strings.HasPrefix(rest, "<incomplete>"):
		v = types.IncompleteVersionstamp(0)
		p.pos += strings.Index(rest, "incomplete") + len("incomplete")
		p.eat('>')
	case len(rest) >= 20 && isHexString(rest[:20]) && (len(rest) == 20 || !isHex(rest[20])):
		_, _ = hex.Decode(v.TransactionVersion[:], []byte(rest[:20]))
		p.pos += 20
	default:
		// The official Go binding prints the transaction version in
		// fdbcli-printable form, unquoted: \x00\x00\x01..., 7. It is
		// exactly 10 bytes, which may include ',', ')' or a leading space.
		p.pos = open
		raw, ok := p.printableBytes(10)
		if !ok {
			return nil, p.fail("expected a transaction version: 20 hex digits, incomplete, or 10 bytes")
		}
		copy(v.TransactionVersion[:], raw)
	}
	if err := p.expect(',', "before the user version"); err != nil {
		return nil, err
	}
	p.space()
	end := p.pos
	for end < len(p.s) && p.s[end] >= '0' && p.s[end] <= '9' {
		end++
	}
	uv, err := strconv.ParseUint(p.s[p.pos:end], 10, 16)
	if err != nil {
		return nil, p.fail("expected a user version from 0 to 65535")
	}
	v.UserVersion = uint16(uv)
	p.pos = end
	if err := p.expect(')', "to close Versionstamp("); err != nil {
		return nil, err
	}
	return v, nil
}

// printableBytes reads exactly n bytes written in FoundationDB's printable
// form (\\, \xNN, or a printable ASCII character for itself).
func (p *parser) printableBytes(n int) ([]byte, bool) {
	out := make([]byte, 0, n)
	pos := p.pos
	for len(out) < n && pos < len(p.s) {
		c := p.s[pos]
		switch {
		case c == '\\' && pos+1 < len(p.s) && p.s[pos+1] == '\\':
			out = append(out, '\\')
			pos += 2
		case c == '\\' && pos+3 < len(p.s) && p.s[pos+1] == 'x' && isHex(p.s[pos+2]) && isHex(p.s[pos+3]):
			b, _ := strconv.ParseUint(p.s[pos+2:pos+4], 16, 8)
			out = append(out, byte(b))
			pos += 4
		case c >= 0x20 && c <= 0x7E && c != '\\':
			out = append(out, c)
			pos++
		default:
			return nil, false
		}
	}
	if len(out) < n {
		return nil, false
	}
	p.pos = pos
	return out, true
}

// invalidUTF8Index returns the index of the first byte of s that does not
// start a valid UTF-8 sequence, or -1.
func invalidUTF8Index(s string) int {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return -1
}

func isHexString(s string) bool {
	for i := range len(s) {
		if !isHex(s[i]) {
			return false
		}
	}
	return true
}

// ParsePrintable is the inverse of Printable: it reads a key written in
// FoundationDB's printable form, where \xNN is a byte, \\ a backslash, and
// every other character stands for its own bytes. It also takes \" and \',
// which fdbcli accepts inside quoted keys.
func ParsePrintable(s string) ([]byte, error) {
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' {
			out = append(out, c)
			continue
		}
		switch {
		case i+1 < len(s) && (s[i+1] == '\\' || s[i+1] == '"' || s[i+1] == '\''):
			out = append(out, s[i+1])
			i++
		case i+3 < len(s) && s[i+1] == 'x' && isHex(s[i+2]) && isHex(s[i+3]):
			b, _ := strconv.ParseUint(s[i+2:i+4], 16, 8)
			out = append(out, byte(b))
			i += 3
		default:
			return nil, &SyntaxError{Offset: i, Err: ErrSyntax, Msg: `a backslash must start \\, \", \' or \xNN`}
		}
	}
	return out, nil
}
