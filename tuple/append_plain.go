package tuple

import (
	"math"

	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
)

// The plain path encodes the tuples most code builds (every element of an
// unnamed common type, strings valid UTF-8, no incomplete versionstamp)
// without the encoder's bookkeeping: no error values, no reflection, no
// interface calls. It reports ok == false at the first element it does
// not handle, and the caller starts over with the encoder, which handles
// or reports that element. Keeping interface calls out also keeps dst
// from escaping, which lets Pack encode into a stack buffer.

// noLimit is the limit of an unbounded plain append.
const noLimit = math.MaxInt

// maxFixedLen bounds the length of every element that is not a string or
// byte string (a UUID's 17 bytes is the longest), with room to spare for
// opening or closing a nested tuple.
const maxFixedLen = 20

// appendPlain appends the elements of t, stopping with ok == false at an
// element it does not handle or when the output could pass limit bytes.
// With depth >= tuplewire.MaxDepth it handles no nested tuple: the encoder appends
// single elements that way.
func appendPlain(dst []byte, t []any, nested bool, depth, limit int) (out []byte, ok bool) {
	for _, v := range t {
		var inner []any
		isTuple := false
		if len(dst) > limit-maxFixedLen {
			return dst, false
		}
		switch v := v.(type) {
		case string:
			// An escaped string is at most twice its length, plus two.
			if len(v) > (limit-len(dst)-2)/2 {
				return dst, false
			}
			if wirecore.PlainASCII(v) {
				dst = append(dst, 0x02)
				dst = append(dst, v...)
				dst = append(dst, 0x00)
				continue
			}
			if !wirecore.TextStringOK(v, false) {
				return dst, false
			}
			dst = tuplewire.AppendString(dst, v)
		case int64:
			dst = tuplewire.AppendInt(dst, v)
		case int:
			dst = tuplewire.AppendInt(dst, int64(v))
		case UUID:
			dst = tuplewire.AppendUUID(dst, v)
		case []byte:
			if len(v) > (limit-len(dst)-2)/2 {
				return dst, false
			}
			dst = tuplewire.AppendBytes(dst, v)
		case nil:
			if nested {
				dst = tuplewire.AppendNestedNull(dst)
			} else {
				dst = tuplewire.AppendNull(dst)
			}
		case bool:
			dst = tuplewire.AppendBool(dst, v)
		case float64:
			dst = tuplewire.AppendFloat64(dst, v)
		case float32:
			dst = tuplewire.AppendFloat32(dst, v)
		case uint64:
			dst = tuplewire.AppendUint(dst, v)
		case Versionstamp:
			if !v.IsComplete() { // the encoder refuses it, or places it
				return dst, false
			}
			dst = tuplewire.AppendVersionstamp(dst, v)
		case Tuple:
			inner, isTuple = v, true
		case []any:
			inner, isTuple = v, true
		default:
			return dst, false
		}
		if isTuple {
			// The recursion stays within this one function: a parameter
			// that flows through another recursive function's result
			// counts as escaping, which would move Pack's buffer
			// to the heap.
			if depth >= wirecore.MaxDepth {
				return dst, false
			}
			if dst, ok = appendPlain(tuplewire.BeginNested(dst), inner, true, depth+1, limit); !ok || len(dst) >= limit {
				return dst, false
			}
			dst = tuplewire.EndNested(dst)
		}
	}
	return dst, true
}

// appendLeaf appends one element that is not a tuple, if appendPlain
// handles it.
func appendLeaf(dst []byte, v any, nested bool) ([]byte, bool) {
	one := [1]any{v}
	return appendPlain(dst, one[:], nested, wirecore.MaxDepth, noLimit)
}
