package directory_test

import (
	"slices"
	"testing"
)

func TestGoldenCreateUVW(t *testing.T) {
	s := newStandin()
	d := script(t, 21, 42, 61)
	dl := defaultLayer(d, false)
	w, err := dl.Create(s, []string{"u", "v", "w"}, []byte("L"))
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, s, "create-uvw.txt")
	if got := w.Bytes(); !equalBytes(got, []byte{0x15, 0x15}) {
		t.Errorf("w's prefix %X, want 15 15", got)
	}
	if !slices.Equal(d.bounds, []int64{64, 64, 64}) {
		t.Errorf("draw bounds %v, want three of 64", d.bounds)
	}
	if got, want := w.(interface{ String() string }).String(), `DirectorySubspace((u,v,w), \x15\x15)`; got != want {
		t.Errorf("String() = %s, want %s", got, want)
	}
}
