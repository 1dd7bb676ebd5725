package tuple

// Types of the caller's own as elements: a type with AppendTupleElement
// and ScanTupleElement (ElementAppender, ElementScanner) is one element,
// written and read by its methods and checked to be exactly one whole
// element, for every path that may call a method of a value (Pack,
// Codec.Pack, a plan's fields, Compare, the text form, and the generated
// codecs through AppendCustom and ScanCustom); Scan and AppendElems, which
// call no method of their arguments, take one through a Hook (Element,
// Into).

import (
	"fmt"
	"reflect"

	"github.com/fdbtuple/fdbtuple/tuple/internal/schematext"
	"github.com/fdbtuple/fdbtuple/types"
)

// The row's facts (gotype.go's row), which rows (value.go) lists: its
// schema names its Go type, the one a schema names, and it reads any one
// element its method takes.
var customRow = row{schema: func(g *goType, _ unit) string { return schematext.Custom(g.t.String()) }, reads: anyKind}

// ElementAppender is implemented by a type of the caller's own that is
// one tuple element: AppendTupleElement appends exactly one complete
// element, type code included, to dst (in the spirit of
// encoding.BinaryAppender). The element is checked: anything but one
// whole element is an error, and so is a null, which is what a nil
// pointer writes and reads back as one (a field of type *T is the way to
// an absent value). Plans, Scan's counterpart AppendElems,
// Pack and Codec.Pack, Compare and the text form honour it; the method
// may be on the type or on its pointer.
type ElementAppender interface {
	AppendTupleElement(dst []byte) ([]byte, error)
}

// ElementScanner is implemented by a pointer to a type of the caller's
// own that reads itself from exactly one element, as framed by Next,
// nested tuples included (in the spirit of sql.Scanner). elem aliases
// the key: the method must copy what it keeps. Plans and Scan honour it.
// The element is read by the type's own rules: a lenient codec frames it
// leniently, but what the method accepts inside it is the method's (one
// that reads with tuplewire's Consume functions is strict).
type ElementScanner interface {
	ScanTupleElement(elem []byte) error
}

// AppendCustom appends the element a writes with AppendTupleElement,
// checked as a plan checks a field of a custom type: it must be exactly
// one whole element as c frames it (with c's extensions), and not a null
// (which reads back as a nil pointer, never as a value), else an
// *EncodeError wrapping ErrUnsupportedType; an error of the method is
// returned as an *EncodeError naming a's type. depth is the number of
// nested tuples the element is written inside (0 at the top level),
// which its own nesting must leave within tuplewire.MaxDepth. On error
// dst is returned unchanged. Generated codecs (`fdbtuple gen`) write
// custom fields with it; a hand-written codec calls it as
// c.AppendCustom(dst, &v.Price, 0).
func (c Codec) AppendCustom(dst []byte, a ElementAppender, depth int) ([]byte, error) {
	t := reflect.TypeOf(a)
	if t.Kind() == reflect.Pointer { // a method of *T on a T, as a plan calls it: errors name T
		t = t.Elem()
	}
	out, err := a.AppendTupleElement(dst)
	if err != nil {
		if _, ok := err.(*EncodeError); !ok {
			err = &EncodeError{Type: t, Err: err}
		}
		return dst, err
	}
	return checkOneElement(dst, out, len(dst), c, depth, t)
}

// ScanCustom frames the element at the start of b as a plan frames a
// field of a custom type (with c's extensions and leniency, inside depth
// nested tuples), reads it into s with ScanTupleElement, and returns its
// length. Errors are *DecodeErrors with offsets into b: a framing fault,
// or the method's error, placed at the element (a *DecodeError of the
// method, about the element, keeps its offset in it). A null element is
// handed to s like any other: a field that is nullable checks for one
// first. Generated codecs (`fdbtuple gen`) read custom fields with it.
func (c Codec) ScanCustom(b []byte, s ElementScanner, depth int) (n int, err error) {
	sc := scanner{codec: c, framer: codecFramer(c, b)}
	if len(b) == 0 {
		return 0, &DecodeError{Err: ErrTruncated, Detail: "no element"}
	}
	return sc.custom(0, depth, s.ScanTupleElement)
}

// custom frames the element at in[pos] and reads it with scan, the
// method of a custom type or a Hook's: the one reader of such elements
// for plans, Scan and ScanCustom.
func (s *scanner) custom(pos, depth int, scan func(elem []byte) error) (int, error) {
	end, err := s.skip(pos, depth)
	if err != nil {
		return 0, err
	}
	if err := scan(s.in[pos:end]); err != nil {
		return 0, s.shifted(err, pos)
	}
	return end, nil
}

