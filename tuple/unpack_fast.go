package tuple

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/fdbtuple/fdbtuple/types"
)

// The strict Unpack runs in two passes so that it allocates a handful of
// times whatever the tuple holds, instead of once or twice per element:
//
//  1. shape walks the framing (as Next does) and counts the elements of
//     every tuple and the bytes of string and byte-string content;
//  2. fill decodes into one slab of elements, carved into the top-level
//     tuple and each nested tuple, one buffer for all byte strings and one
//     Go string for all strings, whose elements are substrings of it.
//
// Any fault found on the way sends the input to the one-pass decoder in
// decode.go, which reports the first fault in input order. Both decoders
// accept exactly the same inputs; the fuzz targets compare them.

// shape is what pass 1 learns.
type shape struct {
	elems int // elements of every tuple, all levels
	text  int // content bytes of all strings
	blob  int // content bytes of all byte strings
	// The element count of every nested tuple, in the order their 05
	// bytes appear, which is the order pass 2 meets them in: the first
	// ones in an array, so that most keys need no allocation for them
	// (a slice into a local array would escape with the filler), the
	// rest in more.
	counts  [8]int
	more    []int
	nNested int
}

// addNested reserves the count of the next nested tuple.
func (sh *shape) addNested() int {
	i := sh.nNested
	sh.nNested++
	if i >= len(sh.counts) {
		sh.more = append(sh.more, 0)
	}
	return i
}

// count returns a pointer to the count of the i-th nested tuple.
func (sh *shape) count(i int) *int {
	if i < len(sh.counts) {
		return &sh.counts[i]
	}
	return &sh.more[i-len(sh.counts)]
}

// shapeTuple returns the position after the tuple and its element count.
func (d *decoder) shapeTuple(pos int, nested bool, depth int, sh *shape) (next, n int, ok bool) {
	for {
		if pos >= len(d.in) {
			sh.elems += n
			return pos, n, !nested
		}
		if nested && d.in[pos] == 0x00 {
			if pos+1 < len(d.in) && d.in[pos+1] == 0xFF {
				pos += 2
				n++
				continue
			}
			sh.elems += n
			return pos + 1, n, true
		}
		if pos, ok = d.shapeElem(pos, depth, sh); !ok {
			return pos, n, false
		}
		n++
	}
}

func (d *decoder) shapeElem(pos, depth int, sh *shape) (int, bool) {
	switch types.Code(d.in[pos]) {
	case types.CodeBytes, types.CodeString:
		if n := shortStringLen(d.in[pos:]); n > 0 {
			if d.in[pos] == byte(types.CodeBytes) {
				sh.blob += n - 2
			} else {
				sh.text += n - 2
			}
			return pos + n, true
		}
		end, escapes, found := terminator(d.in, pos+1)
		if !found {
			return pos, false
		}
		if d.in[pos] == byte(types.CodeBytes) {
			sh.blob += end - pos - 1 - escapes
		} else {
			sh.text += end - pos - 1 - escapes
		}
		return end + 1, true
	case types.CodeNested:
		if depth >= MaxDepth {
			return pos, false
		}
		i := sh.addNested()
		next, n, ok := d.shapeTuple(pos+1, true, depth+1, sh)
		*sh.count(i) = n
		return next, ok
	}
	next, err := d.skip(pos, depth)
	return next, err == nil
}

// filler is pass 2's state.
type filler struct {
	d    decoder
	slab []any // unused elements, carved from the front
	// text holds the content of every string. It is grown once to its
	// final size, so the string it returns never moves, and each string
	// element is a substring of it: one allocation for all of them.
	text strings.Builder
	blob []byte // unused byte-string memory, carved from the front
	// sh is the shape pass's result; nextNested indexes the count of the
	// next nested tuple to fill.
	sh         shape
	nextNested int
}

