package tuple

import (
	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
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
