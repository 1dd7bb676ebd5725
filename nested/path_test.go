package nested_test

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/fdbtuple/fdbtuple/nested"
	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
	"github.com/fdbtuple/fdbtuple/vectors"
	"github.com/google/uuid"
)

var user = uuid.MustParse("4c9d36e5-6b19-4e6a-828c-226ed667458a")

func TestBuildAndInspect(t *testing.T) {
	p := nested.New("user", user).Child("post", 1234).Child("comment", 1678901234)
	if p.Len() != 3 || p.Kind() != "comment" || p.ID()[0] != 1678901234 {
		t.Fatalf("path %s: len %d kind %q id %v", p, p.Len(), p.Kind(), p.ID())
	}
	if got := p.Parent().String(); got != "/user-4c9d36e5-6b19-4e6a-828c-226ed667458a/post-1234" {
		t.Errorf("Parent = %s", got)
	}
	if !nested.New("x").Parent().IsRoot() || !(nested.Path{}).Parent().IsRoot() {
		t.Error("parent of a one-segment path, or of the root, is not the root")
	}
	var kinds []string
	for s := range p.Segments() {
		kinds = append(kinds, s.Kind)
	}
	if !slices.Equal(kinds, []string{"user", "post", "comment"}) {
		t.Errorf("Segments = %v", kinds)
	}
	// Child must not share memory with its parent's other children.
	base := nested.New("a", 1)
	c1, c2 := base.Child("b", 1), base.Child("c", 2)
	if c1.Kind() != "b" || c2.Kind() != "c" || base.Len() != 1 {
		t.Errorf("children interfere: %s %s %s", c1, c2, base)
	}
	key, err := p.MarshalBinary()
	want := tuple.Tuple{tuple.Tuple{"user", user}, tuple.Tuple{"post", 1234}, tuple.Tuple{"comment", 1678901234}}.Pack()
	if err != nil || !bytes.Equal(key, want) || !bytes.Equal(p.Pack(), want) {
		t.Errorf("key = %x, %v; want %x", key, err, want)
	}
}

func TestText(t *testing.T) {
	for _, tt := range []struct {
		path nested.Path
		text string
	}{
		{nested.Path{}, "/"},
		{nested.New("user", user), "/user-4c9d36e5-6b19-4e6a-828c-226ed667458a"},
		{nested.New("user", 7).Child("post"), "/user-7/post"},
		{nested.New("post", -5).Child("tag", "go/lang"), `/post--5/tag-"go/lang"`},
		{nested.New("order", 2024, 17), "/order-(2024, 17)"},
		{nested.New("box", tuple.Tuple{1, 2}), "/box-((1, 2),)"},
		{nested.New("my kind", nil), `/"my kind"-nil`},
		{nested.New("f", 1.5).Child("b", []byte{0, 0xff}).Child("u", uuid.Nil, "x"), `/f-1.5/b-b"\x00\xff"/u-(00000000-0000-0000-0000-000000000000, "x")`},
	} {
		if got := tt.path.String(); got != tt.text {
			t.Errorf("String = %s, want %s", got, tt.text)
		}
		back, err := nested.Parse(tt.text)
		if err != nil || !back.Equal(tt.path) {
			t.Errorf("Parse(%s) = %s, %v", tt.text, back, err)
		}
		var viaText nested.Path
		if err := viaText.UnmarshalText([]byte(tt.text)); err != nil || !viaText.Equal(tt.path) {
			t.Errorf("UnmarshalText(%s) = %s, %v", tt.text, viaText, err)
		}
	}
	// Ids decode to the types Unpack gives them.
	p := nested.MustParse("/user-4c9d36e5-6b19-4e6a-828c-226ed667458a/post-1234")
	if p.Segment(0).ID[0] != user || p.ID()[0] != int64(1234) {
		t.Errorf("ids: %#v %#v", p.Segment(0).ID[0], p.ID()[0])
	}
}

func TestParseErrors(t *testing.T) {
	for _, tt := range []struct {
		text   string
		offset int
	}{
		{"", 0},
		{"user-1", 0},
		{"/", -1}, // the root: no error
		{"/user-1x", 6},
		{"/user-", 6},
		{"/-1", 1},
		{"/9lives-1", 1},
		{`/"unterminated-1`, 1},
		{`/""-1`, 1},
		{"/user-1//post", 8},
		{`/tag-"a`, 5},
	} {
		_, err := nested.Parse(tt.text)
		if tt.offset < 0 {
			if err != nil {
				t.Errorf("Parse(%q): %v", tt.text, err)
			}
			continue
		}
		var se *tuple.SyntaxError
		if !errors.As(err, &se) || !errors.Is(err, nested.ErrSyntax) || se.Offset != tt.offset {
			t.Errorf("Parse(%q) = %v; want a syntax error at offset %d", tt.text, err, tt.offset)
		}
	}
}

