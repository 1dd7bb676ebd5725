package wirecore

import "github.com/fdbtuple/fdbtuple/types"

// Framing: where each element of a packed tuple starts and ends. This file
// is the one place that knows how tuples are delimited; every reader of
// packed tuples (tuplewire's Next, Elements and Consume functions, and
// package tuple's Unpack, Scan, Plan and Describe through them) steps
// through a tuple with a Level and finds an element's end with a Framer.
//
// A top-level tuple runs to the end of the input. A nested tuple starts
// with 05 and ends at a bare 00; inside it a null is written 00 FF, so
// that the 00 is not taken for the end. Nesting deeper than MaxDepth is a
// fault, which bounds the recursion on hostile input.

// MaxDepth is the deepest nesting of tuples that the encoders write and
// the decoders read: a top-level tuple is depth 0 and each nested tuple
// one more.
const MaxDepth = 100

// A Level steps through the elements of one tuple.
type Level struct {
	Pos  int // where the next element starts, or where the tuple ended
	Open int // the offset of a nested tuple's 05 code; -1 at the top level
}

// TopLevel is the level of the tuple that starts at pos and runs to the
// end of the input.
func TopLevel(pos int) Level { return Level{Pos: pos, Open: -1} }

// NestedLevel is the level inside the nested tuple whose 05 is at open.
func NestedLevel(open int) Level { return Level{Pos: open + 1, Open: open} }

// A Step is what comes next in a level.
type Step uint8

// The steps of a level.
const (
	StepElem Step = iota // an element starts at the returned offset
	StepNull             // a nested null (00 FF) was at the returned offset
	StepEnd              // the tuple is over; Pos is after it
	StepOpen             // the input ended inside a nested tuple
)

// Next reports what comes at l.Pos in the input in. It steps over a
// nested null and a nested tuple's closing 00 itself; after an element,
// the caller sets l.Pos to the element's end.
func (l *Level) Next(in []byte) (Step, int) {
	pos := l.Pos
	switch {
	case pos >= len(in):
		if l.Open >= 0 {
			return StepOpen, pos
		}
		return StepEnd, pos
	case in[pos] != 0x00 || l.Open < 0:
		return StepElem, pos
	case pos+1 < len(in) && in[pos+1] == 0xFF:
		l.Pos = pos + 2
		return StepNull, pos
	}
	l.Pos = pos + 1
	return StepEnd, pos
}

// SkipNull steps over a nested null at l.Pos, in a level whose framing
// is already checked, and reports whether there was one.
func (l *Level) SkipNull(in []byte) bool {
	if l.Open >= 0 && in[l.Pos] == 0x00 {
		l.Pos += 2
		return true
	}
	return false
}

// End returns the offset after a checked level whose elements have all
// been read: after the closing 00 of a nested tuple.
func (l *Level) End() int {
	if l.Open >= 0 {
		return l.Pos + 1
	}
	return l.Pos
}

// Extensions frames and explains the elements of user type codes, which
// only the codec that holds their extensions can measure. Package tuple's
// Codec provides it; the wire layer knows no extensions.
type Extensions interface {
	// FrameExtension returns the end of the extension element at in[pos];
	// its fault is FaultCode when no extension owns the code and
	// FaultExtension when the extension refuses the element.
	FrameExtension(in []byte, pos int) (end int, f Fault)
	// ExtensionProblem says why the element at in[pos] was refused.
	ExtensionProblem(in []byte, pos int) *Problem
}

// A Framer finds the ends of elements. Without Ext it knows the standard
// codes only; with it, extension elements too.
type Framer struct {
	In      []byte
	Lenient bool       // accept what Codec.Lenient accepts
	Ext     Extensions // nil: none
	// Trail, when set, receives the index of each nested element a fault
	// is in, innermost first, as Frame returns from it.
	Trail *[]int
}

// Frame returns the end of the element at In[pos], which must exist,
// nested tuples included. It checks framing only: a known code, enough
// bytes for a fixed-size element, a terminator for strings and nested
// tuples, and the depth, at which a nested tuple at pos counts as depth+1.
// Content that only decoding looks at (the UTF-8 of a string, whether an
// integer is minimal) is the decoder's.
func (fr *Framer) Frame(pos, depth int) (int, Fault) {
	in := fr.In
	if n := fixedSize[in[pos]]; n > 0 {
		if n > len(in)-pos {
			return 0, Fault{pos, FaultShort}
		}
		return pos + n, Fault{}
	}
	switch types.Code(in[pos]).Kind() {
	case types.KindBytes, types.KindString:
		if end := ShortEnd(in, pos+1); end >= 0 {
			return end + 1, Fault{} // inlined: most strings are short
		}
		_, next, _, f := StringSpanLong(in, pos, fr.Lenient)
		return next, f
	case types.KindInt: // 0B and 1D; fixedSize has the others
		return BigSpan(in, pos)
	case types.KindTuple:
		return fr.frameNested(pos, depth)
	}
	if fr.Ext != nil {
		return fr.Ext.FrameExtension(in, pos)
	}
	return 0, Fault{pos, FaultCode}
}

func (fr *Framer) frameNested(pos, depth int) (int, Fault) {
	if depth >= MaxDepth {
		return 0, Fault{pos, FaultTooDeep}
	}
	l := NestedLevel(pos)
	for i := 0; ; i++ {
		s, at := l.Next(fr.In)
		switch s {
		case StepEnd:
			return l.Pos, Fault{}
		case StepOpen:
			if fr.Lenient {
				return len(fr.In), Fault{}
			}
			return 0, Fault{pos, FaultOpen}
		case StepElem:
			if n := fixedSize[fr.In[at]]; n > 0 && n <= len(fr.In)-at {
				l.Pos = at + n // the commonest case, without a call
				continue
			}
			end, f := fr.Frame(at, depth+1)
			if f.Failed() {
				if fr.Trail != nil {
					*fr.Trail = append(*fr.Trail, i)
				}
				return 0, f
			}
			l.Pos = end
		}
	}
}

// Encoded sizes of the fixed-size elements, type code included.
const (
	SizeNull         = 1
	SizeNestedNull   = 2
	SizeBool         = 1
	SizeFloat32      = 5
	SizeFloat64      = 9
	SizeUUID         = 17
	SizeVersionstamp = 1 + types.VersionstampLength
)

// FixedSize is the encoded length, code included, of the fixed-size
// element whose code is c (null, booleans, integers of up to 8 bytes,
// floats, UUIDs, versionstamps), and 0 for every other code.
func FixedSize(c byte) int { return fixedSize[c] }

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
