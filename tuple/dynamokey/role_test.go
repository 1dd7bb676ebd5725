package dynamokey_test

import (
	"bytes"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/dynamokey"
	"github.com/shopspring/decimal"
	"pgregory.net/rapid"
)

var roles = []dynamokey.Role{dynamokey.SortKey, dynamokey.PartitionKey}

// TestLimits: each role holds S and B values of 1 to its limit in bytes
// (UTF-8 bytes for S, not characters), and refuses one byte more, an
// empty value, and a string that is not UTF-8, with an error that names
// the role, the length and the limit.
func TestLimits(t *testing.T) {
	for _, r := range roles {
		max := r.MaxBytes()
		if want := map[dynamokey.Role]int{dynamokey.SortKey: 1024, dynamokey.PartitionKey: 2048}[r]; max != want {
			t.Fatalf("%v: MaxBytes %d, DynamoDB's limit is %d", r, max, want)
		}
		ok := []string{"x", strings.Repeat("x", max), strings.Repeat("é", max/2), strings.Repeat("é", max/2-1) + "x"}
		for _, s := range ok {
			if _, err := r.S(s); err != nil {
				t.Errorf("%v S of %d bytes: %v", r, len(s), err)
			}
			if _, err := r.B([]byte(s)); err != nil {
				t.Errorf("%v B of %d bytes: %v", r, len(s), err)
			}
			if _, err := r.Value(s); err != nil {
				t.Errorf("%v Value of an S of %d bytes: %v", r, len(s), err)
			}
		}
		tooLong := []string{strings.Repeat("x", max+1), strings.Repeat("é", max/2) + "x", strings.Repeat("🙂", max/4+1)}
		for _, s := range tooLong {
			for what, err := range map[string]error{
				"S":       second(r.S(s)),
				"B":       second(r.B([]byte(s))),
				"Value S": second(r.Value(s)),
				"Value B": second(r.Value([]byte(s))),
			} {
				msg := fmt.Sprintf("%d bytes, over the %d of a %v", len(s), max, r)
				if !errors.Is(err, dynamokey.ErrTooLong) || !strings.Contains(fmt.Sprint(err), msg) {
					t.Errorf("%v %s of %d bytes: %v, want ErrTooLong saying %q", r, what, len(s), err, msg)
				}
			}
		}
		for what, err := range map[string]error{
			"S empty":       second(r.S("")),
			"B empty":       second(r.B([]byte{})),
			"B nil":         second(r.B(nil)),
			"Value S empty": second(r.Value("")),
			"Value B empty": second(r.Value([]byte{})),
		} {
			if !errors.Is(err, dynamokey.ErrEmpty) {
				t.Errorf("%v %s: %v, want ErrEmpty", r, what, err)
			}
		}
		for what, err := range map[string]error{"S": second(r.S("a\xffb")), "Value": second(r.Value("a\xffb"))} {
			if !errors.Is(err, dynamokey.ErrNotUTF8) {
				t.Errorf("%v %s of invalid UTF-8: %v, want ErrNotUTF8", r, what, err)
			}
		}
	}
	bad := dynamokey.Role(7)
	for what, err := range map[string]error{
		"S": second(bad.S("x")), "B": second(bad.B([]byte("x"))), "N": second(bad.N("1")),
		"Value": second(bad.Value("x")), "Value N": second(bad.Value(decimal.New(1, 0))),
	} {
		if !errors.Is(err, dynamokey.ErrNotKeyValue) {
			t.Errorf("Role(7) %s: %v, want ErrNotKeyValue", what, err)
		}
	}
}

