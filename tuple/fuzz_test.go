package tuple_test

import (
	"bytes"
	"encoding/hex"
	"errors"
	"strings"
	"testing"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
	"github.com/fdbtuple/fdbtuple/vectors"
)

// addVectorSeeds seeds a fuzz target with the bytes of every row of the
// pack, invalid and lenient vector files and of the ascending tables.
func addVectorSeeds(f *testing.F) {
	seed := func(s string) {
		b, err := hex.DecodeString(s)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	packs, err1 := vectors.ReadRows[vectors.PackRow]("pack.jsonl")
	invalid, err2 := vectors.ReadRows[vectors.InvalidRow]("invalid.jsonl")
	lenient, err3 := vectors.ReadRows[vectors.LenientRow]("decode_lenient.jsonl")
	if err := errors.Join(err1, err2, err3); err != nil {
		f.Fatal(err)
	}
	for _, r := range packs {
		seed(r.Packed)
	}
	for _, r := range invalid {
		seed(r.Packed)
	}
	for _, r := range lenient {
		seed(r.Packed)
	}
	for _, rows := range tables {
		for _, r := range rows {
			f.Add(tuple.Tuple{r.v}.Pack())
		}
	}
}

// pythonForms are the two encodings strict decoding accepts although they
// do not repack to themselves (apple/foundationdb#1296).
var pythonForms = [][]byte{
	{0x1d, 0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff},
	{0x0b, 0xf7, 0, 0, 0, 0, 0, 0, 0, 0},
}

// repack packs a decoded tuple again; tuples holding one incomplete
// versionstamp go through PackWithVersionstamp, whose suffix is dropped.
func repack(t tuple.Tuple) ([]byte, bool) {
	if has, err := t.HasIncompleteVersionstamp(); err != nil {
		return nil, false // several placeholders: no packing API takes them
	} else if has {
		b, err := t.PackWithVersionstamp(nil)
		if err != nil {
			return nil, false
		}
		return b[:len(b)-4], true
	}
	b, err := (tuple.Codec{}).Pack(t)
	return b, err == nil
}

// FuzzUnpack: strict Unpack never panics; whatever it accepts repacks to
// the same bytes (but for the two Python forms), is accepted identically by
// the lenient decoder, and is walked exactly by Next.
func FuzzUnpack(f *testing.F) {
	addVectorSeeds(f)
	f.Fuzz(func(t *testing.T, b []byte) {
		tup, err := tuple.Unpack(b)
		if err != nil {
			var de *tuple.DecodeError
			if !errors.As(err, &de) || de.Offset < 0 || de.Offset > len(b) {
				t.Fatalf("error %v is not a *DecodeError inside the input", err)
			}
			return
		}
		again, ok := repack(tup)
		if ok && !bytes.Equal(again, b) {
			python := false
			for _, p := range pythonForms {
				python = python || bytes.Contains(b, p)
			}
			back, err := tuple.Unpack(again)
			if !python || err != nil || !vectors.Identical(back, tup) {
				t.Fatalf("%x decoded to %#v, which packs to %x", b, tup, again)
			}
		}
		lenient, err := tuple.Codec{Lenient: true}.Unpack(b)
		if err != nil || !vectors.Identical(lenient, tup) {
			t.Fatalf("lenient gave %#v, %v; strict %#v", lenient, err, tup)
		}
		for rest := b; len(rest) > 0; {
			_, n, err := tuplewire.Next(rest)
			if err != nil || n <= 0 {
				t.Fatalf("Next failed at offset %d of accepted input %x: %v", len(b)-len(rest), b, err)
			}
			rest = rest[n:]
		}
	})
}

// FuzzUnpackLenient: the lenient decoder never panics, and whatever it
// accepts packs to bytes that strict decoding accepts as the same tuple.
func FuzzUnpackLenient(f *testing.F) {
	addVectorSeeds(f)
	f.Fuzz(func(t *testing.T, b []byte) {
		tup, err := tuple.Codec{Lenient: true}.Unpack(b)
		if err != nil {
			return
		}
		again, ok := repack(tup)
		if !ok {
			return
		}
		back, err := tuple.Unpack(again)
		if err != nil || tuple.Compare(back, tup) != 0 {
			t.Fatalf("%x: lenient %#v packs to %x, which strict reads as %#v, %v", b, tup, again, back, err)
		}
	})
}

// FuzzParse: Parse never panics; whatever it accepts prints to text that
// parses back to the same tuple bit for bit, and packs (or, holding an
// incomplete versionstamp, fails with the sentinel for that).
func FuzzParse(f *testing.F) {
	packs, err := vectors.ReadRows[vectors.PackRow]("pack.jsonl")
	if err != nil {
		f.Fatal(err)
	}
	for _, r := range packs[:400] {
		b, _ := hex.DecodeString(r.Packed)
		t, _ := tuple.Unpack(b)
		f.Add(t.Text())
	}
	for _, s := range []string{`(None, True, b'a\x00', 'h\xe9', UUID('7c9e6679-7425-40de-944b-e07fc1f90ae7'))`,
		`(Versionstamp(\x00\x00\x00\x00\x00\x00\x00\x01\x00\x02, 7),)`, `(float32bits(0x7f800001), -0.0, -Inf)`, `((((),),),)`,
		// the official display, deep constructs, sizes and bytes at the edges
		`(<nil>, ("one"), UUID(1100aabb-ccdd-eeff-1100-aabbccddeeff), b"a"b")`, `(float32(SingleFloat(float32(1)`,
		"(" + strings.Repeat("float32(", 200), `(float32(7.038531e-26), float32(1e300), 1e400)`,
		"(" + strings.Repeat("9", 700) + ",)", "(\"\xff\",)", `("a\xffb", "it's\x80", nan)`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tup, err := tuple.Parse(s)
		if err != nil {
			var se *tuple.SyntaxError
			if !errors.As(err, &se) || se.Offset < 0 || se.Offset > len(s) {
				t.Fatalf("Parse(%q): error %v has no offset inside the text", s, err)
			}
			return
		}
		text := tup.Text()
		back, err := tuple.Parse(text)
		if err != nil || !vectors.Identical(back, tup) {
			t.Fatalf("Parse(%q) = %s, which parses back to %s, %v", s, text, back, err)
		}
		// Parse takes strings that are not UTF-8, as Tuple.Pack does; a
		// strict Codec's Parse does not, as its Pack does not.
		if _, err := (tuple.Codec{AllowInvalidUTF8: true}).Pack(tup); err != nil && !errors.Is(err, tuple.ErrIncompleteVersionstamp) {
			t.Fatalf("Parse(%q) = %s, which does not pack: %v", s, text, err)
		}
		if strict, err := (tuple.Codec{}).Parse(s); err == nil {
			if _, err := (tuple.Codec{}).Pack(strict); err != nil && !errors.Is(err, tuple.ErrIncompleteVersionstamp) {
				t.Fatalf("Codec{}.Parse(%q) = %s, which Codec{}.Pack refuses: %v", s, strict.Text(), err)
			}
		}
	})
}

