package tuple

import (
	"errors"
	"fmt"

	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
	"github.com/fdbtuple/fdbtuple/types"
)

// A fault (wirecore.Fault) becomes a *DecodeError in one place,
// decoder.error, which derives the numbers of its message from the input
// and records the element path once.

// error returns the *DecodeError of fault f. Its path is d.trail, which
// the decoder built on its way out of the levels it was in when it met
// the fault, innermost index first.
func (d *decoder) error(f wirecore.Fault) error {
	e := d.describe(f)
	e.Path = d.trail.path(e.Path)
	return e
}

// describe turns f into a *DecodeError without a path.
func (d *decoder) describe(f wirecore.Fault) *DecodeError {
	if f.Kind == wirecore.FaultExtension {
		return d.extensionError(f.Pos)
	}
	return decodeError(wirecore.Explain(d.in, f))
}

// extensionError asks the extension at in[pos] again why it refused its
// element, and places its answer in the input.
func (d *decoder) extensionError(pos int) *DecodeError {
	code := types.Code(d.in[pos])
	x := d.codec.extensionFor(code)
	var n int
	var err error
	if r := d.refusal; r != nil && r.pos == pos {
		n, err = r.n, r.err
	} else { // not the extension that failed last: ask again
		_, n, err = x.ConsumeElement(d.in[pos:], *d.codec)
	}
	var de *DecodeError
	switch {
	case errors.As(err, &de):
		return de.Rebase(pos)
	case err != nil:
		return &DecodeError{Offset: pos, Code: code, Err: ErrInvalidCode, Detail: x.Name() + ": " + err.Error()}
	}
	return &DecodeError{Offset: pos, Code: code, Err: ErrInvalidCode, Detail: fmt.Sprintf("extension %s reported an element length of %d", x.Name(), n)}
}
