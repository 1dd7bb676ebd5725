package property_test

import (
	"bytes"
	"testing"

	"pgregory.net/rapid"

	"github.com/fdbtuple/fdbtuple/nested"
	"github.com/fdbtuple/fdbtuple/property_test/gen"
)

// pathOrder: key-path order (Compare) equals byte order.
func pathOrder(t *rapid.T) {
	a, b := gen.Path(4).Draw(t, "a"), gen.Path(4).Draw(t, "b")
	if got, want := bytesCompare(a.Pack(), b.Pack()), nested.Compare(a, b); got != want {
		t.Fatalf("bytes order %d, Compare %d for %s, %s", got, want, a, b)
	}
}

// pathKindRange: a path is inside p.KindRange(kind) exactly when it lies
// below p and its segment right under p has that kind.
func pathKindRange(t *rapid.T) {
	p, q := gen.Path(3).Draw(t, "p"), gen.Path(3).Draw(t, "q")
	if rapid.Bool().Draw(t, "descend") { // make q a descendant of p half the time
		q = joinPaths(p, q)
	}
	kind := gen.Kind().Draw(t, "kind")
	begin, end, err := p.KindRange(kind)
	if err != nil {
		t.Fatal(err)
	}
	key := q.Pack()
	inside := bytes.Compare(begin, key) <= 0 && bytes.Compare(key, end) < 0
	want := q.Len() > p.Len() && p.Contains(key) && prefixOf(p, q) && q.Segment(p.Len()).Kind == kind
	if inside != want {
		t.Fatalf("%s in %s.KindRange(%q): %v, want %v", q, p, kind, inside, want)
	}
}

// joinPaths appends q's segments to p.
func joinPaths(p, q nested.Path) nested.Path {
	for s := range q.Segments() {
		p = p.Child(s.Kind, s.ID...)
	}
	return p
}

// prefixOf reports whether p's segments start q's.
func prefixOf(p, q nested.Path) bool {
	for q.Len() > p.Len() {
		q = q.Parent()
	}
	return q.Equal(p)
}

// pathText: Parse(p.String()) is p.
func pathText(t *rapid.T) {
	p := gen.Path(4).Draw(t, "p")
	back, err := nested.Parse(p.String())
	if err != nil || !back.Equal(p) || !bytes.Equal(back.Pack(), p.Pack()) {
		t.Fatalf("Parse(%s) = %s, %v", p, back, err)
	}
}

// pathDecode: Decode of a path's key followed by fields that are not
// segment-shaped gives the path and exactly those fields.
func pathDecode(t *rapid.T) {
	p := gen.Path(4).Draw(t, "p")
	fields := gen.Tuple(gen.Options{MaxDepth: -1}).Draw(t, "fields")
	key, err := p.Key(fields...)
	if err != nil {
		t.Fatal(err)
	}
	got, rest, err := nested.DecodeDepth(key, p.Len())
	if err != nil || !got.Equal(p) || !bytes.Equal(rest, fields.Pack()) {
		t.Fatalf("DecodeDepth(%x, %d) = %s, %x, %v", key, p.Len(), got, rest, err)
	}
}

func TestPathOrder(t *testing.T)     { rapid.Check(t, pathOrder) }
func TestPathKindRange(t *testing.T) { rapid.Check(t, pathKindRange) }
func TestPathText(t *testing.T)      { rapid.Check(t, pathText) }
func TestPathDecode(t *testing.T)    { rapid.Check(t, pathDecode) }

func FuzzPathOrder(f *testing.F) { f.Fuzz(rapid.MakeFuzz(pathOrder)) }
