package tuple

import (
	"encoding/binary"
	"math"

	"github.com/fdbtuple/fdbtuple/types"
)

// Floats: 20 and four bytes for a float32, 21 and eight for a float64.
// The IEEE bits are taken big-endian; a positive value has only its sign
// bit flipped and a negative one has every bit flipped. That maps the IEEE
// total order (negative NaNs, -Inf, negatives, -0, +0, positives, +Inf,
// positive NaNs) onto unsigned byte order. NaN payloads are kept.

// AppendFloat32 appends a float32 (code 20), keeping NaN payloads and the
// sign of zero.
func AppendFloat32(dst []byte, v float32) []byte {
	return binary.BigEndian.AppendUint32(append(dst, byte(types.CodeFloat32)), orderBits32(v))
}

// AppendFloat64 appends a float64 (code 21), keeping NaN payloads and the
// sign of zero.
func AppendFloat64(dst []byte, v float64) []byte {
	return binary.BigEndian.AppendUint64(append(dst, byte(types.CodeFloat64)), orderBits64(v))
}

// orderBits32 and orderBits64 apply the encoding's bit transform, which
// maps the IEEE total order onto unsigned integer order: the Append
// functions write it, Compare compares by it, and decodeFloat32 and
// decodeFloat64 undo it.
func orderBits32(f float32) uint32 {
	u := math.Float32bits(f)
	if u&(1<<31) != 0 {
		return ^u
	}
	return u ^ 1<<31
}

func orderBits64(f float64) uint64 {
	u := math.Float64bits(f)
	if u&(1<<63) != 0 {
		return ^u
	}
	return u ^ 1<<63
}

// ConsumeFloat32 decodes a float32 (code 20), bit for bit.
func ConsumeFloat32(b []byte) (v float32, n int, err error) {
	if len(b) >= SizeFloat32 && types.Code(b[0]) == types.CodeFloat32 {
		return decodeFloat32(binary.BigEndian.Uint32(b[1:])), SizeFloat32, nil
	}
	if n, err = consumeFixed(b, types.KindFloat32); err != nil {
		return 0, 0, err
	}
	return decodeFloat32(binary.BigEndian.Uint32(b[1:])), n, nil
}

// ConsumeFloat64 decodes a float64 (code 21), bit for bit.
func ConsumeFloat64(b []byte) (v float64, n int, err error) {
	if len(b) >= SizeFloat64 && types.Code(b[0]) == types.CodeFloat64 {
		return decodeFloat64(binary.BigEndian.Uint64(b[1:])), SizeFloat64, nil
	}
	if n, err = consumeFixed(b, types.KindFloat64); err != nil {
		return 0, 0, err
	}
	return decodeFloat64(binary.BigEndian.Uint64(b[1:])), n, nil
}

func decodeFloat32(u uint32) float32 {
	if u&(1<<31) != 0 {
		u ^= 1 << 31
	} else {
		u = ^u
	}
	return math.Float32frombits(u)
}

func decodeFloat64(u uint64) float64 {
	if u&(1<<63) != 0 {
		u ^= 1 << 63
	} else {
		u = ^u
	}
	return math.Float64frombits(u)
}

// Sizes of the float elements, type code included.
const (
	SizeFloat32 = 5
	SizeFloat64 = 9
)
