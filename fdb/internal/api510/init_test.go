package api510

import (
	"bytes"
	"errors"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/tuple"
)

func init() {
	fdb.MustAPIVersion(510)
}

// TestPackWithVersionstampRefuses: the official binding writes a 2-byte
// position under API 510; this one does not let the selected version
// change its bytes, so it refuses and names the call that writes them.
func TestPackWithVersionstampRefuses(t *testing.T) {
	tup := tuple.Tuple{"log", tuple.IncompleteVersionstamp(7)}
	key, err := tup.PackWithVersionstamp(nil)
	if !errors.Is(err, tuple.ErrOffsetSize) || key != nil {
		t.Fatalf("PackWithVersionstamp under API 510 = %x, %v; want an ErrOffsetSize error", key, err)
	}
	key, err = tup.AppendWithVersionstamp(nil, tuple.Offset2)
	if err != nil {
		t.Fatal(err)
	}
	want := append([]byte("\x02log\x00\x33"), bytes.Repeat([]byte{0xff}, 10)...)
	want = append(want, 0x00, 0x07, 0x06, 0x00) // user version 7, position 6
	if !bytes.Equal(key, want) {
		t.Errorf("AppendWithVersionstamp(Offset2) = %x, want %x", key, want)
	}
	if got := (tuple.Tuple{"user", 42}).Pack(); !bytes.Equal(got, []byte("\x02user\x00\x15\x2a")) {
		t.Errorf("Pack = %x", got)
	}
}
