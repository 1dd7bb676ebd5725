package tuple

// Writing a Go value as one element by its entry in the type table: the
// one encoder of every type the fast paths of Pack, AppendElems and the
// plans leave out.

import (
	"fmt"
	"math/big"
	"reflect"
	"unicode/utf8"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
	"github.com/fdbtuple/fdbtuple/types"
)

// elemOpts is what a plan's field tag adds to its type's element; the
// other paths use the zero value.
type elemOpts struct {
	desc    bool
	asBytes bool       // a string written as a byte string
	ext     types.Code // the value is this extension's, or 0
	unit    unit       // a time or duration in this unit (0: ns)
}

// appendValue appends rv, a value of g's type, as one element.
func (e *encoder) appendValue(dst []byte, g *goType, rv reflect.Value, o elemOpts, nested bool, depth int) ([]byte, error) {
	if g.err != nil && o.ext == 0 {
		return dst, &EncodeError{Type: g.t, Err: g.err}
	}
	// A nil pointer is a null, which sorts first, desc or not: the
	// pointer rule holds for every field, *big.Int's included.
	if g.rule == rulePointer {
		if rv.IsNil() {
			return appendNull(dst, nested), nil
		}
		g, rv = g.elem, rv.Elem()
	}
	switch {
	case o.desc: // before ext: the extension's element, inverted
		code := e.codec.descCode()
		if code == 0 {
			return dst, &EncodeError{Type: g.t, Err: fmt.Errorf("%w: a desc field needs a codec with DescExtension", ErrNoExtension)}
		}
		// The ascending encoding, as a top-level element, inverted.
		var buf [64]byte
		inner := o
		inner.desc = false
		asc, err := e.appendValue(buf[:0], g, rv, inner, false, depth)
		if err != nil {
			return dst, err
		}
		return tuplewire.AppendDesc(dst, code, asc), nil
	case o.ext != 0:
		return e.appendExt(dst, rv, o.ext)
	}
	return e.appendRule(dst, g, rv, o, nested, depth)
}

func appendNull(dst []byte, nested bool) []byte {
	if nested {
		return tuplewire.AppendNestedNull(dst)
	}
	return tuplewire.AppendNull(dst)
}

// appendRule appends rv by its type's rule.
func (e *encoder) appendRule(dst []byte, g *goType, rv reflect.Value, o elemOpts, nested bool, depth int) ([]byte, error) {
	if out, ok := appendScalar(dst, g.rule, rv); ok {
		return out, nil
	}
	switch g.rule {
	case ruleString:
		return e.appendString(dst, g, rv, o.asBytes)
	case ruleKey:
		return tuplewire.AppendBytes(dst, rv.Interface().(fdb.KeyConvertible).FDBKey()), nil
	case ruleDuration:
		n, err := durationIn(rv.Int(), o.unit)
		if err != nil {
			return dst, unitError(g.t, err, unitOr(o.unit))
		}
		return tuplewire.AppendInt(dst, n), nil
	case ruleFloat32:
		// Through a *float32, bit for bit: reflect's Float widens to
		// float64, which quiets a signalling NaN.
		return tuplewire.AppendFloat32(dst, *addressable(rv).Addr().Convert(float32PtrType).Interface().(*float32)), nil
	case ruleUUID:
		return appendUUIDValue(dst, addressable(rv)), nil
	case ruleBigInt:
		v := addressable(rv).Addr().Interface().(*big.Int)
		out, err := tuplewire.AppendBigInt(dst, v)
		if err != nil {
			return dst, &EncodeError{Type: g.t, Err: err}
		}
		return out, nil
	case ruleVersionstamp:
		return e.appendElem(dst, rv.Interface(), nested, depth)
	case ruleTuple:
		return e.appendNested(dst, rv.Convert(anySliceType).Interface().([]any), depth)
	case ruleAny:
		if rv.IsNil() {
			return appendNull(dst, nested), nil
		}
		return e.appendElem(dst, rv.Elem().Interface(), nested, depth)
	case ruleTime:
		v, err := timeIn(rv.Interface().(timeValue), o.unit)
		if err != nil {
			return dst, unitError(g.t, err, unitOr(o.unit))
		}
		return appendIntValue(dst, v)
	case ruleCustom:
		return e.appendCustom(dst, g, rv, depth)
	case ruleStruct:
		if !e.inPlan {
			return dst, &EncodeError{Type: g.t, Err: fmt.Errorf("%w %v: a struct is a key of its own; encode it with a Plan (NewPlan), or put its fields in the tuple", ErrUnsupportedType, g.t)}
		}
		if depth >= wirecore.MaxDepth {
			return dst, &EncodeError{Type: g.t, Err: ErrTooDeep}
		}
		rv = addressable(rv)
		out, err := e.fields(tuplewire.BeginNested(dst), g.lay, rv, len(g.lay.fields), true, depth+1)
		if err != nil {
			return dst, err
		}
		return tuplewire.EndNested(out), nil
	}
	return dst, &EncodeError{Type: g.t, Err: ErrUnsupportedType}
}

