package tuple

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"

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
// after any last element. NaN is the NaN Text prints so (math.NaN()), and
// Python's nan the one Python packs, float64bits(0x7ff8000000000000).
//
// Like Tuple.Pack and Text, Parse takes a string that is not valid UTF-8,
// written with \xNN escapes ("a\xffb"): it is Codec{AllowInvalidUTF8:
// true}.Parse. A Codec's Parse refuses one unless the codec allows it.
func Parse(s string) (Tuple, error) { return Codec{AllowInvalidUTF8: true}.Parse(s) }

// pythonNaN is the bits of Python's float('nan'), which its repr prints
// as nan.
const pythonNaN = 0x7ff8000000000000

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
	if depth > wirecore.MaxDepth {
		return nil, p.failWith(ErrTooDeep, "more than %d levels of nested tuples", wirecore.MaxDepth)
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
// tuplewire.MaxDepth.
func (p *parser) elem(depth int) (any, error) {
	if depth > wirecore.MaxDepth {
		return nil, p.failWith(ErrTooDeep, "more than %d levels of nested constructs", wirecore.MaxDepth)
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
