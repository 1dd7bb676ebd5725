package tuple

import (
	"github.com/fdbtuple/fdbtuple/types"
)

// Size functions report how many bytes the matching Append function writes,
// so that a caller can size a buffer once.

// Sizes of the fixed-size elements, type code included.
const (
	SizeNull         = 1
	SizeNestedNull   = 2
	SizeBool         = 1
	SizeFloat32      = 5
	SizeFloat64      = 9
	SizeUUID         = 17
	SizeVersionstamp = 1 + types.VersionstampLength
)
