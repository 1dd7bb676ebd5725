package tuple

// Keys that can grow: trailing optional fields.
//
// A field tagged optional is a pointer that a nil leaves out of the key,
// which then ends before it. Appending such a field to a key struct
// keeps every stored key: an old key ends before the new field, and
// decodes with it nil; a new key without it is the old key, byte for
// byte; and a key that ends sorts before every longer key that starts
// with it, as a nil sorts before every value, so order and ranges hold.
// That is true only at the end of a key: a field left out in the middle
// would let the next field's element stand where it was, so every field
// after an optional one is optional too, no constant follows one, and a
// nested struct holds none (a nested tuple holds every field of its
// struct). A set field after a nil one is an error when encoding: the key
// would read the set field's value as the nil one's. A set field whose
// value writes a null (a *any holding nil) is an error too: a null where
// an optional field would be is no key of the plan. desc is refused: a
// key that ends sorts first in either direction, so the field would not
// be descending.

import (
	"bytes"
	"fmt"
	"reflect"
)

// checkOptional sets lay.optFrom and refuses optional fields that are not
// at the end of the level: a field after an optional one that is not
// optional, or a constant after one.
func (lay *layout) checkOptional() error {
	lay.optFrom = len(lay.fields)
	for i := range lay.fields {
		if lay.fields[i].optional {
			lay.optFrom = i
			break
		}
	}
	for i := lay.optFrom + 1; i < len(lay.fields); i++ {
		f, first := &lay.fields[i], &lay.fields[lay.optFrom]
		switch {
		case f.constant != nil:
			return fmt.Errorf("constant %s after optional field %s: %w: a key ends where a nil optional field is, so nothing but optional fields may follow one", f.constText, first.name, ErrBadTag)
		case !f.optional:
			return fmt.Errorf("field %s (%v) after optional field %s: %w: a key ends where a nil optional field is, so every field after an optional one is optional (tag it `tuple:\",optional\"`, or move it before %s)", f.name, f.typ, first.name, ErrBadTag, first.name)
		}
	}
	return nil
}

// absentFrom returns the index of the first of the first n fields of rv,
// a struct of layout lay, that is optional and nil: where its key ends,
// or n when none is. Its error is ErrOptionalGap, naming the nil field
// and the set one after it.
func (lay *layout) absentFrom(rv reflect.Value, n int) (int, error) {
	for i := lay.optFrom; i < n; i++ {
		if !optionalField(rv, &lay.fields[i]).IsNil() {
			continue
		}
		for j := i + 1; j < n; j++ {
			if !optionalField(rv, &lay.fields[j]).IsNil() {
				f, g := &lay.fields[i], &lay.fields[j]
				return i, &EncodeError{Type: g.typ, Field: fmt.Sprintf("%s (%v)", g.name, g.typ), Err: ErrOptionalGap,
					Detail: fmt.Sprintf("%s is set and %s before it is nil; the key ends at %s, so it cannot hold %s (set %s, or leave %s nil)", g.name, f.name, f.name, g.name, f.name, g.name)}
			}
		}
		return i, nil
	}
	return n, nil
}

// nullOptional is the error of a set optional field whose value writes a
// null (a *any holding nil): a null where an optional field would be is
// no key of the plan, which reads only an absent field as nil, so that a
// key's bytes have one meaning. It is ErrUnsupportedType, as a custom
// element that writes a null is: the pointer is set, so nothing is
// missing; what it holds is no value the field's element can be.
func nullOptional(f *planField) error {
	return &EncodeError{Type: f.typ, Err: ErrUnsupportedType,
		Detail: fmt.Sprintf("%s is set, but what it points to is nil (a nil interface or pointer), which writes a null, and a null is never an optional field's element (Unmarshal refuses it): leave %s nil to end the key before it, or point it to a value", f.name, f.name)}
}

// optionalField is the optional field f of rv: a nil pointer when an
// embedded pointer on its way is nil.
func optionalField(rv reflect.Value, f *planField) reflect.Value {
	if !f.viaPointer {
		return fieldOf(rv, f)
	}
	if fv, err := rv.FieldByIndexErr(f.index); err == nil {
		return fv
	}
	return reflect.Zero(f.typ)
}

// setAbsent sets the optional fields of rv from i on to nil: the key
// ended before them.
func (lay *layout) setAbsent(rv reflect.Value, i int) {
	for ; i < len(lay.fields); i++ {
		f := &lay.fields[i]
		if fv, err := rv.FieldByIndexErr(f.index); err == nil {
			fv.SetZero()
		}
	}
}

// rangeThrough is the range of the keys under key, AppendPrefix of rv
// through the named field (err its error): RangeUnder(key), which holds
// the keys that go on after key, and key itself too when a key of the
// plan can end there (the next field is optional). When an optional
// field of the prefix is nil, the keys whose fields up to through equal
// rv's end there: key is the only one.
func (p *planCore) rangeThrough(key []byte, err error, rv reflect.Value, through string) (begin, end []byte, _ error) {
	if err != nil {
		return nil, nil, err
	}
	begin, end = RangeUnder(key)
	lay := p.layout
	if lay.optFrom == len(lay.fields) {
		return begin, end, nil
	}
	n, err := p.prefixFields(through)
	if err != nil {
		return nil, nil, err
	}
	switch absent, _ := lay.absentFrom(rv, n); {
	case absent < n: // the key ends inside the prefix
		return bytes.Clone(key), begin, nil
	case n < len(lay.fields) && n >= lay.optFrom: // a key may end after the prefix
		return bytes.Clone(key), end, nil
	}
	return begin, end, nil
}

// optionalBounds is Between's range over an optional field, whose keys
// run: the key that ends before the field (absent, the first value),
// then the keys of its values. An absent end stands for that key alone;
// no lower end starts at it. When an optional field before the ranged
// one is nil in the ends (the field is then nil too), the keys whose
// fields before it equal the ends' end there: that key is all the range
// can hold.
func (p *planCore) optionalBounds(lo, hi *rangeEnd, s span, pb []byte, i int, enc encodeEnd) (begin, end []byte) {
	begin, end = startAt(lo, s.lo, pb), stopAt(hi, s.hi, pb)
	switch {
	case lo == nil:
		begin = bytes.Clone(pb)
	case lo.absent() && s.lo == endInclusive:
		begin = bytes.Clone(pb)
	case lo.absent(): // exclusive: after the key that ends here
		begin = withByte(pb, 0x00)
	}
	switch {
	case hi == nil && p.endsBefore(lo, i, enc):
		end = withByte(pb, 0x00)
	case hi != nil && hi.absent() && s.hi == endInclusive:
		end = withByte(pb, 0x00)
	case hi != nil && hi.absent(): // exclusive: before the key that ends here
		end = bytes.Clone(pb)
	}
	return begin, end
}

// endsBefore reports whether an optional field before the i-th is nil in
// the end x: its key ends before the i-th field's place.
func (p *planCore) endsBefore(x *rangeEnd, i int, enc encodeEnd) bool {
	if x == nil || !x.absent() {
		return false
	}
	for j := p.layout.optFrom; j < i; j++ {
		a, errA := enc(nil, false, j)
		b, errB := enc(nil, false, j+1)
		if errA == nil && errB == nil && len(a) == len(b) {
			return true
		}
	}
	return false
}
