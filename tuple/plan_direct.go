package tuple

import (
	"encoding/binary"
	"reflect"
	"time"
	"unicode/utf8"

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
// interface, Tuple, big.Int, Versionstamp, float32 or extension field)
// hands the general functions a copy of *v on the heap from the plan's
// pool, and copies it back: v stays where it is, for two copies of T.

// directKind reports whether the field f, nested structs aside, is one
// the direct functions read and write: a plain kind that scalar writes as
// itself. A type that encodes itself (the AppendTupleElement and
// ScanTupleElement methods of a custom element type) or a time.Duration
// (whose unit a tag may change) is not, whatever its kind: any field
// option that changes the bytes must make this false unless scalar
// honours it.
func (f *planField) directKind() bool {
	if f.nullable || f.ext != nil || f.isAnySlice || f.typ == durationType || encodesItself(f.typ) {
		return false
	}
	switch f.kind {
	case reflect.String, reflect.Bool, reflect.Float64,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return true
	case reflect.Slice:
		return f.typ.Elem().Kind() == reflect.Uint8 && f.typ != tupleType
	case reflect.Array: // of 16 bytes (elementKind): a UUID
		return true
	}
	return false
}

var (
	tupleType    = reflect.TypeFor[Tuple]()
	durationType = reflect.TypeFor[time.Duration]()
)

// encodesItself reports whether t or *t has a method of the custom
// element types' interfaces, which the general functions call.
func encodesItself(t reflect.Type) bool {
	for _, m := range [...]string{"AppendTupleElement", "ScanTupleElement"} {
		if _, ok := t.MethodByName(m); ok {
			return true
		}
		if _, ok := reflect.PointerTo(t).MethodByName(m); ok {
			return true
		}
	}
	return false
}

// isDirect reports whether every field of lay, nested ones included, is
// one the direct functions read and write.
func (lay *layout) isDirect() bool {
	for i := range lay.fields {
		f := &lay.fields[i]
		switch {
		case f.constant != nil:
		case f.nested != nil:
			if f.nullable || !f.nested.isDirect() {
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
func (s *scanner) structFieldsDirect(l level, depth int, lay *layout, rv reflect.Value) (int, error) {
	n := len(lay.fields)
	for i := range lay.fields {
		f := &lay.fields[i]
		st, at := l.next(s.in)
		if st == stepElem {
			if end, ok := s.plain(at, f, rv); ok {
				l.pos = end
				continue
			}
		}
		var end int
		var err error
		switch st {
		case stepElem:
			end, err = s.fieldDirect(at, depth, f, fieldOf(rv, f))
		case stepNull:
			end, err = s.field(st, at, depth, f, reflect.Value{}) // an error: no direct field holds a null
		default:
			return 0, s.named(s.missing(st, l, at, i, n), f)
		}
		if err != nil {
			s.trail.add(i)
			return 0, s.named(err, f)
		}
		l.pos = end
	}
	return s.close(l, n)
}

// fieldDirect scans the element at in[at] into the direct field f.
func (s *scanner) fieldDirect(at, depth int, f *planField, fv reflect.Value) (int, error) {
	switch {
	case f.constant != nil || s.in[at] == byte(types.CodeNull):
		return s.field(stepElem, at, depth, f, reflect.Value{}) // a mismatch: field's error
	case f.desc:
		g := *f
		g.desc = false
		return s.descended(at, f.zero, func(inner *scanner) (int, error) {
			return inner.fieldDirect(0, depth, &g, fv)
		})
	case f.nested != nil:
		if types.Code(s.in[at]) != types.CodeNested {
			return 0, s.wrongKind(at, f.zero)
		}
		if depth >= MaxDepth {
			return 0, s.fault(fault{at, faultTooDeep})
		}
		return s.structFieldsDirect(nestedLevel(at), depth+1, f.nested, fv)
	}
	return s.scalar(at, f, fv)
}

// scalar scans one element into the field f of a direct kind, whose
// value is fv, with reflect's typed setters.
func (s *scanner) scalar(at int, f *planField, fv reflect.Value) (int, error) {
	in := s.in
	switch f.kind {
	case reflect.String:
		if f.asBytes {
			return s.bytes(at, f.zero, func(b []byte) { fv.SetString(string(b)) })
		}
		v, end, err := s.string(at, f.zero)
		if err == nil {
			fv.SetString(v)
		}
		return end, err
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return s.integer(at, f.zero, func(iv intValue) bool {
			v, ok := iv.int64()
			if ok = ok && !fv.OverflowInt(v); ok {
				fv.SetInt(v)
			}
			return ok
		})
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return s.integer(at, f.zero, func(iv intValue) bool {
			ok := iv.big == nil && !iv.neg && !fv.OverflowUint(iv.mag)
			if ok {
				fv.SetUint(iv.mag)
			}
			return ok
		})
	case reflect.Bool:
		if c := types.Code(in[at]); c != types.CodeFalse && c != types.CodeTrue {
			return 0, s.wrongKind(at, f.zero)
		}
		fv.SetBool(types.Code(in[at]) == types.CodeTrue)
		return at + 1, nil
	case reflect.Float64:
		end, err := s.fixed(at, types.CodeFloat64, f.zero)
		if err == nil {
			fv.SetFloat(decodeFloat64(binary.BigEndian.Uint64(in[at+1:])))
		}
		return end, err
	case reflect.Slice: // of bytes
		return s.bytes(at, f.zero, func(b []byte) { fv.SetBytes(b) })
	default: // reflect.Array of 16 bytes
		end, err := s.fixed(at, types.CodeUUID, f.zero)
		if err == nil {
			copy(fv.Bytes(), in[at+1:end])
		}
		return end, err
	}
}

// fieldsDirect is planEncoder.fields for a direct layout, its twin but
// for the call per field: one loop calling either would hand *v to
// value's Interface, which is what makes it escape.
func (e *planEncoder) fieldsDirect(dst []byte, lay *layout, rv reflect.Value, n int, nested bool, depth int) ([]byte, error) {
	start := len(dst)
	for i := range n {
		f := &lay.fields[i]
		if out, ok := e.plain(dst, f, rv); ok {
			dst = out
			continue
		}
		var err error
		if dst, err = e.fieldDirect(dst, f, fieldOf(rv, f), nested, depth); err != nil {
			e.trail.add(i)
			return dst[:start], e.named(err, f)
		}
	}
	return dst, nil
}

// fieldDirect appends the element of the direct field f, whose value is
// fv.
func (e *planEncoder) fieldDirect(dst []byte, f *planField, fv reflect.Value, nested bool, depth int) ([]byte, error) {
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
		if f.nested == nil {
			asc, err = e.scalar(buf[:0], &g, fv)
		} else {
			asc, err = e.fieldDirect(nil, &g, fv, false, 0)
		}
		if err != nil {
			return dst, err
		}
		return appendDesc(dst, e.codec.descCode(), asc), nil
	}
	if f.nested != nil {
		if depth >= MaxDepth {
			return dst, encodeError(nil, ErrTooDeep)
		}
		out, err := e.fieldsDirect(BeginNested(dst), f.nested, fv, len(f.nested.fields), true, depth+1)
		if err != nil {
			return dst, err
		}
		return EndNested(out), nil
	}
	return e.scalar(dst, f, fv)
}

// scalar appends fv, the value of a field of a direct kind, with
// reflect's typed getters.
func (e *planEncoder) scalar(dst []byte, f *planField, fv reflect.Value) ([]byte, error) {
	switch f.kind {
	case reflect.String:
		s := fv.String()
		if f.asBytes {
			return append(appendEscapedString(append(dst, byte(types.CodeBytes)), s), 0x00), nil
		}
		if !e.codec.AllowInvalidUTF8 && !utf8.ValidString(s) {
			return dst, &EncodeError{Type: f.typ, Err: ErrInvalidUTF8}
		}
		return AppendString(dst, s), nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return AppendInt(dst, fv.Int()), nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return AppendUint(dst, fv.Uint()), nil
	case reflect.Bool:
		return AppendBool(dst, fv.Bool()), nil
	case reflect.Float64:
		return AppendFloat64(dst, fv.Float()), nil
	case reflect.Slice: // of bytes
		return AppendBytes(dst, fv.Bytes()), nil
	default: // reflect.Array of 16 bytes: a UUID (fields are addressable)
		return append(append(dst, byte(types.CodeUUID)), fv.Bytes()...), nil
	}
}
