package tuple

import (
	"math"

	"github.com/fdbtuple/fdbtuple/types"

	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
)

// The room for decoded strings. Every string one Scan or Plan.Unmarshal
// decodes is a substring of one allocation, which each of them keeps
// alive: sized by the key, a 1-byte string read from the front of an
// 8 MiB key would keep 8 MiB. So the room is the content of the string
// elements that the call reads, from the first string it decodes (the
// strings before it are constants or skipped) to the last element it
// scans, nested tuples included: what the strings hold, escapes counted,
// which no unescaped content outgrows.
//
// Most keys need no count at all. A common string (short, ASCII, no
// escaped zero) of the top level waits instead: its bounds in the key are
// noted, and when the call has read every element the waiting strings
// are written into a room of exactly their size and handed to their
// destinations. Only a string that cannot wait (a nested, escaped, long
// or non-ASCII one, one met when the slots are full, or one read after
// the room exists) makes room at once, counted from the first waiting
// string by textRoom, and the waiting strings move into it.

// waitSlots is how many strings may wait: the strings of most keys.
const waitSlots = 8

// waiting is a string whose destination is set when the call ends: the
// top-level destination (Scan's) or field (a plan's) numbered dst, and
// the bounds of its content, in the key while the room does not exist,
// in the room after.
type waiting struct {
	dst, start, end int32
}

// wait notes the common string at in[pos], whose content ends at end,
// for the top-level destination or field i, and reports whether it
// waits: false when it must be kept at once, which keep does.
func (s *scanner) wait(i, pos, end int) bool {
	if s.text.Cap() != 0 || s.nwaiting == waitSlots || end > math.MaxInt32 {
		return false
	}
	s.waiting[s.nwaiting] = waiting{int32(i), int32(pos + 1), int32(end)}
	s.nwaiting++
	return true
}

// settle returns the waiting strings with the text that holds each at
// its bounds: the room's, if a string that could not wait made it, or
// else a string of exactly the waiting strings.
func (s *scanner) settle() ([]waiting, string) {
	w := s.waiting[:s.nwaiting]
	if len(w) == 0 {
		return nil, ""
	}
	if s.text.Cap() != 0 { // made by a string that could not wait, which moved them into it
		return w, s.text.String()
	}
	// Gathered on the stack and copied into a string of their size: one
	// allocation, without the Builder's checks at every write.
	var stack [waitSlots * wirecore.ShortLen]byte // what waiting strings hold at most
	text := stack[:0]
	for k := range w {
		x := &w[k]
		start := len(text)
		text = append(text, s.in[x.start:x.end]...)
		x.start, x.end = int32(start), int32(len(text))
	}
	return w, string(text)
}

// moveWaiting writes the waiting strings into the room, which has space
// for them, and makes their bounds the room's.
func (s *scanner) moveWaiting() {
	for k := range s.waiting[:s.nwaiting] {
		x := &s.waiting[k]
		start := s.text.Len()
		s.text.Write(s.in[x.start:x.end])
		x.start, x.end = int32(start), int32(s.text.Len())
	}
}

// textRoom returns the room for the strings decoded from the string
// element at in[from] on: the content lengths of the string elements at
// or after from among the s.scans top-level elements the call reads from
// s.top on. A scanner that does not know how many it reads (the one
// inside a descending element, whose input is that element alone) makes
// room for the rest of its input.
func (s *scanner) textRoom(from int) int {
	if s.scans <= 0 {
		return len(s.in) - from
	}
	room, _, ok := s.stringsIn(wirecore.TopLevel(s.top), s.scans, from, 0)
	if !ok {
		return len(s.in) - from // framing fails further on: the scan will say where
	}
	return room
}

// stringsIn sums the content lengths of the string elements at or after
// from among the first n elements of level l (every element of a nested
// level when n < 0) and returns the offset after them; ok is false when
// the framing fails.
func (s *scanner) stringsIn(l wirecore.Level, n, from, depth int) (room, end int, ok bool) {
	for i := 0; n < 0 || i < n; i++ {
		st, at := l.Next(s.in)
		switch st {
		case wirecore.StepEnd:
			return room, l.Pos, true
		case wirecore.StepOpen:
			return room, len(s.in), s.lenient
		case wirecore.StepNull:
			continue
		}
		// Inlined: the fixed-size elements, which frame by their code.
		if n := wirecore.FixedSize(s.in[at]); n > 0 && n <= len(s.in)-at {
			l.Pos = at + n
			continue
		}
		switch types.Code(s.in[at]) {
		case types.CodeString:
			contentEnd, next, _, f := wirecore.StringSpan(s.in, at, s.lenient)
			if f.Failed() {
				return 0, 0, false
			}
			if at >= from {
				room += contentEnd - (at + 1)
			}
			l.Pos = next
		case types.CodeNested:
			if depth >= wirecore.MaxDepth {
				return 0, 0, false
			}
			inner, next, ok := s.stringsIn(wirecore.NestedLevel(at), -1, from, depth+1)
			if !ok {
				return 0, 0, false
			}
			room, l.Pos = room+inner, next
		default:
			next, f := s.frame(at, depth)
			if f.Failed() {
				return 0, 0, false
			}
			l.Pos = next
		}
	}
	return room, l.Pos, true
}
