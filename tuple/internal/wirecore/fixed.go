package wirecore

import (
	"math"

	"github.com/fdbtuple/fdbtuple/types"
)

// Floats: 20 and four bytes for a float32, 21 and eight for a float64.
// The IEEE bits are taken big-endian; a positive value has only its sign
// bit flipped and a negative one has every bit flipped. That maps the IEEE
// total order (negative NaNs, -Inf, negatives, -0, +0, positives, +Inf,
// positive NaNs) onto unsigned byte order. NaN payloads are kept.

// OrderBits32 and OrderBits64 apply the encoding's bit transform, which
// maps the IEEE total order onto unsigned integer order: the Append
// functions write it, Compare compares by it, and DecodeFloat32 and
// DecodeFloat64 undo it.
func OrderBits32(f float32) uint32 {
	u := math.Float32bits(f)
	if u&(1<<31) != 0 {
		return ^u
	}
	return u ^ 1<<31
}

// OrderBits64 is OrderBits32 for a float64.
func OrderBits64(f float64) uint64 {
	u := math.Float64bits(f)
	if u&(1<<63) != 0 {
		return ^u
	}
	return u ^ 1<<63
}

// DecodeFloat32 undoes OrderBits32.
func DecodeFloat32(u uint32) float32 {
	if u&(1<<31) != 0 {
		u ^= 1 << 31
	} else {
		u = ^u
	}
	return math.Float32frombits(u)
}

// DecodeFloat64 undoes OrderBits64.
func DecodeFloat64(u uint64) float64 {
	if u&(1<<63) != 0 {
		u ^= 1 << 63
	} else {
		u = ^u
	}
	return math.Float64frombits(u)
}

// DecodeVersionstamp reads the 12 bytes after a versionstamp's code.
func DecodeVersionstamp(b []byte) types.Versionstamp {
	var v types.Versionstamp
	_ = v.UnmarshalBinary(b[:types.VersionstampLength])
	return v
}
