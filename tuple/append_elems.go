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
// returns dst unchanged with an *EncodeError otherwise. It takes every Go
// type the type table holds (see Scan), as Pack does; a value of an
// extension needs Codec.AppendElems.
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
