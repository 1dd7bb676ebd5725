package tuple

import (
	"errors"
	"fmt"
	"reflect"
	"unicode/utf8"

	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
	"github.com/fdbtuple/fdbtuple/types"
)

// Append appends the key of *v to dst. It allocates nothing when cap(dst)
// has room, unless a field is a Tuple, an interface or an extension's
// value. On error it returns dst unchanged and an error that names the
// field and wraps an *EncodeError.
func (p *Plan[T]) Append(dst []byte, v *T) ([]byte, error) {
	return p.AppendPrefix(dst, v, len(p.layout.fields))
}

// Marshal returns the key of *v in a new slice. The plan remembers the
// longest key it has made, so that a slice of that size almost always
// holds the key: one allocation, after the first.
func (p *Plan[T]) Marshal(v *T) ([]byte, error) {
	out, err := p.Append(make([]byte, 0, p.longest.Load()), v)
	if err != nil {
		return nil, err
	}
	if n := int64(len(out)); n > p.longest.Load() {
		p.longest.Store(n)
	}
	return out[:len(out):len(out)], nil
}

// AppendPrefix appends the elements of the first fields fields of *v (a
// nested struct counts as one): the prefix that every key agreeing with
// *v on those fields starts with.
func (p *Plan[T]) AppendPrefix(dst []byte, v *T, fields int) ([]byte, error) {
	if fields < 0 || fields > len(p.layout.fields) {
		return dst, &EncodeError{Type: p.layout.typ, Err: ErrTooManyElements, Detail: fmt.Sprintf("a prefix of %d fields of %v, which has %d", fields, p.layout.typ, len(p.layout.fields))}
	}
	if p.generated != nil && fields == len(p.layout.fields) {
		return p.generated.append(dst, v)
	}
	e := planEncoder{codec: &p.codec}
	out, err := e.fields(dst, p.layout, reflect.ValueOf(v).Elem(), fields, false, 0)
	if err != nil {
		return dst, e.trail.place(err)
	}
	return out, nil
}

// Range returns the keys of every *T whose first fields fields equal
// v's: [prefix, prefix+FF), which holds the prefix followed by any
// elements, since no element starts with FF.
func (p *Plan[T]) Range(v *T, fields int) (begin, end []byte, err error) {
	begin, err = p.AppendPrefix(nil, v, fields)
	if err != nil {
		return nil, nil, err
	}
	end = append(begin[:len(begin):len(begin)], 0xFF)
	return begin, end, nil
}

// fieldOf returns the field f of the struct value rv: Field for a field
// of rv itself, the commonest case, FieldByIndex through embedded structs.
func fieldOf(rv reflect.Value, f *planField) reflect.Value {
	if len(f.index) == 1 {
		return rv.Field(f.index[0])
	}
	return rv.FieldByIndex(f.index)
}

// planEncoder appends the fields of structs.
type planEncoder struct {
	codec *Codec
	trail trail
}

func (e *planEncoder) fields(dst []byte, lay *layout, rv reflect.Value, n int, nested bool, depth int) ([]byte, error) {
	start := len(dst)
	for i := range n {
		f := &lay.fields[i]
		if out, ok := e.plain(dst, f, rv); ok {
			dst = out
			continue
		}
		var err error
		if dst, err = e.field(dst, f, fieldOf(rv, f), nested, depth); err != nil {
			e.trail.add(i)
			var ee *EncodeError
			if errors.As(err, &ee) && ee.Field == "" {
				ee.Field = fmt.Sprintf("%s (%v)", f.name, f.typ) // the deepest field
			}
			return dst[:start], err
		}
	}
	return dst, nil
}

// plain appends a plain field (see planOp) of the struct rv when its
// value is one that needs no check; ok is false for the rest, which field
// appends or refuses. Constants are all appended here: a constant field
// holds nothing to read.
func (e *planEncoder) plain(dst []byte, f *planField, rv reflect.Value) (out []byte, ok bool) {
	switch f.op {
	case opConst:
		return append(dst, f.constant.enc...), true
	case opString:
		if v := fieldOf(rv, f).String(); wirecore.PlainASCII(v) { // short ASCII with no 00: as it is
			return append(append(append(dst, byte(types.CodeString)), v...), 0x00), true
		}
	case opInt:
		return tuplewire.AppendInt(dst, fieldOf(rv, f).Int()), true
	case opUint:
		return tuplewire.AppendUint(dst, fieldOf(rv, f).Uint()), true
	case opUUID:
		return append(append(dst, byte(types.CodeUUID)), fieldOf(rv, f).Bytes()...), true
	}
	return dst, false
}

