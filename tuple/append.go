package tuple

// Per-type encoders. Each appends one complete element, type code included,
// to dst and returns the extended slice. None retains dst or changes
// dst[:len(dst)], and none allocates when cap(dst) has room for the element
// (see the Size functions).
//
// Integers. Zero is the single byte 14. A magnitude of n <= 8 bytes follows
// code 14+n (positive) or 14-n (negative); negative values are written as
// the one's complement of the magnitude, so that larger magnitudes give
// smaller bytes. Magnitudes of 9 to 255 bytes use 1D (positive) or 0B
// (negative) followed by one length byte (inverted for negatives, so longer
// negatives sort first). Because 2^64-1 fits in eight bytes, it is written
// 1C FF*8, as the Go and Java bindings do; the Python binding's 1D 08 FF*8
// is accepted on decode (apple/foundationdb#1296).
//
// Floats. The IEEE bits are taken big-endian; a positive value has only its
// sign bit flipped and a negative one has every bit flipped. That maps the
// IEEE total order (negative NaNs, -Inf, negatives, -0, +0, positives, +Inf,
// positive NaNs) onto unsigned byte order. NaN payloads are kept.

import (
	"bytes"
	"encoding/binary"
	"math"
	"math/big"
	"math/bits"
	"strings"
	"unicode/utf8"

	"github.com/fdbtuple/fdbtuple/types"
	"github.com/google/uuid"
)

// AppendNull appends a top-level null (00). Inside a nested tuple, null is
// written 00 FF: use AppendNestedNull there.
func AppendNull(dst []byte) []byte {
	return append(dst, byte(types.CodeNull))
}

// AppendNestedNull appends a null as it is written inside a nested tuple
// (00 FF), where a bare 00 would end the nested tuple.
func AppendNestedNull(dst []byte) []byte {
	return append(dst, byte(types.CodeNull), 0xFF)
}

// AppendBytes appends a byte string: 01, the bytes with every 00 written as
// 00 FF, and a terminating 00.
func AppendBytes(dst, v []byte) []byte {
	dst = append(dst, byte(types.CodeBytes))
	return append(appendEscapedBytes(dst, v), 0x00)
}

// AppendString appends a Unicode string the way AppendBytes appends bytes,
// with code 02. The string must be valid UTF-8, since every other binding
// rejects invalid UTF-8 when it reads the key; AppendString does not check
// (the check costs a pass over the string), so use AppendStringChecked or
// Tuple.AppendBinary where the text comes from outside.
func AppendString(dst []byte, v string) []byte {
	dst = append(dst, byte(types.CodeString))
	return append(appendEscapedString(dst, v), 0x00)
}

// AppendStringChecked is AppendString that first checks that v is valid
// UTF-8. On error it returns dst unchanged and ErrInvalidUTF8.
func AppendStringChecked(dst []byte, v string) ([]byte, error) {
	if !utf8.ValidString(v) {
		return dst, ErrInvalidUTF8
	}
	return AppendString(dst, v), nil
}

// appendEscapedBytes and appendEscapedString copy runs between zero bytes
// with one append each; the search for 00 is the vectorised IndexByte, so
// long strings with few zeros cost little more than a copy.
func appendEscapedBytes(dst, v []byte) []byte {
	for {
		i := bytes.IndexByte(v, 0x00)
		if i < 0 {
			return append(dst, v...)
		}
		dst = append(dst, v[:i]...)
		for ; i < len(v) && v[i] == 0x00; i++ { // a run of zeros
			dst = append(dst, 0x00, 0xFF)
		}
		v = v[i:]
	}
}

func appendEscapedString(dst []byte, v string) []byte {
	for {
		i := strings.IndexByte(v, 0x00)
		if i < 0 {
			return append(dst, v...)
		}
		dst = append(dst, v[:i]...)
		for ; i < len(v) && v[i] == 0x00; i++ { // a run of zeros
			dst = append(dst, 0x00, 0xFF)
		}
		v = v[i:]
	}
}

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

// AppendFloat32 appends a float32 (code 20), keeping NaN payloads and the
// sign of zero.
func AppendFloat32(dst []byte, v float32) []byte {
	u := math.Float32bits(v)
	if u&(1<<31) != 0 {
		u = ^u
	} else {
		u ^= 1 << 31
	}
	return binary.BigEndian.AppendUint32(append(dst, byte(types.CodeFloat32)), u)
}

// AppendFloat64 appends a float64 (code 21), keeping NaN payloads and the
// sign of zero.
func AppendFloat64(dst []byte, v float64) []byte {
	u := math.Float64bits(v)
	if u&(1<<63) != 0 {
		u = ^u
	} else {
		u ^= 1 << 63
	}
	return binary.BigEndian.AppendUint64(append(dst, byte(types.CodeFloat64)), u)
}

// AppendBool appends false (26) or true (27).
func AppendBool(dst []byte, v bool) []byte {
	if v {
		return append(dst, byte(types.CodeTrue))
	}
	return append(dst, byte(types.CodeFalse))
}

// AppendUUID appends a UUID (code 30) as its 16 bytes in network order.
func AppendUUID(dst []byte, v uuid.UUID) []byte {
	return append(append(dst, byte(types.CodeUUID)), v[:]...)
}

// AppendVersionstamp appends a versionstamp (code 33) as its 12 bytes.
// It writes an incomplete stamp like any other: plain packing refuses
// incomplete stamps one level up, in Tuple.AppendBinary, because only
// PackWithVersionstamp can make a usable key of one.
func AppendVersionstamp(dst []byte, v types.Versionstamp) []byte {
	dst = append(append(dst, byte(types.CodeVersionstamp)), v.TransactionVersion[:]...)
	return append(dst, byte(v.UserVersion>>8), byte(v.UserVersion))
}

// BeginNested appends the start of a nested tuple (05). Append its
// elements with the Append functions, writing nulls with AppendNestedNull,
// then close it with EndNested.
func BeginNested(dst []byte) []byte {
	return append(dst, byte(types.CodeNested))
}

// EndNested appends the 00 that closes a nested tuple.
func EndNested(dst []byte) []byte {
	return append(dst, 0x00)
}
