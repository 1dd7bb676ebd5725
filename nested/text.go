package nested

import (
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/google/uuid"
)

// String returns the text form, /kind-id/kind-id (see the package doc).
// An id element of a type the tuple layer cannot encode prints as
// unsupported(<type>), which Parse rejects.
func (p Path) String() string {
	b, _ := p.appendText(nil, true)
	return string(b)
}

// AppendText appends the text form to dst.
func (p Path) AppendText(dst []byte) ([]byte, error) { return p.appendText(dst, false) }

// MarshalText returns the text form.
func (p Path) MarshalText() ([]byte, error) { return p.AppendText(nil) }

// UnmarshalText sets p to the path Parse reads from text.
func (p *Path) UnmarshalText(text []byte) error {
	q, err := Parse(string(text))
	if err != nil {
		return err
	}
	*p = q
	return nil
}

func (p Path) appendText(dst []byte, lax bool) ([]byte, error) {
	if len(p.segs) == 0 {
		return append(dst, '/'), nil
	}
	for _, s := range p.segs {
		if s.Kind == "" && !lax {
			return dst, ErrEmptyKind
		}
		dst = append(dst, '/')
		if bareKind(s.Kind) {
			dst = append(dst, s.Kind...)
		} else {
			dst = strconv.AppendQuote(dst, s.Kind)
		}
		if len(s.ID) == 0 {
			continue
		}
		dst = append(dst, '-')
		var err error
		if len(s.ID) == 1 && !isTuple(s.ID[0]) {
			dst, err = appendID(dst, s.ID[0], lax)
		} else {
			dst, err = appendComposite(dst, s.ID, lax)
		}
		if err != nil {
			return dst, err
		}
	}
	return dst, nil
}

// isTuple reports whether v encodes as a nested tuple, named tuple types
// included: its text needs the composite form, or it would read back as
// one.
func isTuple(v any) bool {
	switch v.(type) {
	case tuple.Tuple, []any:
		return true
	case nil:
		return false
	}
	t := reflect.TypeOf(v) // a named tuple type: a slice of any
	return t.Kind() == reflect.Slice && t.Elem() == reflect.TypeFor[any]()
}

// appendID writes one id element: UUIDs bare, everything else in the
// tuple text form.
func appendID(dst []byte, v any, lax bool) ([]byte, error) {
	if u, ok := v.(uuid.UUID); ok {
		return append(dst, u.String()...), nil
	}
	text, err := elementText(v, lax)
	return append(dst, text...), err
}

// appendComposite writes several id elements, or one that is a tuple, as
// a parenthesised list.
func appendComposite(dst []byte, id tuple.Tuple, lax bool) ([]byte, error) {
	dst = append(dst, '(')
	for i, v := range id {
		if i > 0 {
			dst = append(dst, ", "...)
		}
		var err error
		if dst, err = appendID(dst, v, lax); err != nil {
			return dst, err
		}
	}
	if len(id) == 1 {
		dst = append(dst, ',')
	}
	return append(dst, ')'), nil
}

// elementText is one element in the tuple text form; lax prints an
// unsupported value instead of failing.
func elementText(v any, lax bool) (string, error) {
	if lax {
		return tuple.Codec{}.FormatElement(v), nil
	}
	b, err := tuple.AppendElementText(nil, v)
	return string(b), err
}

// bareKind reports whether a kind prints without quotes: a letter, then
// letters, digits, _ or '.'.
func bareKind(k string) bool {
	if k == "" {
		return false
	}
	for i := 0; i < len(k); i++ {
		c := k[i]
		letter := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		if !letter && (i == 0 || !(c >= '0' && c <= '9' || c == '_' || c == '.')) {
			return false
		}
	}
	return true
}

// ErrSyntax is wrapped by the *tuple.SyntaxError Parse returns for text
// that is not a path.
var ErrSyntax = tuple.ErrSyntax

// Parse reads a path in the text form String prints: "/" for the root,
// otherwise one or more /kind or /kind-id segments.
func Parse(s string) (Path, error) {
	if s == "/" {
		return Path{}, nil
	}
	var p Path
	pos := 0
	fail := func(format string, args ...any) (Path, error) {
		return Path{}, &tuple.SyntaxError{Offset: pos, Err: tuple.ErrSyntax, Msg: fmt.Sprintf(format, args...)}
	}
	if s == "" {
		return fail("a path starts with /")
	}
	for pos < len(s) {
		if s[pos] != '/' {
			return fail("expected / before a segment, found %q", s[pos:pos+1])
		}
		pos++
		kind, n, err := parseKind(s[pos:])
		if err != nil {
			return Path{}, &tuple.SyntaxError{Offset: pos, Err: cause(err), Msg: err.Error()}
		}
		pos += n
		seg := Segment{Kind: kind}
		if pos < len(s) && s[pos] == '-' {
			pos++
			id, n, err := parseID(s[pos:])
			if err != nil {
				var se *tuple.SyntaxError
				if errors.As(err, &se) {
					c := *se
					c.Offset += pos
					return Path{}, &c
				}
				return fail("%v", err)
			}
			seg.ID = id
			pos += n
		}
		p.segs = append(p.segs, seg)
	}
	// What Parse accepts, MarshalBinary packs: a kind or id that cannot be
	// encoded (a quoted kind that is not UTF-8, ids nested too deep) is a
	// syntax error here, not a surprise later.
	if _, err := p.AppendBinary(nil); err != nil {
		return Path{}, &tuple.SyntaxError{Offset: 0, Err: cause(err), Msg: "the path cannot be packed: " + err.Error()}
	}
	return p, nil
}

// cause returns the sentinel behind an encoding error.
func cause(err error) error {
	for _, s := range []error{tuple.ErrInvalidUTF8, tuple.ErrTooDeep, tuple.ErrTooLarge, ErrEmptyKind} {
		if errors.Is(err, s) {
			return s
		}
	}
	return tuple.ErrSyntax
}

// MustParse is Parse for literals in tests and examples: it panics on
// error.
func MustParse(s string) Path {
	p, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return p
}

func parseKind(s string) (string, int, error) {
	if strings.HasPrefix(s, `"`) {
		lit, err := strconv.QuotedPrefix(s)
		if err != nil {
			return "", 0, errors.New("unterminated quoted kind")
		}
		if !utf8.ValidString(lit) { // Unquote would turn the bytes into U+FFFD
			return "", 0, fmt.Errorf("%w: the quoted kind %q", tuple.ErrInvalidUTF8, lit)
		}
		k, _ := strconv.Unquote(lit)
		if k == "" {
			return "", 0, errors.New("a kind cannot be empty")
		}
		return k, len(lit), nil
	}
	n := 0
	for n < len(s) && s[n] != '/' && s[n] != '-' {
		n++
	}
	if !bareKind(s[:n]) {
		return "", 0, fmt.Errorf("expected a kind (a letter, then letters, digits, _ or ., or a quoted string), found %q", s[:n])
	}
	return s[:n], n, nil
}

// parseID reads a single id element or a parenthesised composite id.
func parseID(s string) (tuple.Tuple, int, error) {
	v, n, err := tuple.ParseElement(s)
	if err != nil {
		return nil, 0, err
	}
	if n < len(s) && s[n] != '/' {
		return nil, 0, &tuple.SyntaxError{Offset: n, Err: tuple.ErrSyntax, Msg: fmt.Sprintf("expected / or the end after an id, found %q", s[n:n+1])}
	}
	if t, ok := v.(tuple.Tuple); ok {
		return t, n, nil // "(a, b)": a composite id
	}
	return tuple.Tuple{v}, n, nil
}
