package tuple

import (
	"fmt"
	"reflect"

	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
	"github.com/fdbtuple/fdbtuple/types"
)

// Append appends the key of *v to dst. It allocates nothing when cap(dst)
// has room, unless a field is a Tuple, an interface or an extension's
// value, or is desc and of another kind than a string, byte string,
// integer, bool, float64, time or duration. It does not keep v, so that a struct declared for the call stays
// on the stack. On error it returns dst unchanged and an error that names
// the field and wraps an *EncodeError.
func (p *Plan[T]) Append(dst []byte, v *T) ([]byte, error) {
	if g := p.generated; g != nil { // here, not in appendFields: a call fewer
		return g.append(dst, v)
	}
	return p.appendFields(dst, v, len(p.layout.fields))
}

// Marshal returns the key of *v in a new slice. The plan remembers the
// longest key it has made, so that a slice of that size almost always
// holds the key: one allocation, after the first.
func (p *Plan[T]) Marshal(v *T) ([]byte, error) {
	out, err := p.Append(make([]byte, 0, p.longest.Load()), v)
	return p.made(out, err)
}

// made returns out, the key Marshal made, clipped, and remembers its
// length for the next one's buffer.
func (p *planCore) made(out []byte, err error) ([]byte, error) {
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

// appendFields appends the elements of the first n fields of *v.
func (p *Plan[T]) appendFields(dst []byte, v *T, n int) ([]byte, error) {
	if p.generated != nil && n == len(p.layout.fields) { // the methods write whole keys only
		return p.generated.append(dst, v)
	}
	e := p.encoder()
	var out []byte
	var err error
	if p.direct {
		out, err = e.fieldsDirect(dst, p.layout, reflect.ValueOf(v).Elem(), n, false, 0)
	} else { // on a copy, which the general functions may make escape
		c := p.copies.Get().(*T)
		*c = *v
		out, err = e.fields(dst, p.layout, reflect.ValueOf(c).Elem(), n, false, 0)
		*c = *new(T)
		p.copies.Put(c)
	}
	if err != nil {
		return dst, e.trail.place(err)
	}
	return out, nil
}

// appendValue is appendFields for rv, a struct of the plan's type that
// may escape (a DynamicPlan's): by the direct functions when the plan is
// direct, as a Plan's are, else by the general ones, on rv itself.
func (p *planCore) appendValue(dst []byte, rv reflect.Value) ([]byte, error) {
	return p.appendValueFields(dst, rv, len(p.layout.fields))
}

// appendValueFields is appendValue of the first n fields of rv: a
// DynamicPlan's prefixes.
func (p *planCore) appendValueFields(dst []byte, rv reflect.Value, n int) ([]byte, error) {
	e := p.encoder()
	var out []byte
	var err error
	if p.direct {
		out, err = e.fieldsDirect(dst, p.layout, rv, n, false, 0)
	} else {
		out, err = e.fields(dst, p.layout, rv, n, false, 0)
	}
	if err != nil {
		return dst, e.trail.place(err)
	}
	return out, nil
}

// encoder is the encoder of the plan's fields.
func (p *planCore) encoder() encoder {
	return encoder{codec: p.codec, rawUTF8: p.codec.AllowInvalidUTF8, inPlan: true}
}

// fieldOf returns the field f of the struct value rv: Field for a field
// of rv itself, the commonest case, FieldByIndex through embedded structs.
func fieldOf(rv reflect.Value, f *planField) reflect.Value {
	if len(f.index) == 1 {
		return rv.Field(f.index[0])
	}
	return rv.FieldByIndex(f.index)
}

// fields appends the elements of the first n fields of rv, a struct of
// layout lay.
func (e *encoder) fields(dst []byte, lay *layout, rv reflect.Value, n int, nested bool, depth int) ([]byte, error) {
	start := len(dst)
	if lay.optFrom < n { // the key ends at its first nil optional field
		var err error
		if n, err = lay.absentFrom(rv, n); err != nil {
			return dst, err
		}
	}
	for i := range n {
		f := &lay.fields[i]
		if out, ok := e.plain(dst, f, rv); ok {
			dst = out
			continue
		}
		var err error
		at := len(dst)
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
		if err == nil && f.optional && dst[at] == 0x00 {
			err = nullOptional(f)
		}
		if err != nil {
			e.trail.add(i)
			return dst[:start], e.named(err, f)
		}
	}
	return dst, nil
}

// fieldsDirect is encoder.fields for a direct layout, its twin but for
// the call per field: one loop calling either would hand *v to value's
// Interface, which is what makes it escape.
func (e *encoder) fieldsDirect(dst []byte, lay *layout, rv reflect.Value, n int, nested bool, depth int) ([]byte, error) {
	start := len(dst)
	for i := range n {
		f := &lay.fields[i]
		if out, ok := e.plain(dst, f, rv); ok {
			dst = out
			continue
		}
		var err error
		if dst, err = e.fieldDirect(dst, f, fieldOf(rv, f), depth); err != nil {
			e.trail.add(i)
			return dst[:start], e.named(err, f)
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
