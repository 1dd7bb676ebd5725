package tuple

import (
	"encoding/binary"
	"math/big"
	"unicode/utf8"

	"github.com/fdbtuple/fdbtuple/types"
)

// The Consume functions decode the first element of b, which must be of the
// kind they are named for, and report its encoded length n, so that b[n:]
// starts at the next element. They decode strictly, as Unpack does, and
// fail with a *DecodeError wrapping ErrWrongType when the element is of
// another kind. Offsets in their errors count from b[0].
//
// Except for ConsumeBytes, ConsumeString, ConsumeBigInt and ConsumeTuple,
// which return new memory, they do not allocate. ConsumeBytesAppend and
// ConsumeStringAppend decode into a caller's buffer instead, for loops that
// must not allocate; their results never alias b.

// expect checks that b starts with an element of kind k. It is called for
// every element a Consume function reads, so the error is built apart.
func expect(b []byte, k types.Kind) (decoder, error) {
	if len(b) == 0 || types.Code(b[0]).Kind() != k {
		return decoder{}, kindError(b, k)
	}
	return decoder{in: b}, nil
}

func kindError(b []byte, k types.Kind) error {
	if len(b) == 0 {
		return &DecodeError{Err: ErrTruncated, Detail: "no element: the input is empty"}
	}
	d := decoder{in: b}
	if got := types.Code(b[0]).Kind(); got != k {
		if got == types.KindInvalid {
			return d.fail(0, ErrInvalidCode, "%s is not a standard type code", types.Code(b[0]))
		}
		return d.fail(0, ErrWrongType, "want %s, got %s", k, got)
	}
	return nil
}

// ConsumeNull decodes a top-level null (00).
func ConsumeNull(b []byte) (n int, err error) {
	if _, err := expect(b, types.KindNull); err != nil {
		return 0, err
	}
	return 1, nil
}

// ConsumeBool decodes false (26) or true (27).
func ConsumeBool(b []byte) (v bool, n int, err error) {
	if _, err := expect(b, types.KindBool); err != nil {
		return false, 0, err
	}
	return types.Code(b[0]) == types.CodeTrue, 1, nil
}

