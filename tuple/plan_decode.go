package tuple

import (
	"fmt"
	"reflect"

	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
	"github.com/fdbtuple/fdbtuple/types"
)

// Unmarshal decodes key into *v: exactly one element per field, else
// ErrTooFewElements or ErrTooManyElements. Strings share one allocation
// per key; nothing decoded aliases key. Errors are *DecodeErrors whose
// Path starts with the element's index and whose Detail names the field
// and its Go type.
func (p *Plan[T]) Unmarshal(key []byte, v *T) error {
	rest, err := p.UnmarshalPrefix(key, v)
	if err == nil && len(rest) > 0 {
		pos := len(key) - len(rest)
		return &DecodeError{Offset: pos, Path: []int{len(p.layout.fields)}, Code: types.Code(key[pos]), Err: ErrTooManyElements,
			Detail: fmt.Sprintf("the key holds more than the %d fields of %v", len(p.layout.fields), p.layout.typ)}
	}
	return err
}

// UnmarshalPrefix decodes the fields of *v from the start of key and
// returns the rest of the key.
func (p *Plan[T]) UnmarshalPrefix(key []byte, v *T) (rest []byte, err error) {
	if p.generated != nil {
		return p.generated.unmarshalPrefix(key, v)
	}
	// Set field by field: a composite literal is built in a temporary
	// and copied, a store stall that costs 7 % of a 4-constant W1.
	var s scanner
	s.codec, s.in, s.lenient = p.codec, key, p.codec.Lenient
	if len(p.codec.Extensions) > 0 {
		s.framer.codec = &p.codec
	}
	rv := reflect.ValueOf(v).Elem()
	end, err := s.structFields(wirecore.TopLevel(0), 0, p.layout, rv)
	if err != nil {
		return nil, s.trail.place(err)
	}
	return key[end:], nil
}

// structFields scans the elements of level l into the fields of rv. It
// is Scan's loop, with the destinations a plan's fields give: the work
// that needs reflect's setters (new variables for pointer fields, an
// extension's value) is done here, so that Scan's destinations never
// reach them and stay on the stack.
func (s *scanner) structFields(l wirecore.Level, depth int, lay *layout, rv reflect.Value) (int, error) {
	n := len(lay.fields)
	for i := range lay.fields {
		f := &lay.fields[i]
		st, at := l.Next(s.in)
		if st == wirecore.StepElem {
			if end, ok := s.plain(at, f, rv); ok {
				l.Pos = end
				continue
			}
		}
		var end int
		var err error
		switch st {
		case wirecore.StepElem, wirecore.StepNull:
			end, err = s.field(st, at, depth, f, fieldOf(rv, f))
		default:
			return 0, s.named(s.missing(st, l, at, i, n), f)
		}
		if err != nil {
			s.trail.add(i)
			return 0, s.named(err, f)
		}
		l.Pos = end
	}
	return s.close(l, n)
}

// plain scans the element at in[at] into a plain field (see planOp) of
// the struct rv when it is the element such a field commonly holds, and
// reports false for anything else (a null, a wrong kind, an integer that
// does not fit, a string that is long, escaped or not ASCII), which field
// then decodes or reports.
func (s *scanner) plain(at int, f *planField, rv reflect.Value) (int, bool) {
	in := s.in
	switch f.op {
	case opConst:
		if f.constant.prefixOf(in[at:]) {
			return at + len(f.constant.enc), true // a constant field holds nothing to set
		}
	case opString:
		// The common string: short, ASCII, no escaped zero. Inlined, as
		// in Scan's *string: a call to string costs more than the copy.
		if end, ascii := wirecore.ShortEnd(in, at+1); end >= 0 && ascii && types.Code(in[at]) == types.CodeString {
			fieldOf(rv, f).SetString(s.keep(in[at+1 : end]))
			return end + 1, true
		}
	case opInt:
		if iv, n, ok := wirecore.FixedInt(in[at:]); ok {
			fv := fieldOf(rv, f)
			if v, ok := iv.Int64(); ok && !fv.OverflowInt(v) {
				fv.SetInt(v)
				return at + n, true
			}
		}
	case opUint:
		if iv, n, ok := wirecore.FixedInt(in[at:]); ok && !iv.Neg {
			if fv := fieldOf(rv, f); !fv.OverflowUint(iv.Mag) {
				fv.SetUint(iv.Mag)
				return at + n, true
			}
		}
	case opUUID:
		if types.Code(in[at]) == types.CodeUUID && len(in)-at >= wirecore.SizeUUID {
			copy(fieldOf(rv, f).Bytes(), in[at+1:at+wirecore.SizeUUID]) // the array itself
			return at + wirecore.SizeUUID, true
		}
	}
	return 0, false
}

