package keyschema

import (
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/internal/schematext"
)

// A SyntaxError reports schema text that does not follow the grammar:
// where reading stopped and what was expected there.
type SyntaxError struct {
	Offset   int    // byte offset in the text
	Expected string // what the grammar allows at Offset
	Found    string // what is there instead, quoted; "end of text" at the end
}

// Error reads, for example,
// `keyschema: offset 9: expected a type (string, bytes, int64, ...), found "int63)"`.
func (e *SyntaxError) Error() string {
	return fmt.Sprintf("keyschema: offset %d: expected %s, found %s", e.Offset, e.Expected, e.Found)
}

// Parse reads a schema in the text form Plan.Schema prints (the grammar
// is in the package doc). It reads the grammar exactly: one space after
// each comma and after each name, no other space, and nothing after the
// closing parenthesis; trim a file's final newline first.
func Parse(text string) (*Schema, error) {
	p := &parser{s: text}
	prefix, err := p.under()
	if err != nil {
		return nil, err
	}
	items, err := p.items(true)
	if err != nil {
		return nil, err
	}
	if p.pos != len(p.s) {
		return nil, p.fail("the end of the schema after its closing ')'")
	}
	return &Schema{Prefix: prefix, Items: items}, nil
}

// under reads "under " prefix " ", when the text starts so: the prefix
// as tuple text, ("app", "comments"), or as 0x and hex. A prefix is not
// empty (an empty one is the plan's own keys, written without under),
// and is written as PrefixText writes it, so that a schema has one text.
func (p *parser) under() ([]byte, error) {
	if !p.take(schematext.Under) {
		return nil, nil
	}
	start := p.pos
	var prefix []byte
	switch {
	case p.take(schematext.HexOpen):
		end := p.pos
		for end < len(p.s) && isHex(p.s[end]) {
			end++
		}
		b, err := hex.DecodeString(p.s[p.pos:end])
		if err != nil || end == p.pos {
			return nil, p.fail("the prefix's bytes as an even number of hex digits after 0x")
		}
		prefix, p.pos = b, end
	case p.pos < len(p.s) && p.s[p.pos] == '(':
		v, n, err := tuple.ParseElement(p.s[p.pos:])
		t, isTuple := v.(tuple.Tuple)
		if err != nil || !isTuple {
			return nil, p.fail("the prefix as tuple text, (\"app\", \"comments\")")
		}
		if prefix, err = (tuple.Codec{}).Pack(t); err != nil {
			return nil, p.fail("a prefix the tuple codec packs: " + err.Error())
		}
		p.pos += n
	default:
		return nil, p.fail(`a prefix after "under ": tuple text, ("app", "comments"), or 0x and hex`)
	}
	if len(prefix) == 0 {
		p.pos = start
		return nil, p.fail("a prefix of one byte or more (keys under no prefix are written without under)")
	}
	if want := tuple.PrefixText(prefix); want != p.s[start:p.pos] {
		p.pos = start
		return nil, p.fail("the prefix written as " + want + " (the one text of its bytes)")
	}
	if err := p.expect(schematext.NameSep); err != nil {
		return nil, err
	}
	return prefix, nil
}

func isHex(c byte) bool { return isDigit(c) || c >= 'a' && c <= 'f' }

type parser struct {
	s   string
	pos int
	// inDesc is set while reading the type inside desc(...): the format
	// does not let one descending element hold another.
	inDesc bool
}

func (p *parser) fail(expected string) error {
	return &SyntaxError{Offset: p.pos, Expected: expected, Found: p.found()}
}

// found quotes the text at pos, up to a short excerpt.
func (p *parser) found() string {
	if p.pos >= len(p.s) {
		return "end of text"
	}
	rest := p.s[p.pos:]
	if len(rest) > 12 {
		rest = rest[:12] + "..."
	}
	return strconv.Quote(rest)
}

func (p *parser) take(s string) bool {
	if strings.HasPrefix(p.s[p.pos:], s) {
		p.pos += len(s)
		return true
	}
	return false
}