// field appends the element of field f, whose value is fv.
func (e *planEncoder) field(dst []byte, f *planField, fv reflect.Value, nested bool, depth int) ([]byte, error) {
	if f.nullable {
		if fv.IsNil() {
			if nested {
				return tuplewire.AppendNestedNull(dst), nil
			}
			return tuplewire.AppendNull(dst), nil
		}
		fv = fv.Elem()
	}
	if !f.desc {
		return e.value(dst, f, fv, nested, depth)
	}
	// The wrapped element's ascending encoding, as a top-level element,
	// then inverted as the descending extension writes it.
	var buf [64]byte
	asc, err := e.value(buf[:0], f, fv, false, 0)
	if err != nil {
		return dst, err
	}
	return tuplewire.AppendDesc(dst, e.codec.descCode(), asc), nil
}

// value appends fv as one element, by its kind; reflect's readers keep
// fields from moving to the heap.
func (e *planEncoder) value(dst []byte, f *planField, fv reflect.Value, nested bool, depth int) ([]byte, error) {
	switch {
	case f.ext != nil:
		return e.general(dst, fv.Interface(), nested, depth)
	case f.nested != nil:
		if depth >= wirecore.MaxDepth {
			return dst, encodeError(nil, ErrTooDeep)
		}
		out, err := e.fields(tuplewire.BeginNested(dst), f.nested, fv, len(f.nested.fields), true, depth+1)
		if err != nil {
			return dst, err
		}
		return tuplewire.EndNested(out), nil
	}
	switch fv.Kind() {
	case reflect.String:
		s := fv.String()
		if !f.asBytes && !e.codec.AllowInvalidUTF8 && !utf8.ValidString(s) {
			return dst, &EncodeError{Type: f.typ, Err: ErrInvalidUTF8}
		}
		if f.asBytes {
			return append(wirecore.AppendEscapedString(append(dst, byte(types.CodeBytes)), s), 0x00), nil
		}
		return tuplewire.AppendString(dst, s), nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return tuplewire.AppendInt(dst, fv.Int()), nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return tuplewire.AppendUint(dst, fv.Uint()), nil
	case reflect.Bool:
		return tuplewire.AppendBool(dst, fv.Bool()), nil
	case reflect.Float64:
		return tuplewire.AppendFloat64(dst, fv.Float()), nil
	case reflect.Float32:
		if p, ok := fv.Addr().Interface().(*float32); ok {
			return tuplewire.AppendFloat32(dst, *p), nil // bit for bit
		}
		return tuplewire.AppendFloat32(dst, float32(fv.Float())), nil
	case reflect.Array: // 16 bytes: a UUID (fields are addressable)
		return append(append(dst, byte(types.CodeUUID)), fv.Bytes()...), nil
	case reflect.Slice:
		if fv.Type().Elem().Kind() == reflect.Uint8 {
			return tuplewire.AppendBytes(dst, fv.Bytes()), nil
		}
	case reflect.Struct, reflect.Pointer: // big.Int, *big.Int, Versionstamp
		if fv.Kind() == reflect.Struct {
			fv = fv.Addr()
		}
		return e.general(dst, fv.Interface(), nested, depth)
	}
	return e.general(dst, fv.Interface(), nested, depth)
}

// general appends v through the codec's encoder, for the kinds that have
// no reflect reader: tuples, interfaces, extensions' values.
func (e *planEncoder) general(dst []byte, v any, nested bool, depth int) ([]byte, error) {
	if vs, ok := v.(*Versionstamp); ok {
		v = *vs
	}
	enc := encoder{codec: *e.codec, rawUTF8: e.codec.AllowInvalidUTF8}
	out, err := enc.appendElem(dst, v, nested, depth)
	if err != nil {
		return dst, enc.trail.place(err)
	}
	return out, nil
}
