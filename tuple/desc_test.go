package tuple_test

import (
	"bytes"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/internal/schematext"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
	"github.com/fdbtuple/fdbtuple/types"
)

var descCodec = tuple.Codec{Extensions: []tuple.Extension{tuple.DescExtension(tuple.DefaultDescCode)}}

// TestDescendingReversesEveryTable: for each ascending table, the same
// values wrapped in Desc pack to strictly descending bytes, and round-trip.
func TestDescendingReversesEveryTable(t *testing.T) {
	for name, rows := range tables {
		var prev []byte
		for i, r := range rows {
			tup := tuple.Tuple{tuple.Desc{V: r.v}}
			key, err := descCodec.Pack(tup)
			if err != nil {
				t.Fatalf("%s row %d: %v", name, i, err)
			}
			back, err := descCodec.Unpack(key)
			if err != nil || descCodec.Compare(back, tup) != 0 {
				t.Fatalf("%s row %d: unpack %x = %v, %v", name, i, key, back, err)
			}
			if i > 0 && bytes.Compare(prev, key) <= 0 {
				t.Errorf("%s row %d: Desc{V: %v} = %x does not sort before the previous row's %x", name, i, r.v, key, prev)
			}
			if i > 0 && descCodec.Compare(tuple.Tuple{tuple.Desc{V: rows[i-1].v}}, tup) != 1 {
				t.Errorf("%s row %d: Compare does not reverse", name, i)
			}
			prev = key
		}
	}
}

// TestDescendingStrings: "a" after "ab" after "a\x00", in a tuple with
// ascending elements around it.
func TestDescendingStrings(t *testing.T) {
	strs := []string{"", "\x00", "a", "a\x00", "a\x00\x00", "ab", "b", "\xff"[:0] + "é"}
	slices.SortFunc(strs, func(a, b string) int { return -tuple.Compare(tuple.Tuple{a}, tuple.Tuple{b}) })
	var prev []byte
	for i, s := range strs {
		key, err := descCodec.Pack(tuple.Tuple{"user", tuple.Desc{V: s}, int64(1)})
		if err != nil {
			t.Fatal(err)
		}
		if i > 0 && bytes.Compare(prev, key) >= 0 {
			t.Errorf("Desc{V: %q} does not sort after Desc{V: %q}", s, strs[i-1])
		}
		prev = key
	}
}

func TestDescendingMisuse(t *testing.T) {
	if _, err := (tuple.Codec{}).Pack(tuple.Tuple{tuple.Desc{V: 1}}); !errors.Is(err, tuple.ErrUnsupportedType) {
		t.Errorf("Desc without the extension: %v", err)
	}
	if _, err := descCodec.Pack(tuple.Tuple{tuple.Desc{V: tuple.Desc{V: 1}}}); !errors.Is(err, tuple.ErrUnsupportedType) {
		t.Errorf("Desc{V: Desc{V: 1}}: %v", err)
	}
	if _, err := descCodec.Pack(tuple.Tuple{tuple.Desc{V: math.NaN()}, tuple.Desc{V: make(chan int)}}); err == nil {
		t.Errorf("Desc{V: chan} packed")
	}
	good, _ := descCodec.Pack(tuple.Tuple{tuple.Desc{V: "ab"}})
	for _, bad := range [][]byte{
		{0x4f},                         // nothing after the code
		{0x4f, 0xfd, 0x9e},             // no end
		{0x4f, 0xfd, 0x9e, 0xff},       // FF at the end
		{0x4f, 0xfd, 0xff, 0x12},       // FF followed by neither 00 nor FF
		{0x4f, 0xeb, 0xeb, 0xff, 0xff}, // two elements inside
		{0x4f, 0xb0, 0xff, 0xff},       // an invalid code inside
		good[:len(good)-1],
	} {
		if _, err := descCodec.Unpack(bad); err == nil {
			t.Errorf("Unpack(%x) accepted", bad)
		}
	}
	if _, err := tuple.Unpack(good); !errors.Is(err, tuple.ErrInvalidCode) {
		t.Errorf("Unpack without the extension: %v", err)
	}
	if got := descCodec.Describe(good); got != `(desc("ab"),)` {
		t.Errorf("Describe = %s", got)
	}
	if got := tuple.Describe(append([]byte{0x15, 0x01}, good...)); got != `(1,) + b"O\xfd\x9e\x9d\xff\x00\xff\xff" (stopped at offset 2: user type code 0x4f has no extension here, so where its element ends is unknown; DescExtension(DefaultDescCode) reads code 0x4f)` {
		t.Errorf("Describe without the extension = %s", got)
	}
}

// TestDescendingErrors: an error inside a descending element names the
// wrapped value's place once, and a decoding fault's offset points into
// the key.
func TestDescendingErrors(t *testing.T) {
	codec := tuple.Codec{Extensions: []tuple.Extension{tuple.DescExtension(tuple.DefaultDescCode)}}
	_, err := codec.Pack(tuple.Tuple{"a", tuple.Desc{V: tuple.Tuple{1, make(chan int)}}})
	var ee *tuple.EncodeError
	if !errors.As(err, &ee) || !slices.Equal(ee.Path, []int{1, 1}) || strings.Count(err.Error(), "element") != 2 {
		t.Errorf("Pack = %v; want one path [1 1]", err)
	}
	// 4f, then 16 01 (a truncated 2-byte integer) inverted, then FF FF.
	_, err = codec.Unpack([]byte{0x02, 'a', 0x00, 0x4f, 0xe9, 0xfe, 0xff, 0xff})
	var de *tuple.DecodeError
	if !errors.As(err, &de) || !errors.Is(err, tuple.ErrTruncated) || de.Offset != 4 || strings.Count(err.Error(), "element [") != 1 {
		t.Errorf("Unpack = %v; want ErrTruncated at offset 4", err)
	}
}

