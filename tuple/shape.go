package tuple

import (
	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
	"github.com/fdbtuple/fdbtuple/types"
)

// The shape pass frames a whole strict input before the decoder fills it,
// and counts what the result will hold: the elements of every tuple and
// the content bytes of all strings and of all byte strings. With those the
// decoder allocates a handful of times whatever the tuple holds, instead
// of once or twice per element. It builds no error: at a fault it stops,
// and the decoder reads the input again to report the first fault in
// input order.

// shape is what the pass learns.
type shape struct {
	elems int // elements of every tuple, all levels
	text  int // content bytes of all strings
	blob  int // content bytes of all byte strings
	// The element count of every tuple, the top level first and then each
	// nested tuple in the order of its 05 code, which is the order the
	// decoder meets them in: the first ones in an array, so that most
	// keys need no allocation for them, the rest in more.
	counts [8]int
	more   []int
	tuples int
}

// measure frames the tuple that starts at in[start] and runs to the end of
// in. It reports false at the first fault.
func (sh *shape) measure(in []byte, start int) bool {
	_, ok := sh.tuple(&framer{in: in}, wirecore.TopLevel(start), 0)
	return ok
}

// tuple measures one level and returns the offset after it.
func (sh *shape) tuple(fr *framer, l wirecore.Level, depth int) (int, bool) {
	i := sh.reserve()
	n := 0
	for ; ; n++ {
		s, at := l.Next(fr.in)
		switch s {
		case wirecore.StepEnd:
			if i < len(sh.counts) {
				sh.counts[i] = n
			} else {
				sh.more[i-len(sh.counts)] = n
			}
			sh.elems += n
			return l.Pos, true
		case wirecore.StepOpen:
			return 0, false
		case wirecore.StepNull:
			continue
		}
		if n := wirecore.FixedSize(fr.in[at]); n > 0 && n <= len(fr.in)-at {
			l.Pos = at + n // the commonest case, without a call
			continue
		}
		switch types.Code(fr.in[at]) {
		case types.CodeBytes, types.CodeString:
			end := wirecore.ShortEnd(fr.in, at+1) // inlined: most strings are short
			next, esc := end+1, 0
			if end < 0 {
				var f wirecore.Fault
				if end, next, esc, f = wirecore.StringSpanLong(fr.in, at, false); f.Failed() {
					return 0, false
				}
			}
			if fr.in[at] == byte(types.CodeBytes) {
				sh.blob += end - at - 1 - esc
			} else {
				sh.text += end - at - 1 - esc
			}
			l.Pos = next
		case types.CodeNested:
			if depth >= wirecore.MaxDepth {
				return 0, false
			}
			next, ok := sh.tuple(fr, wirecore.NestedLevel(at), depth+1)
			if !ok {
				return 0, false
			}
			l.Pos = next
		default:
			end, f := fr.frame(at, depth)
			if f.Failed() {
				return 0, false
			}
			l.Pos = end
		}
	}
}

// reserve returns the index of the next tuple's count.
func (sh *shape) reserve() int {
	i := sh.tuples
	sh.tuples++
	if i >= len(sh.counts) {
		sh.grow()
	}
	return i
}

// grow makes room in more for one more tuple's count.
func (sh *shape) grow() { sh.more = append(sh.more, 0) }

// count returns the element count of the i-th tuple.
func (sh *shape) count(i int) int {
	if i < len(sh.counts) {
		return sh.counts[i]
	}
	return sh.more[i-len(sh.counts)]
}