func (p *parser) expect(s string) error {
	if !p.take(s) {
		return p.fail(strconv.Quote(s))
	}
	return nil
}

// items reads "(" [ item *( ", " item ) ] ")": the key's own items
// (top), or a nested struct's. Only the key's own fields may be
// optional, and only its last ones: a key ends where a nil optional
// field is, so nothing but optional fields may follow one.
func (p *parser) items(top bool) ([]Item, error) {
	if err := p.expect("("); err != nil {
		return nil, err
	}
	var items []Item
	names := map[string]bool{}
	if p.take(")") {
		return items, nil
	}
	firstOptional := ""
	for {
		it, err := p.item(top)
		if err != nil {
			return nil, err
		}
		switch {
		case it.IsOptional() && firstOptional == "":
			firstOptional = it.Name
		case firstOptional != "" && !it.IsOptional():
			p.pos = it.Offset
			return nil, p.fail("an optional field after optional field " + firstOptional + ": a key ends where a nil optional field is, so every item after an optional one is a field of type optional(TYPE)")
		}
		if !it.IsConst() {
			if names[it.Name] {
				return nil, &SyntaxError{Offset: it.Offset, Expected: "a field name not used before at this level", Found: strconv.Quote(it.Name)}
			}
			names[it.Name] = true
		}
		items = append(items, it)
		if p.take(")") {
			return items, nil
		}
		if !p.take(schematext.ItemSep) {
			return nil, p.fail(`", " or ")" after an item`)
		}
	}
}

// item reads a constant or a field; a field of the key's own level (top)
// may be optional.
func (p *parser) item(top bool) (Item, error) {
	start := p.pos
	if p.pos < len(p.s) && (p.s[p.pos] == '"' || p.s[p.pos] == '-' || isDigit(p.s[p.pos])) {
		v, err := p.constant()
		return Item{Const: v, Offset: start}, err
	}
	name := p.ident()
	if name == "" {
		return Item{}, p.fail(`a field name (a Go identifier) or a constant ("TEXT" or an integer)`)
	}
	if err := p.expect(schematext.NameSep); err != nil {
		return Item{}, err
	}
	var t *Type
	var err error
	if top && p.take(schematext.OptionalOpen) {
		t, err = p.optional()
	} else {
		t, err = p.typ()
	}
	if err != nil {
		return Item{}, err
	}
	return Item{Name: name, Type: t, Offset: start}, nil
}

// optional reads the rest of optional(TYPE) after its "(": the type of
// the field's values, which is neither nullable (the field's nil is no
// element, so it has no other nil) nor descending (a key that leaves
// the field out sorts before every value of it, in either direction).
func (p *parser) optional() (*Type, error) {
	at := p.pos
	elem, err := p.typ()
	if err != nil {
		return nil, err
	}
	switch elem.Kind {
	case KindNullable:
		p.pos = at
		return nil, p.fail("a type that is not nullable inside optional(: an optional field's nil leaves it out of the key, and it has no other")
	case KindDesc:
		p.pos = at
		return nil, p.fail("a type that is not descending inside optional(: a key that leaves the field out sorts before every value of it, in either direction")
	}
	return &Type{Kind: KindOptional, Elem: elem}, p.expect(")")
}

