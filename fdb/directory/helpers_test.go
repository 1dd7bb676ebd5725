package directory_test

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/directory"
	"github.com/fdbtuple/fdbtuple/subspace"
)

// draws is a scripted random source: it serves the offsets given, in
// order, and records every call's bound.
type draws struct {
	t      testing.TB
	next   []int64
	bounds []int64
}

func script(t testing.TB, offsets ...int64) *draws { return &draws{t: t, next: offsets} }

func (d *draws) rand(n int64) int64 {
	d.bounds = append(d.bounds, n)
	if len(d.next) == 0 {
		d.t.Errorf("draw %d (bound %d): no scripted draw left", len(d.bounds), n)
		return 0
	}
	v := d.next[0]
	d.next = d.next[1:]
	return v
}

// defaultLayer is the default layer's keys with scripted draws.
func defaultLayer(d *draws, manual bool) directory.Directory {
	return directory.NewDirectoryLayerWith(subspace.FromBytes([]byte{0xFE}), subspace.AllKeys(),
		directory.Options{AllowManualPrefixes: manual, Rand: d.rand})
}

// dumper is a store whose whole state can be read.
type dumper interface {
	Dump() []fdb.KeyValue
}

// formatDump writes pairs one a line, "KEY = VALUE" in upper-case hex.
func formatDump(kvs []fdb.KeyValue) string {
	var b strings.Builder
	for _, p := range kvs {
		fmt.Fprintf(&b, "%X = %X\n", []byte(p.Key), p.Value)
	}
	return b.String()
}

// readGolden reads an annotated dump from testdata: lines "KEY = VALUE",
// hex with optional spaces and '|' between groups, '#' comments to the
// end of the line, blank lines ignored. It returns the pairs formatted
// as formatDump does.
func readGolden(t testing.TB, name string) string {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var b strings.Builder
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		if strings.TrimSpace(text) == "" {
			continue
		}
		k, v, ok := strings.Cut(text, "=")
		if !ok {
			t.Fatalf("%s:%d: no '=' in %q", name, line, text)
		}
		kb, err := parseHex(k)
		if err != nil {
			t.Fatalf("%s:%d: key: %v", name, line, err)
		}
		vb, err := parseHex(v)
		if err != nil {
			t.Fatalf("%s:%d: value: %v", name, line, err)
		}
		fmt.Fprintf(&b, "%X = %X\n", kb, vb)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func parseHex(s string) ([]byte, error) {
	s = strings.NewReplacer(" ", "", "|", "", "\t", "").Replace(s)
	if s == "''" {
		return nil, nil
	}
	return hex.DecodeString(s)
}

// checkGolden compares the store's whole state with a file of testdata.
func checkGolden(t *testing.T, s dumper, name string) {
	t.Helper()
	want := readGolden(t, name)
	got := formatDump(s.Dump())
	if got != want {
		t.Errorf("state differs from testdata/%s\n got:\n%s\nwant:\n%s", name, got, want)
	}
}

func equalBytes(a, b []byte) bool { return bytes.Equal(a, b) }
