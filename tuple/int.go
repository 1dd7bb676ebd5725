package tuple

import (
	"encoding/binary"
	"math"
	"math/big"
	"math/bits"

	"github.com/fdbtuple/fdbtuple/types"
)

// Integers up to 64 bits. Zero is the single byte 14. A magnitude of
// n <= 8 bytes follows code 14+n (positive) or 14-n (negative); negative
// values are written as the one's complement of the magnitude, so that
// larger magnitudes give smaller bytes. Every integer is written in its
// shortest form, and strict decoding accepts nothing else. Because 2^64-1
// fits in eight bytes, it is written 1C FF*8, as the Go and Java bindings
// do; the Python binding's 1D 08 FF*8 is accepted on decode
// (apple/foundationdb#1296). Bigger integers are in bigint.go.

// AppendInt appends a signed integer in its minimal form.
func AppendInt(dst []byte, v int64) []byte {
	if v >= 0 {
		return appendMagnitude(dst, uint64(v), false)
	}
	// -v overflows for MinInt64; the two's complement identity gives the
	// magnitude without overflow.
	return appendMagnitude(dst, ^uint64(v)+1, true)
}

// AppendUint appends an unsigned integer in its minimal form; values up to
// 2^64-1 take at most 9 bytes.
func AppendUint(dst []byte, v uint64) []byte {
	return appendMagnitude(dst, v, false)
}

func appendMagnitude(dst []byte, m uint64, negative bool) []byte {
	n := (bits.Len64(m) + 7) / 8
	if negative {
		m = ^m
		dst = append(dst, byte(types.CodeZero)-byte(n))
	} else {
		dst = append(dst, byte(types.CodeZero)+byte(n))
	}
	var buf [8]byte
	binary.BigEndian.PutUint64(buf[:], m)
	return append(dst, buf[8-n:]...)
}

// consumeInt decodes any integer element without boxing it.
func consumeInt(b []byte) (intValue, int, error) {
	if err := expect(b, types.KindInt); err != nil {
		return intValue{}, 0, err
	}
	iv, next, f := readInt(b, 0, false)
	if f.failed() {
		return intValue{}, 0, elementError(b, f)
	}
	return iv, next, nil
}

// ConsumeInt decodes an integer that fits in an int64; a larger one gives
// ErrOutOfRange.
func ConsumeInt(b []byte) (v int64, n int, err error) {
	if len(b) > 0 { // the common case without the kind check and decoder
		if iv, n, ok := fixedInt(b); ok {
			if v, ok := iv.int64(); ok {
				return v, n, nil
			}
		}
	}
	iv, n, err := consumeInt(b)
	if err != nil {
		return 0, 0, err
	}
	if v, ok := iv.int64(); ok {
		return v, n, nil
	}
	return 0, 0, newDecodeError(b, 0, ErrOutOfRange, "the value does not fit in an int64")
}

// ConsumeUint decodes an integer from 0 to 2^64-1; any other gives
// ErrOutOfRange.
func ConsumeUint(b []byte) (v uint64, n int, err error) {
	iv, n, err := consumeInt(b)
	switch {
	case err != nil:
		return 0, 0, err
	case iv.big == nil && !iv.neg:
		return iv.mag, n, nil
	}
	return 0, 0, newDecodeError(b, 0, ErrOutOfRange, "the value does not fit in a uint64")
}

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
func readInt(in []byte, pos int, lenient bool) (intValue, int, fault) {
	if iv, n, ok := fixedInt(in[pos:]); ok {
		return iv, pos + n, fault{}
	}
	n, neg, ok := types.Code(in[pos]).IntLength()
	switch {
	case !ok:
		return readBigInt(in, pos, lenient)
	case len(in)-pos-1 < n:
		return intValue{}, 0, fault{pos, faultShort}
	case !lenient: // complete, so fixedInt refused it for its leading byte
		return intValue{}, 0, fault{pos, faultPadded}
	}
	return fixedValue(in[pos+1:pos+1+n], neg), pos + 1 + n, fault{}
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