// FuzzErrorPath checks where Unpack says a fault is against the framing
// that Elements and NestedElements report: the error's Path leads, element
// by element, to the element at its Offset or to the nested tuple holding
// it, and a key Unpack accepts walks without error, element for element.
func FuzzErrorPath(f *testing.F) {
	for _, s := range []string{
		"", "\x02user\x00\x15\x2a", "\x05\x00\xff\x05\x00\x00", "\x05\x15\x01\x05\x21\x00\x00",
		"\x05\x02\xed\xa0\x80\x00\x00", "\x05\x05\x15\x01\x00", "\x15\x01\x05\x16\x00\x01\x00",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		tup, err := tuple.Unpack(b)
		if err == nil {
			n := 0
			for _, err := range tuplewire.Elements(b) {
				if err != nil {
					t.Fatalf("%x: Unpack accepts it, Elements says %v", b, err)
				}
				n++
			}
			if n != len(tup) {
				t.Fatalf("%x: Unpack gives %d elements, Elements %d", b, len(tup), n)
			}
			return
		}
		var de *tuple.DecodeError
		if !errors.As(err, &de) {
			t.Fatalf("%x: %v is not a *DecodeError", b, err)
		}
		if de.Offset < 0 || de.Offset > len(b) || len(de.Path) == 0 {
			t.Fatalf("%x: offset %d, path %v", b, de.Offset, de.Path)
		}
		// Follow the path with Next: the elements before each index
		// frame, and the element it names starts at or before the fault.
		start := 0
		for depth, want := range de.Path {
			p := start
			if depth > 0 {
				p++ // after the nested tuple's 05
			}
			for i := 0; i < want; i++ {
				if p >= len(b) {
					t.Fatalf("%x: path %v runs past the key (%v)", b, de.Path, err)
				}
				if depth > 0 && b[p] == 0x00 && p+1 < len(b) && b[p+1] == 0xFF {
					p += 2 // a nested null
					continue
				}
				_, n, nerr := tuplewire.Next(b[p:])
				if nerr != nil {
					t.Fatalf("%x: path %v: element %d at depth %d does not frame: %v (%v)", b, de.Path, i, depth, nerr, err)
				}
				p += n
			}
			start = p
		}
		if de.Offset < start {
			t.Fatalf("%x: path %v leads to offset %d, after the fault's %d (%v)", b, de.Path, start, de.Offset, err)
		}
	})
}