// TestOrder: paths in the order people expect are strictly ascending as
// keys and by Compare.
func TestOrder(t *testing.T) {
	u := nested.New("user", user)
	paths := []nested.Path{
		nested.Path{},
		u,
		u.Child("post"),
		u.Child("post", nil),
		u.Child("post", -1),
		u.Child("post", 9),
		u.Child("post", 10),
		u.Child("post", 99),
		u.Child("post", 100),
		u.Child("post", 1234),
		u.Child("post", 1234).Child("tag", "go"),
		u.Child("post", 1235),
		u.Child("posts", 1),
		u.Child("zzz", 0),
		nested.New("user", uuid.Max),
	}
	for i := 1; i < len(paths); i++ {
		a, b := paths[i-1], paths[i]
		if bytes.Compare(a.Pack(), b.Pack()) >= 0 || nested.Compare(a, b) != -1 {
			t.Errorf("%s does not sort before %s", a, b)
		}
	}
}

func TestRanges(t *testing.T) {
	u := nested.New("user", 7)
	inside := []nested.Path{u, u.Child("post", 1), u.Child("post", 1).Child("comment", 2)}
	outside := []nested.Path{nested.New("user", 6), nested.New("user", 8), nested.New("user", 7, 1), nested.New("users", 7)}
	begin, end, err := u.Subtree()
	if err != nil {
		t.Fatal(err)
	}
	in := func(k []byte) bool { return bytes.Compare(begin, k) <= 0 && bytes.Compare(k, end) < 0 }
	for _, p := range inside {
		if !in(p.Pack()) || !u.Contains(p.Pack()) {
			t.Errorf("%s not in %s's range", p, u)
		}
	}
	for _, p := range outside {
		if in(p.Pack()) || u.Contains(p.Pack()) {
			t.Errorf("%s in %s's range", p, u)
		}
	}
	kb, ke, err := u.KindRange("post")
	if err != nil {
		t.Fatal(err)
	}
	inKind := func(k []byte) bool { return bytes.Compare(kb, k) <= 0 && bytes.Compare(k, ke) < 0 }
	for _, p := range []nested.Path{u.Child("post"), u.Child("post", nil), u.Child("post", -3), u.Child("post", 5).Child("c", 1)} {
		if !inKind(p.Pack()) {
			t.Errorf("%s not in KindRange(post)", p)
		}
	}
	for _, p := range []nested.Path{u, u.Child("posts", 1), u.Child("pos", 1), u.Child("comment", 1), nested.New("user", 8).Child("post", 1)} {
		if inKind(p.Pack()) {
			t.Errorf("%s in KindRange(post)", p)
		}
	}
	if _, _, err := u.KindRange(""); !errors.Is(err, nested.ErrEmptyKind) {
		t.Errorf("KindRange(\"\") = %v", err)
	}
}

func TestDecode(t *testing.T) {
	p := nested.New("user", 7).Child("post", 1)
	key, err := p.Key("title", 3)
	if err != nil {
		t.Fatal(err)
	}
	got, rest, err := nested.Decode(key)
	if err != nil || !got.Equal(p) || !bytes.Equal(rest, tuple.Tuple{"title", 3}.Pack()) {
		t.Fatalf("Decode = %s, %x, %v", got, rest, err)
	}
	var whole nested.Path
	if err := whole.UnmarshalBinary(p.Pack()); err != nil || !whole.Equal(p) {
		t.Errorf("UnmarshalBinary = %s, %v", whole, err)
	}
	if err := whole.UnmarshalBinary(key); !errors.Is(err, nested.ErrNotPath) {
		t.Errorf("UnmarshalBinary(key with fields) = %v", err)
	}
	root, rest, err := nested.Decode(nil)
	if err != nil || !root.IsRoot() || len(rest) != 0 {
		t.Errorf("Decode(empty) = %s, %x, %v", root, rest, err)
	}
}

// TestAmbiguousField pins the rule for a field shaped like a segment:
// Decode reads it as a segment, DecodeDepth leaves it as a field.
func TestAmbiguousField(t *testing.T) {
	p := nested.New("user", 7)
	key, _ := p.Key(tuple.Tuple{"looks", "like", "a segment"}, 1)
	got, rest, err := nested.Decode(key)
	if err != nil || got.Len() != 2 || got.Kind() != "looks" || !bytes.Equal(rest, []byte{0x15, 0x01}) {
		t.Fatalf("Decode = %s, %x, %v; want the field read as a second segment", got, rest, err)
	}
	got, rest, err = nested.DecodeDepth(key, 1)
	fields, ferr := tuple.Unpack(rest)
	if err != nil || !got.Equal(p) || ferr != nil || !vectors.Identical(fields, tuple.Tuple{tuple.Tuple{"looks", "like", "a segment"}, int64(1)}) {
		t.Fatalf("DecodeDepth(1) = %s, %s, %v, %v", got, fields, err, ferr)
	}
	if _, _, err := nested.DecodeDepth(p.Pack(), 2); !errors.Is(err, nested.ErrNotPath) {
		t.Errorf("DecodeDepth past the path = %v", err)
	}
	// A field that is a nested tuple not starting with a string is no
	// segment: Decode stops there.
	key, _ = p.Key(tuple.Tuple{1, 2})
	if got, rest, err := nested.Decode(key); err != nil || !got.Equal(p) || len(rest) == 0 {
		t.Errorf("Decode with a (1, 2) field = %s, %x, %v", got, rest, err)
	}
}

