package tuplewire_test

import (
	"encoding/hex"
	"math/big"
	"strings"
	"testing"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/vectors"
	"github.com/google/uuid"
)

var sampleUUID = uuid.MustParse("4c9d36e5-6b19-4e6a-828c-226ed667458a")

// maxBig is 2^2040-1, the largest magnitude the 0B/1D forms can hold.
var maxBig = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 2040), big.NewInt(1))

func bigInt(s string) *big.Int {
	b, ok := new(big.Int).SetString(s, 0)
	if !ok {
		panic(s)
	}
	return b
}

// dhex decodes hex written with spaces for readability: "15 2a".
func dhex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	if err != nil {
		t.Fatalf("bad hex %q: %v", s, err)
	}
	return b
}

// packRow is a pack vector row's bytes with their strict decoding.
type packRow struct {
	name   string
	packed []byte
	tup    tuple.Tuple
}

// packRows reads every row of the shared pack.jsonl and decodes it.
func packRows(t testing.TB) []packRow {
	t.Helper()
	rows, err := vectors.ReadRows[vectors.PackRow]("pack.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	out := make([]packRow, len(rows))
	for i, r := range rows {
		b := dhex(t, r.Packed)
		tup, err := tuple.Unpack(b)
		if err != nil {
			t.Fatalf("%s: %v", r.Name, err)
		}
		out[i] = packRow{r.Name, b, tup}
	}
	return out
}
