package property_test

import (
	"bytes"
	"cmp"

	"pgregory.net/rapid"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/vectors"
)

// pack packs a generated tuple, which must pack.
func pack(t *rapid.T, tup tuple.Tuple) []byte {
	b, err := (tuple.Codec{}).Pack(tup)
	if err != nil {
		t.Fatalf("pack %s: %v", tup, err)
	}
	return b
}

func identical(a, b tuple.Tuple) bool { return vectors.Identical(a, b) }

// sign is the sign of a bytes.Compare or Compare result.
func sign(c int) int { return cmp.Compare(c, 0) }

func bytesCompare(a, b []byte) int { return sign(bytes.Compare(a, b)) }