// TestValueRefusals: the way back refuses what DynamoDB would refuse,
// with the reason, and never spells out a huge number to say so.
func TestValueRefusals(t *testing.T) {
	var nilDecimal *decimal.Decimal
	for name, c := range map[string]struct {
		e    any
		want error
	}{
		"39 digits":           {decimal.RequireFromString(strings.Repeat("1", 39)), dynamokey.ErrPrecision},
		"39 digits, trailing": {decimal.RequireFromString("1." + strings.Repeat("1", 38)), dynamokey.ErrPrecision},
		"1E+126":              {decimal.New(1, 126), dynamokey.ErrOverflow},
		"-1E+126":             {decimal.New(-1, 126), dynamokey.ErrOverflow},
		"10 × 10^125":         {decimal.New(10, 125), dynamokey.ErrOverflow},
		"1E+1000000000":       {decimal.New(1, 1000000000), dynamokey.ErrOverflow},
		"9.9E-131":            {decimal.New(99, -132), dynamokey.ErrUnderflow},
		"1E-2147483648":       {decimal.New(1, -2147483648), dynamokey.ErrUnderflow},
		"int64":               {int64(1), dynamokey.ErrNotKeyValue},
		"nil":                 {nil, dynamokey.ErrNotKeyValue},
		"nil *decimal":        {nilDecimal, dynamokey.ErrNotKeyValue},
		"a tuple":             {tuple.Tuple{"a"}, dynamokey.ErrNotKeyValue},
	} {
		for _, r := range roles {
			_, err := r.Value(c.e)
			if !errors.Is(err, c.want) {
				t.Errorf("%v Value(%s): %v, want %v", r, name, err, c.want)
			}
			if err != nil && len(err.Error()) > 200 {
				t.Errorf("%v Value(%s): an error of %d bytes: %.200s", r, name, len(err.Error()), err)
			}
		}
	}
	for _, v := range []dynamokey.Value{
		{},
		{Kind: 9, Text: "1"},
		{Kind: dynamokey.KindS, Text: "a", Bytes: []byte("a")},
		{Kind: dynamokey.KindN, Text: "1", Bytes: []byte{}},
		{Kind: dynamokey.KindB, Text: "a", Bytes: []byte("a")},
	} {
		if _, err := dynamokey.SortKey.Element(v); !errors.Is(err, dynamokey.ErrNotKeyValue) {
			t.Errorf("Element(%#v): %v, want ErrNotKeyValue", v, err)
		}
	}
}

// canonicalN is DynamoDB's text of a number written d.ddd…e±x, computed
// with math/big's exact rationals, independently of the package: the
// integer's digits, or the fraction's digits without trailing zeros.
func canonicalN(text string) string {
	r, ok := new(big.Rat).SetString(text)
	if !ok {
		panic("not a number: " + text)
	}
	if r.IsInt() {
		return r.Num().String()
	}
	return strings.TrimRight(r.FloatString(200), "0") // 38 digits down to 1E-130 need at most 167
}

// respell writes the number sign 0.ds × 10^(sci+1) another way DynamoDB
// reads: leading and trailing zeros, the point anywhere (or none), an
// exponent that makes up for it in e or E, with or without a plus sign.
func respell(t *rapid.T, sign, ds string, sci int) string {
	lead := rapid.IntRange(0, 3).Draw(t, "leading zeros")
	trail := rapid.IntRange(0, 3).Draw(t, "trailing zeros")
	m := strings.Repeat("0", lead) + ds + strings.Repeat("0", trail)
	p := rapid.IntRange(0, len(m)).Draw(t, "point after")
	// m read as an integer is ds × 10^trail; the point after p digits
	// divides it by 10^(len(m)-p); the exponent makes up the rest.
	e := sci - len(ds) + 1 - trail + len(m) - p
	var b strings.Builder
	if sign == "" && rapid.Bool().Draw(t, "plus") {
		b.WriteByte('+')
	}
	b.WriteString(sign)
	b.WriteString(m[:p])
	if p < len(m) || rapid.Bool().Draw(t, "final point") {
		b.WriteByte('.')
	}
	b.WriteString(m[p:])
	if e != 0 || rapid.Bool().Draw(t, "exponent 0") {
		b.WriteString(rapid.SampledFrom([]string{"e", "E"}).Draw(t, "e"))
		if e >= 0 && rapid.Bool().Draw(t, "exponent plus") {
			b.WriteByte('+')
		}
		fmt.Fprint(&b, e)
	}
	return b.String()
}

