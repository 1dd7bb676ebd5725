package tuplewire

import (
	"strconv"
	"strings"

	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
	"github.com/fdbtuple/fdbtuple/types"
)

// The decoding errors. Every error this package returns is a *DecodeError
// wrapping one of them (AppendBigInt and AppendStringChecked return
// ErrTooLarge and ErrInvalidUTF8 bare, since they have no input to point
// into). Package tuple re-exports the same values, so errors.Is works with
// either name.
var (
	// ErrTruncated: the input ends inside a fixed-size element.
	ErrTruncated = wirecore.ErrTruncated
	// ErrInvalidCode: a type code that is unknown, reserved, deprecated or a
	// user code (the wire layer knows no extensions).
	ErrInvalidCode = wirecore.ErrInvalidCode
	// ErrUnterminated: a byte string, string or nested tuple with no
	// terminating 00 byte.
	ErrUnterminated = wirecore.ErrUnterminated
	// ErrInvalidUTF8: a string element, or a Go string being appended with
	// AppendStringChecked, that is not valid UTF-8.
	ErrInvalidUTF8 = wirecore.ErrInvalidUTF8
	// ErrNonCanonical: an integer written in a longer form than its minimal
	// one, which no encoder produces.
	ErrNonCanonical = wirecore.ErrNonCanonical
	// ErrTooDeep: nested tuples deeper than MaxDepth.
	ErrTooDeep = wirecore.ErrTooDeep
	// ErrTooLarge: an integer whose magnitude needs more than 255 bytes.
	ErrTooLarge = wirecore.ErrTooLarge
	// ErrWrongType: a Consume function met an element of another kind.
	ErrWrongType = wirecore.ErrWrongType
	// ErrOutOfRange: an integer that does not fit the Go type asked for.
	ErrOutOfRange = wirecore.ErrOutOfRange
)

// DecodeError reports bytes that are not a valid packed tuple: where, what
// and why. Package tuple's DecodeError is this type.
type DecodeError struct {
	// Offset is the byte offset of the element (or byte) at fault, counted
	// from the start of the input the function was given (for package
	// tuple's UnpackAfter, from the start of the whole key).
	Offset int
	// Path holds the element indices leading to the fault: [3] is the
	// fourth top-level element, [3 0] the first element nested inside it.
	// Errors of the single-element functions (Next, Consume) have none.
	Path []int
	// Code is the type code of the element at fault.
	Code types.Code
	// Err is the sentinel that classifies the fault.
	Err error
	// Detail says more, for humans; it may be empty.
	Detail string
	// Field names the struct field and its Go type when a typed key of
	// package tuple (a Plan) was decoding it: "Post (int64)"; empty
	// otherwise. Detail then starts with "field Post (int64): ".
	Field string
}

// Error reads, for example,
// "tuple: truncated element at offset 3 (element [1 0], float64): needs 8 bytes after the code, 2 remain"
// (see the example).
func (e *DecodeError) Error() string {
	var b strings.Builder
	b.WriteString(e.Err.Error())
	b.WriteString(" at offset ")
	b.WriteString(strconv.Itoa(e.Offset))
	b.WriteString(" (")
	if len(e.Path) > 0 {
		b.WriteString("element ")
		wirecore.WritePath(&b, e.Path)
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

// Rebase returns a copy of e for the larger input in which the bytes e is
// about start at offset start: an error from a Consume function given
// key[pos:] becomes, with Rebase(pos), an error about key. It leaves e
// itself alone, since e may belong to whoever made it.
func (e *DecodeError) Rebase(start int) *DecodeError {
	c := *e
	c.Offset += start
	return &c
}

// fromProblem is the DecodeError of an engine problem, which has the same
// fields.
func fromProblem(p *wirecore.Problem) *DecodeError { return (*DecodeError)(p) }

// elementError is the error of fault f in the single element at b[0].
func elementError(b []byte, f wirecore.Fault) error {
	return fromProblem(wirecore.Framer{In: b}.Locate(0, -1, 0, f))
}