// TestCodecCheckedEverywhere: a codec whose extensions share a code is
// refused by every method, not only by Pack and Unpack.
func TestCodecCheckedEverywhere(t *testing.T) {
	bad := tuple.Codec{Extensions: []tuple.Extension{tuple.DescExtension(0x4f), tuple.DescExtension(0x4f)}}
	if _, _, err := bad.ConsumeElement([]byte{0x14}); err == nil || !strings.Contains(err.Error(), "two extensions") {
		t.Errorf("ConsumeElement = %v", err)
	}
	if err := bad.Check(); !errors.Is(err, tuple.ErrInvalidCodec) {
		t.Errorf("Check = %v, want ErrInvalidCodec", err)
	}
	// The text methods return no error: they print without the
	// extensions, never an error as text.
	key := []byte{0x14, 0x4f, 0xeb, 0xfe, 0xff, 0xff}
	for name, got := range map[string][2]string{
		"Describe":      {bad.Describe(key), tuple.Describe(key)},
		"Format":        {bad.Format(tuple.Tuple{1, tuple.Desc{V: 1}}), tuple.Codec{}.Format(tuple.Tuple{1, tuple.Desc{V: 1}})},
		"FormatElement": {bad.FormatElement(tuple.Desc{V: 1}), tuple.Codec{}.FormatElement(tuple.Desc{V: 1})},
	} {
		if got[0] != got[1] || strings.Contains(got[0], "invalid codec") {
			t.Errorf("%s = %s, want %s", name, got[0], got[1])
		}
	}
}

// TestDescString: String prints a Desc element as the text form does,
// desc(...) around the wrapped element's display, not as fmt prints the
// struct ({100}).
func TestDescString(t *testing.T) {
	tp := tuple.Tuple{"a", tuple.Desc{V: 100}, tuple.Desc{V: "b"}, tuple.Desc{V: tuple.Tuple{"n", nil}}}
	want := `("a", desc(100), desc("b"), desc(("n", <nil>)))`
	if got := tp.String(); got != want {
		t.Errorf("String = %s, want %s", got, want)
	}
	// The text form of the same tuple, through a codec that knows Desc.
	if got := descCodec.Format(tuple.Tuple{tuple.Desc{V: 100}}); got != `(desc(100),)` {
		t.Errorf("Format = %s", got)
	}
}

// TestDescKeepsCodecOptions: the codec of a descending element's inner
// element is the outer codec without the descending extension, every
// other option kept (it once dropped AllowInvalidUTF8).
func TestDescKeepsCodecOptions(t *testing.T) {
	raw := tuple.Codec{AllowInvalidUTF8: true, Extensions: descCodec.Extensions}
	key, err := raw.Pack(tuple.Tuple{tuple.Desc{V: "a\xffb"}})
	if err != nil {
		t.Fatalf("Pack of invalid UTF-8 under AllowInvalidUTF8: %v", err)
	}
	back, err := raw.Unpack(key)
	if err != nil || len(back) != 1 || back[0] != (tuple.Desc{V: "a\xffb"}) {
		t.Fatalf("Unpack = %#v, %v", back, err)
	}
	var s string
	if err := raw.Scan(key, tuple.Desc{V: &s}); err != nil || s != "a\xffb" {
		t.Errorf("Scan = %q, %v", s, err)
	}
	if _, err := descCodec.Unpack(key); !errors.Is(err, tuple.ErrInvalidUTF8) {
		t.Errorf("strict Unpack = %v, want ErrInvalidUTF8", err)
	}
}

// TestDescScanOffsets: Scan places a fault inside a descending element
// where Unpack does, past the FF 00 that stands for each 00 before it.
func TestDescScanOffsets(t *testing.T) {
	// The wrapped element: a nested tuple holding a null (00 FF) and then
	// a string with no terminator, whose fault is at asc[3].
	asc := []byte{0x05, 0x00, 0xff, 0x02, 0x61}
	key := tuplewire.AppendDesc(nil, tuple.DefaultDescCode, asc)
	_, uerr := descCodec.Unpack(key)
	var ude, sde *tuple.DecodeError
	if !errors.As(uerr, &ude) {
		t.Fatalf("Unpack: %v", uerr)
	}
	var v any
	serr := descCodec.Scan(key, tuple.Desc{V: &v})
	if !errors.As(serr, &sde) || sde.Offset != ude.Offset || ude.Offset != 5 {
		t.Errorf("Scan offset %v, Unpack offset %d (%v)", serr, ude.Offset, uerr)
	}
}

// The schema text writes desc(...) for a field at DefaultDescCode, and
// keyschema reads desc(...) as that code: schematext, which imports no
// package of ours, holds the code as a byte of its own, which must be
// DefaultDescCode.
func TestSchemaTextDescCodeIsDefaultDescCode(t *testing.T) {
	if got := types.Code(schematext.DefaultDescCode); got != tuple.DefaultDescCode {
		t.Errorf("schematext.DefaultDescCode = %v, tuple.DefaultDescCode = %v", got, tuple.DefaultDescCode)
	}
}
