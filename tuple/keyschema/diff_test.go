package keyschema

import (
	"slices"
	"strings"
	"testing"
)

func mustParse(t *testing.T, s string) *Schema {
	t.Helper()
	sc, err := Parse(s)
	if err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	return sc
}

// found is one Change as the tests name it: category and path.
func found(changes []Change) []string {
	var out []string
	for _, c := range changes {
		out = append(out, c.Category.String()+" "+c.Path)
	}
	return out
}

// TestDiffCases runs the examples and more: each line lists the
// exact findings, in order, and every breaking one must carry a witness
// that verifies.
func TestDiffCases(t *testing.T) {
	tests := []struct {
		name, old, new string
		want           []string
	}{
		// The examples.
		{"int32 to int64", `("USER", User uuid, Post int32)`, `("USER", User uuid, Post int64)`, []string{"SAFE Post"}},
		{"int64 to uint64", `(Post int64)`, `(Post uint64)`, []string{"DECODE Post"}},
		{"string to bytes", `(Name string)`, `(Name bytes)`, []string{"DECODE Name", "ORDER Name"}},
		{"ascending to desc", `(At int64)`, `(At desc(int64))`, []string{"DECODE At", "ORDER At"}},
		{"field added in the middle", `(A int64, B string)`, `(A int64, X bool, B string)`, []string{"DECODE X", "RANGE X"}},
		{"renamed field", `(A int64, B string)`, `(A int64, C string)`, []string{"SAFE C"}},
		{"changed constant", `("USER", A int64)`, `("ACCOUNT", A int64)`, []string{"DECODE [0]", "ORDER [0]", "RANGE [0]"}},
		{"changed time unit", `(At time(ns))`, `(At time(ms))`, []string{"DECODE At", "ORDER At"}},
		// Nullable.
		{"nullable added", `(A int64)`, `(A *int64)`, []string{"SAFE A"}},
		{"nullable removed", `(A *int64)`, `(A int64)`, []string{"DECODE A"}},
		// Integers.
		{"int8 to int64 widens", `(A int8)`, `(A int64)`, []string{"SAFE A"}},
		{"int64 to int8 narrows", `(A int64)`, `(A int8)`, []string{"DECODE A"}},
		{"uint32 to int64 widens", `(A uint32)`, `(A int64)`, []string{"SAFE A"}},
		{"uint64 to int64", `(A uint64)`, `(A int64)`, []string{"DECODE A"}},
		{"int64 to bigint", `(A int64)`, `(A bigint)`, []string{"SAFE A"}},
		{"bigint to uint64", `(A bigint)`, `(A uint64)`, []string{"DECODE A"}},
		{"int64 to time(ns)", `(A int64)`, `(A time(ns))`, []string{"SAFE A"}},
		{"time(ns) to int64", `(A time(ns))`, `(A int64)`, []string{"DECODE A"}},
		{"duration unit coarser", `(D duration(ms))`, `(D duration(s))`, []string{"DECODE D", "ORDER D"}},
		// Floats.
		{"float32 to float64", `(F float32)`, `(F float64)`, []string{"DECODE F", "ORDER F"}},
		{"float64 to float32", `(F float64)`, `(F float32)`, []string{"DECODE F", "ORDER F"}},
		// Strings and any.
		{"string to any", `(S string)`, `(S any)`, []string{"SAFE S"}},
		{"any to string", `(S any)`, `(S string)`, []string{"DECODE S"}},
		{"desc code changed", `(A desc(string))`, `(A desc@0x4e(string))`, []string{"DECODE A", "ORDER A"}},
		// Structure.
		{"field added at the end", `(A int64)`, `(A int64, B int64)`, []string{"DECODE B"}},
		{"field removed at the end", `(A int64, B int64)`, `(A int64)`, []string{"DECODE B"}},
		{"field removed in the middle", `(A int64, B int64, C string)`, `(A int64, C string)`, []string{"DECODE B", "ORDER B", "RANGE B"}},
		{"fields swapped", `(A int64, B int64)`, `(B int64, A int64)`, []string{"DECODE B", "ORDER B", "RANGE B"}},
		{"constant added in front", `(A int64)`, `("V2", A int64)`, []string{"DECODE [0]", "ORDER [0]", "RANGE [0]"}},
		{"constant added at the end", `(A int64)`, `(A int64, "END")`, []string{"DECODE [1]", "ORDER [1]"}},
		{"nothing changed", `("USER", A *(X int64, Y desc(string)))`, `("USER", A *(X int64, Y desc(string)))`, nil},
		// Nested structs.
		{"nested field widened", `(M (X int32, Y string))`, `(M (X int64, Y string))`, []string{"SAFE M.X"}},
		{"nested field added in the middle", `(A int64, M (X int32, Y string))`, `(A int64, M (X int32, Z string, Y string))`, []string{"DECODE M.Z"}},
		{"nested field renamed", `(M *(X int32))`, `(M *(W int32))`, []string{"SAFE M.W"}},
		{"nested made nullable", `(M (X int32))`, `(M *(X int32))`, []string{"SAFE M"}},
		{"nested fields swapped", `(M (X int32, Y int32))`, `(M (Y int32, X int32))`, []string{"DECODE M.Y", "ORDER M.Y"}},
		// Custom types are opaque, compared by name.
		{"custom unchanged", `(A custom(ids.ID), B int32)`, `(A custom(ids.ID), B int64)`, []string{"SAFE B"}},
		{"custom changed", `(A custom(ids.ID))`, `(A custom(ids.ID2))`, []string{"DECODE A"}},
		{"custom to ext", `(A custom(ids.ID))`, `(A ext(0x40))`, []string{"DECODE A"}},
		{"next to custom", `(A custom(ids.ID), B int64)`, `(A custom(ids.ID), B uint64)`, []string{"DECODE B"}},
		// Prefixes (a PlanUnder's schema).
		{"prefix renamed", `under ("social", "posts") (Post int64)`, `under ("app", "posts") (Post int64)`, []string{"DECODE under", "RANGE under"}},
		{"prefix added", `(Post int64)`, `under ("app",) (Post int64)`, []string{"DECODE under", "RANGE under"}},
		{"prefix removed", `under 0xfe01 (Post int64)`, `(Post int64)`, []string{"DECODE under"}}, // NEW ranges over every key,
		{"prefix shortened", `under ("app", "posts") (Post int64)`, `under ("app",) (Post int64)`, []string{"DECODE under"}},
		{"prefix renamed and a field widened", `under ("a",) (Post int32)`, `under ("b",) (Post int64)`, []string{"DECODE under", "RANGE under", "SAFE Post"}},
		{"prefix unchanged", `under ("a",) (Post int32)`, `under ("a",) (Post int64)`, []string{"SAFE Post"}},
		// Keys that can grow: optional fields appended at the end.
		{"optional appended", `("C", Post int64, ID int64)`, `("C", Post int64, ID int64, Reply optional(int64))`, []string{"SAFE Reply"}},
		{"two optional appended", `(A int64)`, `(A int64, B optional(string), C optional((X int64)))`, []string{"SAFE B"}},
		{"optional appended after optional", `(A int64, B optional(string))`, `(A int64, B optional(string), C optional(bytes))`, []string{"SAFE C"}},
		{"optional appended to an empty key", `under ("a",) ()`, `under ("a",) (A optional(any))`, []string{"SAFE A"}},
		{"optional appended, another widened", `(A int32)`, `(A int64, B optional(int64))`, []string{"SAFE A", "SAFE B"}},
		{"optional appended, another narrowed", `(A int64)`, `(A int8, B optional(int64))`, []string{"DECODE A", "SAFE B"}},
		{"optional appended next to custom", `(A custom(ids.ID))`, `(A custom(ids.ID), B optional(int64))`, []string{"SAFE B"}},
		{"optional removed", `(A int64, B optional(int64))`, `(A int64)`, []string{"DECODE B"}},
		{"optional inserted before optional", `(A int64, B optional(int64))`, `(A int64, X optional(int64), B optional(int64))`, []string{"DECODE X", "RANGE X"}},
		{"optional added before a field", `(A int64)`, `(X optional(int64), A optional(int64))`, []string{"SAFE A", "DECODE X", "RANGE X"}},
		{"nullable made optional", `(A int64, B *int64)`, `(A int64, B optional(int64))`, []string{"DECODE B", "ORDER B"}}, // nil was 00, now nothing
		{"optional made nullable", `(A int64, B optional(int64))`, `(A int64, B *int64)`, []string{"DECODE B", "ORDER B"}},
		{"required made optional", `(A int64, B int64)`, `(A int64, B optional(int64))`, []string{"SAFE B"}},
		{"optional made required", `(A int64, B optional(int64))`, `(A int64, B int64)`, []string{"DECODE B"}},
		{"optional narrowed", `(A int64, B optional(int64))`, `(A int64, B optional(int8))`, []string{"DECODE B"}},
		{"optional widened", `(A int64, B optional(int8))`, `(A int64, B optional(int64))`, []string{"SAFE B"}},
		{"optional to bytes", `(A int64, B optional(string))`, `(A int64, B optional(bytes))`, []string{"DECODE B", "ORDER B"}},
		{"optional struct's field narrowed", `(B optional((X int64)))`, `(B optional((X int8)))`, []string{"DECODE B.X"}},
		{"required appended after optional", `(A int64)`, `(A int64, B optional(int64), C optional(int64))`, []string{"SAFE B"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			old, new := mustParse(t, tt.old), mustParse(t, tt.new)
			changes := Diff(old, new)
			if got := found(changes); !slices.Equal(got, tt.want) {
				t.Fatalf("Diff(%s, %s) = %q, want %q\n%s", tt.old, tt.new, got, tt.want, lines(changes))
			}
			for _, c := range changes {
				checkChange(t, old, new, c)
			}
		})
	}
}

