package keyschema

import "testing"

// FuzzDiff: any two texts either fail to parse, with a SyntaxError, or
// diff without a panic, every witness holding.
func FuzzDiff(f *testing.F) {
	seeds := []string{
		`("USER", User uuid, Post int32)`, `("USER", User uuid, Post uint64)`,
		`(A *(X int64, "K", N (Y desc(bytes))), L **int8)`, `(A time(ms), B duration(s), C any, D tuple)`,
		`(A custom(x.T), B ext(0x40), C desc@0x4e(string))`, `()`, `(7, -3, "X")`,
	}
	for _, a := range seeds {
		for _, b := range seeds {
			f.Add(a, b)
		}
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		old, err := Parse(a)
		if err != nil {
			return
		}
		new, err := Parse(b)
		if err != nil {
			return
		}
		if back, err := Parse(old.String()); err != nil || back.String() != old.String() {
			t.Fatalf("Parse(%q).String() = %q does not parse back: %v", a, old, err)
		}
		for _, c := range Diff(old, new) {
			if w := c.Witness; w != nil {
				if err := verify(w.old, w.new, w); err != nil {
					t.Fatalf("OLD %s\nNEW %s\n%s: %v", old, new, c, err)
				}
			}
		}
	})
}
