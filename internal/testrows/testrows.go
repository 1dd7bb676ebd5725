// Package testrows reads the shared pack vectors for the tests of tuple
// and tuplewire, so that both test the same rows with the same helpers.
//
// Place in the import DAG: above tuple and vectors, for tests only. It
// must not import nested, compat or cmd/fdbtuple.
package testrows

import (
	"encoding/hex"
	"strings"
	"testing"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/vectors"
)

// Hex decodes hex written with spaces for readability: "15 2a".
func Hex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	if err != nil {
		t.Fatalf("bad hex %q: %v", s, err)
	}
	return b
}

// PackRow is a pack vector row's bytes with their strict decoding.
type PackRow struct {
	Name   string
	Packed []byte
	Tup    tuple.Tuple
}

// PackRows reads every row of the shared pack.jsonl and decodes it.
func PackRows(t testing.TB) []PackRow {
	t.Helper()
	rows, err := vectors.ReadRows[vectors.PackRow]("pack.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	out := make([]PackRow, len(rows))
	for i, r := range rows {
		b := Hex(t, r.Packed)
		tup, err := tuple.Unpack(b)
		if err != nil {
			t.Fatalf("%s: %v", r.Name, err)
		}
		out[i] = PackRow{r.Name, b, tup}
	}
	return out
}