// consumeInt decodes any integer element without boxing it.
func consumeInt(b []byte) (intValue, int, error) {
	if _, err := expect(b, types.KindInt); err != nil {
		return intValue{}, 0, err
	}
	iv, next, err := readInt(b, 0, false)
	if err != nil {
		return intValue{}, 0, err
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
	d := decoder{in: b}
	return 0, 0, d.fail(0, ErrOutOfRange, "the value does not fit in an int64")
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
	d := decoder{in: b}
	return 0, 0, d.fail(0, ErrOutOfRange, "the value does not fit in a uint64")
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

// ConsumeFloat32 decodes a float32 (code 20), bit for bit.
func ConsumeFloat32(b []byte) (v float32, n int, err error) {
	if len(b) >= SizeFloat32 && types.Code(b[0]) == types.CodeFloat32 {
		return decodeFloat32(binary.BigEndian.Uint32(b[1:])), SizeFloat32, nil
	}
	d, err := expect(b, types.KindFloat32)
	if err != nil {
		return 0, 0, err
	}
	u, n, err := d.fixed(0, 4)
	if err != nil {
		return 0, 0, err
	}
	return decodeFloat32(uint32(u)), n, nil
}

// ConsumeFloat64 decodes a float64 (code 21), bit for bit.
func ConsumeFloat64(b []byte) (v float64, n int, err error) {
	if len(b) >= SizeFloat64 && types.Code(b[0]) == types.CodeFloat64 {
		return decodeFloat64(binary.BigEndian.Uint64(b[1:])), SizeFloat64, nil
	}
	d, err := expect(b, types.KindFloat64)
	if err != nil {
		return 0, 0, err
	}
	u, n, err := d.fixed(0, 8)
	if err != nil {
		return 0, 0, err
	}
	return decodeFloat64(u), n, nil
}

// ConsumeUUID decodes a UUID (code 30).
func ConsumeUUID(b []byte) (v UUID, n int, err error) {
	if len(b) >= SizeUUID && types.Code(b[0]) == types.CodeUUID {
		return UUID(b[1:SizeUUID]), SizeUUID, nil // without the decoder
	}
	d, err := expect(b, types.KindUUID)
	if err != nil {
		return v, 0, err
	}
	if n, err = d.need(0, len(v)); err != nil {
		return v, 0, err
	}
	copy(v[:], b[1:n])
	return v, n, nil
}

// ConsumeVersionstamp decodes a versionstamp (code 33). Ten FF bytes of
// transaction version decode as an incomplete stamp.
func ConsumeVersionstamp(b []byte) (v Versionstamp, n int, err error) {
	d, err := expect(b, types.KindVersionstamp)
	if err != nil {
		return v, 0, err
	}
	if n, err = d.need(0, types.VersionstampLength); err != nil {
		return v, 0, err
	}
	_ = v.UnmarshalBinary(b[1:n])
	return v, n, nil
}

// consumeRaw finds the escaped payload of a byte or text string.
func consumeRaw(b []byte, k types.Kind) (raw []byte, n int, err error) {
	d, err := expect(b, k)
	if err != nil {
		return nil, 0, err
	}
	end, _, found := terminator(b, 1)
	if !found {
		return nil, 0, d.fail(0, ErrUnterminated, "no 00 terminator before the end of the input")
	}
	return b[1:end], end + 1, nil
}

// ConsumeBytesAppend decodes a byte string (code 01) by appending its
// unescaped content to dst. It does not allocate when cap(dst) has room.
func ConsumeBytesAppend(dst, b []byte) (out []byte, n int, err error) {
	raw, n, err := consumeRaw(b, types.KindBytes)
	if err != nil {
		return dst, 0, err
	}
	return appendUnescaped(dst, raw), n, nil
}

// ConsumeBytes decodes a byte string (code 01) into new memory.
func ConsumeBytes(b []byte) (v []byte, n int, err error) {
	raw, n, err := consumeRaw(b, types.KindBytes)
	if err != nil {
		return nil, 0, err
	}
	return appendUnescaped(make([]byte, 0, len(raw)), raw), n, nil
}

// ConsumeStringAppend decodes a string (code 02) by appending its UTF-8
// bytes to dst, after checking they are valid UTF-8. It does not allocate
// when cap(dst) has room.
func ConsumeStringAppend(dst, b []byte) (out []byte, n int, err error) {
	if len(b) > 0 && types.Code(b[0]) == types.CodeString {
		// Short ASCII text with no 00 in it, the commonest key string: one
		// loop finds the terminator and checks every byte.
		for i := 1; i < len(b) && i <= shortLen; i++ {
			c := b[i]
			if c == 0x00 {
				if i+1 < len(b) && b[i+1] == 0xFF {
					break // an escaped 00: the general path
				}
				return append(dst, b[1:i]...), i + 1, nil
			}
			if c >= 0x80 {
				break
			}
		}
	}
	raw, n, err := consumeRaw(b, types.KindString)
	if err != nil {
		return dst, 0, err
	}
	start := len(dst)
	out = appendUnescaped(dst, raw)
	if !utf8.Valid(out[start:]) {
		d := decoder{in: b}
		return dst, 0, d.fail(0, ErrInvalidUTF8, "at byte %d of the string", invalidUTF8At(out[start:]))
	}
	return out, n, nil
}

// ConsumeString decodes a string (code 02) into a new Go string.
func ConsumeString(b []byte) (v string, n int, err error) {
	d, err := expect(b, types.KindString)
	if err != nil {
		return "", 0, err
	}
	s, n, err := d.string(0)
	if err != nil {
		return "", 0, err
	}
	return s.(string), n, nil
}

// ConsumeTuple decodes a nested tuple (code 05) into a new Tuple.
func ConsumeTuple(b []byte) (v Tuple, n int, err error) {
	d, err := expect(b, types.KindTuple)
	if err != nil {
		return nil, 0, err
	}
	t, n, err := d.tuple(1, true, 1)
	if err != nil {
		return nil, 0, err
	}
	return t, n, nil
}

// ConsumeElement decodes the first element of b, of any kind, into the Go
// type Unpack would give it.
func ConsumeElement(b []byte) (v any, n int, err error) {
	if len(b) == 0 {
		return nil, 0, &DecodeError{Err: ErrTruncated, Detail: "no element: the input is empty"}
	}
	d := decoder{in: b}
	v, n, err = d.element(0, 0)
	if err != nil {
		return nil, 0, err
	}
	return v, n, nil
}
