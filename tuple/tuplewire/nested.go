package tuplewire

import (
	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
	"github.com/fdbtuple/fdbtuple/types"
)

// Nested tuples: 05, the elements, and a closing 00. A null inside is
// written 00 FF, so that its 00 is not taken for the end.

// MaxDepth is the deepest nesting of tuples that the encoders write and
// the decoders read: a top-level tuple is depth 0 and each nested tuple
// one more. It bounds the recursion on hostile input, so that a key of a
// million 05 bytes is an ErrTooDeep error rather than a stack overflow.
// Real key schemas nest a handful of levels.
const MaxDepth = 100

// The engine's limit is this one: each line fails to compile if one is
// larger than the other.
var (
	_ [MaxDepth - wirecore.MaxDepth]struct{}
	_ [wirecore.MaxDepth - MaxDepth]struct{}
)

// BeginNested appends the start of a nested tuple (05). Append its
// elements with the Append functions, writing nulls with AppendNestedNull,
// then close it with EndNested.
func BeginNested(dst []byte) []byte {
	return append(dst, byte(types.CodeNested))
}

// EndNested appends the 00 that closes a nested tuple.
func EndNested(dst []byte) []byte {
	return append(dst, 0x00)
}

// AppendNestedNull appends a null as it is written inside a nested tuple
// (00 FF), where a bare 00 would end the nested tuple.
func AppendNestedNull(dst []byte) []byte {
	return append(dst, byte(types.CodeNull), 0xFF)
}
