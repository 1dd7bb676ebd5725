package directory_test

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/directory"
	"github.com/fdbtuple/fdbtuple/subspace"
)

func TestGoldenCreateUVW(t *testing.T) {
	s := newStore()
	d := script(t, 21, 42, 61)
	dl := defaultLayer(d, false)
	healthy(t, s, dl)
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

func TestGoldenCustomSubspaces(t *testing.T) {
	s := newStore()
	d := script(t, 2)
	dl := directory.NewDirectoryLayerWith(subspace.Sub("dirs"), subspace.Sub("data"), directory.Options{Rand: d.rand})
	healthy(t, s, dl)
	x, err := dl.Create(s, []string{"x"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, s, "custom-subspaces.txt")
	if want := []byte{0x02, 'd', 'a', 't', 'a', 0x00, 0x15, 0x02}; !bytes.Equal(x.Bytes(), want) {
		t.Errorf("x's prefix %X, want %X", x.Bytes(), want)
	}
}

func TestGoldenPartitions(t *testing.T) {
	s := newStore()
	d := script(t, 26, 26, 13, 2)
	dl := defaultLayer(d, false)
	healthy(t, s, dl)
	p, err := dl.Create(s, []string{"p"}, []byte("partition"))
	if err != nil {
		t.Fatal(err)
	}
	if !directory.IsPartition(p) {
		t.Fatalf("Create(p, partition) gave %T, not a partition", p)
	}
	x, err := dl.CreateOrOpen(s, []string{"p", "x"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	q, err := p.Create(s, []string{"q"}, []byte("partition"))
	if err != nil {
		t.Fatal(err)
	}
	r, err := dl.CreateOrOpen(s, []string{"p", "q", "r"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, s, "partitions.txt")
	if want := []byte{0x15, 0x1A, 0x15, 0x1A}; !bytes.Equal(x.Bytes(), want) {
		t.Errorf("p/x's prefix %X, want %X", x.Bytes(), want)
	}
	if want := []byte{0x15, 0x1A, 0x15, 0x0D, 0x15, 0x02}; !bytes.Equal(r.Bytes(), want) {
		t.Errorf("p/q/r's prefix %X, want %X", r.Bytes(), want)
	}
	if !slices.Equal(q.GetPath(), []string{"p", "q"}) || !slices.Equal(r.GetPath(), []string{"p", "q", "r"}) {
		t.Errorf("paths %q and %q", q.GetPath(), r.GetPath())
	}
}

func TestGoldenManualPrefixes(t *testing.T) {
	s := newStore()
	dl := defaultLayer(script(t, 46), true)
	healthy(t, s, dl)
	if _, err := dl.Create(s, []string{"a"}, nil); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		prefix []byte
		err    error
	}{
		{"b", nil, directory.ErrPrefixInUse}, // nil is the empty prefix, as in the official Go
		{"b", []byte{}, directory.ErrPrefixInUse},
		{"b", []byte{0xFE, 0x01}, directory.ErrPrefixInUse},
		{"b", []byte{0x15}, directory.ErrPrefixInUse},
		{"b", []byte{0x70}, nil},
		{"c", []byte{0x70, 0x71}, directory.ErrPrefixInUse},
		{"c", []byte{0x6F, 0x00}, nil},
		{"d", []byte{0xFF, 0x01}, directory.ErrInvalidPrefix},
		{"d", []byte{0xFF}, directory.ErrInvalidPrefix},
		{"d", []byte{0xFF, 0xFF}, directory.ErrInvalidPrefix},
	} {
		ds, err := dl.CreatePrefix(s, []string{c.name}, nil, c.prefix)
		if !errors.Is(err, c.err) || (c.err == nil) != (err == nil) {
			t.Errorf("CreatePrefix(%q, %X): %v, want %v", c.name, c.prefix, err, c.err)
			continue
		}
		if err == nil && !bytes.Equal(ds.Bytes(), c.prefix) {
			t.Errorf("CreatePrefix(%q, %X) has prefix %X", c.name, c.prefix, ds.Bytes())
		}
	}
	checkGolden(t, s, "manual-prefixes.txt")
}

func TestGoldenWindowAdvance(t *testing.T) {
	s := newStore()
	offsets := make([]int64, 0, 32)
	for i := range int64(31) {
		offsets = append(offsets, i)
	}
	d := script(t, append(offsets, 56)...)
	dl := defaultLayer(d, false)
	healthy(t, s, dl)
	for i := range 31 {
		if _, err := dl.Create(s, []string{fmt.Sprintf("d%02d", i)}, nil); err != nil {
			t.Fatal(err)
		}
	}
	log := runTraced(t, s, func(tr fdb.Transaction) error {
		_, err := dl.Create(tr, []string{"d31"}, nil)
		return err
	})
	checkGolden(t, s, "window-advance.txt")
	const H = "FE01FE0001686361"
	// The 32nd create's allocator writes (as fdb-java 7.4.1's DirectoryLayer writes them).
	want := []string{
		"add " + H + "001414 0100000000000000",
		"clear " + H + "0014.." + H + "00141540",
		"nwc",
		"clear " + H + "001501.." + H + "0015011540",
		"add " + H + "00141540 0100000000000000",
		"nwc",
		"set " + H + "0015011578 = ",
		"wck " + H + "0015011578",
		"set FE01FE00140264333100 = 1578",
	}
	got := writesOf(log)
	diffLog(t, "writes of the 32nd create", got[:len(got)-1], want)
	if !slices.Equal(d.bounds[31:], []int64{64}) {
		t.Errorf("the 32nd create drew with bounds %v, want one of 64", d.bounds[31:])
	}
}
