package tuple

// Descending elements, both ways, for every caller: Desc and its
// extension (DescExtension, which Unpack, Pack, Compare and the text form
// reach through a Codec), and a plan's desc fields and Scan's Desc
// destinations, which the dispatchers (value.go) hand here. A descending
// element is read in two places, side by side below: the extension's
// ConsumeElement, into a Desc value, and scanner.descended, straight into
// a destination through a scanner over the ascending element it wraps.
// tuplewire writes and frames the inverted bytes (AppendDesc,
// ConsumeDesc, DescOffset), which generated codecs call too.

import (
	"errors"
	"fmt"
	"reflect"

	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
	"github.com/fdbtuple/fdbtuple/types"
)

// Desc wraps one element so that it sorts in reverse (descending order):
// for a key ("events", Desc{V: ts}) the newest event comes first on a
// store that iterates forward only. Encode it with a Codec holding
// DescExtension. "desc" is this module's one name for descending order:
// the type, its extension, its text form desc(...) and the -ext desc of
// the command-line tool.
type Desc struct {
	V any // the element that sorts in reverse
}

// DefaultDescCode is the user type code this module suggests for
// descending elements.
const DefaultDescCode types.Code = 0x4F

// DescExtension returns the extension that encodes Desc values
// under code.
//
// The element is the code, then the wrapped element's ascending encoding
// E with every byte inverted, except that a 00 of E (whose inverse, FF, is
// needed as a marker) is written FF 00; then FF FF. Inverting reverses the
// order of any two different bytes; the FF FF end sorts after every
// continuation, so that a shorter E, which sorts first ascending (the
// string "a" before "ab"), sorts last descending. This holds for every
// element kind at once, variable-length strings and nested tuples
// included, so one descending element may be any standard element or a
// value of another extension of the codec. It may not hold another
// descending element, at any depth: reversing twice is ascending, and the
// rule keeps decoding linear.
func DescExtension(code types.Code) Extension { return descExtension{code} }

type descExtension struct{ code types.Code }

func (x descExtension) Code() types.Code { return x.code }
func (x descExtension) Name() string     { return "desc" }

func (x descExtension) Owns(v any) bool {
	_, ok := v.(Desc)
	return ok
}

// inner is the codec for the wrapped element: c without this extension.
func (x descExtension) inner(c Codec) Codec { return c.without(x.code) }

func (x descExtension) AppendElement(dst []byte, v any, c Codec) ([]byte, error) {
	d := v.(Desc)
	asc, err := x.inner(c).AppendTuple(nil, Tuple{d.V})
	if err != nil {
		var ee *EncodeError
		if errors.As(err, &ee) && len(ee.Path) > 0 {
			// The fault is in the wrapped value: report it, with its path
			// below this element (the encoder adds this element's index).
			inner := *ee
			inner.Path = ee.Path[1:]
			return dst, &inner
		}
		return dst, fmt.Errorf("descending element: %w", err)
	}
	return tuplewire.AppendDesc(dst, x.code, asc), nil
}

func (x descExtension) ConsumeElement(b []byte, c Codec) (any, int, error) {
	asc, end, err := tuplewire.ConsumeDesc(nil, b)
	if err != nil {
		return nil, 0, err
	}
	v, n, err := x.inner(c).ConsumeElement(asc)
	if err != nil {
		var de *DecodeError
		if errors.As(err, &de) {
			// Report the wrapped element's fault at its place in b: the
			// offset is into asc, whose bytes stand one for one in b
			// after the code, but for each 00 (written FF 00) before it.
			inner := de.Rebase(tuplewire.DescOffset(asc, de.Offset) - de.Offset)
			inner.Detail = "inside a descending element: " + de.Detail
			return nil, 0, inner
		}
		return nil, 0, fmt.Errorf("inside a descending element: %w", err)
	}
	if n != len(asc) {
		return nil, 0, &DecodeError{Code: x.code, Err: ErrInvalidCode, Detail: "descending element holds more than one element"}
	}
	return Desc{V: v}, end, nil
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
		err := s.wrongKind(pos, dst)
		if errors.Is(err, ErrWrongType) { // an ascending element where the field or the Desc wants a descending one
			return 0, s.fail(pos, ErrWrongType, fmt.Sprintf("want a descending element (a field tagged desc, a tuple.Desc), found %s element: was the key written without desc?", withArticle(types.Code(s.in[pos]).String())))
		}
		return 0, err
	}
	if !ok {
		return 0, s.fail(pos, ErrWrongType, fmt.Sprintf("%s element is not descending (the codec needs DescExtension)", withArticle(types.Code(s.in[pos]).String())))
	}
	asc, n, err := tuplewire.ConsumeDesc(nil, s.in[pos:])
	if err != nil {
		return 0, s.shifted(err, pos)
	}
	if len(asc) == 0 {
		return 0, s.fail(pos, ErrInvalidCode, "descending element holds no element")
	}
	inner := scanner{codec: dx.inner(s.codec)}
	inner.framer = codecFramer(inner.codec, asc)
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

