package tuple

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/big"
	"reflect"
	"unicode/utf8"

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
//		ns, n, err := tuple.ConsumeInt(b)
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

// one scans the element at in[pos] into d and returns the offset after it.
func (s *scanner) one(d any, pos, depth int) (int, error) {
	in := s.in
	if in[pos] == 0x00 && d != nil { // a top-level null
		return pos + 1, s.null(d, pos)
	}
	switch p := d.(type) {
	case nil:
		return s.skip(pos, depth)
	case *string:
		return s.string(pos, reflect.TypeOf(d), func(v string) { *p = v })
	case *int64:
		return s.integer(pos, reflect.TypeOf(d), func(iv intValue) bool { return setSigned(p, iv) })
	case *int:
		return s.integer(pos, reflect.TypeOf(d), func(iv intValue) bool { return setSigned(p, iv) })
	case *uint64:
		return s.integer(pos, reflect.TypeOf(d), func(iv intValue) bool { return setUnsigned(p, iv) })
	case *int32:
		return s.integer(pos, reflect.TypeOf(d), func(iv intValue) bool { return setSigned(p, iv) })
	case *uint32:
		return s.integer(pos, reflect.TypeOf(d), func(iv intValue) bool { return setUnsigned(p, iv) })
	case *UUID:
		if end, err := s.fixed(pos, types.CodeUUID, reflect.TypeOf(d)); err != nil {
			return 0, err
		} else {
			copy(p[:], in[pos+1:end])
			return end, nil
		}
	case *[]byte:
		return s.bytes(pos, reflect.TypeOf(d), func(v []byte) { *p = v })
	case *float64:
		end, err := s.fixed(pos, types.CodeFloat64, reflect.TypeOf(d))
		if err == nil {
			*p = decodeFloat64(binary.BigEndian.Uint64(in[pos+1:]))
		}
		return end, err
	case *float32:
		end, err := s.fixed(pos, types.CodeFloat32, reflect.TypeOf(d))
		if err == nil {
			*p = decodeFloat32(binary.BigEndian.Uint32(in[pos+1:]))
		}
		return end, err
	case *bool:
		if c := types.Code(in[pos]); c != types.CodeFalse && c != types.CodeTrue {
			return 0, s.wrongKind(pos, reflect.TypeOf(d))
		}
		*p = types.Code(in[pos]) == types.CodeTrue
		return pos + 1, nil
	case *Versionstamp:
		end, err := s.fixed(pos, types.CodeVersionstamp, reflect.TypeOf(d))
		if err == nil {
			*p = decodeVersionstamp(in[pos+1 : end])
		}
		return end, err
	case []any:
		if types.Code(in[pos]) != types.CodeNested {
			return 0, s.wrongKind(pos, reflect.TypeOf(d))
		}
		if depth >= MaxDepth {
			return 0, s.fault(fault{pos, faultTooDeep})
		}
		return s.tuple(nestedLevel(pos), depth+1, p)
	case string: // a constant, commonly a kind such as "user"
		if end, _ := shortEnd(in, pos+1); end >= 0 && types.Code(in[pos]) == types.CodeString && string(in[pos+1:end]) == p {
			return end + 1, nil
		}
		return s.constant(d, pos, depth)
	case Hook:
		return s.hook(pos, p)
	case Desc:
		return s.desc(pos, depth, p)
	case *big.Int:
		return s.integer(pos, reflect.TypeOf(d), func(iv intValue) bool {
			v := iv.big
			if v == nil {
				if v = new(big.Int).SetUint64(iv.mag); iv.neg {
					v.Neg(v)
				}
			}
			// A store, not p.Set: reusing p's memory would make every
			// destination of every Scan call escape to the heap.
			*p = *v
			return true
		})
	case *Tuple:
		if types.Code(in[pos]) != types.CodeNested {
			return 0, s.wrongKind(pos, reflect.TypeOf(d))
		}
		v, n, err := s.codec.ConsumeElement(in[pos:])
		if err != nil {
			return 0, s.shifted(err, pos)
		}
		*p = v.(Tuple)
		return pos + n, nil
	case **string:
		return nullable(s, p, pos, depth)
	case **int64:
		return nullable(s, p, pos, depth)
	case **int:
		return nullable(s, p, pos, depth)
	case **uint64:
		return nullable(s, p, pos, depth)
	case **float64:
		return nullable(s, p, pos, depth)
	case **bool:
		return nullable(s, p, pos, depth)
	case **UUID:
		return nullable(s, p, pos, depth)
	case **[]byte:
		return nullable(s, p, pos, depth)
	case **big.Int:
		return nullable(s, p, pos, depth)
	case **Versionstamp:
		return nullable(s, p, pos, depth)
	case *any:
		v, n, err := s.codec.ConsumeElement(in[pos:])
		if err != nil {
			return 0, s.shifted(err, pos)
		}
		*p = v
		return pos + n, nil
	}
	return s.reflected(d, pos, depth)
}

