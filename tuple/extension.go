package tuple

import (
	"github.com/fdbtuple/fdbtuple/types"
)

// Extension encodes and decodes the values of one user type code
// (0x40–0x4F, which the FoundationDB register leaves to third parties).
// Extensions are carried by a Codec value, never registered globally: the
// package-level functions (Pack, Unpack, Compare, ...) know none, and
// reject user codes.
//
// Keys holding extension elements are not readable by other bindings,
// which reject user codes; see the package doc.
type Extension interface {
	// Code is the user type code the extension's elements start with.
	Code() types.Code
	// Name names the extension in text and descriptions, e.g. "decimal".
	Name() string
	// Owns reports whether v is a value this extension encodes.
	Owns(v any) bool
	// AppendElement appends v's element, starting with Code(). c is the
	// codec in use, for extensions that wrap other elements.
	AppendElement(dst []byte, v any, c Codec) ([]byte, error)
	// ConsumeElement decodes the element at the start of b (b[0] is
	// Code()) and returns its length. It must reject bytes AppendElement
	// never writes.
	ConsumeElement(b []byte, c Codec) (v any, n int, err error)
	// CompareValues orders two values the extension owns. It is the
	// extension's order law: it must have the sign of bytes.Compare of
	// their elements.
	CompareValues(a, b any, c Codec) int
	// AppendText appends v's text form, for String-like output.
	AppendText(dst []byte, v any, c Codec) []byte
}

// TextParser is implemented by an Extension whose values Codec.Parse reads
// back from the text form its AppendText writes, name(ARG), where ARG is
// one element of the text form (a quoted string for decimals, any element
// for desc). ParseArg turns ARG into the extension's value.
type TextParser interface {
	ParseArg(arg any, c Codec) (any, error)
}