func TestDecodeErrors(t *testing.T) {
	for _, tt := range []struct {
		name string
		key  []byte
		err  error
	}{
		{"plain tuple", tuple.Tuple{"user", 7}.Pack(), nested.ErrNotPath},
		{"nested without kind", tuple.Tuple{tuple.Tuple{7, "user"}}.Pack(), nested.ErrNotPath},
		{"empty kind", tuple.Tuple{tuple.Tuple{"", 7}}.Pack(), nested.ErrNotPath},
		{"empty nested", tuple.Tuple{tuple.Tuple{}}.Pack(), nested.ErrNotPath},
		{"truncated", append(nested.New("user", 7).Pack(), 0x05, 0x02, 'p'), tuple.ErrUnterminated},
		{"invalid code", []byte{0x05, 0x02, 'a', 0x00, 0x23, 0x00}, tuple.ErrInvalidCode},
	} {
		if _, _, err := nested.Decode(tt.key); !errors.Is(err, tt.err) {
			t.Errorf("%s: Decode(%x) = %v, want %v", tt.name, tt.key, err, tt.err)
		}
	}
	var de *tuple.DecodeError
	key := append(nested.New("user", 7).Pack(), 0x05, 0x02, 'p')
	if _, _, err := nested.Decode(key); !errors.As(err, &de) || de.Offset != len(nested.New("user", 7).Pack())+1 { // the unterminated string inside the segment
		t.Errorf("offset of the fault: %v", err)
	}
	// Faults that only decoding the content finds are reported at their
	// offset in the whole key too.
	user7 := nested.New("user", 7).Pack()
	for _, tt := range []struct {
		name   string
		tail   []byte
		err    error
		offset int
	}{
		{"invalid UTF-8 kind", []byte{0x05, 0x02, 'p', 0xff, 0x00, 0x00}, tuple.ErrInvalidUTF8, 1},
		{"non-minimal id", []byte{0x05, 0x02, 'p', 0x00, 0x16, 0x00, 0x01, 0x00}, tuple.ErrNonCanonical, 4},
	} {
		_, _, err := nested.Decode(append(bytes.Clone(user7), tt.tail...))
		if !errors.Is(err, tt.err) || !errors.As(err, &de) || de.Offset != len(user7)+tt.offset {
			t.Errorf("%s: Decode = %v; want %v at offset %d", tt.name, err, tt.err, len(user7)+tt.offset)
		}
	}
	if _, err := nested.New("", 1).MarshalBinary(); !errors.Is(err, nested.ErrEmptyKind) {
		t.Errorf("empty kind packs: %v", err)
	}
	if _, err := nested.New("x", make(chan int)).MarshalBinary(); !errors.Is(err, tuple.ErrUnsupportedType) {
		t.Errorf("unsupported id packs: %v", err)
	}
}

// TestAppendErrors checks that packing a path reports a bad id where it
// is in the path's tuple, the same place the tuple layer reports it.
func TestAppendErrors(t *testing.T) {
	for _, p := range []nested.Path{
		nested.New("user", 1).Child("post", 2, struct{}{}),
		nested.New("user", 1).Child("post", tuple.Tuple{1, struct{}{}}),
		nested.New("user", 1).Child("\xff"),
		nested.New("a").Child("b").Child("c", 1, "ok", "\xc3"),
	} {
		buf := []byte("keep")
		got, err := p.AppendBinary(buf)
		_, want := p.Tuple().AppendBinary(nil)
		var ge, we *tuple.EncodeError
		if !errors.As(err, &ge) || !errors.As(want, &we) || !slices.Equal(ge.Path, we.Path) || !errors.Is(err, we.Err) {
			t.Errorf("%#v: AppendBinary error %v; the tuple layer says %v", p.Tuple(), err, want)
		}
		if string(got) != "keep" {
			t.Errorf("%#v: AppendBinary left %q in dst", p.Tuple(), got)
		}
	}
}