// drawValue draws a valid value of a role, with DynamoDB's text of it:
// S of any UTF-8 up to the limit (often at it), B of any bytes likewise,
// N of 1 to 38 digits at any exponent, written in one of its spellings.
func drawValue(t *rapid.T, r dynamokey.Role) (v dynamokey.Value, want string, n [3]any) {
	max := r.MaxBytes()
	switch rapid.IntRange(0, 2).Draw(t, "kind") {
	case 0:
		s := rapid.StringOfN(rapid.Rune(), 1, -1, max).Draw(t, "S")
		if rapid.Bool().Draw(t, "fill to the limit") {
			for c := rapid.Rune().Draw(t, "fill"); len(s)+utf8.RuneLen(c) <= max; {
				s += string(c)
			}
		}
		return dynamokey.Value{Kind: dynamokey.KindS, Text: s}, s, n
	case 1:
		b := rapid.SliceOfN(rapid.Byte(), 1, max).Draw(t, "B")
		if rapid.Bool().Draw(t, "at the limit") {
			b = append(b, make([]byte, max-len(b))...)
		}
		return dynamokey.Value{Kind: dynamokey.KindB, Bytes: b}, string(b), n
	}
	ds := rapid.StringMatching(`[1-9]([0-9]{0,36}[1-9])?`).Draw(t, "digits")
	sci := rapid.OneOf(rapid.IntRange(dynamokey.MinExponent, dynamokey.MaxExponent),
		rapid.SampledFrom([]int{dynamokey.MinExponent, dynamokey.MaxExponent, 0, -1, 1})).Draw(t, "exponent")
	sign := rapid.SampledFrom([]string{"", "-"}).Draw(t, "sign")
	if rapid.IntRange(0, 9).Draw(t, "zero") == 0 {
		ds, sci = "0", 0
	}
	plain := fmt.Sprintf("%s%s.%se%d", sign, ds[:1], ds[1:], sci)
	return dynamokey.Value{Kind: dynamokey.KindN, Text: respell(t, sign, ds, sci)}, canonicalN(plain), [3]any{sign, ds, sci}
}

// TestBothWays: for random valid S, N and B values of either role, value
// → element → packed key → decoded → Value gives DynamoDB's text of the
// original (S and B unchanged, N in DynamoDB's form, computed here with
// math/big), and two spellings of one number make the same key.
func TestBothWays(t *testing.T) {
	codec := dynamokey.Codec()
	rapid.Check(t, func(t *rapid.T) {
		r := rapid.SampledFrom(roles).Draw(t, "role")
		v, want, num := drawValue(t, r)
		e, err := r.Element(v)
		if err != nil {
			t.Fatalf("%v Element(%v): %v", r, v, err)
		}
		key, err := codec.Pack(tuple.Tuple{"pk", e})
		if err != nil {
			t.Fatal(err)
		}
		back, err := codec.Unpack(key)
		if err != nil {
			t.Fatal(err)
		}
		got, err := r.Value(back[1])
		if err != nil {
			t.Fatalf("%v Value of %s decoded from %x: %v", r, codec.FormatElement(back[1]), key, err)
		}
		if got.Kind != v.Kind {
			t.Fatalf("%v: written as %v, read back as %v", r, v.Kind, got.Kind)
		}
		text := got.Text
		if got.Kind == dynamokey.KindB {
			text = string(got.Bytes)
		}
		if text != want {
			t.Fatalf("%v %v read back as %q, DynamoDB's text is %q", r, v.Kind, text, want)
		}
		// The way back's text is a spelling of the number too, and the
		// same key; so is another spelling.
		if v.Kind == dynamokey.KindN {
			other := respell(t, num[0].(string), num[1].(string), num[2].(int))
			for _, s := range []string{got.Text, other} {
				e2, err := r.N(s)
				if err != nil {
					t.Fatalf("N(%q): %v", s, err)
				}
				key2, err := codec.Pack(tuple.Tuple{"pk", e2})
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(key, key2) {
					t.Fatalf("%q packs to %x, %q to %x", v.Text, key, s, key2)
				}
			}
		}
		// DynamoDB's JSON carries the value there and back.
		j, err := got.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		var fromJSON dynamokey.Value
		if err := fromJSON.UnmarshalJSON(j); err != nil {
			t.Fatalf("%s: %v", j, err)
		}
		if fromJSON.Kind != got.Kind || fromJSON.Text != got.Text || !bytes.Equal(fromJSON.Bytes, got.Bytes) {
			t.Fatalf("%s read back as %#v, want %#v", j, fromJSON, got)
		}
	})
}

// TestNumberTextEdges: DynamoDB's text at the ends of the range and for
// the spellings the Developer Guide and DynamoDB Local show.
func TestNumberTextEdges(t *testing.T) {
	for in, want := range map[string]string{
		"2": "2", "2.0": "2", "2.00": "2", "+2": "2", "-0": "0", "0.0": "0", "0e5": "0",
		"1.5e3": "1500", "123.4500": "123.45", "007.5": "7.5", ".5": "0.5", "1.0E+2": "100",
		"1e-7": "0.0000001", "-19.99": "-19.99",
		"1e-130":                                 "0." + strings.Repeat("0", 129) + "1",
		"-1E-130":                                "-0." + strings.Repeat("0", 129) + "1",
		"9." + strings.Repeat("9", 37) + "E+125": strings.Repeat("9", 38) + strings.Repeat("0", 88),
		"12345678901234567890123456789012345678e-167": "0." + strings.Repeat("0", 129) + "12345678901234567890123456789012345678",
	} {
		d, err := dynamokey.N(in)
		if err != nil {
			t.Fatalf("N(%q): %v", in, err)
		}
		v, err := dynamokey.SortKey.Value(d)
		if err != nil || v.Kind != dynamokey.KindN || v.Text != want {
			t.Errorf("N(%q): Value %v, %v; want N %q", in, v, err, want)
		}
		if c := canonicalN(in); c != want && !strings.HasPrefix(in, ".") {
			t.Errorf("canonicalN(%q) = %q, the test's oracle disagrees with %q", in, c, want)
		}
	}
}

