package compat

// What a peer declares it holds (its hello's types and lenient readings),
// and the rule that follows from it everywhere: a row or random tuple
// with a value the peer does not hold is skipped, never failed.

import (
	"errors"
	"fmt"
	"math"
	"math/big"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/types"
	"github.com/google/uuid"
)

// holds reports whether the peer declares every value of t, at any depth.
func (h Hello) holds(t tuple.Tuple) bool {
	for _, v := range t {
		if !h.holdsValue(v) {
			return false
		}
		if nested, ok := v.(tuple.Tuple); ok && !h.holds(nested) {
			return false
		}
	}
	return true
}

func (h Hello) holdsValue(v any) bool {
	name := typeName(v)
	if name != "int" || h.hasType("int") {
		return h.hasType(name)
	}
	return h.hasType(TypeInt64) && fitsInt64(v)
}

func fitsInt64(v any) bool {
	switch v := v.(type) {
	case int64:
		return true
	case uint64:
		return v <= math.MaxInt64
	case *big.Int:
		return v.IsInt64()
	}
	return false
}

// typeName is the notation's name of v's type.
func typeName(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case []byte:
		return "bytes"
	case string:
		return "string"
	case int64, uint64, *big.Int:
		return "int"
	case float32:
		return "float32"
	case float64:
		return "float64"
	case bool:
		return "bool"
	case uuid.UUID:
		return "uuid"
	case types.Versionstamp:
		return "versionstamp"
	case tuple.Tuple:
		return "tuple"
	}
	return fmt.Sprintf("%T", v)
}

// lenientReading is the lenient reading (LenientUnterminated or
// LenientNonMinimalInt) that decodes b where this codec's strict decoding
// refuses it, or "" if b is not such a key.
func lenientReading(b []byte) string {
	_, err := tuple.Unpack(b)
	switch {
	case err == nil:
		return ""
	case errors.Is(err, tuple.ErrUnterminated):
		return LenientUnterminated
	case errors.Is(err, tuple.ErrNonCanonical):
		return LenientNonMinimalInt
	}
	return ""
}