// unpackFast is the strict two-pass decoder. ok is false when the input
// has a fault, which the caller then reports with the one-pass decoder.
func unpackFast(b []byte) (t Tuple, ok bool) {
	f := filler{d: decoder{in: b}}
	_, top, ok := f.d.shapeTuple(0, false, 0, &f.sh)
	if !ok {
		return nil, false
	}
	sh := &f.sh
	f.slab = make([]any, sh.elems)
	f.text.Grow(sh.text)
	if sh.blob > 0 {
		f.blob = make([]byte, sh.blob)
	}
	t = f.take(top)
	if _, ok := f.fillTuple(t, 0, false, 0); !ok {
		return nil, false
	}
	return t, true
}

// take carves the next n elements from the slab, capacity-limited so that
// appending to one decoded tuple cannot overwrite another.
func (f *filler) take(n int) Tuple {
	if n == 0 {
		return nil // an empty tuple decodes as nil, as in the official binding
	}
	t := f.slab[:n:n]
	f.slab = f.slab[n:]
	return t
}

func (f *filler) fillTuple(t Tuple, pos int, nested bool, depth int) (int, bool) {
	in := f.d.in
	for i := range t {
		if nested && in[pos] == 0x00 { // shape saw that this is 00 FF
			pos += 2
			continue
		}
		next, ok := f.fillElem(&t[i], pos, depth)
		if !ok {
			return pos, false
		}
		pos = next
	}
	if nested {
		pos++ // the closing 00
	}
	return pos, true
}

func (f *filler) fillElem(slot *any, pos, depth int) (int, bool) {
	in := f.d.in
	switch types.Code(in[pos]) {
	case types.CodeNull:
		return pos + 1, true
	case types.CodeString:
		start := f.text.Len()
		end := pos + shortStringLen(in[pos:]) - 1
		if end > pos {
			f.text.Write(in[pos+1 : end])
		} else {
			end = writeUntilTerminator(&f.text, in, pos+1)
		}
		s := f.text.String()[start:]
		if !plainASCII(s) && !utf8.ValidString(s) {
			return pos, false
		}
		*slot = s
		return end + 1, true
	case types.CodeBytes:
		out, end := appendUntilTerminator(f.blob[:0], in, pos+1)
		*slot = out[:len(out):len(out)]
		f.blob = f.blob[len(out):]
		return end + 1, true
	case types.CodeUUID:
		var u UUID
		copy(u[:], in[pos+1:pos+17]) // shape checked the length
		*slot = u
		return pos + 17, true
	case types.CodeNested:
		inner := f.take(*f.sh.count(f.nextNested))
		f.nextNested++
		*slot = inner
		return f.fillTuple(inner, pos+1, true, depth+1)
	}
	if iv, n, ok := fixedInt(in[pos:]); ok {
		// Fixed-size integers, the commonest element, without the
		// general decoder (which reports the faults fixedInt refuses).
		*slot = iv.value()
		return pos + n, true
	}
	v, next, err := f.d.element(pos, depth)
	if err != nil {
		return pos, false
	}
	*slot = v
	return next, true
}

// appendUntilTerminator appends the unescaped content of the byte or text
// string whose content starts at in[from], and returns the position of
// its terminator. The shape pass has found that terminator, so one search
// per zero both unescapes and finds the end.
func appendUntilTerminator(dst, in []byte, from int) ([]byte, int) {
	for {
		end := from + bytes.IndexByte(in[from:], 0x00)
		if end+1 >= len(in) || in[end+1] != 0xFF {
			return append(dst, in[from:end]...), end
		}
		dst = append(dst, in[from:end+1]...) // through the escaped 00
		from = end + 2
		for from+1 < len(in) && in[from] == 0x00 && in[from+1] == 0xFF {
			dst = append(dst, 0x00) // a run of zeros without a new search
			from += 2
		}
	}
}

// writeUntilTerminator is appendUntilTerminator for a strings.Builder.
func writeUntilTerminator(w *strings.Builder, in []byte, from int) int {
	for {
		end := from + bytes.IndexByte(in[from:], 0x00)
		if end+1 >= len(in) || in[end+1] != 0xFF {
			w.Write(in[from:end])
			return end
		}
		w.Write(in[from : end+1]) // through the escaped 00
		from = end + 2
		for from+1 < len(in) && in[from] == 0x00 && in[from+1] == 0xFF {
			w.WriteByte(0x00)
			from += 2
		}
	}
}
