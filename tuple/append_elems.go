package tuple

import (
	"fmt"
	"math"
	"math/big"
	"reflect"
	"time"
	"unicode/utf8"

	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
	"github.com/fdbtuple/fdbtuple/types"
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
		out, err := tuplewire.AppendBigInt(dst, v)
		if err != nil {
			return dst, encodeError(v, err)
		}
		return out, nil
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
		iv, err := timeIn(v, 1)
		if err != nil {
			return dst, encodeError(v, err)
		}
		return appendIntValue(dst, iv)
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

// appendLooseValue appends rv by its type's row of the type table,
// reading it with reflect's readers only: it calls no method of the value
// and takes no interface of it, so that AppendElems's arguments stay on
// the stack. The rows that need a method call (a custom type, an
// fdb.KeyConvertible that is no byte slice) are Codec.Pack's, and a
// struct is a Plan's; an error here says what to do instead. (A named
// float32 type is read through float64, which quiets a signalling NaN,
// so a NaN of one is refused: a float32 keeps its bits, and so do Pack
// and a Plan.)
func appendLooseValue(dst []byte, g *goType, rv reflect.Value, nested bool, depth int, tr *trail) ([]byte, error) {
	if g.err != nil {
		return dst, &EncodeError{Type: g.t, Err: g.err}
	}
	if out, ok := appendScalar(dst, g.rule, rv); ok {
		return out, nil
	}
	switch g.rule {
	case rulePointer:
		if rv.IsNil() {
			return appendNull(dst, nested), nil
		}
		return appendLooseValue(dst, g.elem, rv.Elem(), nested, depth, tr)
	case ruleString:
		if s := rv.String(); utf8.ValidString(s) {
			return tuplewire.AppendString(dst, s), nil
		}
		return dst, &EncodeError{Type: g.t, Err: ErrInvalidUTF8}
	case ruleDuration: // in its default unit, ns
		return tuplewire.AppendInt(dst, rv.Int()), nil
	case ruleFloat32:
		f := rv.Float()
		if math.IsNaN(f) {
			// reflect reads a float32 kind through float64, which has
			// already quieted a signalling NaN, and every way to read
			// its bits (Interface, Convert, Set) would move every
			// argument of every call to the heap: refuse rather than
			// write other bits than the caller's.
			return dst, &EncodeError{Type: g.t, Err: ErrUnsupportedType, Detail: fmt.Sprintf("AppendElems reads %s through float64, which would quiet a signalling NaN; pass float32(v), which keeps every bit, or pack it with Codec.Pack or as a Plan's field", withArticle(g.t.String()))}
		}
		return tuplewire.AppendFloat32(dst, float32(f)), nil
	case ruleUUID:
		dst = append(dst, byte(types.CodeUUID))
		for i := range 16 {
			dst = append(dst, byte(rv.Index(i).Uint()))
		}
		return dst, nil
	case ruleTuple: // a named []any, copied out: reflect.Copy keeps it on the stack
		t := make([]any, rv.Len())
		reflect.Copy(reflect.ValueOf(t), rv)
		return appendLooseNested(dst, t, depth, tr)
	}
	return dst, &EncodeError{Type: g.t, Err: looseRefusal(g)}
}

// looseRefusal is the error of a value of a row AppendElems does not
// write, with what to do instead, which works for its type: AppendElems
// keeps its values on the stack, so it calls no method of one and takes
// no interface of it.
func looseRefusal(g *goType) error {
	const why = "AppendElems keeps its values on the stack, so it calls no method of one"
	a := withArticle(g.t.String())
	switch g.rule {
	case ruleCustom:
		return fmt.Errorf("%w: %s; pass tuple.Element(&v) for %s, or pack it with Codec.Pack or as a Plan's field", ErrUnsupportedType, why, a)
	case ruleKey: // an fdb.KeyConvertible: a subspace, a directory
		return fmt.Errorf("%w: %s, and %s is written as the byte string of its key; pass []byte(v.FDBKey()), or pack it with Codec.Pack", ErrUnsupportedType, why, a)
	case ruleStruct:
		return fmt.Errorf("%w %v: a struct is a key of its own; encode it with a Plan (NewPlan), or pass its fields to AppendElems", ErrUnsupportedType, g.t)
	case ruleAny: // a pointer to an interface
		return fmt.Errorf("%w: AppendElems takes the value an interface holds, not a pointer to the interface; pass v, not &v, or pack it with Codec.Pack", ErrUnsupportedType)
	}
	return fmt.Errorf("%w: %s, and reads %s only through one; pack it with Codec.Pack", ErrUnsupportedType, why, a)
}

// appendHook appends the element of a Hook from Element, checked as
// every custom element is: exactly one whole element.
func appendHook(dst []byte, h Hook, depth int) ([]byte, error) {
	if h.append == nil {
		return dst, encodeError(h, fmt.Errorf("%w: a Hook from Into only scans; Element of a type with AppendTupleElement appends", ErrUnsupportedType))
	}
	start := len(dst)
	out, err := h.append(dst)
	if err != nil {
		return dst, asEncodeError(h, err)
	}
	return checkOneElement(dst, out, start, Codec{}, depth, reflect.TypeOf(h))
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
