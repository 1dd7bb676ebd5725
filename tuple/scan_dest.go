package tuple

// The destinations of Scan beyond a pointer to an element's Go type:
// hooks, nulls, descending elements, named types and constants, and the
// errors of a destination that cannot hold its element.

import (
	"bytes"
	"fmt"
	"reflect"

	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
	"github.com/fdbtuple/fdbtuple/types"
)

// Hook is a Scan destination for a type of the caller's own; Into makes
// one.
type Hook struct {
	decode func(elem []byte) (int, error)
}

// Into returns a Scan destination that decodes one element with decode
// and stores the result in *p. decode is given the key from the element
// on and returns the value and the element's length, as the Consume
// functions do. Neither p nor decode is kept, so p can be a plain
// variable on the stack:
//
//	var at time.Time
//	err := tuple.Scan(key, &user, tuple.Into(&at, func(b []byte) (time.Time, int, error) {
//		ns, n, err := tuplewire.ConsumeInt(b)
//		return time.Unix(0, ns), n, err
//	}))
func Into[T any](p *T, decode func(elem []byte) (T, int, error)) Hook {
	return Hook{decode: func(elem []byte) (int, error) {
		v, n, err := decode(elem)
		if err == nil {
			*p = v
		}
		return n, err
	}}
}

// null stores a null element (00 at the top level, 00 FF inside a nested
// tuple) into d, which must be able to hold one.
func (s *scanner) null(d any, pos int) error {
	switch p := d.(type) {
	case nil:
		return nil
	case *any:
		*p = nil
		return nil
	}
	if rv := reflect.ValueOf(d); rv.Kind() == reflect.Pointer && !rv.IsNil() && rv.Elem().Kind() == reflect.Pointer {
		rv.Elem().SetZero() // any **T: a null needs no T
		return nil
	}
	return s.fail(pos, ErrWrongType, fmt.Sprintf("a null element cannot go into %v", reflect.TypeOf(d)))
}

// wrongKind is the error of an element that d cannot hold.
func (s *scanner) wrongKind(pos int, dst any) error {
	code := types.Code(s.in[pos])
	if code.Kind() == types.KindInvalid && (s.codec.extensionFor(code) == nil) {
		return s.fault(wirecore.FaultAt(pos, wirecore.FaultCode))
	}
	return s.fail(pos, ErrWrongType, fmt.Sprintf("a %s element cannot go into %v", code.Kind(), reflect.TypeOf(dst)))
}

// hook runs a destination from Into.
func (s *scanner) hook(pos int, h Hook) (int, error) {
	n, err := h.decode(s.in[pos:])
	switch {
	case err != nil:
		return 0, s.shifted(err, pos)
	case n <= 0 || n > len(s.in)-pos:
		return 0, s.fail(pos, ErrInvalidCode, fmt.Sprintf("a hook reported an element length of %d", n))
	}
	return pos + n, nil
}

// shifted places an error about in[pos:] in the key.
func (s *scanner) shifted(err error, pos int) error {
	if de, ok := err.(*DecodeError); ok {
		return de.Rebase(pos)
	}
	return &DecodeError{Offset: pos, Code: types.Code(s.in[pos]), Err: err, Detail: err.Error()}
}

// desc scans a descending element into the destination it wraps.
func (s *scanner) desc(pos, depth int, d Desc) (int, error) {
	return s.descended(pos, d, func(inner *scanner) (int, error) {
		return inner.one(d.V, 0, depth)
	})
}

// descended scans the descending element at in[pos] with decode, run by
// a scanner over the ascending encoding it wraps and the codec without
// its descending extension (no descending element holds another). It is
// the one reader of a descending element for Scan and for a Plan's desc
// fields.
func (s *scanner) descended(pos int, dst any, decode func(inner *scanner) (int, error)) (int, error) {
	x := s.codec.extensionFor(types.Code(s.in[pos]))
	dx, ok := x.(descExtension)
	if x == nil {
		return 0, s.wrongKind(pos, dst)
	}
	if !ok {
		return 0, s.fail(pos, ErrWrongType, fmt.Sprintf("a %s element is not descending (the codec needs DescExtension)", types.Code(s.in[pos])))
	}
	asc, n, err := tuplewire.ConsumeDesc(nil, s.in[pos:])
	if err != nil {
		return 0, s.shifted(err, pos)
	}
	if len(asc) == 0 {
		return 0, s.fail(pos, ErrInvalidCode, "descending element holds no element")
	}
	inner := scanner{codec: dx.inner(s.codec)}
	inner.in, inner.lenient = asc, s.lenient
	if len(inner.codec.Extensions) > 0 {
		withExt := inner.codec
		inner.framer.codec = &withExt
	}
	// Strings decoded by inner are substrings of its own buffer, which
	// they keep alive: nothing to copy out.
	end, err := decode(&inner)
	switch {
	case err != nil:
		if de, ok := err.(*DecodeError); ok { // an offset into asc: place it in the key
			return 0, de.Rebase(pos + tuplewire.DescOffset(asc, de.Offset) - de.Offset)
		}
		return 0, s.shifted(err, pos+1)
	case end != len(asc):
		return 0, s.fail(pos, ErrInvalidCode, "descending element holds more than one element")
	}
	return pos + n, nil
}