// nullable scans a nullable element into *p: nil for a null (handled by
// null), else a new variable holding the element.
func nullable[T any](s *scanner, p **T, pos, depth int) (int, error) {
	v := new(T)
	end, err := s.one(v, pos, depth)
	if err == nil {
		*p = v
	}
	return end, err
}

// integer decodes the integer at in[pos] and hands it to set, which
// reports whether it fits the destination d.
func (s *scanner) integer(pos int, typ reflect.Type, set func(intValue) bool) (int, error) {
	if types.Code(s.in[pos]).Kind() != types.KindInt {
		return 0, s.wrongKind(pos, typ)
	}
	iv, end, f := readInt(s.in, pos, s.lenient)
	if f.failed() {
		return 0, s.fault(f)
	}
	if !set(iv) {
		return 0, s.fail(pos, ErrOutOfRange, fmt.Sprintf("the value does not fit in %v", typ))
	}
	return end, nil
}

func setSigned[T ~int | ~int8 | ~int16 | ~int32 | ~int64](p *T, iv intValue) bool {
	v, ok := iv.int64()
	if !ok || int64(T(v)) != v {
		return false
	}
	*p = T(v)
	return true
}

func setUnsigned[T ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr](p *T, iv intValue) bool {
	if iv.big != nil || iv.neg || uint64(T(iv.mag)) != iv.mag {
		return false
	}
	*p = T(iv.mag)
	return true
}

// fixed checks that in[pos] is a whole element of code and returns its end.
func (s *scanner) fixed(pos int, code types.Code, typ reflect.Type) (int, error) {
	if types.Code(s.in[pos]) != code {
		return 0, s.wrongKind(pos, typ)
	}
	n := fixedSize[code]
	if n > len(s.in)-pos {
		return 0, s.fault(fault{pos, faultShort})
	}
	return pos + n, nil
}

// string decodes the string at in[pos] into the scanner's text and hands
// it to set.
func (s *scanner) string(pos int, typ reflect.Type, set func(string)) (int, error) {
	if types.Code(s.in[pos]) != types.CodeString {
		return 0, s.wrongKind(pos, typ)
	}
	end, ascii := shortEnd(s.in, pos+1) // inlined: most strings are short
	next, esc := end+1, 0
	if end < 0 {
		var f fault
		if end, next, esc, f = stringSpanLong(s.in, pos, s.lenient); f.failed() {
			return 0, s.fault(f)
		}
	}
	if s.text.Cap() == 0 {
		s.text.Grow(len(s.in))
	}
	start := s.text.Len()
	if esc == 0 {
		s.text.Write(s.in[pos+1 : end])
	} else {
		s.text.Write(unescaped(nil, s.in[pos+1:end]))
	}
	v := s.text.String()[start:]
	if !ascii && !s.codec.AllowInvalidUTF8 && !utf8.ValidString(v) {
		return 0, s.fault(fault{pos, faultUTF8})
	}
	set(v)
	return next, nil
}

// bytes decodes the byte string at in[pos] into new memory.
func (s *scanner) bytes(pos int, typ reflect.Type, set func([]byte)) (int, error) {
	if types.Code(s.in[pos]) != types.CodeBytes {
		return 0, s.wrongKind(pos, typ)
	}
	end, next, esc, f := stringSpan(s.in, pos, s.lenient)
	if f.failed() {
		return 0, s.fault(f)
	}
	raw := s.in[pos+1 : end]
	set(unescaped(make([]byte, 0, len(raw)-esc), raw))
	return next, nil
}

