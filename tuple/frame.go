package tuple

import "github.com/fdbtuple/fdbtuple/types"

// Framing: where each element of a packed tuple starts and ends. This file
// is the one place that knows how tuples are delimited; every reader of
// packed tuples (Next, Elements, Unpack's two passes, the Consume
// functions, the error paths, nested.Decode and fdbtuple describe through
// them) steps through a tuple with a level and finds an element's end with
// frame.
//
// A top-level tuple runs to the end of the input. A nested tuple starts
// with 05 and ends at a bare 00; inside it a null is written 00 FF, so
// that the 00 is not taken for the end. Nesting deeper than MaxDepth is a
// fault, which bounds the recursion on hostile input.

// A level steps through the elements of one tuple.
type level struct {
	pos  int // where the next element starts, or where the tuple ended
	open int // the offset of a nested tuple's 05 code; -1 at the top level
}

// topLevel is the level of the tuple that starts at pos and runs to the
// end of the input.
func topLevel(pos int) level { return level{pos: pos, open: -1} }

// nestedLevel is the level inside the nested tuple whose 05 is at open.
func nestedLevel(open int) level { return level{pos: open + 1, open: open} }

// A step is what comes next in a level.
type step uint8

const (
	stepElem step = iota // an element starts at the returned offset
	stepNull             // a nested null (00 FF) was at the returned offset
	stepEnd              // the tuple is over; pos is after it
	stepOpen             // the input ended inside a nested tuple
)

// next reports what comes at l.pos in the input in. It steps over a
// nested null and a nested tuple's closing 00 itself; after an element,
// the caller sets l.pos to the element's end.
func (l *level) next(in []byte) (step, int) {
	pos := l.pos
	switch {
	case pos >= len(in):
		if l.open >= 0 {
			return stepOpen, pos
		}
		return stepEnd, pos
	case in[pos] != 0x00 || l.open < 0:
		return stepElem, pos
	case pos+1 < len(in) && in[pos+1] == 0xFF:
		l.pos = pos + 2
		return stepNull, pos
	}
	l.pos = pos + 1
	return stepEnd, pos
}

// skipNull steps over a nested null at l.pos, in a level whose framing
// is already checked (the decoder fills what the shape pass counted), and
// reports whether there was one.
func (l *level) skipNull(in []byte) bool {
	if l.open >= 0 && in[l.pos] == 0x00 {
		l.pos += 2
		return true
	}
	return false
}

// end returns the offset after a checked level whose elements have all
// been read: after the closing 00 of a nested tuple.
func (l *level) end() int {
	if l.open >= 0 {
		return l.pos + 1
	}
	return l.pos
}

// A framer finds the ends of elements. Without a codec it knows the
// standard codes only; with one, its extensions' elements too.
type framer struct {
	in      []byte
	lenient bool   // accept what Codec.Lenient accepts
	codec   *Codec // for its extensions; nil: none
	// trail, when set, receives the index of each nested element a
	// fault is in, innermost first, as frame returns from it.
	trail *trail
}

// frame returns the end of the element at in[pos], which must exist,
// nested tuples included. It checks framing only: a known code, enough
// bytes for a fixed-size element, a terminator for strings and nested
// tuples, and the depth, at which a nested tuple at pos counts as depth+1.
// Content that only decoding looks at (the UTF-8 of a string, whether an
// integer is minimal) is the decoder's.
func (fr *framer) frame(pos, depth int) (int, fault) {
	in := fr.in
	if n := fixedSize[in[pos]]; n > 0 {
		if n > len(in)-pos {
			return 0, fault{pos, faultShort}
		}
		return pos + n, fault{}
	}
	switch types.Code(in[pos]).Kind() {
	case types.KindBytes, types.KindString:
		if end, _ := shortEnd(in, pos+1); end >= 0 {
			return end + 1, fault{} // inlined: most strings are short
		}
		_, next, _, f := stringSpanLong(in, pos, fr.lenient)
		return next, f
	case types.KindInt: // 0B and 1D; fixedSize has the others
		return bigSpan(in, pos)
	case types.KindTuple:
		return fr.frameNested(pos, depth)
	}
	return fr.frameExtension(pos)
}

func (fr *framer) frameNested(pos, depth int) (int, fault) {
	if depth >= MaxDepth {
		return 0, fault{pos, faultTooDeep}
	}
	l := nestedLevel(pos)
	for i := 0; ; i++ {
		s, at := l.next(fr.in)
		switch s {
		case stepEnd:
			return l.pos, fault{}
		case stepOpen:
			if fr.lenient {
				return len(fr.in), fault{}
			}
			return 0, fault{pos, faultOpen}
		case stepElem:
			if n := fixedSize[fr.in[at]]; n > 0 && n <= len(fr.in)-at {
				l.pos = at + n // the commonest case, without a call
				continue
			}
			end, f := fr.frame(at, depth+1)
			if f.failed() {
				if fr.trail != nil {
					fr.trail.add(i)
				}
				return 0, f
			}
			l.pos = end
		}
	}
}

// frameExtension frames an element of one of the codec's extensions,
// which only the extension can measure.
func (fr *framer) frameExtension(pos int) (int, fault) {
	if fr.codec != nil {
		if x := fr.codec.extensionFor(types.Code(fr.in[pos])); x != nil {
			_, n, err := x.ConsumeElement(fr.in[pos:], *fr.codec)
			if err != nil || n <= 0 || n > len(fr.in)-pos {
				return 0, fault{pos, faultExtension}
			}
			return pos + n, fault{}
		}
	}
	return 0, fault{pos, faultCode}
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
			t[c] = SizeFloat32
		case types.KindFloat64:
			t[c] = SizeFloat64
		case types.KindUUID:
			t[c] = SizeUUID
		case types.KindVersionstamp:
			t[c] = SizeVersionstamp
		}
	}
	return t
}()

// Next reports the type code and encoded length of the first element of b
// without decoding it, so that b[n:] starts at the following element. It
// checks the element's framing: a known type code, enough bytes for a
// fixed-size element, a terminator for strings and nested tuples, and the
// depth limit. It does not check content that only decoding looks at (the
// UTF-8 of a string, the minimality of an integer); the Consume functions
// and Unpack do. Next never allocates. An empty b gives ErrTruncated.
func Next(b []byte) (code types.Code, n int, err error) {
	if len(b) == 0 {
		return 0, 0, elementError(b, fault{0, faultEmpty})
	}
	switch n := fixedSize[b[0]]; {
	case n > 0 && n <= len(b):
		return types.Code(b[0]), n, nil // the commonest cases without a call
	case b[0] == byte(types.CodeString) || b[0] == byte(types.CodeBytes):
		if end, _ := shortEnd(b, 1); end >= 0 {
			return types.Code(b[0]), end + 1, nil
		}
		_, next, _, f := stringSpanLong(b, 0, false) // not frame: shortEnd has looked
		if f.failed() {
			return types.Code(b[0]), 0, elementError(b, f)
		}
		return types.Code(b[0]), next, nil
	}
	fr := framer{in: b}
	end, f := fr.frame(0, 0)
	if f.failed() {
		return types.Code(b[0]), 0, elementError(b, f)
	}
	return types.Code(b[0]), end, nil
}
