package tuple

import (
	"bytes"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"time"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
)

// Ranges between two values of one field. Marshaling both ends by hand
// takes three rules that are easy to miss: an inclusive upper end must
// reach past every key that goes on after the end's field (its prefix
// followed by FF, not the key itself), a desc field's ends swap in the
// bytes, and swapped ends give an empty range with no error. Between
// applies them once, from the field's tags, and refuses the ends that
// describe no range.

// Between returns the range [begin, end) of the plan's keys whose field
// named field lies within b, in the field's value order, among the keys
// whose fields before it equal those of b's ends. The field is named as
// in Range (its tag name, else its Go name; a nested struct is one
// field); the fields after it are not read, and every key whose field
// is in b is in the range whatever follows the field, a constant or
// more fields (see Bounds for the ends, and the DynamoDB conditions
// they stand for):
//
//	// the comments of post 7 from 12:01 up to 14:00, inclusive:
//	begin, end, err := comments.Between("At",
//		tuple.From(&Comment{Post: 7, At: t1201}).To(&Comment{Post: 7, At: t1400}))
//
// The order is the field's, not the bytes': on a desc field the ends
// swap in the bytes, so that From(lo).To(hi) means lo ≤ x ≤ hi there
// too. An inclusive end holds every key whose field equals it; an
// exclusive end none of them. From(v).To(v) is Range(v, field), which
// also holds v's own key when field is the last element. A nil of a
// nullable field is the first value, before every other, as in the
// keys; on a desc field its keys still come first, before the greatest
// value, so a range holding the nils and values up to a given end is
// two runs of keys, and ErrBadBounds: range the nils (From(nil).To(nil))
// and the values (Above(nil).To(hi)) apart. A time or duration field
// takes its unit's whole values, as in a key.
//
// Errors wrap ErrBadBounds: a lower end after the upper one in the
// field's order (as DynamoDB's BETWEEN refuses it; ends that are equal
// with one of them exclusive give an empty range, begin == end), ends
// whose fields before field differ (naming the first that does), a nil
// end, no end, BeginsWith on a field that is not a string or byte
// string, or on a nil. An unknown field and a value that cannot be
// encoded are the errors of AppendPrefix and Append.
func (p *Plan[T]) Between(field string, b Bounds[*T]) (begin, end []byte, err error) {
	return p.between(nil, field, b)
}

// Between returns the range of the keys under the prefix whose field lies
// within b, as Plan.Between.
func (u *PlanUnder[T]) Between(field string, b Bounds[*T]) (begin, end []byte, err error) {
	return u.plan.between(u.prefix, field, b)
}

// Between is Plan.Between; b's ends are pointers to values of the plan's
// type (tuple.From(any(&v))).
func (p *DynamicPlan) Between(field string, b Bounds[any]) (begin, end []byte, err error) {
	s := b.span()
	if err := s.check(p.layout.typ, field, b.lo == nil, b.hi == nil); err != nil {
		return nil, nil, err
	}
	return p.planCore.between(nil, field, s, func(dst []byte, hi bool, n int) ([]byte, error) {
		v := b.lo
		if hi {
			v = b.hi
		}
		rv, err := p.target(v)
		if err != nil {
			return dst, err
		}
		return p.appendValueFields(dst, rv, n)
	})
}

// between is Between of the keys under prefix.
func (p *Plan[T]) between(prefix []byte, field string, b Bounds[*T]) (begin, end []byte, err error) {
	s := b.span()
	if err := s.check(p.layout.typ, field, b.lo == nil, b.hi == nil); err != nil {
		return nil, nil, err
	}
	return p.planCore.between(prefix, field, s, func(dst []byte, hi bool, n int) ([]byte, error) {
		if hi {
			return p.appendFields(dst, b.hi, n)
		}
		return p.appendFields(dst, b.lo, n)
	})
}

// span is the shape of a Bounds, without its values.
type span struct {
	lo, hi     endKind
	beginsWith bool
}