// appendString appends rv, a value of a string row g, as a string
// element (valid UTF-8 unless the encoder writes strings raw) or, asBytes,
// as a byte string, with reflect's readers only (see appendScalar).
func (e *encoder) appendString(dst []byte, g *goType, rv reflect.Value, asBytes bool) ([]byte, error) {
	s := rv.String()
	if asBytes {
		return append(wirecore.AppendEscapedString(append(dst, byte(types.CodeBytes)), s), 0x00), nil
	}
	if !e.rawUTF8 && !utf8.ValidString(s) {
		return dst, &EncodeError{Type: g.t, Err: ErrInvalidUTF8}
	}
	return tuplewire.AppendString(dst, s), nil
}

// appendUUIDValue appends rv, an addressable array of 16 of a byte type,
// as a UUID element.
func appendUUIDValue(dst []byte, rv reflect.Value) []byte {
	return append(append(dst, byte(types.CodeUUID)), rv.Bytes()...)
}

// addressable returns rv, or a copy of it that can be addressed: the
// readers that keep bits (a float32's, an array's) need an address.
func addressable(rv reflect.Value) reflect.Value {
	if rv.CanAddr() {
		return rv
	}
	c := reflect.New(rv.Type()).Elem()
	c.Set(rv)
	return c
}

// appendExt appends rv as a value of the codec's extension for code.
func (e *encoder) appendExt(dst []byte, rv reflect.Value, code types.Code) ([]byte, error) {
	x := e.codec.extensionFor(code)
	v := rv.Interface()
	switch {
	case x == nil:
		return dst, &EncodeError{Type: rv.Type(), Err: fmt.Errorf("%w %#02x", ErrNoExtension, byte(code))}
	case !x.Owns(v):
		return dst, &EncodeError{Type: rv.Type(), Err: fmt.Errorf("%w: extension %s does not own %s", ErrUnsupportedType, x.Name(), withArticle(rv.Type().String()))}
	}
	out, err := x.AppendElement(dst, v, e.codec)
	if err != nil {
		return dst, asEncodeError(v, err)
	}
	return out, nil
}

// appendCustom appends a value through its AppendTupleElement method,
// checked as Codec.AppendCustom checks it.
func (e *encoder) appendCustom(dst []byte, g *goType, rv reflect.Value, depth int) ([]byte, error) {
	var a ElementAppender
	if g.appender {
		a = rv.Interface().(ElementAppender)
	} else {
		a = addressable(rv).Addr().Interface().(ElementAppender)
	}
	return e.codec.AppendCustom(dst, a, depth)
}

// checkOneElement checks that a custom method appended exactly one whole
// element to dst[:start], as out, and no null: a null is what a nil
// pointer writes, and reads back as one, never as a value of t, so a key
// with it would not round-trip.
func checkOneElement(dst, out []byte, start int, c Codec, depth int, t reflect.Type) ([]byte, error) {
	if len(out) <= start {
		return dst, &EncodeError{Type: t, Err: fmt.Errorf("%w: AppendTupleElement of %v wrote no element", ErrUnsupportedType, t)}
	}
	fr := codecFramer(c, out[start:])
	if n, f := fr.frame(0, depth); f.Failed() || n != len(out)-start {
		return dst, &EncodeError{Type: t, Err: fmt.Errorf("%w: AppendTupleElement of %v wrote %x, which is not one whole element", ErrUnsupportedType, t, out[start:])}
	}
	if out[start] == byte(types.CodeNull) {
		return dst, &EncodeError{Type: t, Err: fmt.Errorf("%w: AppendTupleElement of %v wrote a null, which reads back as no %v (a null is what a nil pointer writes): write an element of another kind, or make the field a *%v whose nil is the absent value", ErrUnsupportedType, t, t, t)}
	}
	return out, nil
}

// asEncodeError returns err if it is an *EncodeError, else wraps it in
// one for the value v.
func asEncodeError(v any, err error) error {
	if _, ok := err.(*EncodeError); ok {
		return err
	}
	return &EncodeError{Type: reflect.TypeOf(v), Err: err}
}

// appendScalar appends rv by the rows that reflect's readers read, which
// keep an AppendElems argument on the stack: byte strings, integers,
// booleans and float64s. It is the one writer of those rows for
// AppendElems, Pack and a plan's fields; ok is false for the other rows.
func appendScalar(dst []byte, r rule, rv reflect.Value) ([]byte, bool) {
	switch r {
	case ruleBytes:
		return tuplewire.AppendBytes(dst, rv.Bytes()), true
	case ruleInt:
		return tuplewire.AppendInt(dst, rv.Int()), true
	case ruleUint:
		return tuplewire.AppendUint(dst, rv.Uint()), true
	case ruleBool:
		return tuplewire.AppendBool(dst, rv.Bool()), true
	case ruleFloat64:
		return tuplewire.AppendFloat64(dst, rv.Float()), true
	}
	return dst, false
}