// constant reads a quoted string or an integer in the tuple text form.
func (p *parser) constant() (any, error) {
	v, n, err := tuple.ParseElement(p.s[p.pos:])
	if err != nil {
		var se *tuple.SyntaxError
		if errors.As(err, &se) {
			p.pos += se.Offset
			return nil, p.fail("a constant: " + se.Msg)
		}
		return nil, p.fail("a constant")
	}
	switch v.(type) {
	case string, int64, uint64, *big.Int:
		p.pos += n
		return v, nil
	}
	return nil, p.fail(`a constant: a quoted string ("USER") or an integer (7, -3)`)
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// ident reads a Go identifier, or returns "".
func (p *parser) ident() string {
	start := p.pos
	for p.pos < len(p.s) {
		r, size := utf8.DecodeRuneInString(p.s[p.pos:])
		if !(r == '_' || unicode.IsLetter(r) || (p.pos > start && unicode.IsDigit(r))) {
			break
		}
		p.pos += size
	}
	return p.s[start:p.pos]
}

// typeList is what the grammar allows where a type stands.
const typeList = schematext.ExpectedType

// typ reads a type.
func (p *parser) typ() (*Type, error) {
	start := p.pos
	switch {
	case p.take(schematext.Nullable):
		elem, err := p.typ()
		if err != nil {
			return nil, err
		}
		return &Type{Kind: KindNullable, Elem: elem}, nil
	case p.take(schematext.DescOpen):
		return p.desc(start, schematext.DefaultDescCode)
	case p.take(schematext.DescAtOpen):
		code, err := p.userCode()
		if err != nil {
			return nil, err
		}
		if err := p.expect("("); err != nil {
			return nil, err
		}
		return p.desc(start, code)
	case strings.HasPrefix(p.s[p.pos:], schematext.OptionalOpen):
		return nil, p.fail("a type that is not optional: optional(TYPE) is the whole type of a field of the key's own level, never inside *, desc( or a nested struct (a nested tuple holds every field of its struct)")
	case p.pos < len(p.s) && p.s[p.pos] == '(':
		items, err := p.items(false)
		if err != nil {
			return nil, err
		}
		return &Type{Kind: KindStruct, Items: items}, nil
	case p.take(schematext.TimeOpen):
		return p.unit(KindTime)
	case p.take(schematext.DurationOpen):
		return p.unit(KindDuration)
	case p.take(schematext.ExtOpen):
		code, err := p.userCode()
		if err != nil {
			return nil, err
		}
		return &Type{Kind: KindExt, Code: code}, p.expect(")")
	case p.take(schematext.CustomOpen):
		return p.custom()
	}
	word := p.ident()
	if k, ok := scalarNames[word]; ok {
		return &Type{Kind: k}, nil
	}
	p.pos = start
	return nil, p.fail(typeList)
}

// desc reads the rest of desc(TYPE) after its "(".
func (p *parser) desc(start int, code byte) (*Type, error) {
	if p.inDesc {
		p.pos = start
		return nil, p.fail("a type that is not descending: a descending element cannot hold another")
	}
	p.inDesc = true
	elem, err := p.typ()
	p.inDesc = false
	if err != nil {
		return nil, err
	}
	return &Type{Kind: KindDesc, Code: code, Elem: elem}, p.expect(")")
}

// userCode reads the two hex digits of a user type code, 0x40 to 0x4F.
func (p *parser) userCode() (byte, error) {
	c, ok := schematext.UserCode(p.s[p.pos:])
	if !ok {
		return 0, p.fail("two hex digits of a user type code (40 to 4f)")
	}
	p.pos += 2
	return c, nil
}

// unit reads the rest of time(UNIT) or duration(UNIT).
func (p *parser) unit(k Kind) (*Type, error) {
	for _, u := range schematext.Units {
		if p.take(u.Name + ")") {
			return &Type{Kind: k, Unit: u.Name}, nil
		}
	}
	return nil, p.fail(`a unit and ")": ns), us), ms) or s)`)
}

// custom reads the rest of custom(GoType): the Go type, up to the ')'
// that closes custom(, so that a type like func() or [2]T is read whole.
func (p *parser) custom() (*Type, error) {
	start, depth := p.pos, 0
	for ; p.pos < len(p.s); p.pos++ {
		switch p.s[p.pos] {
		case '(', '[':
			depth++
		case ']':
			depth--
		case ')':
			if depth == 0 {
				if p.pos == start {
					return nil, p.fail("a Go type name")
				}
				name := p.s[start:p.pos]
				p.pos++
				return &Type{Kind: KindCustom, GoType: name}, nil
			}
			depth--
		}
	}
	return nil, p.fail(`")" closing custom(`)
}
