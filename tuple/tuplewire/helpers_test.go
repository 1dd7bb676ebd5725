package tuplewire_test

import (
	"math/big"
	"testing"

	"github.com/fdbtuple/fdbtuple/internal/testrows"
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
func dhex(t testing.TB, s string) []byte { t.Helper(); return testrows.Hex(t, s) }