// appendCustom appends a value through its AppendTupleElement method,
// checked as Codec.AppendCustom checks it.
func (e *encoder) appendCustom(dst []byte, g *goType, rv reflect.Value, depth int) ([]byte, error) {
	var a ElementAppender
	if g.appender {
		a = rv.Interface().(ElementAppender)
	} else {
		a = addressable(rv).Addr().Interface().(ElementAppender)
	}
	return e.codec.AppendCustom(dst, a, depth)
}

// checkOneElement checks that a custom method appended exactly one whole
// element to dst[:start], as out, and no null: a null is what a nil
// pointer writes, and reads back as one, never as a value of t, so a key
// with it would not round-trip.
func checkOneElement(dst, out []byte, start int, c Codec, depth int, t reflect.Type) ([]byte, error) {
	if len(out) <= start {
		return dst, &EncodeError{Type: t, Err: fmt.Errorf("%w: AppendTupleElement of %v wrote no element", ErrUnsupportedType, t)}
	}
	fr := codecFramer(c, out[start:])
	if n, f := fr.frame(0, depth); f.Failed() || n != len(out)-start {
		return dst, &EncodeError{Type: t, Err: fmt.Errorf("%w: AppendTupleElement of %v wrote %x, which is not one whole element", ErrUnsupportedType, t, out[start:])}
	}
	if out[start] == byte(types.CodeNull) {
		return dst, &EncodeError{Type: t, Err: fmt.Errorf("%w: AppendTupleElement of %v wrote a null, which reads back as no %v (a null is what a nil pointer writes): write an element of another kind, or make the field a *%v whose nil is the absent value", ErrUnsupportedType, t, t, t)}
	}
	return out, nil
}

// scanCustomValue reads the element at in[pos] into rv, a variable of a
// custom type, with its ScanTupleElement.
func (s *scanner) scanCustomValue(pos, depth int, rv reflect.Value) (int, error) {
	return s.custom(pos, depth, rv.Addr().Interface().(ElementScanner).ScanTupleElement)
}

// Hook is a Scan destination for a type of the caller's own; Into and
// Element make one. Element's is also an AppendElems value.
type Hook struct {
	decode func(elem []byte) (int, error)
	// scan reads one element, framed by Scan; append writes one.
	scan   func(elem []byte) error
	append func(dst []byte) ([]byte, error)
}

// Element returns the Scan destination and AppendElems value of p, a
// pointer to a variable of a type of the caller's own with the custom
// element methods: Scan reads the element into *p with
// p.ScanTupleElement, and AppendElems writes it with
// p.AppendTupleElement when p has that method too.
//
// Scan and AppendElems call no method of their plain arguments, which
// would move every argument of every call to the heap; a plan's field of
// such a type needs no Element. Element's own cost is *p's: the compiler
// moves a variable whose method is called through an interface to the
// heap.
//
//	var total Cents
//	err := tuple.Scan(key, tuple.Const("price"), tuple.Element(&total))
//	buf, err = tuple.AppendElems(buf, "price", tuple.Element(&total))
func Element(p ElementScanner) Hook {
	h := Hook{scan: p.ScanTupleElement}
	if a, ok := p.(ElementAppender); ok {
		h.append = a.AppendTupleElement
	}
	return h
}

// Into returns a Scan destination that decodes one element with decode
// and stores the result in *p. decode is given the key from the element
// on and returns the value and the element's length, as the Consume
// functions do. Neither p nor decode is kept, so p can be a plain
// variable on the stack:
//
//	var at Millis // type Millis int64, stored in seconds
//	err := tuple.Scan(key, &user, tuple.Into(&at, func(b []byte) (Millis, int, error) {
//		s, n, err := tuplewire.ConsumeInt(b)
//		return Millis(s * 1000), n, err
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

// hook runs a destination from Into or Element.
func (s *scanner) hook(pos, depth int, h Hook) (int, error) {
	if h.scan != nil {
		return s.custom(pos, depth, h.scan)
	}
	if h.decode == nil {
		return 0, s.fail(pos, ErrUnsupportedType, "a zero Hook: make one with Into or Element")
	}
	n, err := h.decode(s.in[pos:])
	switch {
	case err != nil:
		return 0, s.shifted(err, pos)
	case n <= 0 || n > len(s.in)-pos:
		return 0, s.fail(pos, ErrInvalidCode, fmt.Sprintf("a hook reported an element length of %d", n))
	}
	return pos + n, nil
}

// appendHook appends the element of a Hook from Element, checked as
// every custom element is: exactly one whole element.
func appendHook(dst []byte, h Hook, depth int) ([]byte, error) {
	if h.append == nil {
		return dst, encodeError(h, fmt.Errorf("%w: a Hook from Into only scans; Element of a type with AppendTupleElement appends", ErrUnsupportedType))
	}
	start := len(dst)
	out, err := h.append(dst)
	if err != nil {
		return dst, asEncodeError(h, err)
	}
	return checkOneElement(dst, out, start, Codec{}, depth, reflect.TypeOf(h))
}
