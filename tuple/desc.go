package tuple

import (
	"bytes"
	"errors"
	"fmt"
	"slices"

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
func (x descExtension) inner(c Codec) Codec {
	in := Codec{Lenient: c.Lenient, AllowInvalidUTF8: c.AllowInvalidUTF8}
	for _, e := range c.Extensions {
		if e.Code() != x.code {
			in.Extensions = append(in.Extensions, e)
		}
	}
	return in
}

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
	return appendDesc(dst, x.code, asc), nil
}

// appendDesc appends the descending element of code whose wrapped
// element's ascending encoding is asc.
func appendDesc(dst []byte, code types.Code, asc []byte) []byte {
	dst = append(dst, byte(code))
	for _, b := range asc {
		if b == 0x00 {
			dst = append(dst, 0xFF, 0x00)
		} else {
			dst = append(dst, ^b)
		}
	}
	return append(dst, 0xFF, 0xFF)
}

func (x descExtension) ConsumeElement(b []byte, c Codec) (any, int, error) {
	asc, end, err := readDesc(b, nil)
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
			inner := *de
			inner.Offset = 1 + de.Offset + zerosBefore(asc, de.Offset)
			inner.Detail = "inside a descending element: " + de.Detail
			return nil, 0, &inner
		}
		return nil, 0, fmt.Errorf("inside a descending element: %w", err)
	}
	if n != len(asc) {
		return nil, 0, &DecodeError{Code: x.code, Err: ErrInvalidCode, Detail: "descending element holds more than one element"}
	}
	return Desc{V: v}, end, nil
}

// readDesc appends to dst the ascending encoding that the descending
// element at b[0] wraps, and returns the element's length. It finds the
// FF FF end first and grows dst once: each element costs its own length,
// never the length of the rest of the key.
func readDesc(b, dst []byte) (asc []byte, n int, err error) {
	code := types.Code(b[0])
	size, end := 0, -1
	for i := 1; end < 0; {
		switch {
		case i >= len(b):
			return nil, 0, &DecodeError{Code: code, Err: ErrUnterminated, Detail: "descending element has no FF FF end"}
		case b[i] != 0xFF:
			i++
		case i+1 >= len(b):
			return nil, 0, &DecodeError{Offset: i, Code: code, Err: ErrTruncated, Detail: "descending element ends after FF"}
		case b[i+1] == 0x00:
			i += 2
		case b[i+1] == 0xFF:
			end = i
			continue
		default:
			return nil, 0, &DecodeError{Offset: i, Code: code, Err: ErrInvalidCode, Detail: fmt.Sprintf("descending element has FF %02x, which no encoder writes", b[i+1])}
		}
		size++
	}
	asc = slices.Grow(dst, size)
	for i := 1; i < end; i++ {
		if b[i] == 0xFF { // FF 00 stands for 00
			asc = append(asc, 0x00)
			i++
		} else {
			asc = append(asc, ^b[i])
		}
	}
	return asc, end + 2, nil
}

// zerosBefore counts the 00 bytes of b before index i.
func zerosBefore(b []byte, i int) int {
	return bytes.Count(b[:min(i, len(b))], []byte{0})
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
