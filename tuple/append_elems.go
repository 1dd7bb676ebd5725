package tuple

import (
	"math/big"
	"reflect"
	"unicode/utf8"

	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
)

// AppendElems appends vals, as the elements of a tuple, to dst: the
// inverse of Scan. It checks what the error-returning encoders check (the
// UTF-8 of strings, the size of integers, no incomplete versionstamp) and
// returns dst unchanged with an *EncodeError otherwise. It knows the
// standard element types and named types of strings, integers, floats,
// booleans and byte slices; a value of an extension needs Codec.Pack.
//
// AppendElems does not keep vals, so plain variables passed to it stay
// on the stack, and it allocates nothing when cap(dst) has room. (Like
// reflect, it reads a named float32 type through float64, which quiets a
// signalling NaN; a float32 keeps its bits.)
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
		out, err := tuplewire.AppendBigInt(dst, v)
		if err != nil {
			return dst, encodeError(v, err)
		}
		return out, nil
	case Versionstamp: // an incomplete one
		return dst, encodeError(v, ErrIncompleteVersionstamp)
	case Tuple:
		return appendLooseNested(dst, v, depth, tr)
	case []any:
		return appendLooseNested(dst, v, depth, tr)
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return tuplewire.AppendInt(dst, rv.Int()), nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return tuplewire.AppendUint(dst, rv.Uint()), nil
	case reflect.String:
		if s := rv.String(); utf8.ValidString(s) {
			return tuplewire.AppendString(dst, s), nil
		}
		return dst, encodeError(v, ErrInvalidUTF8)
	case reflect.Bool:
		return tuplewire.AppendBool(dst, rv.Bool()), nil
	case reflect.Float32:
		return tuplewire.AppendFloat32(dst, float32(rv.Float())), nil
	case reflect.Float64:
		return tuplewire.AppendFloat64(dst, rv.Float()), nil
	case reflect.Slice:
		if rv.Type().Elem().Kind() == reflect.Uint8 {
			return tuplewire.AppendBytes(dst, rv.Bytes()), nil
		}
	}
	return dst, encodeError(v, ErrUnsupportedType)
}

func appendLooseNested(dst []byte, t []any, depth int, tr *trail) ([]byte, error) {
	if depth >= wirecore.MaxDepth {
		return dst, encodeError(t, ErrTooDeep)
	}
	out, err := appendLoose(tuplewire.BeginNested(dst), t, true, depth+1, tr)
	if err != nil {
		return dst, err
	}
	return tuplewire.EndNested(out), nil
}
