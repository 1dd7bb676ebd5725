package tuple_test

// Schema's text is a contract: `fdbtuple schema diff` parses it by the
// grammar of BRIEF decision 5 (repeated in Plan.Schema's doc). This test
// holds a parser of that grammar, written from it alone, and checks that
// the schema of a wide set of structs parses whole.

import (
	"fmt"
	"math/big"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/tupledecimal"
)

// schemaParser reads the grammar:
//
//	schema   = "(" [ item *( ", " item ) ] ")"
//	item     = constant / field
//	constant = a quoted string or an integer
//	field    = name " " type
//	type     = "*" type / "desc(" type ")" / "desc@0x" 2HEX "(" type ")"
//	         / "(" [ item *( ", " item ) ] ")" / scalar
type schemaParser struct {
	s   string
	pos int
}

var scalars = []string{"string", "bytes", "bool", "float32", "float64", "uuid", "versionstamp",
	"int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "bigint", "tuple", "any"}

func (p *schemaParser) fail(what string) error {
	return fmt.Errorf("at %d of %q: want %s", p.pos, p.s, what)
}

func (p *schemaParser) eat(lit string) bool {
	if strings.HasPrefix(p.s[p.pos:], lit) {
		p.pos += len(lit)
		return true
	}
	return false
}

func (p *schemaParser) items() error {
	if !p.eat("(") {
		return p.fail("(")
	}
	if p.eat(")") {
		return nil
	}
	for {
		if err := p.item(); err != nil {
			return err
		}
		if p.eat(")") {
			return nil
		}
		if !p.eat(", ") {
			return p.fail(`", " or ")"`)
		}
	}
}

func (p *schemaParser) item() error {
	rest := p.s[p.pos:]
	switch {
	case strings.HasPrefix(rest, `"`):
		for i := 1; i < len(rest); i++ {
			switch rest[i] {
			case '\\':
				i++
			case '"':
				p.pos += i + 1
				return nil
			}
		}
		return p.fail("a closing quote")
	case rest != "" && (rest[0] == '-' || rest[0] >= '0' && rest[0] <= '9'):
		i := 1
		for i < len(rest) && rest[i] >= '0' && rest[i] <= '9' {
			i++
		}
		p.pos += i
		return nil
	}
	i := 0
	for i < len(rest) && (rest[i] == '_' || rest[i] >= 'a' && rest[i] <= 'z' || rest[i] >= 'A' && rest[i] <= 'Z' || i > 0 && rest[i] >= '0' && rest[i] <= '9') {
		i++
	}
	if i == 0 {
		return p.fail("a constant or a field name")
	}
	p.pos += i
	if !p.eat(" ") {
		return p.fail("a space after the name")
	}
	return p.typ()
}

func (p *schemaParser) typ() error {
	switch {
	case p.eat("*"):
		return p.typ()
	case p.eat("desc("):
		return p.closed(p.typ)
	case p.eat("desc@0x"):
		if !p.hex2() || !p.eat("(") {
			return p.fail("2 hex digits and (")
		}
		return p.closed(p.typ)
	case strings.HasPrefix(p.s[p.pos:], "("):
		return p.items()
	case p.eat("time("), p.eat("duration("):
		for _, u := range []string{"ns", "us", "ms", "s"} {
			if p.eat(u + ")") {
				return nil
			}
		}
		return p.fail("a unit")
	case p.eat("ext(0x"):
		if !p.hex2() || !p.eat(")") {
			return p.fail("2 hex digits and )")
		}
		return nil
	case p.eat("custom("):
		end := strings.IndexByte(p.s[p.pos:], ')')
		if end <= 0 {
			return p.fail("a Go type and )")
		}
		p.pos += end + 1
		return nil
	}
	for _, s := range scalars {
		if p.eat(s) {
			return nil
		}
	}
	return p.fail("a type")
}

func (p *schemaParser) closed(inner func() error) error {
	if err := inner(); err != nil {
		return err
	}
	if !p.eat(")") {
		return p.fail(")")
	}
	return nil
}

func (p *schemaParser) hex2() bool {
	if p.pos+2 > len(p.s) {
		return false
	}
	for _, c := range p.s[p.pos : p.pos+2] {
		if !strings.ContainsRune("0123456789abcdef", c) {
			return false
		}
	}
	p.pos += 2
	return true
}

func parseSchema(s string) error {
	p := schemaParser{s: s}
	if err := p.items(); err != nil {
		return err
	}
	if p.pos != len(s) {
		return p.fail("the end")
	}
	return nil
}

type schemaNested struct {
	Name string
	Tag  *int64 `tuple:",desc"`
}

type schemaAll struct {
	_       struct{} `tuple:"USER,const"`
	User    uuid.UUID
	_       int8 `tuple:"-3,const"`
	Post    int64
	Comment time.Time `tuple:",desc"`
	Note    *string
	I       int
	I8      int8
	I16     int16
	I32     int32
	U       uint
	U8      uint8
	U16     uint16
	U32     uint32
	U64     uint64
	F32     float32
	F64     float64
	B       bool
	Raw     []byte
	Text    string `tuple:"text,bytes"`
	Big     big.Int
	BigP    *big.Int
	Stamp   tuple.Versionstamp
	Tup     tuple.Tuple
	Any     any
	TTL     time.Duration   `tuple:",unit=ms"`
	At      time.Time       `tuple:",unit=s"`
	Amount  decimal.Decimal `tuple:",ext=0x40"`
	Cents   cents
	Child   schemaNested
	Maybe   *schemaNested
	Dsc     struct{ A, B string } `tuple:",desc"`
	Named   nStr
	ID      nInt
}

func TestSchemaGrammar(t *testing.T) {
	codec := tuple.Codec{Extensions: []tuple.Extension{tupledecimal.Extension(tupledecimal.DefaultCode)}}
	other := tuple.Codec{Extensions: []tuple.Extension{tuple.DescExtension(0x4E)}}
	types := []struct {
		typ   reflect.Type
		codec tuple.Codec
	}{
		{reflect.TypeFor[schemaAll](), codec},
		{reflect.TypeFor[schemaNested](), other},
		{reflect.TypeFor[ReactionKey](), tuple.Codec{}},
		{reflect.TypeFor[struct{}](), tuple.Codec{}},
		{reflect.TypeFor[struct {
			A struct{ B struct{ C []byte } }
		}](), tuple.Codec{}},
	}
	for _, r := range typeTableRows() { // one field of each type a plan takes
		st := reflect.StructOf([]reflect.StructField{{Name: "F", Type: r.typ}})
		types = append(types, struct {
			typ   reflect.Type
			codec tuple.Codec
		}{st, tuple.Codec{}})
	}
	for _, bad := range []string{"(A int)", "(A uuid.UUID)", "(A desc(int64)", "(A bytes(string))", "(A ext 0x40(x))"} {
		if parseSchema(bad) == nil {
			t.Errorf("the grammar's parser accepts %s", bad)
		}
	}
	planned := 0
	for _, tt := range types {
		p, err := tuple.NewDynamicPlan(tt.codec, tt.typ)
		if err != nil {
			continue // refused: the type table's test checks which
		}
		planned++
		if err := parseSchema(p.Schema()); err != nil {
			t.Errorf("%v: %v", tt.typ, err)
		}
	}
	if planned < 40 {
		t.Errorf("only %d types planned", planned)
	}
	p, err := tuple.NewDynamicPlan(codec, reflect.TypeFor[schemaAll]())
	if err != nil {
		t.Fatal(err)
	}
	want := `("USER", User uuid, -3, Post int64, Comment desc(time(ns)), Note *string, I int64, I8 int8, I16 int16, I32 int32, ` +
		`U uint64, U8 uint8, U16 uint16, U32 uint32, U64 uint64, F32 float32, F64 float64, B bool, Raw bytes, text bytes, ` +
		`Big bigint, BigP *bigint, Stamp versionstamp, Tup tuple, Any any, TTL duration(ms), At time(s), Amount ext(0x40), ` +
		`Cents custom(tuple_test.cents), Child (Name string, Tag *desc(int64)), Maybe *(Name string, Tag *desc(int64)), ` +
		`Dsc desc((A string, B string)), Named string, ID int64)`
	if got := p.Schema(); got != want {
		t.Errorf("Schema =\n%s\nwant\n%s", got, want)
	}
	q, err := tuple.NewDynamicPlan(other, reflect.TypeFor[schemaNested]())
	if err != nil {
		t.Fatal(err)
	}
	if got, want := q.Schema(), "(Name string, Tag *desc@0x4e(int64))"; got != want {
		t.Errorf("Schema at 0x4E = %s, want %s", got, want)
	}
}
