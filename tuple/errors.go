package tuple

import (
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/types"
)

// Sentinel errors. Decoding errors arrive wrapped in a *DecodeError and
// encoding errors in an *EncodeError; test for them with errors.Is.
var (
	// ErrTruncated: the input ends inside a fixed-size element.
	ErrTruncated = errors.New("tuple: truncated element")
	// ErrInvalidCode: a type code that is unknown, reserved, deprecated or a
	// user code the codec has no extension for.
	ErrInvalidCode = errors.New("tuple: invalid type code")
	// ErrUnterminated: a byte string, string or nested tuple with no
	// terminating 00 byte (accepted only by the lenient decoder).
	ErrUnterminated = errors.New("tuple: unterminated element")
	// ErrInvalidUTF8: a string element, or a Go string being packed, that is
	// not valid UTF-8.
	ErrInvalidUTF8 = errors.New("tuple: invalid UTF-8 in string")
	// ErrNonCanonical: an integer written in a longer form than its minimal
	// one, which no encoder produces (accepted only by the lenient decoder).
	ErrNonCanonical = errors.New("tuple: non-canonical integer encoding")
	// ErrTooDeep: nested tuples deeper than the depth limit.
	ErrTooDeep = errors.New("tuple: nested tuples too deep")
	// ErrTooLarge: an integer whose magnitude needs more than 255 bytes.
	ErrTooLarge = errors.New("tuple: integer too large")
	// ErrUnsupportedType: a Go value the tuple layer cannot encode.
	ErrUnsupportedType = errors.New("tuple: unsupported element type")
	// ErrIncompleteVersionstamp: plain packing met an incomplete
	// versionstamp; use PackWithVersionstamp.
	ErrIncompleteVersionstamp = errors.New("tuple: incomplete versionstamp outside PackWithVersionstamp")
	// ErrNoIncompleteVersionstamp: PackWithVersionstamp was given a tuple
	// without an incomplete versionstamp.
	ErrNoIncompleteVersionstamp = errors.New("tuple: no incomplete versionstamp included in tuple pack with versionstamp")
	// ErrMultipleIncompleteVersionstamps: a tuple with more than one
	// incomplete versionstamp.
	ErrMultipleIncompleteVersionstamps = errors.New("tuple: tuple can only contain one incomplete versionstamp")
	// ErrVersionstampPosition: the stamp's position does not fit the
	// 2-byte offset of API versions below 520.
	ErrVersionstampPosition = errors.New("tuple: versionstamp position too large")
	// ErrOffsetSize: AppendWithVersionstamp was given a width that is
	// neither Offset2 nor Offset4.
	ErrOffsetSize = errors.New("tuple: versionstamp offset size must be 2 or 4")
	// ErrWrongType: a Consume function met an element of another kind.
	ErrWrongType = errors.New("tuple: unexpected element type")
	// ErrTooFewElements: Scan or a Plan met the end of a tuple before
	// every destination or field had its element.
	ErrTooFewElements = errors.New("tuple: too few elements")
	// ErrTooManyElements: Scan or a Plan found elements after the last
	// destination or field.
	ErrTooManyElements = errors.New("tuple: too many elements")
	// ErrConstMismatch: an element that Scan or a Plan expects to be a
	// constant is something else.
	ErrConstMismatch = errors.New("tuple: element is not the constant expected")
	// ErrOutOfRange: an integer that does not fit the Go type asked for.
	ErrOutOfRange = errors.New("tuple: integer out of range")
	// ErrNoPrefixEnd: PrefixEnd was given a prefix of only 0xFF bytes. It
	// is fdb.ErrNoStrinc.
	ErrNoPrefixEnd = fdb.ErrNoStrinc
	// ErrSyntax: text that Parse or ParsePrintable cannot read.
	ErrSyntax = errors.New("tuple: syntax error")
)

// DecodeError reports bytes that are not a valid packed tuple: where, what
// and why.
type DecodeError struct {
	// Offset is the byte offset of the element (or byte) at fault, counted
	// from the start of the whole key: for UnpackAfter, the prefix
	// included; for a Consume function or Next, from the b it was given.
	Offset int
	// Path holds the element indices leading to the fault: [3] is the
	// fourth top-level element, [3 0] the first element nested inside it.
	Path []int
	// Code is the type code of the element at fault.
	Code types.Code
	// Err is the sentinel that classifies the fault.
	Err error
	// Detail says more, for humans; it may be empty.
	Detail string

	fieldNamed bool // a Plan has named the field in Detail
}

