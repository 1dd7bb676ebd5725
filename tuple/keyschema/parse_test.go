package keyschema

import (
	"errors"
	"testing"
)

func TestParseRoundTrip(t *testing.T) {
	for _, s := range []string{
		`()`,
		`("USER", User uuid, "POST", Post int64, "COMMENT", Comment desc(time(ns)), Note *string)`,
		`(7, -3, 18446744073709551616, A bytes)`,
		`(A string, B bytes, C bool, D float32, E float64, F uuid, G versionstamp, H tuple, I any)`,
		`(A int8, B int16, C int32, D int64, E uint8, F uint16, G uint32, H uint64, I bigint)`,
		`(A time(ns), B time(us), C time(ms), D time(s), E duration(ns), F duration(s))`,
		`(A ext(0x40), B custom(github.com/x/ids.ID), C custom(func() [2]int), D desc@0x4e(*string))`,
		`(M *(X int64, "K", N (Y desc(bytes))), L **int8)`,
		`(Ünïcode_1 int64, _ string)`,
		// A field of every kind, as a plan prints it.
		`("USER", User uuid, -3, Post int64, Comment desc(time(ns)), Note *string, I int64, I8 int8, I16 int16, I32 int32, ` +
			`U uint64, U8 uint8, U16 uint16, U32 uint32, U64 uint64, F32 float32, F64 float64, B bool, Raw bytes, text bytes, ` +
			`Big bigint, BigP *bigint, Stamp versionstamp, Tup tuple, Any any, TTL duration(ms), At time(s), Amount ext(0x40), ` +
			`Cents custom(tuple_test.cents), Child (Name string, Tag *desc(int64)), Maybe *(Name string, Tag *desc(int64)), ` +
			`Dsc desc((A string, B string)), Named string, ID int64)`,
		`(Name string, Tag *desc@0x4e(int64))`,
		// Optional fields, at the end of the key's own level.
		`("C", Post int64, Reply optional(int64), Note optional((At time(ms), By desc(string))), Any optional(any))`,
		`under ("app",) (Opt optional(string))`,
	} {
		sc, err := Parse(s)
		if err != nil {
			t.Errorf("Parse(%q): %v", s, err)
			continue
		}
		if got := sc.String(); got != s {
			t.Errorf("Parse(%q).String() = %q", s, got)
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		text     string
		offset   int
		expected string
	}{
		{``, 0, `"("`},
		{`(A int64`, 8, `", " or ")" after an item`},
		{`(A int64,B int64)`, 8, `", " or ")" after an item`},
		{`(A  int64)`, 3, typeList},
		{`(A int63)`, 3, typeList},
		{`(A)`, 2, `" "`},
		{`(A int64) `, 9, `the end of the schema after its closing ')'`},
		{`(1.5, A int64)`, 1, `a constant: a quoted string ("USER") or an integer (7, -3)`},
		{`("USER, A int64)`, 1, `a constant: unterminated or malformed string literal`},
		{`(A time(h))`, 8, `a unit and ")": ns), us), ms) or s)`},
		{`(A desc(desc(int64)))`, 8, `a type that is not descending: a descending element cannot hold another`},
		{`(A desc@0x15(int64))`, 10, `two hex digits of a user type code (40 to 4f)`},
		{`(A ext(0x4g))`, 9, `two hex digits of a user type code (40 to 4f)`},
		{`(A custom())`, 10, `a Go type name`},
		{`(A custom(x.T)`, 14, `", " or ")" after an item`},
		{`(A int64, A string)`, 10, `a field name not used before at this level`},
		{`(, A int64)`, 1, `a field name (a Go identifier) or a constant ("TEXT" or an integer)`},
		// Optional fields: only the key's own last fields, of a type
		// that is neither nullable nor descending.
		{`(A optional(int64), B int64)`, 20, "an optional field after optional field A: a key ends where a nil optional field is, so every item after an optional one is a field of type optional(TYPE)"},
		{`(A optional(int64), "END")`, 20, ""},
		{`(A optional(*int64))`, 12, ""},
		{`(A optional(desc(int64)))`, 12, ""},
		{`(A *optional(int64))`, 4, ""},
		{`(A desc(optional(int64)))`, 8, ""},
		{`(M (X optional(int64)))`, 6, ""},
		{`(M optional((X optional(int64))))`, 15, ""},
		{`(A optional(int64)`, 18, `", " or ")" after an item`},
		{`(A optional(int64])`, 17, `")"`},
	}
	for _, tt := range tests {
		_, err := Parse(tt.text)
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("Parse(%q) = %v, want a SyntaxError", tt.text, err)
			continue
		}
		if se.Offset != tt.offset || (tt.expected != "" && se.Expected != tt.expected) {
			t.Errorf("Parse(%q): offset %d, expected %q; want offset %d, expected %q (%v)", tt.text, se.Offset, se.Expected, tt.offset, tt.expected, err)
		}
	}
}

// TestParseUnder reads the prefix of a PlanUnder's schema: as tuple text
// when it is a tuple, else in hex, and only in the one text of its bytes.
func TestParseUnder(t *testing.T) {
	for _, text := range []string{
		`under ("app", "comments") (Post int64)`,
		`under 0xfe00 (Post int64)`,
		`under ("a", 1, (2,)) ()`,
	} {
		s, err := Parse(text)
		if err != nil {
			t.Fatalf("Parse(%q): %v", text, err)
		}
		if got := s.String(); got != text {
			t.Errorf("Parse(%q).String() = %q", text, got)
		}
		if len(s.Prefix) == 0 {
			t.Errorf("Parse(%q) has no prefix", text)
		}
	}
	for _, text := range []string{
		`under 0x0261707000 (Post int64)`, // a tuple, written in hex
		`under () (Post int64)`,           // empty: the plan's own keys
		`under 0x (Post int64)`,
		`under 0xabc (Post int64)`,
		`under ("a") (Post int64)`, // ("a") is no tuple text
		`under ("a",)(Post int64)`,
		`under ("a",)`,
	} {
		if _, err := Parse(text); err == nil {
			t.Errorf("Parse(%q) took it", text)
		} else if _, ok := err.(*SyntaxError); !ok {
			t.Errorf("Parse(%q): %v is no SyntaxError", text, err)
		}
	}
}