// skip frames the element at in[pos] for a nil destination.
func (s *scanner) skip(pos, depth int) (int, error) {
	end, f := s.frame(pos, depth)
	if f.failed() {
		return 0, s.fault(f)
	}
	return end, nil
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
func (s *scanner) wrongKind(pos int, typ reflect.Type) error {
	code := types.Code(s.in[pos])
	if code.Kind() == types.KindInvalid && (s.codec.extensionFor(code) == nil) {
		return s.fault(fault{pos, faultCode})
	}
	return s.fail(pos, ErrWrongType, fmt.Sprintf("a %s element cannot go into %v", code.Kind(), typ))
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
		placed := *de
		placed.Offset += pos
		return &placed
	}
	return &DecodeError{Offset: pos, Code: types.Code(s.in[pos]), Err: err, Detail: err.Error()}
}

// desc scans a descending element into the destination it wraps.
func (s *scanner) desc(pos, depth int, d Desc) (int, error) {
	x := s.codec.extensionFor(types.Code(s.in[pos]))
	dx, ok := x.(descExtension)
	if x == nil {
		return 0, s.wrongKind(pos, reflect.TypeOf(d))
	}
	if !ok {
		return 0, s.fail(pos, ErrWrongType, fmt.Sprintf("a %s element is not descending (the codec needs DescExtension)", types.Code(s.in[pos])))
	}
	asc, n, err := readDesc(s.in[pos:], nil)
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
	end, err := inner.one(d.V, 0, depth)
	switch {
	case err != nil:
		return 0, s.shifted(err, pos+1) // an offset inside the wrapped element
	case end != len(asc):
		return 0, s.fail(pos, ErrInvalidCode, "descending element holds more than one element")
	}
	s.text.WriteString(inner.text.String()) // keep any string decoded
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
		return s.integer(pos, reflect.TypeOf(d), func(iv intValue) bool {
			v, ok := iv.int64()
			if ok && !e.OverflowInt(v) {
				e.SetInt(v)
			}
			return ok && !e.OverflowInt(v)
		})
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return s.integer(pos, reflect.TypeOf(d), func(iv intValue) bool {
			ok := iv.big == nil && !iv.neg && !e.OverflowUint(iv.mag)
			if ok {
				e.SetUint(iv.mag)
			}
			return ok
		})
	case reflect.String:
		return s.string(pos, reflect.TypeOf(d), func(v string) { e.SetString(v) })
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
			return s.bytes(pos, reflect.TypeOf(d), func(v []byte) { e.SetBytes(v) })
		}
	case reflect.Array:
		if e.Type().Elem().Kind() == reflect.Uint8 && e.Len() == SizeUUID-1 {
			end, err := s.fixed(pos, types.CodeUUID, reflect.TypeOf(d))
			if err == nil {
				reflect.Copy(e, reflect.ValueOf(s.in[pos+1:end]))
			}
			return end, err
		}
	}
	return 0, s.fail(pos, ErrUnsupportedType, fmt.Sprintf("cannot scan into %v", reflect.TypeOf(d)))
}

// constant checks that the element at in[pos] is the encoding of c, a
// value of a type the plain encoder writes (strings, integers, floats,
// booleans, byte strings, UUIDs, tuples of them) or of a named type of a
// string, integer or boolean. It does not use the general encoder, whose
// extension calls would make every destination escape to the heap.
func (s *scanner) constant(c any, pos, depth int) (int, error) {
	end, err := s.skip(pos, depth)
	if err != nil {
		return 0, err
	}
	switch rv := reflect.ValueOf(c); rv.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		c = rv.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		c = rv.Uint()
	case reflect.String:
		c = rv.String()
	case reflect.Bool:
		c = rv.Bool()
	}
	var buf [64]byte
	one := [1]any{c}
	want, ok := appendPlain(buf[:0], one[:], depth > 0, depth, noLimit)
	if !ok {
		return 0, s.fail(pos, ErrUnsupportedType, fmt.Sprintf("a constant of type %v (plain element types only)", reflect.TypeOf(c)))
	}
	if !bytes.Equal(s.in[pos:end], want) {
		return 0, s.fail(pos, ErrConstMismatch, fmt.Sprintf("want the constant %s, found %s", Printable(want), Printable(s.in[pos:end])))
	}
	return end, nil
}