// Error reads, for example,
// "tuple: truncated element at offset 3 (element [1 0], float64): needs 8 bytes after the code, 2 remain"
// (see the example).
// Errors from the single-element functions (Next, Consume) have no path.
func (e *DecodeError) Error() string {
	var b strings.Builder
	b.WriteString(e.Err.Error())
	b.WriteString(" at offset ")
	b.WriteString(strconv.Itoa(e.Offset))
	b.WriteString(" (")
	if len(e.Path) > 0 {
		b.WriteString("element ")
		writePath(&b, e.Path)
		b.WriteString(", ")
	}
	b.WriteString(e.Code.String())
	b.WriteString(")")
	if e.Detail != "" {
		b.WriteString(": ")
		b.WriteString(e.Detail)
	}
	return b.String()
}

// Unwrap returns the sentinel, for errors.Is.
func (e *DecodeError) Unwrap() error { return e.Err }

// EncodeError reports a value that cannot be packed: where (its path)
// and its Go type. It keeps the type, not the value, so that encoding
// plain variables through an interface does not move them to the heap.
type EncodeError struct {
	// Path holds the element indices leading to the value, as in DecodeError.
	Path []int
	// Type is the Go type of the offending value; nil for a nil value.
	Type reflect.Type
	// Field names the struct field and its Go type, for a Plan: "Post
	// (int64)"; empty otherwise.
	Field string
	// Err is the sentinel that classifies the fault.
	Err error
}

// encodeError is the *EncodeError of value v.
func encodeError(v any, err error) *EncodeError {
	return &EncodeError{Type: reflect.TypeOf(v), Err: err}
}

// Error reads, for example, "tuple: unsupported element type chan int (element [2])"
// (see the example).
func (e *EncodeError) Error() string {
	var b strings.Builder
	b.WriteString(e.Err.Error())
	if e.Err == ErrUnsupportedType { // a wrapped one names the type and the fix
		fmt.Fprintf(&b, " %v", e.Type)
	}
	b.WriteString(" (element ")
	writePath(&b, e.Path)
	if e.Field != "" {
		b.WriteString(", field ")
		b.WriteString(e.Field)
	}
	b.WriteString(")")
	return b.String()
}

// Unwrap returns the sentinel, for errors.Is.
func (e *EncodeError) Unwrap() error { return e.Err }

func writePath(b *strings.Builder, path []int) {
	b.WriteByte('[')
	for i, p := range path {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(p))
	}
	b.WriteByte(']')
}

// A trail is the path of an error while it is built: each level of a
// walk (the decoder, the encoder, the text printer) adds its element
// index as the error passes out of it, innermost first, and the entry
// point records the path on the error once. Successful calls pay nothing
// for paths.
type trail []int

// add records that the error happened inside element i of a level.
func (t *trail) add(i int) { *t = append(*t, i) }

// path returns the indices from the top down, followed by inner, the
// path an error already had below the walk (from an extension).
func (t trail) path(inner []int) []int {
	if len(t) == 0 {
		return inner
	}
	p := make([]int, 0, len(t)+len(inner))
	for i := len(t) - 1; i >= 0; i-- {
		p = append(p, t[i])
	}
	return append(p, inner...)
}

// place records the path of an *EncodeError or a *DecodeError from a walk
// on the error.
func (t trail) place(err error) error {
	if err == nil || len(t) == 0 {
		return err // without placeOn's variable, which escapes
	}
	return t.placeOn(err)
}

func (t trail) placeOn(err error) error {
	var ee *EncodeError
	var de *DecodeError
	switch {
	case errors.As(err, &ee):
		ee.Path = t.path(ee.Path)
	case errors.As(err, &de):
		de.Path = t.path(de.Path)
	}
	return err
}

// SyntaxError reports text that is not a tuple: where and what was
// expected.
type SyntaxError struct {
	// Offset is the byte offset in the text where reading stopped.
	Offset int
	// Err is ErrSyntax, or a more precise sentinel (ErrInvalidUTF8,
	// ErrTooLarge, ErrTooDeep) for a well-formed literal whose value
	// cannot be a tuple element.
	Err error
	// Msg says what was found and what was expected.
	Msg string
}

// Error reads, for example,
// "tuple: syntax error at offset 5: expected ',' or ')' after an element, found 'x'"
// (see the example).
func (e *SyntaxError) Error() string {
	return fmt.Sprintf("%v at offset %d: %s", e.Err, e.Offset, e.Msg)
}

// Unwrap returns the sentinel, for errors.Is.
func (e *SyntaxError) Unwrap() error { return e.Err }