// reflected scans into the destinations the type switch of one does not
// name: named types, pointers to pointers, and constants.
func (s *scanner) reflected(d any, pos, depth int) (int, error) {
	rv := reflect.ValueOf(d)
	if rv.Kind() != reflect.Pointer {
		return s.constant(d, pos, depth)
	}
	if rv.IsNil() {
		return 0, s.fail(pos, ErrUnsupportedType, fmt.Sprintf("destination %v is a nil pointer", reflect.TypeOf(d)))
	}
	e := rv.Elem()
	switch e.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return s.integer(pos, d, func(iv wirecore.IntValue) bool {
			v, ok := iv.Int64()
			if ok && !e.OverflowInt(v) {
				e.SetInt(v)
			}
			return ok && !e.OverflowInt(v)
		})
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return s.integer(pos, d, func(iv wirecore.IntValue) bool {
			ok := iv.Big == nil && !iv.Neg && !e.OverflowUint(iv.Mag)
			if ok {
				e.SetUint(iv.Mag)
			}
			return ok
		})
	case reflect.String:
		v, end, err := s.string(pos, d)
		if err == nil {
			e.SetString(v)
		}
		return end, err
	case reflect.Bool:
		var b bool
		end, err := s.one(&b, pos, depth)
		e.SetBool(b)
		return end, err
	case reflect.Float32, reflect.Float64:
		// reflect's setters are the ones that do not make destinations
		// escape; SetFloat quiets a float32 signalling NaN, which a
		// destination of type *float32 keeps.
		var f float64
		var end int
		var err error
		if e.Kind() == reflect.Float32 {
			var f32 float32
			end, err = s.one(&f32, pos, depth)
			f = float64(f32)
		} else {
			end, err = s.one(&f, pos, depth)
		}
		if err == nil {
			e.SetFloat(f)
		}
		return end, err
	case reflect.Slice:
		if e.Type().Elem().Kind() == reflect.Uint8 {
			return s.bytes(pos, d, func(v []byte) { e.SetBytes(v) })
		}
	case reflect.Array:
		if e.Type().Elem().Kind() == reflect.Uint8 && e.Len() == wirecore.SizeUUID-1 {
			end, err := s.fixed(pos, types.CodeUUID, d)
			if err == nil {
				reflect.Copy(e, reflect.ValueOf(s.in[pos+1:end]))
			}
			return end, err
		}
	}
	return 0, s.fail(pos, ErrUnsupportedType, fmt.Sprintf("cannot scan into %v", reflect.TypeOf(d)))
}

// constant checks that the element at in[pos] is the encoding of c, as
// AppendElems writes it: a value of a standard element type or of a named
// string, integer, float, boolean or byte-slice type. (The general
// encoder's extension calls would make every destination escape.)
func (s *scanner) constant(c any, pos, depth int) (int, error) {
	end, err := s.skip(pos, depth)
	if err != nil {
		return 0, err
	}
	var buf [64]byte
	var tr trail
	want, err := appendLooseElem(buf[:0], c, depth > 0, depth, &tr)
	if err != nil {
		return 0, s.fail(pos, ErrUnsupportedType, fmt.Sprintf("a constant of type %v: %v", reflect.TypeOf(c), err))
	}
	if !bytes.Equal(s.in[pos:end], want) {
		return 0, s.fail(pos, ErrConstMismatch, fmt.Sprintf("want the constant %s, found %s", Printable(want), Printable(s.in[pos:end])))
	}
	return end, nil
}
