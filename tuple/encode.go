package tuple

import (
	"math/big"
	"reflect"

	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
)

// encoder walks a Go tuple, for sizing or appending. Its fields serve
// PackWithVersionstamp, which must find the one incomplete stamp.
type encoder struct {
	codec Codec // for its extensions
	// validated: sizeTuple has already checked the UTF-8 of every string,
	// so the append pass need not check it again.
	validated bool
	// rawUTF8 writes strings that are not valid UTF-8 byte for byte, as
	// the official binding's Pack does, instead of refusing them.
	rawUTF8 bool
	// allowIncomplete lets incomplete versionstamps through; stamps counts
	// them.
	allowIncomplete bool
	stamps          int
	// stampPos is the index in dst of the first 0xFF of the first
	// incomplete stamp appended.
	stampPos int
	// trail is the path of an error, recorded by placed.
	trail trail
	// inPlan: a Plan's fields are being written, where a struct is a
	// nested tuple of its fields (elsewhere it is refused).
	inPlan bool
}

func (e *encoder) appendTuple(dst []byte, t []any, nested bool, depth int) ([]byte, error) {
	start := len(dst)
	var err error
	for i, v := range t {
		if dst, err = e.appendElem(dst, v, nested, depth); err != nil {
			e.trail.add(i)
			return dst[:start], err
		}
	}
	return dst, nil
}

// appendElem appends one element. The common types go through appendLeaf,
// without reflection; reflect is used only for named types (type UserID
// int64) and the rarer kinds.
func (e *encoder) appendElem(dst []byte, v any, nested bool, depth int) ([]byte, error) {
	if s, ok := v.(string); ok {
		if !wirecore.PlainASCII(s) && !e.validated && !wirecore.TextStringOK(s, e.rawUTF8) {
			return dst, encodeError(s, ErrInvalidUTF8)
		}
		return tuplewire.AppendString(dst, s), nil
	}
	if out, ok := appendLeaf(dst, v, nested); ok {
		return out, nil
	}
	switch v := v.(type) {
	case Versionstamp: // an incomplete one: appendLeaf takes the others
		return e.appendStamp(dst, v)
	case *big.Int:
		if v == nil { // a pointer: nil is a null, as in the type table
			return appendNull(dst, nested), nil
		}
		return appendBig(dst, v)
	case big.Int:
		return appendBig(dst, &v)
	case Tuple:
		return e.appendNested(dst, v, depth)
	case []any:
		return e.appendNested(dst, v, depth)
	}
	return e.appendReflect(dst, v, nested, depth)
}

func (e *encoder) appendReflect(dst []byte, v any, nested bool, depth int) ([]byte, error) {
	if x := e.codec.owner(v); x != nil {
		return appendOwned(dst, x, v, e.codec)
	}
	return e.appendValue(dst, typeOf(reflect.TypeOf(v)), reflect.ValueOf(v), elemOpts{}, nested, depth)
}

// sizeTuple reports the exact encoded length, and the first error the
// append pass would meet, so that Pack and Codec.Pack can allocate once.
func (e *encoder) sizeTuple(t []any, nested bool, depth int) (int, error) {
	total := 0
	for i, v := range t {
		n, err := e.sizeElem(v, nested, depth)
		if err != nil {
			e.trail.add(i)
			return 0, err
		}
		total += n
	}
	return total, nil
}

func (e *encoder) sizeElem(v any, nested bool, depth int) (int, error) {
	switch v := v.(type) {
	case nil:
		if nested {
			return wirecore.SizeNestedNull, nil
		}
		return wirecore.SizeNull, nil
	case string:
		if wirecore.PlainASCII(v) {
			return 2 + len(v), nil
		}
		if !wirecore.TextStringOK(v, e.rawUTF8) {
			return 0, encodeError(v, ErrInvalidUTF8)
		}
		return tuplewire.SizeString(v), nil
	case []byte:
		return tuplewire.SizeBytes(v), nil
	case int:
		return tuplewire.SizeInt(int64(v)), nil
	case int64:
		return tuplewire.SizeInt(v), nil
	case uint64:
		return tuplewire.SizeUint(v), nil
	case bool:
		return wirecore.SizeBool, nil
	case float64:
		return wirecore.SizeFloat64, nil
	case float32:
		return wirecore.SizeFloat32, nil
	case UUID:
		return wirecore.SizeUUID, nil
	case Versionstamp:
		if !v.IsComplete() && !e.allowIncomplete {
			return 0, encodeError(v, ErrIncompleteVersionstamp)
		}
		return wirecore.SizeVersionstamp, nil
	case *big.Int:
		if v == nil {
			return e.sizeElem(nil, nested, depth)
		}
		return sizeBig(v)
	case big.Int:
		return sizeBig(&v)
	case Tuple:
		return e.sizeNested(v, depth)
	case []any:
		return e.sizeNested(v, depth)
	}
	// The rarer types, by the type table: written to learn their size.
	out, err := e.appendValue(nil, typeOf(reflect.TypeOf(v)), reflect.ValueOf(v), elemOpts{}, nested, depth)
	return len(out), err
}
