package wirecore

import (
	"fmt"

	"github.com/fdbtuple/fdbtuple/types"
)

// A Fault is what the framing layer and the decoders report when their
// input breaks a rule of the format: where (an offset into the input) and
// which rule. Making one costs nothing, so a pass that only asks whether
// its input is well formed never formats a message. A fault is explained
// (Explain) only when it becomes an error.
type Fault struct {
	Pos  int
	Kind FaultKind
}

// FaultAt is the fault of kind k at pos.
func FaultAt(pos int, k FaultKind) Fault { return Fault{Pos: pos, Kind: k} }

// A FaultKind names the rule a fault breaks.
type FaultKind uint8

// The fault kinds.
const (
	NoFault           FaultKind = iota
	FaultEmpty                  // no element at all
	FaultShort                  // a fixed-size element cut short
	FaultNoLength               // a big integer without its length byte
	FaultBigShort               // a big integer shorter than its length byte says
	FaultUnterminated           // a byte or text string without its 00
	FaultOpen                   // a nested tuple without its closing 00
	FaultTooDeep                // a nested tuple past MaxDepth
	FaultCode                   // a code that is no standard one, nor an extension's
	FaultPadded                 // a fixed-size integer with a leading pad byte
	FaultLongBig                // a big integer that belongs in a shorter form
	FaultUTF8                   // a string that is not UTF-8
	FaultExtension              // an extension refused its element
)

// Failed reports whether f is a fault at all.
func (f Fault) Failed() bool { return f.Kind != NoFault }

// Explain turns f, met in the input in, into a Problem without a path.
// An extension's fault is explained by the extension (Extensions).
func Explain(in []byte, f Fault) *Problem {
	pos := f.Pos
	e := &Problem{Offset: pos}
	if pos < len(in) {
		e.Code = types.Code(in[pos])
	}
	switch f.Kind {
	case FaultEmpty:
		e.Err, e.Detail = ErrTruncated, "no element: the input is empty"
	case FaultShort:
		e.Err = ErrTruncated
		e.Detail = fmt.Sprintf("needs %d bytes after the code, %d remain", FixedSize(in[pos])-1, len(in)-pos-1)
	case FaultNoLength:
		e.Err, e.Detail = ErrTruncated, "no length byte"
	case FaultBigShort:
		n, _ := BigLength(in, pos)
		e.Err = ErrTruncated
		e.Detail = fmt.Sprintf("length byte says %d bytes, %d remain", n, len(in)-pos-2)
	case FaultUnterminated:
		e.Err, e.Detail = ErrUnterminated, "no 00 terminator before the end of the input"
	case FaultOpen:
		e.Err, e.Detail = ErrUnterminated, "nested tuple has no closing 00"
	case FaultTooDeep:
		e.Err, e.Detail = ErrTooDeep, fmt.Sprintf("more than %d levels", MaxDepth)
	case FaultCode:
		e.Err, e.Detail = ErrInvalidCode, fmt.Sprintf("%s is not a standard type code", e.Code)
	case FaultPadded:
		_, neg, _ := e.Code.IntLength()
		e.Err = ErrNonCanonical
		e.Detail = fmt.Sprintf("leading %02x byte: the value fits in fewer bytes", PadByte(neg))
	case FaultLongBig:
		n, _ := BigLength(in, pos)
		e.Err, e.Detail = ErrNonCanonical, fmt.Sprintf("a %d-byte magnitude belongs in a shorter form", n)
	case FaultUTF8:
		end, _, esc, _ := StringSpan(in, pos, true)
		content := Unescaped(nil, in[pos+1:end], esc)
		e.Err, e.Detail = ErrInvalidUTF8, fmt.Sprintf("at byte %d of the string", InvalidUTF8At(content))
	default:
		e.Err, e.Detail = ErrInvalidCode, "the element was refused"
	}
	return e
}

// Locate is the Problem of fault f, which framing found in the element
// at in[at] whose index in its tuple is i (-1: none, for a single
// element), at the given depth. Framing that element again with a trail
// gives the rest of the path, inside the element.
func (fr Framer) Locate(at, i, depth int, f Fault) *Problem {
	var trail []int
	if at >= 0 && f.Pos > at {
		fr.Trail = &trail
		fr.Frame(at, depth)
	}
	if i >= 0 {
		trail = append(trail, i)
	}
	var p *Problem
	if f.Kind == FaultExtension && fr.Ext != nil {
		p = fr.Ext.ExtensionProblem(fr.In, f.Pos)
	} else {
		p = Explain(fr.In, f)
	}
	p.Path = TopDown(trail, p.Path)
	return p
}

// TopDown returns the indices of a trail (innermost first, as a walk adds
// them on its way out) from the top down, followed by inner, the path a
// fault already had below the walk.
func TopDown(trail, inner []int) []int {
	if len(trail) == 0 {
		return inner
	}
	p := make([]int, 0, len(trail)+len(inner))
	for i := len(trail) - 1; i >= 0; i-- {
		p = append(p, trail[i])
	}
	return append(p, inner...)
}
