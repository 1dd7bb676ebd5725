package directory_test

import (
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/fdbtuple/fdbtuple/fdb/directory"
	"github.com/fdbtuple/fdbtuple/tuple"
	"pgregory.net/rapid"
)

// TestQuoteNameCases: the names of the issue and the classes of
// characters that canonical equivalence confuses, each against its
// equivalent form.
func TestQuoteNameCases(t *testing.T) {
	for _, c := range []struct{ name, want string }{
		{"café", `"café"`},
		{"cafe\u0301", `"cafe\u0301"`},
		{"\U0001F600", `"😀"`},
		{"a\x00b", `"a\x00b"`},
		{"", `""`},
		{"/", `"/"`},
		{`"\`, `"\"\\"`},
		{"\xff", `"\xff"`},
		{"日本", `"日本"`},
		{"\u2126", `"\u2126"`},             // OHM SIGN, which NFC makes Omega
		{"\u03a9", `"Ω"`},                  // Omega
		{"\uac00", `"가"`},                  // a Hangul syllable
		{"\u1100\u1161", `"\u1100\u1161"`}, // its conjoining jamo
		{"\u0958", `"\u0958"`},             // a composition exclusion
		{"\u0915\u093c", `"क\u093c"`},      // its NFC
		{"\U0001d15e", `"\U0001d15e"`},     // a non-BMP composition exclusion
		{"\u00a0", `"\u00a0"`},             // not printable: strconv.Quote escapes it
		{"e\u0301\u0301x", `"e\u0301\u0301x"`},
	} {
		if got := directory.QuoteName(c.name); got != c.want {
			t.Errorf("QuoteName(%+q) = %s, want %s", c.name, got, c.want)
		}
	}
	if got, want := directory.FormatPath([]string{"café", "cafe\u0301", "", "/", "\x00"}), `("café", "cafe\u0301", "", "/", "\x00")`; got != want {
		t.Errorf("FormatPath = %s, want %s", got, want)
	}
	if got := directory.FormatPath(nil); got != "()" {
		t.Errorf("FormatPath(nil) = %s", got)
	}
}

// equivalents are groups of canonically equivalent texts (Python's
// unicodedata, Unicode 14), NFC first: precomposed and decomposed letters,
// marks in either order, singletons, Hangul, a composition exclusion,
// compatibility ideographs, non-BMP.
var equivalents = [][]string{
	{"\u00e9", "e\u0301"},
	{"\u00c5", "A\u030a", "\u212b"},
	{"\u03a9", "\u2126"},
	{"\uac00", "\u1100\u1161"},
	{"\uac01", "\u1100\u1161\u11a8", "\uac00\u11a8"},
	{"\u0915\u093c", "\u0958"},
	{"\u03ac", "\u03b1\u0301", "\u1f71"},
	{"\u8c48", "\uf900"},
	{"\ufb1d", "\u05d9\u05b4"},
	{"\u1e69", "s\u0323\u0307", "s\u0307\u0323", "\u1e63\u0307"},
	{"\u01d6", "u\u0308\u0304", "\u00fc\u0304"},
	{"\u1ec7", "e\u0323\u0302", "e\u0302\u0323", "\u1eb9\u0302"},
	{"K", "\u212a"},
	{"\U0001d157\U0001d165", "\U0001d15e"},
	{"\u00f1", "n\u0303"},
	{"\u0390", "\u03b9\u0308\u0301", "\u03ca\u0301"},
}

// normalizeSample brings the texts of equivalents found in s to their
// NFC, longest first: canonical equivalence on the test's alphabet.
func normalizeSample(s string) string {
	type form struct{ from, to string }
	var forms []form
	for _, g := range equivalents {
		for _, f := range g[1:] {
			forms = append(forms, form{f, g[0]})
		}
	}
	sort.Slice(forms, func(i, j int) bool { return len(forms[i].from) > len(forms[j].from) })
	for changed := true; changed; {
		changed = false
		for _, f := range forms {
			if strings.Contains(s, f.from) {
				s, changed = strings.ReplaceAll(s, f.from, f.to), true
			}
		}
	}
	return s
}

// TestQuoteNameUnambiguous: names made of pieces of equivalents (each in
// a form drawn at random) and ASCII: two different names that are
// canonically equivalent never print as equivalent texts, so no reader
// can take one for the other; every name reads back exactly with
// strconv.Unquote and as a string of tuple.Parse; a name without a
// character of those classes prints as strconv.Quote prints it.
func TestQuoteNameUnambiguous(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(0, 5).Draw(t, "pieces")
		var a, b strings.Builder
		for range n {
			if rapid.Bool().Draw(t, "ascii") {
				s := rapid.StringOfN(rapid.RuneFrom([]rune{'a', 'e', 's', 'K', '/', '"', '\\', 0, ' '}), 1, 3, -1).Draw(t, "ascii text")
				a.WriteString(s)
				b.WriteString(s)
				continue
			}
			g := rapid.SampledFrom(equivalents).Draw(t, "group")
			a.WriteString(rapid.SampledFrom(g).Draw(t, "form a"))
			b.WriteString(rapid.SampledFrom(g).Draw(t, "form b"))
		}
		x, y := a.String(), b.String()
		qx, qy := directory.QuoteName(x), directory.QuoteName(y)
		if x != y && normalizeSample(qx) == normalizeSample(qy) {
			t.Fatalf("%+q and %+q print as equivalent texts: %s and %s", x, y, qx, qy)
		}
		for _, s := range []string{x, y} {
			q := directory.QuoteName(s)
			if back, err := strconv.Unquote(q); err != nil || back != s {
				t.Fatalf("QuoteName(%+q) = %s reads back as %+q, %v", s, q, back, err)
			}
			tup, err := tuple.Parse("(" + q + ",)")
			if err != nil || len(tup) != 1 || tup[0] != s {
				t.Fatalf("tuple.Parse of %s: %v, %v", q, tup, err)
			}
		}
	})
	rapid.Check(t, func(t *rapid.T) {
		// Any string, valid UTF-8 or not: exact, and escaping more than
		// strconv.Quote, never less.
		s := rapid.String().Draw(t, "name")
		if rapid.Bool().Draw(t, "not UTF-8") {
			s += string(rapid.SliceOfN(rapid.Byte(), 1, 4).Draw(t, "bytes"))
		}
		q := directory.QuoteName(s)
		if back, err := strconv.Unquote(q); err != nil || back != s {
			t.Fatalf("QuoteName(%+q) = %s reads back as %+q, %v", s, q, back, err)
		}
		raw := strconv.Quote(s)
		for _, r := range q {
			if r >= utf8.RuneSelf && !strings.ContainsRune(raw, r) {
				t.Fatalf("QuoteName(%+q) = %s leaves %U unescaped, which strconv.Quote escapes (%s)", s, q, r, raw)
			}
		}
	})
	rapid.Check(t, func(t *rapid.T) {
		// Names in NFC without marks, jamo or replaced characters print as
		// strconv.Quote prints them.
		s := rapid.StringOf(rapid.RuneFrom([]rune{'a', '/', '"', 0, '\n', 'é', 'ñ', 'Å', 'Ω', '가', '日', '本', '😀', 'ß'})).Draw(t, "name")
		if q := directory.QuoteName(s); q != strconv.Quote(s) {
			t.Fatalf("QuoteName(%+q) = %s, strconv.Quote %s", s, q, strconv.Quote(s))
		}
	})
}
