package tuplewire

import (
	"fmt"
	"slices"

	"github.com/fdbtuple/fdbtuple/types"
)

// Descending elements (package tuple's DescExtension, at a user code):
// the code, then the wrapped element's ascending encoding E with every
// byte inverted, except that a 00 of E (whose inverse, FF, is needed as a
// marker) is written FF 00; then FF FF. Inverting reverses the order of
// any two different bytes; the FF FF end sorts after every continuation,
// so that a shorter E, which sorts first ascending, sorts last
// descending.

// AppendDesc appends the descending element of the given user code that
// wraps asc, the ascending encoding of one element (from the Append
// functions).
func AppendDesc(dst []byte, code types.Code, asc []byte) []byte {
	dst = append(dst, byte(code))
	for _, b := range asc {
		if b == 0x00 {
			dst = append(dst, 0xFF, 0x00)
		} else {
			dst = append(dst, ^b)
		}
	}
	return append(dst, 0xFF, 0xFF)
}

// ConsumeDesc appends to dst the ascending encoding that the descending
// element at b[0] wraps, and returns the descending element's length. It
// checks the descending framing only (the FF FF end, FF followed by 00 or
// FF), not the element wrapped: decode asc with the Consume functions. It
// finds the end first and grows dst once, so each element costs its own
// length, never the length of the rest of the key.
func ConsumeDesc(dst, b []byte) (asc []byte, n int, err error) {
	if len(b) == 0 {
		return nil, 0, &DecodeError{Err: ErrTruncated, Detail: "no element: the input is empty"}
	}
	code := types.Code(b[0])
	size, end := 0, -1
	for i := 1; end < 0; {
		switch {
		case i >= len(b):
			return nil, 0, &DecodeError{Code: code, Err: ErrUnterminated, Detail: "descending element has no FF FF end"}
		case b[i] != 0xFF:
			i++
		case i+1 >= len(b):
			return nil, 0, &DecodeError{Offset: i, Code: code, Err: ErrTruncated, Detail: "descending element ends after FF"}
		case b[i+1] == 0x00:
			i += 2
		case b[i+1] == 0xFF:
			end = i
			continue
		default:
			return nil, 0, &DecodeError{Offset: i, Code: code, Err: ErrInvalidCode, Detail: fmt.Sprintf("descending element has FF %02x, which no encoder writes", b[i+1])}
		}
		size++
	}
	asc = slices.Grow(dst, size)
	for i := 1; i < end; i++ {
		if b[i] == 0xFF { // FF 00 stands for 00
			asc = append(asc, 0x00)
			i++
		} else {
			asc = append(asc, ^b[i])
		}
	}
	return asc, end + 2, nil
}

// DescOffset maps an offset into the ascending encoding asc that a
// descending element wraps (as ConsumeDesc returned it) to the offset in
// the descending element: asc's bytes stand one for one after the code,
// but for each 00 (written FF 00) before it. Rebase a *DecodeError about
// asc with it: err.Rebase(DescOffset(asc, err.Offset) - err.Offset).
func DescOffset(asc []byte, off int) int {
	zeros := 0
	for _, c := range asc[:min(off, len(asc))] {
		if c == 0x00 {
			zeros++
		}
	}
	return 1 + off + zeros
}
