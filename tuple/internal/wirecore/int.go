package wirecore

import (
	"bytes"
	"encoding/binary"
	"math"
	"math/big"
	"math/bits"

	"github.com/fdbtuple/fdbtuple/types"
)

// Integers. Zero is the single byte 14. A magnitude of n <= 8 bytes
// follows code 14+n (positive) or 14-n (negative); negative values are
// written as the one's complement of the magnitude, so that larger
// magnitudes give smaller bytes. Magnitudes of 9 to 255 bytes use 1D
// (positive) or 0B (negative) followed by one length byte (inverted for
// negatives, so that longer negatives sort first) and the magnitude
// (inverted for negatives). Every integer is written in its shortest
// form, and strict decoding accepts nothing else, but for the Python
// binding's 1D 08 FF*8 and 0B F7 00*8 for ±(2^64-1)
// (apple/foundationdb#1296).

// MaxBigIntBytes is the largest magnitude, in bytes, that the one-byte
// length of codes 0B and 1D can describe.
const MaxBigIntBytes = 255

// AppendMagnitude appends the integer of magnitude m, negative or not, in
// its minimal fixed-size form. It takes no more room than the element's,
// so that a buffer made to a key's exact size never grows.
func AppendMagnitude(dst []byte, m uint64, negative bool) []byte {
	if cap(dst)-len(dst) >= IntRoom {
		return AppendMagnitudeInRoom(dst, m, negative)
	}
	return appendMagnitudeTight(dst, m, negative)
}

// IntRoom is the room in dst, beyond its length, that
// AppendMagnitudeInRoom writes into: the code and one 8-byte store.
const IntRoom = 9

// AppendMagnitudeInRoom is AppendMagnitude for a dst with IntRoom bytes
// of room: it writes the magnitude, shifted to the top, with one 8-byte
// store, of which the slice keeps the first n bytes (a copy of n bytes,
// a length the compiler does not know, is a call of memmove), and it is
// small enough to be inlined. With less room it appends the same bytes
// after growing dst as append does, to more than the element needs.
func AppendMagnitudeInRoom(dst []byte, m uint64, negative bool) []byte {
	n := (bits.Len64(m) + 7) >> 3
	code := int(types.CodeZero) + n
	if negative {
		m, code = ^m, int(types.CodeZero)-n
	}
	at := len(dst) + 1
	return binary.BigEndian.AppendUint64(append(dst, byte(code)), m<<(64-8*n))[:at+n]
}

// appendMagnitudeTight is AppendMagnitude into a dst without IntRoom
// bytes of room: byte by byte, out of line.
func appendMagnitudeTight(dst []byte, m uint64, negative bool) []byte {
	n := (bits.Len64(m) + 7) / 8
	code := byte(types.CodeZero) + byte(n)
	if negative {
		m, code = ^m, byte(types.CodeZero)-byte(n)
	}
	dst = append(dst, code)
	for s := 8 * (n - 1); s >= 0; s -= 8 {
		dst = append(dst, byte(m>>s))
	}
	return dst
}

// SizeMagnitude is the encoded length of the integer of magnitude m.
func SizeMagnitude(m uint64) int { return 1 + (bits.Len64(m)+7)/8 }

// IntValue is a decoded integer before it is boxed: its magnitude, when
// that fits 64 bits, or a big.Int otherwise.
type IntValue struct {
	Mag uint64
	Neg bool
	Big *big.Int
}

// Value boxes the integer as the official binding does: int64 when it
// fits, uint64 for 2^63 to 2^64-1, *big.Int beyond either end.
func (iv IntValue) Value() any {
	if v, ok := iv.Int64(); ok {
		return v
	}
	switch {
	case iv.Big != nil:
		return iv.Big
	case !iv.Neg:
		return iv.Mag
	}
	return new(big.Int).Neg(new(big.Int).SetUint64(iv.Mag))
}

// Int64 returns the integer as an int64, if it fits.
func (iv IntValue) Int64() (int64, bool) {
	switch {
	case iv.Big != nil:
		return 0, false
	case !iv.Neg && iv.Mag <= math.MaxInt64:
		return int64(iv.Mag), true
	case iv.Neg && iv.Mag <= 1<<63:
		return int64(^iv.Mag + 1), true // -mag, exact down to MinInt64
	}
	return 0, false
}

// ReadInt decodes the integer element at in[pos]. Strict decoding
// (lenient false) accepts only minimal forms, plus the Python binding's
// big-integer form of exactly ±(2^64-1).
func ReadInt(in []byte, pos int, lenient bool) (IntValue, int, Fault) {
	if iv, n, ok := FixedInt(in[pos:]); ok {
		return iv, pos + n, Fault{}
	}
	n, neg, ok := types.Code(in[pos]).IntLength()
	switch {
	case !ok:
		return readBigInt(in, pos, lenient)
	case len(in)-pos-1 < n:
		return IntValue{}, 0, Fault{pos, FaultShort}
	case !lenient: // complete, so FixedInt refused it for its leading byte
		return IntValue{}, 0, Fault{pos, FaultPadded}
	}
	return fixedValue(in[pos+1:pos+1+n], neg), pos + 1 + n, Fault{}
}

// FixedInt decodes the fixed-size integer (codes 0C–1C) at b[0] when it
// is complete and minimal, the only forms an encoder writes; ok is false
// for anything else, which ReadInt then reports or, leniently, accepts.
func FixedInt(b []byte) (iv IntValue, n int, ok bool) {
	l, neg, ok := types.Code(b[0]).IntLength()
	if !ok || len(b) <= l || (l > 0 && b[1] == PadByte(neg)) {
		return IntValue{}, 0, false
	}
	return fixedValue(b[1:1+l], neg), 1 + l, true
}

// fixedValue is the integer whose big-endian magnitude bytes (inverted
// for a negative value) are mag.
func fixedValue(mag []byte, neg bool) IntValue {
	var u uint64
	for _, c := range mag {
		u = u<<8 | uint64(c)
	}
	if neg {
		u = ^u & (math.MaxUint64 >> (64 - 8*len(mag)))
	}
	return IntValue{Mag: u, Neg: neg && u != 0}
}

// PadByte is the byte a magnitude starts with when it is not minimal: 00
// for positives and FF (an inverted 00) for negatives.
func PadByte(negative bool) byte {
	if negative {
		return 0xFF
	}
	return 0x00
}

// readBigInt decodes the big integer (code 0B or 1D) at in[pos].
func readBigInt(in []byte, pos int, lenient bool) (IntValue, int, Fault) {
	next, f := BigSpan(in, pos)
	if f.Failed() {
		return IntValue{}, 0, f
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
		return IntValue{}, 0, Fault{pos, FaultLongBig}
	}
	b := new(big.Int).SetBytes(mag)
	if b.IsUint64() {
		return IntValue{Mag: b.Uint64(), Neg: neg && b.Sign() != 0}, next, Fault{}
	}
	if neg {
		b.Neg(b)
	}
	return IntValue{Big: b, Neg: neg}, next, Fault{}
}

// BigSpan frames the big integer at in[pos]: a length byte (inverted for
// a negative value), then that many magnitude bytes.
func BigSpan(in []byte, pos int) (int, Fault) {
	n, ok := BigLength(in, pos)
	switch {
	case !ok:
		return 0, Fault{pos, FaultNoLength}
	case len(in)-pos-2 < n:
		return 0, Fault{pos, FaultBigShort}
	}
	return pos + 2 + n, Fault{}
}

// BigLength reads the length byte of the big integer at in[pos].
func BigLength(in []byte, pos int) (n int, ok bool) {
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
