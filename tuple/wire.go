package tuple

import (
	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
)

// This file joins package tuple to the engine beneath it: the framing of
// packed tuples and the faults a reader meets are wirecore's, shared with
// tuplewire; here the codec's extensions are made framable, and faults
// become *DecodeErrors.

// A framer is the input a reader of this package walks, with the codec's
// leniency and extensions; frame finds an element's end with the engine.
type framer struct {
	in      []byte
	lenient bool   // accept what Codec.Lenient accepts
	codec   *Codec // for its extensions; nil: none
}

// engine is the engine's framer of the same input.
func (fr *framer) engine() wirecore.Framer {
	e := wirecore.Framer{In: fr.in, Lenient: fr.lenient}
	if fr.codec != nil {
		e.Ext = (*codecExtensions)(fr.codec)
	}
	return e
}

// frame returns the end of the element at in[pos] (see wirecore.Framer).
func (fr *framer) frame(pos, depth int) (int, wirecore.Fault) {
	e := fr.engine()
	return e.Frame(pos, depth)
}

// codecFramer returns a framer of in with c's extensions and leniency.
func codecFramer(c Codec, in []byte) framer {
	fr := framer{in: in, lenient: c.Lenient}
	if len(c.Extensions) > 0 {
		withExt := c // on the heap only when there are extensions to carry
		fr.codec = &withExt
	}
	return fr
}

// decodeError is the *DecodeError of an engine problem, which has the
// same fields.
func decodeError(p *wirecore.Problem) *DecodeError { return (*tuplewire.DecodeError)(p) }

// walk yields the encoding of each element of level l, at the given
// depth, until the level ends or a framing fault, which it yields last as
// a *DecodeError: the loop of Codec.Elements and Codec.NestedElements.
func walk(fr framer, l wirecore.Level, depth int, yield func([]byte, error) bool) {
	wirecore.Walk(fr.engine(), l, depth, func(elem []byte, p *wirecore.Problem) bool {
		if p != nil {
			return yield(nil, decodeError(p))
		}
		return yield(elem, nil)
	})
}
