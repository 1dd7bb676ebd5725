package tuple

import (
	"errors"
	"fmt"
	"reflect"

	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
	"github.com/fdbtuple/fdbtuple/types"
)

// Append appends the key of *v to dst. It allocates nothing when cap(dst)
// has room, unless a field is a Tuple, an interface or an extension's
// value. On error it returns dst unchanged and an error that names the
// field and wraps an *EncodeError.
func (p *Plan[T]) Append(dst []byte, v *T) ([]byte, error) {
	if p.generated != nil {
		return p.generated.append(dst, v)
	}
	return p.appendPrefix(dst, reflect.ValueOf(v).Elem(), len(p.layout.fields))
}

// Marshal returns the key of *v in a new slice. The plan remembers the
// longest key it has made, so that a slice of that size almost always
// holds the key: one allocation, after the first.
func (p *Plan[T]) Marshal(v *T) ([]byte, error) {
	if p.generated != nil {
		return p.generated.marshal(&p.planCore, v)
	}
	return p.marshal(reflect.ValueOf(v).Elem())
}

// AppendPrefix appends the elements of the first fields fields of *v (a
// nested struct counts as one): the prefix that every key agreeing with
// *v on those fields starts with.
func (p *Plan[T]) AppendPrefix(dst []byte, v *T, fields int) ([]byte, error) {
	if p.generated != nil && fields == len(p.layout.fields) {
		return p.generated.append(dst, v)
	}
	return p.appendPrefix(dst, reflect.ValueOf(v).Elem(), fields)
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

func (p *planCore) marshal(rv reflect.Value) ([]byte, error) {
	out, err := p.appendPrefix(make([]byte, 0, p.longest.Load()), rv, len(p.layout.fields))
	if err != nil {
		return nil, err
	}
	return p.keep(out), nil
}

// keep remembers the length of a key Marshal made, and returns the key
// with no room after it.
func (p *planCore) keep(out []byte) []byte {
	if n := int64(len(out)); n > p.longest.Load() {
		p.longest.Store(n)
	}
	return out[:len(out):len(out)]
}

func (p *planCore) appendPrefix(dst []byte, rv reflect.Value, fields int) ([]byte, error) {
	if fields < 0 || fields > len(p.layout.fields) {
		return dst, fmt.Errorf("tuple: a prefix of %d fields of %v, which has %d", fields, p.layout.typ, len(p.layout.fields))
	}
	e := encoder{codec: p.codec, rawUTF8: p.codec.AllowInvalidUTF8, inPlan: true}
	out, err := e.fields(dst, p.layout, rv, fields, false, 0)
	if err != nil {
		return dst, e.trail.place(err)
	}
	return out, nil
}

// fieldOf returns the field f of the struct value rv: Field for a field
// of rv itself, the commonest case, FieldByIndex through embedded structs.
func fieldOf(rv reflect.Value, f *planField) reflect.Value {
	if len(f.index) == 1 {
		return rv.Field(f.index[0])
	}
	return rv.FieldByIndex(f.index)
}

// errNilEmbedded is the error of a nil embedded pointer a field is
// reached through.
var errNilEmbedded = errors.New("an embedded pointer on the way to the field is nil")

// fields appends the elements of the first n fields of rv, a struct of
// layout lay.
func (e *encoder) fields(dst []byte, lay *layout, rv reflect.Value, n int, nested bool, depth int) ([]byte, error) {
	start := len(dst)
	for i := range n {
		f := &lay.fields[i]
		if out, ok := e.plain(dst, f, rv); ok {
			dst = out
			continue
		}
		var err error
		if f.viaPointer {
			var fv reflect.Value
			switch fv, err = rv.FieldByIndexErr(f.index); {
			case err == nil && f.constant != nil:
				dst = append(dst, f.constant.enc...)
			case err == nil:
				dst, err = e.appendValue(dst, f.gt, fv, f.elemOpts(), nested, depth)
			default:
				err = &EncodeError{Type: f.typ, Err: fmt.Errorf("%w: %w", ErrUnsupportedType, errNilEmbedded)}
			}
		} else {
			dst, err = e.appendValue(dst, f.gt, fieldOf(rv, f), f.elemOpts(), nested, depth)
		}
		if err != nil {
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

// elemOpts are the options of the field's tag.
func (f *planField) elemOpts() elemOpts {
	return elemOpts{desc: f.desc, asBytes: f.asBytes, ext: f.ext, unit: f.unit}
}

// plain appends a plain field (see planOp) of the struct rv when its
// value is one that needs no check; ok is false for the rest, which field
// appends or refuses. Constants are all appended here: a constant field
// holds nothing to read.
func (e *encoder) plain(dst []byte, f *planField, rv reflect.Value) (out []byte, ok bool) {
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
