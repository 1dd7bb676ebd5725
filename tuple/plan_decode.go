package tuple

import (
	"fmt"
	"reflect"

	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
	"github.com/fdbtuple/fdbtuple/types"
)

// Unmarshal decodes key into *v: exactly one element per field, else
// ErrTooFewElements or ErrTooManyElements. Strings share one allocation
// per key, sized by what they hold; nothing decoded aliases key. Like
// every Plan method, it does not keep v: a struct declared for the call
// stays on the stack. Errors are *DecodeErrors whose
// Path starts with the element's index and whose Detail names the field
// and its Go type; after an error, which fields of *v were set is
// unspecified.
func (p *Plan[T]) Unmarshal(key []byte, v *T) error {
	err := p.unmarshalAll(key, 0, v)
	if err != nil {
		return p.prefixHint(key, p.codec.descHint(err))
	}
	return nil
}

// UnmarshalPrefix decodes the fields of *v from the start of key and
// returns the rest of the key.
//
// With optional fields it cannot tell an optional field left out of the
// key from what follows the key: the elements after the required fields
// are read as the optional fields' values while there are optional
// fields and elements (an element of another kind is an error), and the
// optional fields are nil only when the key ends there. Keys that are
// followed by more elements (a key inside a longer key) and have optional
// fields need a boundary of their own, a nested tuple or a length.
func (p *Plan[T]) UnmarshalPrefix(key []byte, v *T) (rest []byte, err error) {
	rest, err = p.unmarshalAt(key, 0, v)
	if err != nil {
		return nil, p.prefixHint(key, p.codec.descHint(err))
	}
	return rest, nil
}

// unmarshalAll decodes key[start:] into *v, all of it, with the offsets
// of errors counted from key[0].
func (p *Plan[T]) unmarshalAll(key []byte, start int, v *T) error {
	rest, err := p.unmarshalAt(key, start, v)
	return p.allRead(key, rest, err)
}

// allRead is the error of a decode that left rest of key unread, or err.
func (p *planCore) allRead(key, rest []byte, err error) error {
	if err == nil && len(rest) > 0 {
		pos := len(key) - len(rest)
		return &DecodeError{Offset: pos, Path: []int{len(p.layout.fields)}, Code: types.Code(key[pos]), Err: ErrTooManyElements,
			Detail: fmt.Sprintf("the key holds more than the %d fields of %v", len(p.layout.fields), p.layout.typ)}
	}
	return err
}

// unmarshalAt decodes the fields of *v from key[start:] and returns the
// rest of the key, with the offsets of errors counted from key[0].
func (p *Plan[T]) unmarshalAt(key []byte, start int, v *T) (rest []byte, err error) {
	if p.generated != nil {
		return p.generated.unmarshalAt(key, start, v)
	}
	var s scanner
	s.startPlan(&p.planCore, key, start)
	var end int
	if p.direct {
		end, err = s.structFieldsDirect(wirecore.TopLevel(start), 0, p.layout, reflect.ValueOf(v).Elem())
	} else { // on a copy, which the general functions may make escape
		c := p.copies.Get().(*T)
		*c = *v
		end, err = s.structFields(wirecore.TopLevel(start), 0, p.layout, reflect.ValueOf(c).Elem())
		*v = *c
		*c = *new(T)
		p.copies.Put(c)
	}
	if err != nil {
		return nil, s.trail.place(err)
	}
	return key[end:], nil
}

// unmarshalValue is unmarshalAt for rv, a struct of the plan's type that
// may escape (a DynamicPlan's): by the direct functions when the plan is
// direct, as a Plan's are, else by the general ones, on rv itself.
func (p *planCore) unmarshalValue(key []byte, start int, rv reflect.Value) (rest []byte, err error) {
	var s scanner
	s.startPlan(p, key, start)
	var end int
	if p.direct {
		end, err = s.structFieldsDirect(wirecore.TopLevel(start), 0, p.layout, rv)
	} else {
		end, err = s.structFields(wirecore.TopLevel(start), 0, p.layout, rv)
	}
	if err != nil {
		return nil, s.trail.place(err)
	}
	return key[end:], nil
}

