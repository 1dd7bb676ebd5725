package tuplewire

import (
	"encoding/binary"

	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
	"github.com/fdbtuple/fdbtuple/types"
	"github.com/google/uuid"
)

// The elements of one fixed form: null (00; 00 FF inside a nested tuple,
// where a bare 00 ends the tuple), false (26) and true (27), floats (20
// and four bytes for a float32, 21 and eight for a float64), UUIDs (30 and
// the 16 bytes in network order) and versionstamps (33 and 12 bytes).
//
// A float's IEEE bits are taken big-endian; a positive value has only its
// sign bit flipped and a negative one has every bit flipped. That maps the
// IEEE total order (negative NaNs, -Inf, negatives, -0, +0, positives,
// +Inf, positive NaNs) onto unsigned byte order. NaN payloads are kept.

// AppendNull appends a top-level null (00). Inside a nested tuple, null is
// written 00 FF: use AppendNestedNull there.
func AppendNull(dst []byte) []byte {
	return append(dst, byte(types.CodeNull))
}

// AppendBool appends false (26) or true (27).
func AppendBool(dst []byte, v bool) []byte {
	if v {
		return append(dst, byte(types.CodeTrue))
	}
	return append(dst, byte(types.CodeFalse))
}

// AppendFloat32 appends a float32 (code 20), keeping NaN payloads and the
// sign of zero.
func AppendFloat32(dst []byte, v float32) []byte {
	return binary.BigEndian.AppendUint32(append(dst, byte(types.CodeFloat32)), wirecore.OrderBits32(v))
}

// AppendFloat64 appends a float64 (code 21), keeping NaN payloads and the
// sign of zero.
func AppendFloat64(dst []byte, v float64) []byte {
	return binary.BigEndian.AppendUint64(append(dst, byte(types.CodeFloat64)), wirecore.OrderBits64(v))
}

// AppendUUID appends a UUID (code 30) as its 16 bytes in network order.
func AppendUUID(dst []byte, v uuid.UUID) []byte {
	return append(append(dst, byte(types.CodeUUID)), v[:]...)
}

// AppendVersionstamp appends a versionstamp (code 33) as its 12 bytes. It
// writes an incomplete stamp like any other: package tuple's plain packing
// refuses incomplete stamps one level up, because only
// PackWithVersionstamp can make a usable key of one.
func AppendVersionstamp(dst []byte, v types.Versionstamp) []byte {
	dst = append(append(dst, byte(types.CodeVersionstamp)), v.TransactionVersion[:]...)
	return append(dst, byte(v.UserVersion>>8), byte(v.UserVersion))
}

// ConsumeNull decodes a top-level null (00).
func ConsumeNull(b []byte) (n int, err error) {
	if err := Expect(b, types.KindNull); err != nil {
		return 0, err
	}
	return 1, nil
}

// ConsumeBool decodes false (26) or true (27).
func ConsumeBool(b []byte) (v bool, n int, err error) {
	if err := Expect(b, types.KindBool); err != nil {
		return false, 0, err
	}
	return types.Code(b[0]) == types.CodeTrue, 1, nil
}

// ConsumeFloat32 decodes a float32 (code 20), bit for bit.
func ConsumeFloat32(b []byte) (v float32, n int, err error) {
	if len(b) >= wirecore.SizeFloat32 && types.Code(b[0]) == types.CodeFloat32 {
		return wirecore.DecodeFloat32(binary.BigEndian.Uint32(b[1:])), wirecore.SizeFloat32, nil
	}
	if n, err = consumeFixed(b, types.KindFloat32); err != nil {
		return 0, 0, err
	}
	return wirecore.DecodeFloat32(binary.BigEndian.Uint32(b[1:])), n, nil
}

// ConsumeFloat64 decodes a float64 (code 21), bit for bit.
func ConsumeFloat64(b []byte) (v float64, n int, err error) {
	if len(b) >= wirecore.SizeFloat64 && types.Code(b[0]) == types.CodeFloat64 {
		return wirecore.DecodeFloat64(binary.BigEndian.Uint64(b[1:])), wirecore.SizeFloat64, nil
	}
	if n, err = consumeFixed(b, types.KindFloat64); err != nil {
		return 0, 0, err
	}
	return wirecore.DecodeFloat64(binary.BigEndian.Uint64(b[1:])), n, nil
}

// ConsumeUUID decodes a UUID (code 30).
func ConsumeUUID(b []byte) (v uuid.UUID, n int, err error) {
	if len(b) >= wirecore.SizeUUID && types.Code(b[0]) == types.CodeUUID {
		return uuid.UUID(b[1:wirecore.SizeUUID]), wirecore.SizeUUID, nil
	}
	if n, err = consumeFixed(b, types.KindUUID); err != nil {
		return v, 0, err
	}
	return uuid.UUID(b[1:n]), n, nil
}

// ConsumeVersionstamp decodes a versionstamp (code 33). Ten FF bytes of
// transaction version decode as an incomplete stamp.
func ConsumeVersionstamp(b []byte) (v types.Versionstamp, n int, err error) {
	if n, err = consumeFixed(b, types.KindVersionstamp); err != nil {
		return v, 0, err
	}
	return wirecore.DecodeVersionstamp(b[1:n]), n, nil
}
