package tuple

import (
	"bytes"
	"encoding/binary"
	"math/big"

	"github.com/fdbtuple/fdbtuple/types"
)

// Integers beyond 64 bits. Magnitudes of 9 to 255 bytes use 1D (positive)
// or 0B (negative) followed by one length byte (inverted for negatives, so
// that longer negatives sort first) and the magnitude (inverted for
// negatives). Values that fit in 8 bytes use the forms of int.go.

// maxBigIntBytes is the largest magnitude, in bytes, that the one-byte
// length of codes 0B and 1D can describe.
const maxBigIntBytes = 255

// AppendBigInt appends an integer of any size up to 255 magnitude bytes
// (|v| <= 2^2040-1), in the same minimal form the fixed-size functions use
// for values that fit in 8 bytes. A larger value gives ErrTooLarge and dst
// unchanged. A nil v is encoded as zero, as big.Int treats it.
func AppendBigInt(dst []byte, v *big.Int) ([]byte, error) {
	if v == nil {
		return append(dst, byte(types.CodeZero)), nil
	}
	if v.IsUint64() {
		return appendMagnitude(dst, v.Uint64(), false), nil
	}
	negative := v.Sign() < 0
	n := (v.BitLen() + 7) / 8
	if n <= 8 { // a negative value of at most 8 magnitude bytes
		var buf [8]byte
		v.FillBytes(buf[:]) // FillBytes writes |v|
		return appendMagnitude(dst, binary.BigEndian.Uint64(buf[:]), true), nil
	}
	if n > maxBigIntBytes {
		return dst, ErrTooLarge
	}
	if negative {
		dst = append(dst, byte(types.CodeNegBig), byte(n)^0xFF)
	} else {
		dst = append(dst, byte(types.CodePosBig), byte(n))
	}
	start := len(dst)
	dst = growLen(dst, n)
	v.FillBytes(dst[start:]) // FillBytes writes |v|
	if negative {
		for i := start; i < len(dst); i++ {
			dst[i] = ^dst[i]
		}
	}
	return dst, nil
}

// growLen extends dst by n bytes (whose content the caller overwrites).
func growLen(dst []byte, n int) []byte {
	if cap(dst)-len(dst) < n {
		grown := make([]byte, len(dst), 2*cap(dst)+n)
		copy(grown, dst)
		dst = grown
	}
	return dst[:len(dst)+n]
}

// ConsumeBigInt decodes an integer of any size into a new big.Int.
func ConsumeBigInt(b []byte) (v *big.Int, n int, err error) {
	iv, n, err := consumeInt(b)
	switch {
	case err != nil:
		return nil, 0, err
	case iv.big != nil:
		return iv.big, n, nil
	}
	v = new(big.Int).SetUint64(iv.mag)
	if iv.neg {
		v.Neg(v)
	}
	return v, n, nil
}

// readBigInt decodes the big integer (code 0B or 1D) at in[pos].
func readBigInt(in []byte, pos int, lenient bool) (intValue, int, fault) {
	next, f := bigSpan(in, pos)
	if f.failed() {
		return intValue{}, 0, f
	}
	neg := types.Code(in[pos]) == types.CodeNegBig
	mag := make([]byte, next-pos-2)
	copy(mag, in[pos+2:next])
	if neg {
		for i := range mag {
			mag[i] = ^mag[i]
		}
	}
	if !lenient && !canonicalBig(mag) {
		return intValue{}, 0, fault{pos, faultLongBig}
	}
	b := new(big.Int).SetBytes(mag)
	if b.IsUint64() {
		return intValue{mag: b.Uint64(), neg: neg && b.Sign() != 0}, next, fault{}
	}
	if neg {
		b.Neg(b)
	}
	return intValue{big: b, neg: neg}, next, fault{}
}

// bigSpan frames the big integer at in[pos]: a length byte (inverted for
// a negative value), then that many magnitude bytes.
func bigSpan(in []byte, pos int) (int, fault) {
	n, ok := bigLength(in, pos)
	switch {
	case !ok:
		return 0, fault{pos, faultNoLength}
	case len(in)-pos-2 < n:
		return 0, fault{pos, faultBigShort}
	}
	return pos + 2 + n, fault{}
}

// bigLength reads the length byte of the big integer at in[pos].
func bigLength(in []byte, pos int) (n int, ok bool) {
	if pos+1 >= len(in) {
		return 0, false
	}
	n = int(in[pos+1])
	if types.Code(in[pos]) == types.CodeNegBig {
		n ^= 0xFF
	}
	return n, true
}

// canonicalBig reports whether a 0B/1D magnitude is one an encoder writes:
// 9 or more bytes with no leading zero, or the Python binding's 8-byte form
// of 2^64-1.
func canonicalBig(mag []byte) bool {
	if len(mag) == 8 {
		return bytes.Equal(mag, []byte{0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF})
	}
	return len(mag) > 8 && mag[0] != 0
}

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