// startPlan sets the scanner up to read key[top:] with the plan's codec,
// field by field: a composite literal is built in a temporary and
// copied, a store stall that costs 7 % of a 4-constant W1.
func (s *scanner) startPlan(p *planCore, key []byte, top int) {
	s.codec, s.in, s.lenient, s.scans, s.top = p.codec, key, p.codec.Lenient, len(p.layout.fields), top
	if len(p.codec.Extensions) > 0 {
		s.framer.codec = &p.codec
	}
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
			if end, ok := s.plain(at, depth, i, f, rv); ok {
				l.Pos = end
				continue
			}
		}
		var end int
		var err error
		switch {
		case f.optional && (st == wirecore.StepNull || st == wirecore.StepElem && s.in[at] == 0x00):
			err = s.fail(at, ErrWrongType, "a null, but an optional field is left out of the key when nil, never written as a null")
		case st == wirecore.StepElem, st == wirecore.StepNull:
			end, err = s.field(st, at, depth, f, rv)
		case f.optional && st == wirecore.StepEnd && depth == 0: // the key ends before it: nil, and those after it
			lay.setAbsent(rv, i)
			s.setWaiting(lay, rv)
			return l.Pos, nil
		default:
			return 0, s.named(s.missing(st, l, at, i, n), f)
		}
		if err != nil {
			s.trail.add(i)
			return 0, s.named(err, f)
		}
		l.Pos = end
	}
	if depth == 0 {
		s.setWaiting(lay, rv)
	}
	return s.close(l, n)
}

// structFieldsDirect is structFields for a direct layout, its twin but
// for the call per field: one loop calling either would hand *v to
// field's Set, which is what makes it escape (see above).
func (s *scanner) structFieldsDirect(l wirecore.Level, depth int, lay *layout, rv reflect.Value) (int, error) {
	n := len(lay.fields)
	for i := range lay.fields {
		f := &lay.fields[i]
		st, at := l.Next(s.in)
		if st == wirecore.StepElem {
			if end, ok := s.plain(at, depth, i, f, rv); ok {
				l.Pos = end
				continue
			}
		}
		var end int
		var err error
		switch st {
		case wirecore.StepElem:
			end, err = s.fieldDirect(at, depth, f, fieldOf(rv, f))
		case wirecore.StepNull:
			end, err = s.notDirect(st, at, depth, f)
		default:
			return 0, s.named(s.missing(st, l, at, i, n), f)
		}
		if err != nil {
			s.trail.add(i)
			return 0, s.named(err, f)
		}
		l.Pos = end
	}
	if depth == 0 {
		s.setWaiting(lay, rv)
	}
	return s.close(l, n)
}

// setWaiting sets the string fields of rv, a struct of layout lay, whose
// strings waited (see wait): both loops over a plan's fields end with it.
// It reaches the fields with reflect's typed setter only, which keeps a
// direct plan's struct where its caller declared it.
func (s *scanner) setWaiting(lay *layout, rv reflect.Value) {
	w, text := s.settle()
	for _, x := range w {
		fieldOf(rv, &lay.fields[x.dst]).SetString(text[x.start:x.end])
	}
}

// plain scans the element at in[at] into a plain field (see planOp) of
// the struct rv, field i of a level at depth, when it is the element such
// a field commonly holds, and reports false for anything else (a null, a
// wrong kind, an integer that does not fit, a string that is long,
// escaped or not ASCII), which field then decodes or reports. A string of
// the top level waits (see wait) when it can.
func (s *scanner) plain(at, depth, i int, f *planField, rv reflect.Value) (int, bool) {
	in := s.in
	switch f.op {
	case opConst:
		if f.constant.prefixOf(in[at:]) {
			return at + len(f.constant.enc), true // a constant field holds nothing to set
		}
	case opString:
		// The common string, as in Scan's *string.
		if end, ascii := wirecore.ShortEndASCII(in, at+1); ascii && in[at] == byte(types.CodeString) {
			if depth != 0 || !s.wait(i, at, end) {
				fieldOf(rv, f).SetString(s.keep(at, end))
			}
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
// the field f of the struct rv, and returns the offset after it.
func (s *scanner) field(st wirecore.Step, at, depth int, f *planField, rv reflect.Value) (int, error) {
	if f.constant != nil {
		return s.constField(st, at, depth, f, rv)
	}
	var fv reflect.Value
	if f.viaPointer {
		fv = allocPath(rv, f.index)
	} else {
		fv = fieldOf(rv, f)
	}
	return s.scanValue(st, at, depth, f.gt, fv, f.elemOpts(), f.zero)
}

// allocPath returns the field at index of the struct rv, allocating the
// nil embedded pointers on the way.
func allocPath(rv reflect.Value, index []int) reflect.Value {
	for i, x := range index {
		if i > 0 && rv.Kind() == reflect.Pointer {
			if rv.IsNil() {
				rv.Set(reflect.New(rv.Type().Elem()))
			}
			rv = rv.Elem()
		}
		rv = rv.Field(x)
	}
	return rv
}
