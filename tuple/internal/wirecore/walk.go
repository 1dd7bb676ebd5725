package wirecore

// Walk yields the encoding of each element of level l of fr.In, at the
// given depth, as a capacity-limited subslice, until the level ends or a
// framing fault, which it yields last as a Problem (with the path, from
// the level down). It is the loop of tuplewire.Elements and of
// tuple.Codec.Elements.
func Walk(fr Framer, l Level, depth int, yield func([]byte, *Problem) bool) {
	b := fr.In
	for i := 0; ; i++ {
		s, at := l.Next(b)
		end := at + 2 // a nested null
		switch s {
		case StepEnd:
			return
		case StepOpen:
			yield(nil, fr.Locate(-1, -1, depth, Fault{l.Open, FaultOpen}))
			return
		case StepElem:
			var f Fault
			if end, f = fr.Frame(at, depth); f.Failed() {
				yield(nil, fr.Locate(at, i, depth, f))
				return
			}
			l.Pos = end
		}
		if !yield(b[at:end:end], nil) {
			return
		}
	}
}
