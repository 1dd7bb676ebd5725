package tuple

import (
	"bytes"
	"math"
	"math/big"

	"github.com/fdbtuple/fdbtuple/types"
)

// Reading integers: the fixed forms (codes 0C–1C, one to eight bytes of
// the magnitude, negatives in ones' complement) and the big forms (0B and
// 1D, a length byte, then up to 255 bytes), with the strict check that
// every integer is in its shortest form. Unpack, its fast path and the
// Consume functions all read integers here.

// intValue is a decoded integer before it is boxed: its magnitude, when
// that fits 64 bits, or a big.Int otherwise.
type intValue struct {
	mag uint64
	neg bool
	big *big.Int
}

// value boxes the integer as the official binding does: int64 when it fits,
// uint64 for 2^63 to 2^64-1, *big.Int beyond either end.
func (iv intValue) value() any {
	if v, ok := iv.int64(); ok {
		return v
	}
	switch {
	case iv.big != nil:
		return iv.big
	case !iv.neg:
		return iv.mag
	}
	return new(big.Int).Neg(new(big.Int).SetUint64(iv.mag))
}

// readInt decodes the integer element at in[pos]. Strict decoding (lenient
// false) accepts only minimal forms, plus the Python binding's big-integer
// form of exactly ±(2^64-1).
func readInt(in []byte, pos int, lenient bool) (intValue, int, error) {
	d := decoder{in: in, lenient: lenient}
	code := types.Code(in[pos])
	if iv, n, ok := fixedInt(in[pos:]); ok {
		return iv, pos + n, nil
	}
	if n, neg, ok := code.IntLength(); ok {
		next, err := d.need(pos, n)
		if err != nil {
			return intValue{}, pos, err
		}
		if !lenient { // complete, so fixedInt refused it for its leading byte
			return intValue{}, pos, d.fail(pos, ErrNonCanonical, "leading %02x byte: the value fits in fewer bytes", padByte(neg))
		}
		return fixedValue(in[pos+1:next], neg), next, nil
	}
	return readBigInt(&d, pos)
}

// fixedInt decodes the fixed-size integer (codes 0C–1C) at b[0] when it is
// complete and minimal, the only forms an encoder writes; ok is false for
// anything else, which readInt then reports or, leniently, accepts.
func fixedInt(b []byte) (iv intValue, n int, ok bool) {
	l, neg, ok := types.Code(b[0]).IntLength()
	if !ok || len(b) <= l || (l > 0 && b[1] == padByte(neg)) {
		return intValue{}, 0, false
	}
	return fixedValue(b[1:1+l], neg), 1 + l, true
}

// fixedValue is the integer whose big-endian magnitude bytes (inverted
// for a negative value) are mag.
func fixedValue(mag []byte, neg bool) intValue {
	var u uint64
	for _, c := range mag {
		u = u<<8 | uint64(c)
	}
	if neg {
		u = ^u & (math.MaxUint64 >> (64 - 8*len(mag)))
	}
	return intValue{mag: u, neg: neg && u != 0}
}

// int64 returns the integer as an int64, if it fits.
func (iv intValue) int64() (int64, bool) {
	switch {
	case iv.big != nil:
		return 0, false
	case !iv.neg && iv.mag <= math.MaxInt64:
		return int64(iv.mag), true
	case iv.neg && iv.mag <= 1<<63:
		return int64(^iv.mag + 1), true // -mag, exact down to MinInt64
	}
	return 0, false
}

// padByte is the byte a magnitude starts with when it is not minimal: 00 for
// positives and FF (an inverted 00) for negatives.
func padByte(negative bool) byte {
	if negative {
		return 0xFF
	}
	return 0x00
}

func readBigInt(d *decoder, pos int) (intValue, int, error) {
	neg := types.Code(d.in[pos]) == types.CodeNegBig
	if pos+1 >= len(d.in) {
		return intValue{}, pos, d.fail(pos, ErrTruncated, "no length byte")
	}
	n := int(d.in[pos+1])
	if neg {
		n ^= 0xFF
	}
	if len(d.in)-pos-2 < n {
		return intValue{}, pos, d.fail(pos, ErrTruncated, "length byte says %d bytes, %d remain", n, len(d.in)-pos-2)
	}
	mag := make([]byte, n)
	copy(mag, d.in[pos+2:pos+2+n])
	if neg {
		for i := range mag {
			mag[i] = ^mag[i]
		}
	}
	if !d.lenient && !canonicalBig(mag) {
		return intValue{}, pos, d.fail(pos, ErrNonCanonical, "a %d-byte magnitude belongs in a shorter form", n)
	}
	next := pos + 2 + n
	b := new(big.Int).SetBytes(mag)
	if b.IsUint64() {
		return intValue{mag: b.Uint64(), neg: neg && b.Sign() != 0}, next, nil
	}
	if neg {
		b.Neg(b)
	}
	return intValue{big: b, neg: neg}, next, nil
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
