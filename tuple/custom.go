package tuple

import "reflect"

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