// FuzzScan checks Scan against Unpack: into one *any per element, Scan
// succeeds exactly when Unpack does, with the same elements; on a key
// Unpack refuses, Scan into any number of destinations fails.
func FuzzScan(f *testing.F) {
	for _, s := range []string{"", "\x02user\x00\x15\x2a", "\x05\x00\xff\x05\x00\x00", "\x16\x00\x01", "\x02\xff\x00"} {
		f.Add([]byte(s), uint8(2))
	}
	f.Fuzz(func(t *testing.T, b []byte, n uint8) {
		tup, err := tuple.Unpack(b)
		if err != nil {
			dst := make([]any, n%8)
			for i := range dst {
				dst[i] = new(any)
			}
			if serr := tuple.Scan(b, dst...); serr == nil {
				t.Fatalf("%x: Unpack: %v; Scan into %d accepts it", b, err, len(dst))
			}
			return
		}
		dst := make([]any, len(tup))
		for i := range dst {
			dst[i] = new(any)
		}
		if err := tuple.Scan(b, dst...); err != nil {
			t.Fatalf("%x: Unpack accepts it, Scan: %v", b, err)
		}
		for i, v := range tup {
			if got := *dst[i].(*any); tuple.Compare(tuple.Tuple{got}, tuple.Tuple{v}) != 0 {
				t.Fatalf("%x element %d: Scan %#v, Unpack %#v", b, i, got, v)
			}
		}
	})
}

// FuzzScanDesc scans any bytes into descending destinations: never a
// panic, and what Scan accepts, Unpack with the same codec accepts.
func FuzzScanDesc(f *testing.F) {
	seed, _ := descCodec.Pack(tuple.Tuple{tuple.Desc{V: int64(2)}, tuple.Desc{V: "a"}})
	f.Add(seed)
	f.Add([]byte{0x4f, 0xff, 0xff})
	f.Fuzz(func(t *testing.T, b []byte) {
		var n int64
		var s string
		var v any
		for _, dst := range [][]any{{tuple.Desc{V: &n}, tuple.Desc{V: &s}}, {tuple.Desc{V: &v}}, {tuple.Desc{V: []any{&n}}}} {
			if err := descCodec.Scan(b, dst...); err == nil {
				if _, err := descCodec.Unpack(b); err != nil {
					t.Fatalf("%x: Scan accepts it, Unpack: %v", b, err)
				}
			}
		}
	})
}

// FuzzPlanUnmarshal decodes any bytes with two plans: it never panics,
// and a key it accepts marshals back to the same bytes, since strict
// decoding accepts only what an encoder writes.
func FuzzPlanUnmarshal(f *testing.F) {
	seed, _ := descCodec.Pack(tuple.Tuple{"USER", w1UUID, "POST", 1, "COMMENT", tuple.Desc{V: int64(2)}, "REACT", 3})
	f.Add(seed)
	f.Add(tuple.Tuple{"eu", tuple.Tuple{"a", nil}, nil, []byte("r"), tuple.Tuple{int64(1)}}.Pack())
	reactions, err := tuple.NewPlan[ReactionKey](tuple.Codec{})
	if err != nil {
		f.Fatal(err)
	}
	nested, err := tuple.NewPlan[shapes](tuple.Codec{})
	if err != nil {
		f.Fatal(err)
	}
	plain, err := tuple.NewPlan[narrow](tuple.Codec{})
	if err != nil {
		f.Fatal(err)
	}
	f.Add(tuple.Tuple{"a\x00b", -1, 80, 7, tuple.UUID{1}, "end"}.Pack())
	f.Fuzz(func(t *testing.T, b []byte) {
		var n narrow
		if err := plain.Unmarshal(b, &n); err == nil {
			if back, err := plain.Marshal(&n); err != nil || !bytes.Equal(back, b) {
				t.Fatalf("%x: unmarshals to %+v, which marshals to %x, %v", b, n, back, err)
			}
		}
		var k ReactionKey
		if err := reactions.Unmarshal(b, &k); err == nil {
			if back, err := reactions.Marshal(&k); err != nil || !bytes.Equal(back, b) {
				t.Fatalf("%x: unmarshals to %+v, which marshals to %x, %v", b, k, back, err)
			}
		}
		var s shapes
		if err := nested.Unmarshal(b, &s); err == nil {
			if back, err := nested.Marshal(&s); err != nil || !bytes.Equal(back, b) {
				t.Fatalf("%x: unmarshals to %+v, which marshals to %x, %v", b, s, back, err)
			}
		}
	})
}