// TestJSONRefusals: UnmarshalJSON reads DynamoDB's JSON of one S, N or B.
func TestJSONRefusals(t *testing.T) {
	for _, j := range []string{`{}`, `{"S":"a","N":"1"}`, `{"BOOL":"true"}`, `{"N":1}`, `{"B":"!!"}`, `"a"`, `[]`} {
		var v dynamokey.Value
		if err := v.UnmarshalJSON([]byte(j)); !errors.Is(err, dynamokey.ErrNotKeyValue) {
			t.Errorf("UnmarshalJSON(%s): %v, want ErrNotKeyValue", j, err)
		}
	}
	if _, err := (dynamokey.Value{}).MarshalJSON(); !errors.Is(err, dynamokey.ErrNotKeyValue) {
		t.Errorf("MarshalJSON of a Value of no kind: %v", err)
	}
}

// A store in fdyno's layout packs the partition key and then the sort
// key, and reads DynamoDB's values back from a key.
func ExampleRole() {
	codec := dynamokey.Codec()
	pk, err := dynamokey.PartitionKey.S("user#" + strings.Repeat("7", 1500)) // more than a sort key holds
	if err != nil {
		fmt.Println(err)
		return
	}
	sk, err := dynamokey.SortKey.N("19.990")
	if err != nil {
		fmt.Println(err)
		return
	}
	key, err := codec.Pack(tuple.Tuple{pk, sk})
	if err != nil {
		fmt.Println(err)
		return
	}
	t, err := codec.Unpack(key)
	if err != nil {
		fmt.Println(err)
		return
	}
	p, err := dynamokey.PartitionKey.Value(t[0])
	if err != nil {
		fmt.Println(err)
		return
	}
	s, err := dynamokey.SortKey.Value(t[1])
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Kind, len(p.Text), "bytes")
	fmt.Println(s)
	_, err = dynamokey.SortKey.S(pk)
	fmt.Println(err)
	// Output:
	// S 1505 bytes
	// {"N":"19.99"}
	// sort key S "user#77777777777777777777777777777777777": dynamokey: a key attribute value is too long: 1505 bytes, over the 1024 of a sort key
}

// The way back gives an N in the text DynamoDB returns for it, and a B as
// bytes, which DynamoDB's JSON carries in standard base64.
func ExampleRole_Value() {
	codec := dynamokey.Codec()
	var elems tuple.Tuple
	for _, text := range []string{"2.00", "-0", "1.5E+3", "1e-7", "0.000120"} {
		n, err := dynamokey.N(text)
		if err != nil {
			fmt.Println(err)
			return
		}
		elems = append(elems, n)
	}
	b, err := dynamokey.B([]byte{0x00, 0xFF})
	if err != nil {
		fmt.Println(err)
		return
	}
	key, err := codec.Pack(append(elems, b))
	if err != nil {
		fmt.Println(err)
		return
	}
	t, err := codec.Unpack(key)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, e := range t {
		v, err := dynamokey.SortKey.Value(e)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(v.Kind, v.Text, v)
	}
	// Output:
	// N 2 {"N":"2"}
	// N 0 {"N":"0"}
	// N 1500 {"N":"1500"}
	// N 0.0000001 {"N":"0.0000001"}
	// N 0.00012 {"N":"0.00012"}
	// B  {"B":"AP8="}
}

// Items read from DynamoDB's JSON (an export, a stream record) become key
// elements with Element.
func ExampleValue_UnmarshalJSON() {
	var v dynamokey.Value
	if err := v.UnmarshalJSON([]byte(`{"N": "-12.50"}`)); err != nil {
		fmt.Println(err)
		return
	}
	e, err := dynamokey.SortKey.Element(v)
	if err != nil {
		fmt.Println(err)
		return
	}
	key, err := dynamokey.Codec().Pack(tuple.Tuple{e})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("% x\n", key)
	// Output:
	// 40 3d e6 9b
}
