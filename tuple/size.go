package tuple

import (
	"bytes"
	"math/big"
	"math/bits"
	"strings"

	"github.com/fdbtuple/fdbtuple/types"
)

// Size functions report how many bytes the matching Append function writes,
// so that a caller can size a buffer once.

// SizeBytes reports the encoded length of a byte string.
func SizeBytes(v []byte) int { return 2 + len(v) + bytes.Count(v, zeroByte) }

// SizeString reports the encoded length of a string.
func SizeString(v string) int { return 2 + len(v) + strings.Count(v, "\x00") }

var zeroByte = []byte{0}

// SizeInt reports the encoded length of a signed integer.
func SizeInt(v int64) int {
	if v < 0 {
		return sizeMagnitude(^uint64(v) + 1)
	}
	return sizeMagnitude(uint64(v))
}

// SizeUint reports the encoded length of an unsigned integer.
func SizeUint(v uint64) int { return sizeMagnitude(v) }

func sizeMagnitude(m uint64) int { return 1 + (bits.Len64(m)+7)/8 }

// SizeBigInt reports the encoded length of a big integer, or -1 if its
// magnitude needs more than 255 bytes.
func SizeBigInt(v *big.Int) int {
	if v == nil {
		return 1
	}
	n := (v.BitLen() + 7) / 8
	switch {
	case n <= 8:
		return 1 + n
	case n > maxBigIntBytes:
		return -1
	}
	return 2 + n
}

// Sizes of the fixed-size elements, type code included.
const (
	SizeNull         = 1
	SizeNestedNull   = 2
	SizeBool         = 1
	SizeFloat32      = 5
	SizeFloat64      = 9
	SizeUUID         = 17
	SizeVersionstamp = 1 + types.VersionstampLength
)
