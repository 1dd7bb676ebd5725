package subspace_test

import (
	"errors"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/subspace"
	"github.com/fdbtuple/fdbtuple/tuple"
)

// TestUnpackReadsWhatPackWrites: a string holding invalid UTF-8, which
// Pack writes byte for byte as the official binding does, reads back.
func TestUnpackReadsWhatPackWrites(t *testing.T) {
	s := subspace.Sub("app")
	key := s.Pack(tuple.Tuple{"\xff\xfe", int64(1)})
	got, err := s.Unpack(key)
	if err != nil || len(got) != 2 || got[0] != "\xff\xfe" {
		t.Errorf("Unpack(Pack) = %v, %v", got, err)
	}
	// With a strict codec, the same key is an error at the string.
	if _, err := subspace.UnpackWith(s, tuple.Codec{}, key); !errors.Is(err, tuple.ErrInvalidUTF8) {
		t.Errorf("UnpackWith(strict) = %v, want ErrInvalidUTF8", err)
	}
}

// TestPackWithCodec: a codec's extension under a subspace, and errors
// instead of panics.
func TestPackWithCodec(t *testing.T) {
	c := tuple.Codec{Extensions: []tuple.Extension{tuple.DescExtension(tuple.DefaultDescCode)}}
	s := subspace.Sub("events")
	key, err := subspace.PackWith(s, c, tuple.Tuple{"user", tuple.Desc{V: int64(5)}})
	if err != nil {
		t.Fatal(err)
	}
	if !s.Contains(key) {
		t.Errorf("PackWith = %s, not in the subspace", fdb.Printable(key))
	}
	if _, err := s.Unpack(key); !errors.Is(err, tuple.ErrInvalidCode) {
		t.Errorf("Unpack of a desc element without the codec = %v, want ErrInvalidCode", err)
	}
	got, err := subspace.UnpackWith(s, c, key)
	if err != nil || len(got) != 2 || got[1] != (tuple.Desc{V: int64(5)}) {
		t.Errorf("UnpackWith = %v, %v", got, err)
	}
	if _, err := subspace.PackWith(s, tuple.Codec{}, tuple.Tuple{make(chan int)}); !errors.Is(err, tuple.ErrUnsupportedType) {
		t.Errorf("PackWith(chan) = %v, want ErrUnsupportedType", err)
	}
	if _, err := subspace.UnpackWith(s, c, fdb.Key("elsewhere")); !errors.Is(err, subspace.ErrNotInSubspace) {
		t.Errorf("UnpackWith(elsewhere) = %v, want ErrNotInSubspace", err)
	}
}
