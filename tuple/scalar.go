package tuple

import (
	"github.com/fdbtuple/fdbtuple/types"
	"github.com/google/uuid"
)

// The elements of one fixed form: null (00; 00 FF inside a nested tuple,
// where a bare 00 ends the tuple), false (26) and true (27), and UUIDs (30
// and the 16 bytes in network order). Versionstamps are in
// versionstamp.go.

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

// ConsumeNull decodes a top-level null (00).
func ConsumeNull(b []byte) (n int, err error) {
	if err := expect(b, types.KindNull); err != nil {
		return 0, err
	}
	return 1, nil
}

// ConsumeBool decodes false (26) or true (27).
func ConsumeBool(b []byte) (v bool, n int, err error) {
	if err := expect(b, types.KindBool); err != nil {
		return false, 0, err
	}
	return types.Code(b[0]) == types.CodeTrue, 1, nil
}

// ConsumeUUID decodes a UUID (code 30).
func ConsumeUUID(b []byte) (v UUID, n int, err error) {
	if len(b) >= SizeUUID && types.Code(b[0]) == types.CodeUUID {
		return UUID(b[1:SizeUUID]), SizeUUID, nil // without the decoder
	}
	if n, err = consumeFixed(b, types.KindUUID); err != nil {
		return v, 0, err
	}
	return UUID(b[1:n]), n, nil
}

// Sizes of the fixed-size elements, type code included.
const (
	SizeNull       = 1
	SizeNestedNull = 2
	SizeBool       = 1
	SizeUUID       = 17
)