func (b Bounds[P]) span() span { return span{b.loEnd, b.hiEnd, b.beginsWith} }

// hasLo and hasHi report whether the span reads the value of that end.
func (s span) hasLo() bool { return s.lo != endOpen || s.beginsWith }
func (s span) hasHi() bool { return s.hi != endOpen }

// check refuses a span with no end, or a nil value for an end it reads.
func (s span) check(typ any, field string, loNil, hiNil bool) error {
	switch {
	case !s.hasLo() && !s.hasHi():
		return fmt.Errorf("%w: Between(%q) of %v: no end; make the bounds with From, Above, To, Below or BeginsWith", ErrBadBounds, field, typ)
	case s.hasLo() && loNil, s.hasHi() && hiNil:
		return fmt.Errorf("%w: Between(%q) of %v: an end is a nil pointer, not a value of the plan's type", ErrBadBounds, field, typ)
	}
	return nil
}

// encodeEnd appends to dst the first n fields of one end's value: the
// upper end's if hi, else the lower end's (or BeginsWith's).
type encodeEnd func(dst []byte, hi bool, n int) ([]byte, error)

// rangeEnd is one end's value encoded through the ranged field and the
// constants after it: key[:start] is the prefix and the fields before
// the ranged one, key[start:elemEnd] the field's element.
type rangeEnd struct {
	key            []byte
	start, elemEnd int
}

func (x *rangeEnd) before() []byte { return x.key[:x.start] }
func (x *rangeEnd) elem() []byte   { return x.key[x.start:x.elemEnd] }
func (x *rangeEnd) after() []byte  { return x.key[x.elemEnd:] }

// null reports whether the field's element is a plain null: a nil of a
// nullable field, which sorts first, desc or not.
func (x *rangeEnd) null() bool { return !x.absent() && x.key[x.start] == 0x00 }

// absent reports whether the field is an optional one left out: the
// key ends before it.
func (x *rangeEnd) absent() bool { return x.start == x.elemEnd }

// between is Between on any plan: enc encodes the ends' fields.
func (p *planCore) between(prefix []byte, field string, s span, enc encodeEnd) (begin, end []byte, err error) {
	fail := func(format string, args ...any) ([]byte, []byte, error) {
		// The sentinel's text leads, as every error of this package
		// starts with "tuple: " once.
		return nil, nil, fmt.Errorf("%w: Between(%q) of %v: %s", ErrBadBounds, field, p.layout.typ, fmt.Sprintf(format, args...))
	}
	if field == "" {
		return fail("name the field to range over; its fields are %s", strings.Join(p.fieldNames(), ", "))
	}
	if !slices.Contains(p.fieldNames(), field) {
		return fail("no field %q to range over; its fields are %s", field, strings.Join(p.fieldNames(), ", "))
	}
	n, err := p.prefixFields(field)
	if err != nil {
		return nil, nil, err
	}
	i := n - 1
	for p.layout.fields[i].constant != nil {
		i--
	}
	f := &p.layout.fields[i]
	encode := func(hi bool) (*rangeEnd, error) {
		var x rangeEnd
		for _, step := range []struct {
			n   int
			set *int
		}{{i, &x.start}, {i + 1, &x.elemEnd}, {n, nil}} {
			k, err := enc(slices.Clip(prefix), hi, step.n)
			if err != nil {
				which := "lower end"
				if hi {
					which = "upper end"
				}
				return nil, fmt.Errorf("tuple: Between(%q) of %v: the %s: %w", field, p.layout.typ, which, err)
			}
			if step.set != nil {
				*step.set = len(k)
			}
			x.key = k
		}
		return &x, nil
	}
	var lo, hi *rangeEnd
	if s.hasLo() {
		if lo, err = encode(false); err != nil {
			return nil, nil, err
		}
	}
	if s.hasHi() {
		if hi, err = encode(true); err != nil {
			return nil, nil, err
		}
	}
	if s.beginsWith {
		return p.beginsWith(f, lo, fail)
	}
	if lo != nil && hi != nil {
		if !bytes.Equal(lo.before(), hi.before()) {
			return fail("the ends differ in field %s, before %s: the fields before the ranged one choose the keys, and are equal in both ends", p.firstDifference(prefix, i, enc), field)
		}
		if compareEnds(f, lo, hi) > 0 {
			return fail("the lower end's %s, %s, is after the upper end's, %s, in the field's order%s", field,
				p.endText(f, lo), p.endText(f, hi), descNote(f))
		}
	}
	before := lo
	if before == nil {
		before = hi
	}
	pb := before.before()
	switch {
	case f.optional: // never desc
		begin, end = p.optionalBounds(lo, hi, s, pb, i, enc)
	case !f.desc:
		begin, end = startAt(lo, s.lo, pb), stopAt(hi, s.hi, pb)
	case !f.nullable:
		begin, end = startAt(hi, s.hi, pb), stopAt(lo, s.lo, pb)
	default:
		var split bool
		begin, end, split = descNullable(lo, hi, s, pb)
		if split {
			return fail("%s is desc and nullable: its nils sort first and its greatest values next, so the nils and the values up to the upper end are two runs of keys; range the nils (From(nil).To(nil)) and the values (Above(nil) and the upper end) apart", field)
		}
	}
	if bytes.Compare(begin, end) > 0 { // ends equal, one exclusive: nothing between them
		end = bytes.Clone(begin)
	}
	return begin, end, nil
}

