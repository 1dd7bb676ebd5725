package tuple_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/google/uuid"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/tuple"
)

var sampleUUID = uuid.MustParse("4c9d36e5-6b19-4e6a-828c-226ed667458a")

// TestRangeAndPrefixEnd checks Range, PrefixRange and PrefixEnd.
func TestRangeAndPrefixEnd(t *testing.T) {
	begin, end := tuple.Tuple{"a", 1}.Range()
	if !bytes.Equal(begin, dhex(t, "02 61 00 15 01 00")) || !bytes.Equal(end, dhex(t, "02 61 00 15 01 ff")) {
		t.Errorf("Range = %x, %x", begin, end)
	}
	for _, tt := range []struct{ in, want string }{
		{"01", "02"}, {"01 ff", "02"}, {"61 62 ff ff", "61 63"}, {"00", "01"},
	} {
		got, err := tuple.PrefixEnd(dhex(t, tt.in))
		if err != nil || !bytes.Equal(got, dhex(t, tt.want)) {
			t.Errorf("PrefixEnd(%s) = %x, %v; want %s", tt.in, got, err, tt.want)
		}
	}
	for _, in := range []string{"", "ff", "ff ff"} {
		if _, err := tuple.PrefixEnd(dhex(t, in)); !errors.Is(err, tuple.ErrNoPrefixEnd) {
			t.Errorf("PrefixEnd(%q) error = %v, want ErrNoPrefixEnd", in, err)
		}
	}
}

// TestCodecPackAfter checks packing under a prefix and unpacking after
// one, with the offsets of errors counted from the start of the key.
func TestCodecPackAfter(t *testing.T) {
	prefix := []byte("app\x02users\x00")
	key, err := tuple.Codec{}.PackAfter(prefix, tuple.Tuple{int64(7)})
	if err != nil || !bytes.Equal(key, append(bytes.Clone(prefix), 0x15, 7)) {
		t.Fatalf("PackAfter = %q, %v", key, err)
	}
	got, err := tuple.Codec{}.UnpackAfter(key, len(prefix))
	if err != nil || len(got) != 1 || got[0] != int64(7) {
		t.Errorf("UnpackAfter = %v, %v", got, err)
	}
	var de *tuple.DecodeError
	bad := append(bytes.Clone(prefix), 0x16, 0x01)
	if _, err := (tuple.Codec{}).UnpackAfter(bad, len(prefix)); !errors.As(err, &de) || de.Offset != len(prefix) {
		t.Errorf("UnpackAfter(truncated) = %v, want an error at offset %d", err, len(prefix))
	}
	if _, err := (tuple.Codec{}).UnpackAfter(prefix, len(prefix)+1); !errors.Is(err, tuple.ErrTruncated) {
		t.Errorf("UnpackAfter past the end = %v, want ErrTruncated", err)
	}
	if _, err := (tuple.Codec{}).PackAfter(prefix, tuple.Tuple{"\xff"}); !errors.Is(err, tuple.ErrInvalidUTF8) {
		t.Errorf("PackAfter(invalid UTF-8) = %v, want ErrInvalidUTF8", err)
	}
}

// TestHasIncompleteVersionstamp checks the count at any depth.
func TestHasIncompleteVersionstamp(t *testing.T) {
	inc := tuple.IncompleteVersionstamp
	for _, tt := range []struct {
		tup  tuple.Tuple
		has  bool
		fail bool
	}{
		{tuple.Tuple{"a"}, false, false},
		{tuple.Tuple{"a", tuple.Tuple{inc(1)}}, true, false},
		{tuple.Tuple{inc(1), []any{inc(2)}}, true, true},
	} {
		has, err := tt.tup.HasIncompleteVersionstamp()
		if has != tt.has || (err != nil) != tt.fail {
			t.Errorf("%v: got %v, %v", tt.tup, has, err)
		}
	}
	if _, err := (tuple.Tuple{string(make([]byte, 70000)), inc(1)}).AppendWithVersionstamp(nil, tuple.Offset2); !errors.Is(err, tuple.ErrVersionstampPosition) {
		t.Errorf("position past 65535 in the 2-byte form: %v", err)
	}
}

// TestKeyConvertibleElements: an fdb.KeyConvertible element is the byte
// string of its key everywhere a tuple is read: Pack, Compare, Text.
func TestKeyConvertibleElements(t *testing.T) {
	inner := tuple.Tuple{"x"}
	withKeys := tuple.Tuple{fdb.Key("a\x00"), inner.FDBKey()}
	asBytes := tuple.Tuple{[]byte("a\x00"), inner.Pack()}
	if !bytes.Equal(withKeys.Pack(), asBytes.Pack()) {
		t.Errorf("Pack = %x, want %x", withKeys.Pack(), asBytes.Pack())
	}
	if tuple.Compare(withKeys, asBytes) != 0 {
		t.Errorf("Compare = %d, want 0", tuple.Compare(withKeys, asBytes))
	}
	if withKeys.Text() != asBytes.Text() {
		t.Errorf("Text = %s, want %s", withKeys.Text(), asBytes.Text())
	}
}
