package tuple

import (
	"reflect"

	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
	"github.com/fdbtuple/fdbtuple/types"
)

// Direct plans: a key struct that stays where the caller declared it.
//
// Escape analysis does not follow values: a function that hands a
// reflect.Value of *v to Value.Set or Value.Interface on any of its paths
// makes *v escape on all of them, so a key declared for one call would
// cost an allocation (112 B on W1) although no path kept it. The fields
// that need neither (strings, integers, booleans, float64s, byte slices,
// UUIDs and constants, ascending or descending, and nested structs of
// them: almost every key) are read and written here, through the typed
// getters and setters only (String, SetString, Int, SetInt...), which do
// not make the struct escape; a layout made only of them is direct, and
// its Plan hands *v to these functions alone. Any other plan (a pointer,
// interface, Tuple, big.Int, Versionstamp, float32, time, duration,
// custom element or extension field, or one behind an embedded pointer)
// hands the general functions a copy of *v on the heap from the plan's
// pool, and copies it back: v stays where it is, for two copies of T. The
// rows of the type table that reflect's typed setters and getters serve
// are read and written once, by scanScalar and appendScalar (and the
// string and UUID writers), which both paths call. A DynamicPlan takes
// the same direct path when its layout is direct, and the general one on
// its argument itself otherwise (an any has escaped already).

// directKind reports whether the field f, nested structs aside, is one
// the direct functions read and write: a row of the type table that
// scalar writes as itself, with no tag option that changes its bytes but
// desc and bytes, which the direct functions honour. A custom element
// type, a time or a time.Duration (whose unit a tag may change) is not,
// whatever its kind: any field kind or option that changes the bytes
// must make this false unless scalar honours it.
func (f *planField) directKind() bool {
	if f.nullable || f.viaPointer || f.ext != 0 || f.unit != 0 {
		return false
	}
	switch f.gt.rule {
	case ruleString, ruleBytes, ruleInt, ruleUint, ruleBool, ruleFloat64, ruleUUID:
		return true
	}
	return false
}

// isDirect reports whether every field of lay, nested ones included, is
// one the direct functions read and write.
func (lay *layout) isDirect() bool {
	for i := range lay.fields {
		f := &lay.fields[i]
		switch {
		case f.viaPointer: // decoding allocates the pointer, with Set
			return false
		case f.constant != nil:
		case f.gt.rule == ruleStruct:
			if f.ext != 0 || !f.gt.lay.isDirect() {
				return false
			}
		case !f.directKind():
			return false
		}
	}
	return true
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

// fieldDirect scans the element at in[at] into the direct field f.
func (s *scanner) fieldDirect(at, depth int, f *planField, fv reflect.Value) (int, error) {
	switch {
	case f.constant != nil || s.in[at] == byte(types.CodeNull):
		return s.notDirect(wirecore.StepElem, at, depth, f)
	case f.desc:
		g := *f
		g.desc = false
		return s.descended(at, f.zero, func(inner *scanner) (int, error) {
			return inner.fieldDirect(0, depth, &g, fv)
		})
	case f.gt.rule == ruleStruct:
		if types.Code(s.in[at]) != types.CodeNested {
			return 0, s.wrongKind(at, f.zero)
		}
		if depth >= wirecore.MaxDepth {
			return 0, s.fault(wirecore.FaultAt(at, wirecore.FaultTooDeep))
		}
		return s.structFieldsDirect(wirecore.NestedLevel(at), depth+1, f.gt.lay, fv)
	}
	if f.asBytes {
		return s.bytes(at, f.zero, func(b []byte) { fv.SetString(string(b)) })
	}
	end, _, err := s.scanScalar(at, depth, f.gt.rule, fv, f.zero) // directKind: a row it reads
	return end, err
}

// notDirect is the general path's answer for an element that sets no
// field: a constant, or a null, which no direct field holds (an error).
// It is given no field to set, and reaches none.
func (s *scanner) notDirect(st wirecore.Step, at, depth int, f *planField) (int, error) {
	if f.constant != nil {
		return s.field(st, at, depth, f, reflect.Value{})
	}
	return s.scanValue(st, at, depth, f.gt, reflect.Value{}, f.elemOpts(), f.zero)
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

// fieldDirect appends the element of the direct field f, whose value is
// fv.
func (e *encoder) fieldDirect(dst []byte, f *planField, fv reflect.Value, depth int) ([]byte, error) {
	if f.desc {
		// The wrapped element's ascending encoding, as a top-level
		// element, then inverted as the descending extension writes it.
		// A scalar's is made in buf, which a call back into fieldDirect
		// would send to the heap.
		var buf [64]byte
		g := *f
		g.desc = false
		var asc []byte
		var err error
		if f.gt.rule != ruleStruct {
			asc, err = e.scalarDirect(buf[:0], &g, fv)
		} else {
			asc, err = e.fieldDirect(nil, &g, fv, depth)
		}
		if err != nil {
			return dst, err
		}
		return tuplewire.AppendDesc(dst, e.codec.descCode(), asc), nil
	}
	if f.gt.rule == ruleStruct {
		if depth >= wirecore.MaxDepth {
			return dst, &EncodeError{Type: f.typ, Err: ErrTooDeep}
		}
		out, err := e.fieldsDirect(tuplewire.BeginNested(dst), f.gt.lay, fv, len(f.gt.lay.fields), true, depth+1)
		if err != nil {
			return dst, err
		}
		return tuplewire.EndNested(out), nil
	}
	return e.scalarDirect(dst, f, fv)
}

// scalarDirect appends fv, the value of the field f of a direct kind, by
// the writers of its row that reflect's readers serve.
func (e *encoder) scalarDirect(dst []byte, f *planField, fv reflect.Value) ([]byte, error) {
	switch f.gt.rule {
	case ruleString:
		return e.appendString(dst, f.gt, fv, f.asBytes)
	case ruleUUID: // fields are addressable
		return appendUUIDValue(dst, fv), nil
	}
	out, _ := appendScalar(dst, f.gt.rule, fv) // directKind: a row it writes
	return out, nil
}