// TestAppendMatchesTuple checks the path's own encoder against packing
// its Tuple, null and nested ids included.
func TestAppendMatchesTuple(t *testing.T) {
	for _, p := range []nested.Path{
		{},
		nested.New("user", user).Child("post", 1234).Child("comment", 1678901234, nil),
		nested.New("x", nil, tuple.Tuple{nil, 1}, []byte{0}, "a\x00b").Child("y"),
		nested.New("n", int8(-3), uint(7), 1.5, float32(2), true),
	} {
		got, err := p.MarshalBinary()
		want := p.Tuple().Pack()
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: %x, %v; want %x", p, got, err, want)
		}
	}
}

func TestAppendAllocs(t *testing.T) {
	p := nested.New("user", user).Child("post", 1234).Child("comment", 1678901234, nil)
	buf := make([]byte, 0, 128)
	if n := testing.AllocsPerRun(100, func() { _, _ = p.AppendBinary(buf) }); n != 0 {
		t.Errorf("AppendBinary into a buffer with room: %v allocations", n)
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = p.Key("title", 3) }); n != 1 {
		t.Errorf("Key: %v allocations, want 1", n)
	}
	key, _ := p.Key("title", 3)
	if cap(key) != len(key) {
		t.Errorf("Key has %d bytes of spare capacity", cap(key)-len(key))
	}
}

// TestEncodableIsDecodable: what the encoder and the parser accept, the
// decoder reads back. An id's nested tuples count from the segment's
// depth; a kind that is not UTF-8 is refused everywhere.
func TestEncodableIsDecodable(t *testing.T) {
	deep := func(n int) any {
		var v any = int64(1)
		for range n {
			v = tuple.Tuple{v}
		}
		return v
	}
	// The segment is one level; its id may add MaxDepth-1 more.
	ok := nested.New("k", deep(tuplewire.MaxDepth-1))
	key, err := ok.MarshalBinary()
	if err != nil {
		t.Fatalf("MarshalBinary(id %d deep) = %v", tuplewire.MaxDepth-1, err)
	}
	if back, rest, err := nested.Decode(key); err != nil || len(rest) != 0 || !back.Equal(ok) {
		t.Errorf("Decode(id %d deep) = %v, %v", tuplewire.MaxDepth-1, back, err)
	}
	if _, err := nested.New("k", deep(tuplewire.MaxDepth)).MarshalBinary(); !errors.Is(err, tuple.ErrTooDeep) {
		t.Errorf("MarshalBinary(id %d deep) = %v, want ErrTooDeep", tuplewire.MaxDepth, err)
	}
	if _, _, err := nested.New("a").KindRange("\xff"); !errors.Is(err, tuple.ErrInvalidUTF8) {
		t.Errorf("KindRange(invalid UTF-8) = %v", err)
	}
	if _, err := nested.Parse(`/"\xff"-1`); !errors.Is(err, tuple.ErrInvalidUTF8) {
		t.Errorf(`Parse(/"\xff") = %v, want ErrInvalidUTF8`, err)
	}
	// The outer parentheses of a composite id hold the id's elements.
	idText := func(n int) string { return "/k-(" + strings.Repeat("(", n) + "1" + strings.Repeat(",)", n) + ",)" }
	if _, err := nested.Parse(idText(tuplewire.MaxDepth - 1)); err != nil {
		t.Errorf("Parse(id %d deep) = %v", tuplewire.MaxDepth-1, err)
	}
	if _, err := nested.Parse(idText(tuplewire.MaxDepth)); !errors.Is(err, tuple.ErrTooDeep) {
		t.Errorf("Parse(id %d deep) = %v, want ErrTooDeep", tuplewire.MaxDepth, err)
	}
}

type namedTuple tuple.Tuple

// TestNamedTupleID: an id that is a tuple of a named type prints in the
// composite form, so that its text reads back as the same path.
func TestNamedTupleID(t *testing.T) {
	p := nested.New("k", namedTuple{[]byte{}})
	back, err := nested.Parse(p.String())
	if err != nil || !back.Equal(p) {
		t.Errorf("Parse(%s) = %s, %v", p, back, err)
	}
}

// TestParseRawInvalidKind: raw bytes that are not UTF-8 in a quoted kind
// are an error at their offset, not U+FFFD.
func TestParseRawInvalidKind(t *testing.T) {
	_, err := nested.Parse("/\"a\xffb\"-1")
	var se *tuple.SyntaxError
	if !errors.Is(err, tuple.ErrInvalidUTF8) || !errors.As(err, &se) || se.Offset != 1 {
		t.Errorf("Parse = %v, want ErrInvalidUTF8 at offset 1", err)
	}
	_, err = nested.Parse("/k-\"a\xffb\"")
	if !errors.Is(err, tuple.ErrInvalidUTF8) || !errors.As(err, &se) || se.Offset != 5 {
		t.Errorf("Parse = %v, want ErrInvalidUTF8 at offset 5", err)
	}
}
