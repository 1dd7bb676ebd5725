package subspace_test

import (
	"bytes"
	"errors"
	"fmt"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/subspace"
	"github.com/fdbtuple/fdbtuple/tuple"
)

// TestSubspace checks packing under a prefix, containment, unpacking, the
// range and the offsets of errors.
func TestSubspace(t *testing.T) {
	s := subspace.FromBytes([]byte("app")).Sub("users")
	if !bytes.Equal(s.Bytes(), []byte("app\x02users\x00")) || !bytes.Equal(s.FDBKey(), s.Bytes()) {
		t.Fatalf("Bytes = %q, FDBKey = %q", s.Bytes(), s.FDBKey())
	}
	key := s.Pack(tuple.Tuple{int64(7)})
	if !bytes.Equal(key, []byte("app\x02users\x00\x15\x07")) {
		t.Fatalf("Pack = %q", key)
	}
	if !s.Contains(key) || s.Contains(fdb.Key("apq")) || !s.Contains(s) {
		t.Errorf("Contains is wrong")
	}
	got, err := s.Unpack(key)
	if err != nil || len(got) != 1 || got[0] != int64(7) {
		t.Errorf("Unpack = %v, %v", got, err)
	}
	if _, err := s.Unpack(fdb.Key("other")); !errors.Is(err, subspace.ErrNotInSubspace) {
		t.Errorf("Unpack(other) = %v, want ErrNotInSubspace", err)
	}
	var de *tuple.DecodeError
	bad := fdb.Key(append(bytes.Clone(s.Bytes()), 0x16, 0x01))
	if _, err := s.Unpack(bad); !errors.As(err, &de) || de.Offset != len(s.Bytes()) {
		t.Errorf("Unpack(truncated) = %v, want an error at offset %d", err, len(s.Bytes()))
	}
	begin, end := s.FDBRangeKeys()
	if !bytes.Equal(begin.FDBKey(), append(s.Bytes(), 0x00)) || !bytes.Equal(end.FDBKey(), append(s.Bytes(), 0xff)) {
		t.Errorf("FDBRangeKeys = %q, %q", begin.FDBKey(), end.FDBKey())
	}
	if bytes.Compare(begin.FDBKey(), key) >= 0 || bytes.Compare(key, end.FDBKey()) >= 0 {
		t.Errorf("key %x not inside range", key)
	}
	sb, se := s.FDBRangeKeySelectors()
	if sb.FDBKeySelector().Offset != 1 || se.FDBKeySelector().OrEqual {
		t.Errorf("selectors are not FirstGreaterOrEqual: %v, %v", sb, se)
	}
	if got := fmt.Sprint(s); got != `Subspace(rawPrefix=app\x02users\x00)` {
		t.Errorf("String = %s", got)
	}
}

// TestSubspaceAsElement: a subspace, like any fdb.KeyConvertible, packs
// as the byte string of its key, as in the official binding.
func TestSubspaceAsElement(t *testing.T) {
	s := subspace.Sub("a")
	got := tuple.Tuple{s, fdb.Key("k")}.Pack()
	want := tuple.Tuple{[]byte("\x02a\x00"), []byte("k")}.Pack()
	if !bytes.Equal(got, want) {
		t.Errorf("Pack = %x, want %x", got, want)
	}
}

func TestConstructors(t *testing.T) {
	if len(subspace.AllKeys().Bytes()) != 0 || !subspace.AllKeys().Contains(fdb.Key("anything")) {
		t.Errorf("AllKeys is not the empty prefix")
	}
	raw := []byte("p")
	s := subspace.FromBytes(raw)
	raw[0] = 'q'
	if s.Bytes()[0] != 'p' {
		t.Errorf("FromBytes shares memory with its argument")
	}
	if !bytes.Equal(subspace.Sub("x", 1).Bytes(), tuple.Tuple{"x", 1}.Pack()) {
		t.Errorf("Sub is not the packed tuple")
	}
	// Like the official package, Sub panics on an element it cannot pack.
	defer func() {
		if recover() == nil {
			t.Errorf("Sub(chan) did not panic")
		}
	}()
	subspace.Sub(make(chan int))
}

func TestPackWithVersionstamp(t *testing.T) {
	s := subspace.Sub("log")
	key, err := s.PackWithVersionstamp(tuple.Tuple{tuple.IncompleteVersionstamp(3)})
	if err != nil {
		t.Fatal(err)
	}
	want, _ := tuple.Tuple{tuple.IncompleteVersionstamp(3)}.PackWithVersionstamp(s.Bytes())
	if !bytes.Equal(key, want) {
		t.Errorf("PackWithVersionstamp = %x, want %x", key, want)
	}
	if _, err := s.PackWithVersionstamp(tuple.Tuple{1}); !errors.Is(err, tuple.ErrNoIncompleteVersionstamp) {
		t.Errorf("no stamp: %v", err)
	}
}
