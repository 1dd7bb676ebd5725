package nested_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/fdbtuple/fdbtuple/nested"
	"github.com/fdbtuple/fdbtuple/tuple"
)

// FuzzDecode feeds Decode arbitrary keys. It must not panic; what it
// accepts must pack back to the bytes it read, and the rest it leaves must
// not start with a segment; what it refuses must say where. The saved
// input 319058561800e2ee is a path followed by a nested tuple that is not
// a segment and is faulty inside: Decode returns the path and leaves it.
func FuzzDecode(f *testing.F) {
	for _, p := range []nested.Path{
		nested.New("user", user).Child("post", 1234),
		nested.New("x", nil, tuple.Tuple{nil, 1}, []byte{0}, "a\x00b").Child("y"),
	} {
		key, _ := p.Key("title", 3)
		f.Add(key)
	}
	f.Add([]byte{0x05, 0x02, 'p', 0xff, 0x00, 0x00})
	f.Add([]byte{0x05, 0x02, 0x00, 0x15, 0x01, 0x00})
	f.Fuzz(func(t *testing.T, key []byte) {
		p, rest, err := nested.Decode(key)
		if err != nil {
			var de *tuple.DecodeError
			if errors.As(err, &de) && (de.Offset < 0 || de.Offset > len(key)) {
				t.Fatalf("Decode(%x): offset %d outside the key: %v", key, de.Offset, err)
			}
			if !errors.As(err, &de) && !errors.Is(err, nested.ErrNotPath) {
				t.Fatalf("Decode(%x): unexpected error %v", key, err)
			}
			return
		}
		read := key[:len(key)-len(rest)]
		if packed, err := p.MarshalBinary(); err != nil || !bytes.Equal(packed, read) {
			t.Fatalf("Decode(%x) = %s; it packs to %x, %v, not the %x it read", key, p, packed, err, read)
		}
		if len(rest) > 0 {
			// The rest must not start with a segment; its first element
			// may itself be faulty inside (Decode frames it, no more).
			var de *tuple.DecodeError
			if _, _, err := nested.Decode(rest); !errors.Is(err, nested.ErrNotPath) && !errors.As(err, &de) {
				t.Fatalf("Decode(%x) left %x, which Decode reads as %v", key, rest, err)
			}
		}
		if q, rest2, err := nested.DecodeDepth(key, p.Len()); err != nil || !q.Equal(p) || !bytes.Equal(rest2, rest) {
			t.Fatalf("DecodeDepth(%x, %d) = %s, %x, %v; Decode gave %s, %x", key, p.Len(), q, rest2, err, p, rest)
		}
	})
}
