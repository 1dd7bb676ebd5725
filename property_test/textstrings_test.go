package property_test

// The text form holds every string Tuple.Pack takes: a tuple of strings
// of any bytes (quotes, backslashes, bytes that are not UTF-8), among
// other elements, reads back bit for bit from Text through Parse, and
// from Format through Parse of a codec that allows such strings.

import (
	"testing"

	"pgregory.net/rapid"

	"github.com/fdbtuple/fdbtuple/property_test/gen"
	"github.com/fdbtuple/fdbtuple/tuple"
)

// anyString draws a string of any bytes, rich in the ones quoting is
// about.
var anyString = rapid.Custom(func(t *rapid.T) string {
	b := rapid.SliceOfN(rapid.OneOf(rapid.Byte(), rapid.SampledFrom([]byte{'\'', '"', '\\', 0x80, 0xa0, 0xc3, 0xff, 'x', 0})), 0, 12).Draw(t, "bytes")
	return string(b)
})

func textAnyString(t *rapid.T) {
	n := rapid.IntRange(1, 4).Draw(t, "strings")
	tup := gen.Tuple(gen.Options{MaxLen: 3}).Draw(t, "others")
	for range n {
		tup = append(tup, anyString.Draw(t, "string"))
	}
	back, err := tuple.Parse(tup.Text())
	if err != nil || !identical(back, tup) {
		t.Fatalf("Parse(%s) = %q, %v; want %q", tup.Text(), back, err, tup)
	}
	c := tuple.Codec{AllowInvalidUTF8: true}
	back, err = c.Parse(c.Format(tup))
	if err != nil || !identical(back, tup) {
		t.Fatalf("AllowInvalidUTF8: Parse(%s) = %q, %v; want %q", c.Format(tup), back, err, tup)
	}
}

func TestTextAnyString(t *testing.T) { rapid.Check(t, textAnyString) }
