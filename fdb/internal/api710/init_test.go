package api710

import (
	"bytes"
	"errors"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/tuple"
)

// As the test files of programs written for the official binding do.
func init() {
	fdb.MustAPIVersion(710)
}

func TestSelectedInInit(t *testing.T) {
	if !fdb.IsAPIVersionSelected() || fdb.MustGetAPIVersion() != 710 {
		t.Fatalf("selected %v, version %d; want 710", fdb.IsAPIVersionSelected(), fdb.MustGetAPIVersion())
	}
	fdb.MustAPIVersion(710) // the same version again is accepted
	if err := fdb.APIVersion(720); !errors.Is(err, fdb.Error{Code: 2201}) {
		t.Errorf("APIVersion(720) after 710 = %v, want error 2201", err)
	}
}

// TestKeysUnchanged: with a version selected, keys are the bytes they are
// without one, and PackWithVersionstamp writes the 4-byte position that
// API 710 reads.
func TestKeysUnchanged(t *testing.T) {
	if got := (tuple.Tuple{"user", 42}).Pack(); !bytes.Equal(got, []byte("\x02user\x00\x15\x2a")) {
		t.Errorf("Pack = %x", got)
	}
	key, err := tuple.Tuple{"log", tuple.IncompleteVersionstamp(7)}.PackWithVersionstamp([]byte{0xfe})
	if err != nil {
		t.Fatal(err)
	}
	want := append([]byte("\xfe\x02log\x00\x33"), bytes.Repeat([]byte{0xff}, 10)...)
	want = append(want, 0x00, 0x07, 0x07, 0x00, 0x00, 0x00) // user version 7, position 7
	if !bytes.Equal(key, want) {
		t.Errorf("PackWithVersionstamp = %x, want %x", key, want)
	}
}