func (x descExtension) CompareValues(a, b any, c Codec) int {
	return -compareElems(a.(Desc).V, b.(Desc).V, 0, x.inner(c))
}

// ParseArg reads desc(ELEM): the wrapped element, which may not be a
// descending element itself.
func (x descExtension) ParseArg(arg any, _ Codec) (any, error) {
	if _, ok := arg.(Desc); ok {
		return nil, errors.New("a descending element cannot hold another")
	}
	return Desc{V: arg}, nil
}

func (x descExtension) AppendText(dst []byte, v any, c Codec) []byte {
	dst = append(dst, "desc("...)
	dst, _ = appendElemText(dst, v.(Desc).V, true, 0, x.inner(c))
	return append(dst, ')')
}

// without is c without its extension of the given code: the codec of
// what an extension wraps (a descending element's inner element), with
// every other option of c.
func (c Codec) without(code types.Code) Codec {
	in := c
	in.Extensions = nil
	for _, e := range c.Extensions {
		if e.Code() != code {
			in.Extensions = append(in.Extensions, e)
		}
	}
	return in
}

// descCode returns the code of c's descending extension, or 0.
func (c Codec) descCode() types.Code {
	for _, x := range c.Extensions {
		if d, ok := x.(descExtension); ok {
			return d.code
		}
	}
	return 0
}

// desc scans a descending element into the destination it wraps.
func (s *scanner) desc(pos, depth int, d Desc) (int, error) {
	return s.descended(pos, d, func(inner *scanner) (int, error) {
		return inner.one(d.V, 0, depth)
	})
}

// appendDescValue appends rv, of row g, as a descending element: its
// ascending encoding with o's other options, as a top-level element,
// inverted under the codec's descending extension.
func (e *encoder) appendDescValue(dst []byte, g *goType, rv reflect.Value, o elemOpts, depth int) ([]byte, error) {
	code := e.codec.descCode()
	if code == 0 {
		return dst, &EncodeError{Type: g.t, Err: fmt.Errorf("%w: a desc field needs a codec with DescExtension", ErrNoExtension)}
	}
	inner := o
	inner.desc = false
	var buf [64]byte
	asc, flat, err := e.appendFlat(buf[:0], g, rv, inner)
	if !flat {
		// A buffer of its own: one passed to appendValue, which
		// recurses, moves to the heap, and escape is decided per
		// variable, so buf stays on the stack for the flat rows (a desc
		// time, string or integer, the common newest-first key).
		var nested [64]byte
		asc, err = e.appendValue(nested[:0], g, rv, inner, false, depth)
	}
	if err != nil {
		return dst, err
	}
	return tuplewire.AppendDesc(dst, code, asc), nil
}

// appendFlat appends rv, of row g, by the rows whose appenders call
// nothing back (appendScalar's, strings, time and duration), so that a
// buffer it is given stays on the stack; flat is false, and nothing
// appended, for the other rows and for an extension's value.
func (e *encoder) appendFlat(dst []byte, g *goType, rv reflect.Value, o elemOpts) (out []byte, flat bool, err error) {
	if o.ext != 0 {
		return dst, false, nil
	}
	if out, ok := appendScalar(dst, g.rule, rv); ok {
		return out, true, nil
	}
	switch g.rule {
	case ruleTime:
		out, err = appendTimeValue(dst, g, rv, o.unit)
	case ruleDuration:
		out, err = appendDurationValue(dst, g, rv, o.unit)
	case ruleString:
		out, err = e.appendString(dst, g, rv, o.asBytes)
	default:
		return dst, false, nil
	}
	return out, true, err
}

// scanDescValue reads the descending element at in[at] into rv, of row
// g, with o's other options.
func (s *scanner) scanDescValue(at, depth int, g *goType, rv reflect.Value, o elemOpts, dst any) (int, error) {
	inner := o
	inner.desc = false
	return s.descended(at, dst, func(in *scanner) (int, error) {
		return in.scanValue(wirecore.StepElem, 0, depth, g, rv, inner, dst)
	})
}

// appendDescDirect appends fv, the value of the direct field f tagged
// desc, as a descending element. A scalar's ascending encoding is made in
// buf, which a call back into fieldDirect would send to the heap.
func (e *encoder) appendDescDirect(dst []byte, f *planField, fv reflect.Value, depth int) ([]byte, error) {
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

// scanDescDirect reads the descending element at in[at] into fv, the
// direct field f tagged desc.
func (s *scanner) scanDescDirect(at, depth int, f *planField, fv reflect.Value) (int, error) {
	g := *f
	g.desc = false
	return s.descended(at, f.zero, func(inner *scanner) (int, error) {
		return inner.fieldDirect(0, depth, &g, fv)
	})
}