func lines(changes []Change) string {
	var b strings.Builder
	for _, c := range changes {
		b.WriteString(c.String() + "\n")
	}
	return b.String()
}

// checkChange checks what every Change must be: a break with a witness
// that verifies (unless an opaque type is in the way), SAFE without one.
func checkChange(t *testing.T, old, new *Schema, c Change) {
	t.Helper()
	switch {
	case c.Category == Safe:
		if c.Witness != nil {
			t.Errorf("%s: a SAFE change with a witness", c)
		}
	case c.Witness == nil:
		if !strings.Contains(c.Why, "by name") || strings.Contains(c.Why, noWitness) {
			t.Errorf("%s: a break without a witness", c)
		}
	default:
		if err := verify(c.Witness.old, c.Witness.new, c.Witness); err != nil {
			t.Errorf("%s: witness does not hold: %v", c, err)
		}
		if strings.Contains(c.String(), "\n") {
			t.Errorf("%q: not one line", c)
		}
	}
}

// TestWitnessText pins what two witnesses say, in full.
func TestWitnessText(t *testing.T) {
	tests := []struct{ old, new, want string }{
		{`(Post int64)`, `(Post uint64)`,
			`DECODE Post: int64 → uint64; a = {Post: -1}, key 13fe under OLD, none under NEW: under NEW, a's OLD key does not decode: Post at offset 0: -1 is outside uint64`},
		{`(At time(ns))`, `(At time(ms))`,
			`DECODE At: time(ns) → time(ms); a = {At: 1000000ns (1970-01-01T00:00:00.001Z)}, key 170f4240 under OLD, 1501 under NEW; b = {At: 1000000000000ns (1970-01-01T00:16:40Z)}, key 19e8d4a51000 under OLD, 170f4240 under NEW: under NEW, a's OLD key decodes as b, not as a`},
		{`(At int64)`, `(At desc(int64))`,
			`ORDER At: int64 → desc(int64); a = {At: 1}, key 1501 under OLD, 4feafeffff under NEW; b = {At: 0}, key 14 under OLD, 4febffff under NEW: OLD's keys order a after b, NEW's order a before b: keys written under OLD are out of NEW's order`},
		{`(A custom(ids.ID), B int64)`, `(A custom(ids.ID), B uint64)`,
			`DECODE B: int64 → uint64; a = {B: -1}, key 13fe under OLD, none under NEW (the changed elements alone: the key holds a type known only by name): under NEW, a's OLD key does not decode: B at offset 0: -1 is outside uint64`},
		{`(A int64, B int32)`, `(A uint64, B int64)`,
			`DECODE A: int64 → uint64; a = {A: -1, B: 1}, key 13fe1501 under OLD, none under NEW (this change alone): under NEW, a's OLD key does not decode: A at offset 0: -1 is outside uint64`},
	}
	for _, tt := range tests {
		changes := Diff(mustParse(t, tt.old), mustParse(t, tt.new))
		if !slices.ContainsFunc(changes, func(c Change) bool { return c.String() == tt.want }) {
			t.Errorf("Diff(%s, %s):\n%s\nwant a line\n%s", tt.old, tt.new, lines(changes), tt.want)
		}
	}
}
