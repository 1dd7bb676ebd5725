package wirecore

import (
	"errors"
	"strconv"
	"strings"

	"github.com/fdbtuple/fdbtuple/types"
)

// The decoding sentinels, declared once here and re-exported by value by
// tuplewire and tuple, so that errors.Is(err, tuple.ErrTruncated) and
// errors.Is(err, tuplewire.ErrTruncated) test for the same value.
var (
	ErrTruncated    = errors.New("tuple: truncated element")
	ErrInvalidCode  = errors.New("tuple: invalid type code")
	ErrUnterminated = errors.New("tuple: unterminated element")
	ErrInvalidUTF8  = errors.New("tuple: invalid UTF-8 in string")
	ErrNonCanonical = errors.New("tuple: non-canonical integer encoding")
	ErrTooDeep      = errors.New("tuple: nested tuples too deep")
	ErrTooLarge     = errors.New("tuple: integer too large")
	ErrWrongType    = errors.New("tuple: unexpected element type")
	ErrOutOfRange   = errors.New("tuple: integer out of range")
)

// Problem holds the fields of a decoding error: tuplewire.DecodeError has
// the same ones, in the same order, so that a *Problem converts to a
// *tuplewire.DecodeError without a copy. The compiler checks that the two
// stay alike wherever one is converted to the other.
type Problem struct {
	Offset int
	Path   []int
	Code   types.Code
	Err    error
	Detail string
	Field  string
}

// WritePath writes an element path as "[3 0]", the form every error
// message of the module uses.
func WritePath(b *strings.Builder, path []int) {
	b.WriteByte('[')
	for i, p := range path {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(p))
	}
	b.WriteByte(']')
}
