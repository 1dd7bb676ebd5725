package tuple

import (
	"errors"
	"fmt"

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
