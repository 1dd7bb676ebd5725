package tuple

import (
	"github.com/fdbtuple/fdbtuple/types"
)

// Next reports the type code and encoded length of the first element of b
// without decoding it, so that b[n:] starts at the following element. It
// checks the element's framing: a known type code, enough bytes for a
// fixed-size element, a terminator for strings and nested tuples, and the
// depth limit. It does not check content that only decoding looks at (the
// UTF-8 of a string, the minimality of an integer); the Consume functions
// and Unpack do. Next never allocates. An empty b gives ErrTruncated.
func Next(b []byte) (code types.Code, n int, err error) {
	if len(b) == 0 {
		return 0, 0, &DecodeError{Err: ErrTruncated, Detail: "no element: the input is empty"}
	}
	if n := fixedSize[b[0]]; n > 0 && n <= len(b) {
		return types.Code(b[0]), n, nil // the commonest case, without a decoder
	}
	if n := shortStringLen(b); n > 0 {
		return types.Code(b[0]), n, nil
	}
	d := decoder{in: b}
	end, err := d.skip(0, 0)
	if err != nil {
		return types.Code(b[0]), 0, err
	}
	return types.Code(b[0]), end, nil
}

// fixedSize is the encoded length, code included, of each fixed-size
// element's code (null, booleans, integers of up to 8 bytes, floats,
// UUIDs, versionstamps), and 0 for every other code.
var fixedSize = func() (t [256]int) {
	for c := range t {
		code := types.Code(c)
		switch code.Kind() {
		case types.KindNull, types.KindBool:
			t[c] = 1
		case types.KindInt:
			if n, _, ok := code.IntLength(); ok {
				t[c] = 1 + n
			}
		case types.KindFloat32:
			t[c] = 5
		case types.KindFloat64:
			t[c] = 9
		case types.KindUUID:
			t[c] = 17
		case types.KindVersionstamp:
			t[c] = 1 + types.VersionstampLength
		}
	}
	return t
}()

// skip returns the position after the element at pos, checking framing
// only.
func (d *decoder) skip(pos, depth int) (int, error) {
	if n := fixedSize[d.in[pos]]; n > 0 && n <= len(d.in)-pos {
		return pos + n, nil
	}
	code := types.Code(d.in[pos])
	switch code.Kind() {
	case types.KindNull, types.KindBool:
		return pos + 1, nil
	case types.KindBytes, types.KindString:
		end, _, found := terminator(d.in, pos+1)
		if !found {
			return pos, d.fail(pos, ErrUnterminated, "no 00 terminator before the end of the input")
		}
		return end + 1, nil
	case types.KindTuple:
		return d.skipNested(pos, depth)
	case types.KindInt:
		if n, _, ok := code.IntLength(); ok {
			return d.need(pos, n)
		}
		if pos+1 >= len(d.in) {
			return pos, d.fail(pos, ErrTruncated, "no length byte")
		}
		n := int(d.in[pos+1])
		if code == types.CodeNegBig {
			n ^= 0xFF
		}
		next, err := d.need(pos, n+1)
		return next, err
	case types.KindFloat32:
		return d.need(pos, 4)
	case types.KindFloat64:
		return d.need(pos, 8)
	case types.KindUUID:
		return d.need(pos, 16)
	case types.KindVersionstamp:
		return d.need(pos, types.VersionstampLength)
	}
	return pos, d.fail(pos, ErrInvalidCode, "%s is not a standard type code", code)
}

func (d *decoder) skipNested(pos, depth int) (int, error) {
	if depth >= MaxDepth {
		return pos, d.fail(pos, ErrTooDeep, "more than %d levels", MaxDepth)
	}
	p := pos + 1
	for i := 0; ; i++ {
		switch {
		case p >= len(d.in):
			return pos, d.fail(pos, ErrUnterminated, "nested tuple has no closing 00")
		case d.in[p] != 0x00:
			next, err := d.skip(p, depth+1)
			if err != nil {
				return pos, atIndex(err, i)
			}
			p = next
		case p+1 < len(d.in) && d.in[p+1] == 0xFF:
			p += 2 // a null inside the nested tuple
		default:
			return p + 1, nil
		}
	}
}