// startAt is where the keys from the end x (of kind k) start: at its
// keys, after them, or, with no end, at the field's first key.
func startAt(x *rangeEnd, k endKind, pb []byte) []byte {
	switch k {
	case endInclusive:
		return bytes.Clone(x.key)
	case endExclusive:
		return withByte(x.key, 0xFF)
	}
	return withByte(pb, 0x00)
}

// stopAt is where the keys up to the end x (of kind k) stop: after its
// keys, before them, or, with no end, after the field's last key.
func stopAt(x *rangeEnd, k endKind, pb []byte) []byte {
	switch k {
	case endInclusive:
		return withByte(x.key, 0xFF)
	case endExclusive:
		return bytes.Clone(x.key)
	}
	return withByte(pb, 0xFF)
}

// withByte returns b followed by c, in a slice of its own.
func withByte(b []byte, c byte) []byte {
	return append(append(make([]byte, 0, len(b)+1), b...), c)
}

// descNullable is the range of a desc nullable field, whose keys hold the
// nils first, then the values from the greatest down: the values are
// ranged as on any desc field, and the nils join them only when the range
// runs on to the greatest value (no upper end). split reports a range
// that would hold the nils and the values up to an upper end.
func descNullable(lo, hi *rangeEnd, s span, pb []byte) (begin, end []byte, split bool) {
	loNil := lo != nil && lo.null()
	hiNil := hi != nil && hi.null()
	nilIn := (s.lo == endOpen || loNil && s.lo == endInclusive) && !(hiNil && s.hi == endExclusive)
	switch {
	case hiNil: // no value is at or below a nil: the nils, or nothing
		if nilIn {
			return bytes.Clone(hi.key), withByte(hi.key, 0xFF), false
		}
		return bytes.Clone(hi.key), bytes.Clone(hi.key), false
	case nilIn && s.hi != endOpen:
		return nil, nil, true
	case nilIn: // the nils and every value: the whole field
		return startAt(lo, s.lo, pb), withByte(pb, 0xFF), false
	}
	// The values alone: the lower end is a value, or an exclusive nil.
	if s.hi == endOpen { // from the greatest value: just after the nils
		nils := append(withByte(pb, 0x00), lo.after()...)
		begin = withByte(nils, 0xFF)
	} else {
		begin = startAt(hi, s.hi, pb)
	}
	if loNil {
		return begin, withByte(pb, 0xFF), false
	}
	return begin, stopAt(lo, s.lo, pb), false
}

