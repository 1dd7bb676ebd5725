package tuplewire

import (
	"encoding/binary"
	"math/big"

	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
	"github.com/fdbtuple/fdbtuple/types"
)

// Integers. Zero is the single byte 14. A magnitude of n <= 8 bytes
// follows code 14+n (positive) or 14-n (negative); negative values are
// written as the one's complement of the magnitude, so that larger
// magnitudes give smaller bytes. Magnitudes of 9 to 255 bytes use 1D
// (positive) or 0B (negative), one length byte (inverted for negatives)
// and the magnitude (inverted for negatives). Every integer is written in
// its shortest form, and strict decoding accepts nothing else. Because
// 2^64-1 fits in eight bytes, it is written 1C FF*8, as the Go and Java
// bindings do; the Python binding's 1D 08 FF*8 is accepted on decode
// (apple/foundationdb#1296).

// AppendInt appends a signed integer in its minimal form.
func AppendInt(dst []byte, v int64) []byte {
	return wirecore.AppendMagnitude(dst, magnitude(v), v < 0)
}

// magnitude is |v|, exact for MinInt64 too (its -v, in two's complement
// and converted, is 2^63).
func magnitude(v int64) uint64 {
	if v < 0 {
		return -uint64(v)
	}
	return uint64(v)
}

// AppendIntInRoom is AppendInt, small enough to be inlined, for a dst
// with IntRoom bytes of room beyond its length: it writes the magnitude
// with one 8-byte store, of which it keeps the element's bytes. With less
// room it still appends the right bytes, after growing dst as append
// does where AppendInt might have fitted them: check the room first, as
// generated code does.
func AppendIntInRoom(dst []byte, v int64) []byte {
	return wirecore.AppendMagnitudeInRoom(dst, magnitude(v), v < 0)
}

// AppendUint appends an unsigned integer in its minimal form; values up to
// 2^64-1 take at most 9 bytes.
func AppendUint(dst []byte, v uint64) []byte {
	return wirecore.AppendMagnitude(dst, v, false)
}

// IntRoom is the room, beyond its length, that AppendIntInRoom and
// AppendUintInRoom need in dst: the code and one 8-byte store.
const IntRoom = wirecore.IntRoom

// AppendUintInRoom is AppendUint as AppendIntInRoom is AppendInt.
func AppendUintInRoom(dst []byte, v uint64) []byte {
	return wirecore.AppendMagnitudeInRoom(dst, v, false)
}

// AppendBigInt appends an integer of any size up to 255 magnitude bytes
// (|v| <= 2^2040-1), in the same minimal form AppendInt uses for values
// that fit in 8 bytes. A larger value gives ErrTooLarge and dst
// unchanged. A nil v is encoded as zero, as big.Int treats it.
func AppendBigInt(dst []byte, v *big.Int) ([]byte, error) {
	if v == nil {
		return append(dst, byte(types.CodeZero)), nil
	}
	if v.IsUint64() {
		return wirecore.AppendMagnitude(dst, v.Uint64(), false), nil
	}
	negative := v.Sign() < 0
	n := (v.BitLen() + 7) / 8
	if n <= 8 { // a negative value of at most 8 magnitude bytes
		var buf [8]byte
		v.FillBytes(buf[:]) // FillBytes writes |v|
		return wirecore.AppendMagnitude(dst, binary.BigEndian.Uint64(buf[:]), true), nil
	}
	if n > wirecore.MaxBigIntBytes {
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

// consumeInt decodes any integer element without boxing it.
func consumeInt(b []byte) (wirecore.IntValue, int, error) {
	if err := Expect(b, types.KindInt); err != nil {
		return wirecore.IntValue{}, 0, err
	}
	iv, next, f := wirecore.ReadInt(b, 0, false)
	if f.Failed() {
		return wirecore.IntValue{}, 0, elementError(b, f)
	}
	return iv, next, nil
}

// ConsumeInt decodes an integer that fits in an int64; a larger one gives
// ErrOutOfRange.
func ConsumeInt(b []byte) (v int64, n int, err error) {
	if len(b) > 0 { // the common case without the kind check and decoder
		if iv, n, ok := wirecore.FixedInt(b); ok {
			if v, ok := iv.Int64(); ok {
				return v, n, nil
			}
		}
	}
	iv, n, err := consumeInt(b)
	if err != nil {
		return 0, 0, err
	}
	if v, ok := iv.Int64(); ok {
		return v, n, nil
	}
	return 0, 0, outOfRange(b, "the value does not fit in an int64")
}

// ConsumeUint decodes an integer from 0 to 2^64-1; any other gives
// ErrOutOfRange.
func ConsumeUint(b []byte) (v uint64, n int, err error) {
	iv, n, err := consumeInt(b)
	switch {
	case err != nil:
		return 0, 0, err
	case iv.Big == nil && !iv.Neg:
		return iv.Mag, n, nil
	}
	return 0, 0, outOfRange(b, "the value does not fit in a uint64")
}

// ConsumeBigInt decodes an integer of any size into a new big.Int.
func ConsumeBigInt(b []byte) (v *big.Int, n int, err error) {
	iv, n, err := consumeInt(b)
	switch {
	case err != nil:
		return nil, 0, err
	case iv.Big != nil:
		return iv.Big, n, nil
	}
	v = new(big.Int).SetUint64(iv.Mag)
	if iv.Neg {
		v.Neg(v)
	}
	return v, n, nil
}

// outOfRange is the error of an integer element at b[0] that does not
// fit the Go type asked for.
func outOfRange(b []byte, detail string) error {
	return &DecodeError{Code: types.Code(b[0]), Err: ErrOutOfRange, Detail: detail}
}

// SizeInt reports the encoded length of a signed integer.
func SizeInt(v int64) int {
	if v < 0 {
		return wirecore.SizeMagnitude(^uint64(v) + 1)
	}
	return wirecore.SizeMagnitude(uint64(v))
}

// SizeUint reports the encoded length of an unsigned integer.
func SizeUint(v uint64) int { return wirecore.SizeMagnitude(v) }

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
	case n > wirecore.MaxBigIntBytes:
		return -1
	}
	return 2 + n
}
