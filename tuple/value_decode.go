package tuple

// Reading one element into a Go variable by its type's entry in the type
// table: the one decoder of every type the fast paths of Scan and the
// plans leave out, and of every option a plan's tag adds.

// element decodes the element at in[at] into the value Unpack gives it,
// with the scanner's codec, leniency and depth.
func (s *scanner) element(at, depth int) (any, int, error) {
	var d decoder
	d.start(s.codec, s.in)
	var v any
	end, f := d.element(&v, at, depth)
	if f.Failed() {
		return nil, 0, d.error(f)
	}
	return v, end, nil
}
