package tuple

import (
	"math/big"
	"reflect"
	"time"

	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
)

// AppendElems appends vals, as the elements of a tuple, to dst: the
// inverse of Scan. It checks what the error-returning encoders check (the
// UTF-8 of strings, the size of integers, no incomplete versionstamp) and
// returns dst unchanged with an *EncodeError otherwise.
//
// It takes the Go types of the type table (see Scan) as Pack does, but
// for the values it would have to call a method of, or take an interface
// of, to write them, which would move every argument of every call to
// the heap; each is ErrUnsupportedType, saying what to pass instead:
//
//   - a value of a custom element type (ElementAppender): pass
//     Element(&v), a Hook, which AppendElems takes and Pack does not;
//   - an fdb.KeyConvertible that is no byte slice, such as a subspace:
//     pass []byte(v.FDBKey());
//   - a pointer to an interface: pass the value the interface holds;
//   - a NaN of a named float32 type, whose bits reflect cannot read
//     without quieting it: pass float32(v).
//
// A value of an extension (a Desc, a decimal) needs Codec.AppendElems,
// which takes the rest as AppendElems does.
//
// AppendElems does not keep vals, so plain variables passed to it stay
// on the stack, and it allocates nothing when cap(dst) has room.
func AppendElems(dst []byte, vals ...any) ([]byte, error) {
	if out, ok := appendPlain(dst, vals, false, 0, noLimit); ok {
		return out, nil
	}
	var tr trail
	out, err := appendLoose(dst, vals, false, 0, &tr)
	if err != nil {
		return dst, tr.place(err)
	}
	return out, nil
}

// appendLoose appends the elements of t, one at a time through the plain
// encoder, and reads named types with reflect. Unlike the general
// encoder, it calls no extension, so its values do not escape.
func appendLoose(dst []byte, t []any, nested bool, depth int, tr *trail) ([]byte, error) {
	for i, v := range t {
		var err error
		if dst, err = appendLooseElem(dst, v, nested, depth, tr); err != nil {
			tr.add(i)
			return dst, err
		}
	}
	return dst, nil
}

func appendLooseElem(dst []byte, v any, nested bool, depth int, tr *trail) ([]byte, error) {
	one := [1]any{v}
	if out, ok := appendPlain(dst, one[:], nested, min(depth, wirecore.MaxDepth), noLimit); ok {
		return out, nil
	}
	switch v := v.(type) {
	case string: // the plain encoder refused its UTF-8
		return dst, encodeError(v, ErrInvalidUTF8)
	case *big.Int:
		if v == nil {
			return appendNull(dst, nested), nil
		}
		return appendBig(dst, v)
	case Versionstamp: // an incomplete one
		return dst, encodeError(v, ErrIncompleteVersionstamp)
	case nil:
		return appendNull(dst, nested), nil
	case Hook:
		return appendHook(dst, v, depth)
	case Tuple:
		return appendLooseNested(dst, v, depth, tr)
	case []any:
		return appendLooseNested(dst, v, depth, tr)
	case big.Int:
		return appendLooseElem(dst, &v, nested, depth, tr)
	case time.Time:
		return appendLooseTime(dst, v)
	case *time.Time:
		if v == nil {
			return appendNull(dst, nested), nil
		}
		return appendLooseElem(dst, *v, nested, depth, tr)
	case *Versionstamp:
		if v == nil {
			return appendNull(dst, nested), nil
		}
		return appendLooseElem(dst, *v, nested, depth, tr)
	}
	return appendLooseValue(dst, typeOf(reflect.TypeOf(v)), reflect.ValueOf(v), nested, depth, tr)
}