// field scans the element at in[at] (a nested null when st says so) into
// the field f, whose value is fv, and returns the offset after it.
func (s *scanner) field(st wirecore.Step, at, depth int, f *planField, fv reflect.Value) (int, error) {
	next := at + 2 // after a nested null
	isNull := st == wirecore.StepNull || s.in[at] == byte(types.CodeNull)
	if st != wirecore.StepNull && isNull {
		next = at + 1
	}
	switch {
	case f.constant != nil:
		if st == wirecore.StepNull || !f.constant.prefixOf(s.in[at:]) {
			return 0, s.fail(at, ErrConstMismatch, fmt.Sprintf("want the constant %s", Printable(f.constant.enc)))
		}
		return at + len(f.constant.enc), nil
	case f.nullable && isNull:
		fv.SetZero()
		return next, nil
	case f.nullable:
		nv := reflect.New(f.typ.Elem())
		fv.Set(nv)
		fv = nv.Elem()
	case isNull:
		return 0, s.fail(at, ErrWrongType, fmt.Sprintf("a null element cannot go into %v", f.typ))
	}
	if f.desc {
		return s.descField(at, depth, f, fv)
	}
	return s.value(at, depth, f, fv)
}

// value scans one element into fv, by the field's kind.
func (s *scanner) value(at, depth int, f *planField, fv reflect.Value) (int, error) {
	switch {
	case f.ext != nil:
		var v any
		end, err := s.one(&v, at, depth)
		if err == nil {
			if rv := reflect.ValueOf(v); rv.Type().AssignableTo(fv.Type()) {
				fv.Set(rv)
			} else {
				err = s.fail(at, ErrWrongType, fmt.Sprintf("a %T element cannot go into %v", v, fv.Type()))
			}
		}
		return end, err
	case f.nested != nil:
		if types.Code(s.in[at]) != types.CodeNested {
			return 0, s.wrongKind(at, f.zero)
		}
		if depth >= wirecore.MaxDepth {
			return 0, s.fault(wirecore.FaultAt(at, wirecore.FaultTooDeep))
		}
		return s.structFields(wirecore.NestedLevel(at), depth+1, f.nested, fv)
	case f.asBytes:
		return s.bytes(at, f.zero, func(b []byte) { fv.SetString(string(b)) })
	case f.kind == reflect.String:
		v, end, err := s.string(at, f.zero)
		if err == nil {
			fv.SetString(v)
		}
		return end, err
	case f.kind >= reflect.Int && f.kind <= reflect.Int64:
		return s.integer(at, f.zero, func(iv wirecore.IntValue) bool {
			v, ok := iv.Int64()
			if ok = ok && !fv.OverflowInt(v); ok {
				fv.SetInt(v)
			}
			return ok
		})
	case f.kind >= reflect.Uint && f.kind <= reflect.Uint64:
		return s.integer(at, f.zero, func(iv wirecore.IntValue) bool {
			ok := iv.Big == nil && !iv.Neg && !fv.OverflowUint(iv.Mag)
			if ok {
				fv.SetUint(iv.Mag)
			}
			return ok
		})
	case f.isAnySlice:
		var t Tuple
		end, err := s.one(&t, at, depth)
		if err == nil {
			fv.Set(reflect.ValueOf([]any(t)))
		}
		return end, err
	}
	return s.one(fv.Addr().Interface(), at, depth)
}

// descField scans a descending element into fv.
func (s *scanner) descField(at, depth int, f *planField, fv reflect.Value) (int, error) {
	g := *f
	g.desc = false
	return s.descended(at, f.zero, func(inner *scanner) (int, error) {
		return inner.field(wirecore.StepElem, 0, depth, &g, fv)
	})
}

// named names the field in a decoding error, once: at the deepest
// field, where the error happened. It names a copy, leaving the error it
// was given to whoever made it.
func (s *scanner) named(err error, f *planField) error {
	if de, ok := err.(*DecodeError); ok && de.Field == "" {
		c := *de
		c.Field = fmt.Sprintf("%s (%v)", f.name, f.typ)
		c.Detail = "field " + c.Field + ": " + c.Detail
		return &c
	}
	return err
}