// compareEnds orders the field's values at two ends, in the field's
// value order: the bytes' order, reversed on a desc field, where a nil
// (a plain null, first in the bytes) stays first.
func compareEnds(f *planField, lo, hi *rangeEnd) int {
	c := bytes.Compare(lo.elem(), hi.elem())
	if !f.desc {
		return c
	}
	if f.nullable && (lo.null() || hi.null()) {
		switch {
		case lo.null() && hi.null():
			return 0
		case lo.null():
			return -1
		}
		return 1
	}
	return -c
}

// endText is the field f of an end in an error: a time or a duration as
// Go prints it, read back from the key, which holds an integer of its
// unit that says little to a reader (desc(1709298000000)); an optional
// field left out as a nil; any other value and a null as the element's
// text form. The ends' own values are not read: handing them to reflect
// would move every caller's ends to the heap for the sake of an error.
func (p *planCore) endText(f *planField, x *rangeEnd) string {
	if x.absent() {
		return "nil (the key ends before it)"
	}
	if !x.null() && (f.inner.rule == ruleTime || f.inner.rule == ruleDuration) {
		fv := reflect.New(f.typ).Elem()
		var s scanner
		s.startPlan(p, x.key, x.start)
		if _, err := s.scanValue(wirecore.StepElem, x.start, 0, f.gt, fv, f.elemOpts(), f.zero); err == nil {
			if fv.Kind() == reflect.Pointer {
				fv = fv.Elem()
			}
			if f.inner.rule == ruleDuration { // a named duration type prints as one too
				return time.Duration(fv.Int()).String()
			}
			return fmt.Sprint(fv.Interface())
		}
	}
	return p.codec.elemText(x.elem())
}

// descNote says, in an error about the order of a desc field's ends, that
// the order is the values', not the bytes'.
func descNote(f *planField) string {
	if f.desc {
		return " (a desc field's values, whose keys run from the greatest down)"
	}
	return ""
}

// firstDifference names the first field before the i-th whose encoding
// differs between the two ends.
func (p *planCore) firstDifference(prefix []byte, i int, enc encodeEnd) string {
	for j := range i {
		if p.layout.fields[j].constant != nil {
			continue
		}
		a, errA := enc(slices.Clip(prefix), false, j+1)
		b, errB := enc(slices.Clip(prefix), true, j+1)
		if errA != nil || errB != nil || !bytes.Equal(a, b) {
			return p.layout.fields[j].name
		}
	}
	return "(none found)" // the ends encoded the same fields differently once: not reached
}

// beginsWith is the range of BeginsWith: the keys whose string or byte
// string field starts with the end's, a run of keys that all start with
// the element's bytes up to its terminator (ascending), or up to the
// descending form of that terminator and its end, FF 00 FF FF (desc).
func (p *planCore) beginsWith(f *planField, v *rangeEnd, fail func(string, ...any) ([]byte, []byte, error)) (begin, end []byte, err error) {
	switch {
	case f.ext != 0 || f.inner == nil || (f.inner.rule != ruleString && f.inner.rule != ruleBytes):
		return fail("BeginsWith is for a string or byte-string field; %s is %v", f.name, f.typ)
	case f.nullable && (v.null() || v.absent()):
		return fail("BeginsWith a nil: the prefix is the field's value, and %s is nil", f.name)
	}
	cut := 1 // the string's 00 terminator
	if f.desc {
		cut = 4 // the terminator's descending form, FF 00, and the end, FF FF
	}
	elem := v.elem()
	begin = append(bytes.Clone(v.before()), elem[:len(elem)-cut]...)
	end, err = fdb.Strinc(begin)
	if err != nil { // not reached: begin holds the element's code
		return nil, nil, err
	}
	return begin, end, nil
}
