package tuple

import (
	"encoding/binary"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/fdbtuple/fdbtuple/types"
)

// MaxDepth is the deepest nesting of tuples that the encoder writes and the
// decoder reads: a top-level tuple is depth 0 and each nested tuple one more.
// It bounds the recursion on hostile input, so that a key of a million 05
// bytes is an ErrTooDeep error rather than a stack overflow. Real key
// schemas nest a handful of levels.
const MaxDepth = 100

// Unpack decodes a packed tuple strictly: it accepts exactly the bytes that
// the official encoders write (see the package doc), and returns a
// *DecodeError for anything else. The result shares no memory with b.
func Unpack(b []byte) (Tuple, error) {
	return Codec{}.Unpack(b)
}

// The decoder is the one reader of element values. It runs in one of three
// ways:
//
//   - filling: a shape pass (shape.go) has framed the whole input and
//     counted what it holds, so the decoder carves every tuple from one
//     slab of elements, every byte string from one buffer, and every
//     string as a substring of one Go string: a handful of allocations
//     whatever the tuple holds;
//   - growing: for what the shape pass does not frame (lenient input,
//     extension elements), each tuple grows as it is decoded;
//   - checking: when the shape pass met a fault, the decoder reads the
//     input again, keeping nothing, to report the first fault in input
//     order.
type decoder struct {
	framer
	rawUTF8 bool // Codec.AllowInvalidUTF8
	discard bool // checking: keep no decoded element

	// Filling: the shape pass's result and the memory it sized.
	filling bool
	shape   shape
	filled  int    // how many tuples have been carved so far
	slab    []any  // unused elements, carved from the front
	blob    []byte // unused byte-string memory, carved from the front
	text    strings.Builder
	spare   []byte // unescaping room for strings holding a 00

	// The last refusal of an extension, so that reporting it does not
	// decode the element again.
	refusal *refusal
	// trail is the path of a fault, innermost index first, which each
	// level adds to as the fault passes out of it.
	trail trail
}

// unpack decodes the tuple that starts at in[start] with c's options.
// Offsets in its errors count from in[0].
func unpack(c Codec, in []byte, start int) (Tuple, error) {
	if len(c.Extensions) > 0 {
		if err := c.check(); err != nil {
			return nil, err
		}
	}
	var d decoder
	d.start(c, in)
	if d.codec == nil && !d.lenient {
		if d.shape.measure(in, start) {
			d.fill()
			t, _, f := d.fillTuple(topLevel(start), 0)
			if f.failed() { // content the shape pass does not read: UTF-8, minimal integers
				return nil, d.error(f)
			}
			return t, nil
		}
		d.discard = true // find the first fault in input order, keeping nothing
	}
	t, _, f := d.tuple(topLevel(start), 0)
	if f.failed() {
		return nil, d.error(f)
	}
	if d.discard {
		// The shape pass and the decoder disagree on whether the input
		// is well formed; believe the decoder, which checks more.
		d.discard = false
		t, _, _ = d.tuple(topLevel(start), 0)
	}
	return t, nil
}

// codecFramer returns a framer of in with c's extensions and leniency.
func codecFramer(c Codec, in []byte) framer {
	fr := framer{in: in, lenient: c.Lenient}
	if len(c.Extensions) > 0 {
		withExt := c
		fr.codec = &withExt
	}
	return fr
}

// start readies d to decode in with c's options, growing its tuples. (A
// decoder is large: it is set up in place rather than returned.)
func (d *decoder) start(c Codec, in []byte) {
	d.in, d.lenient, d.rawUTF8 = in, c.Lenient, c.AllowInvalidUTF8
	if len(c.Extensions) > 0 {
		withExt := c // on the heap only when there are extensions to carry
		d.codec = &withExt
	}
}

// fill readies the decoder to fill the memory that its shape measured.
func (d *decoder) fill() {
	sh := &d.shape
	d.filling = true
	d.slab = make([]any, sh.elems)
	if sh.text > 0 {
		d.text.Grow(sh.text)
	}
	if sh.blob > 0 {
		d.blob = make([]byte, sh.blob)
	}
}

// tuple decodes the elements of one level and returns the offset after
// it: growing the tuple as it goes, or checking only; fillTuple fills.
func (d *decoder) tuple(l level, depth int) (Tuple, int, fault) {
	if d.filling {
		return d.fillTuple(l, depth)
	}
	var t Tuple // nil when empty, as the official binding decodes it
	var v any   // the growing and checking decoders' slot
	for i := 0; ; i++ {
		s, at := l.next(d.in)
		switch s {
		case stepEnd:
			return t, l.pos, fault{}
		case stepOpen:
			if d.lenient {
				return t, len(d.in), fault{}
			}
			return nil, 0, fault{l.open, faultOpen}
		case stepElem:
			var f fault
			if l.pos, f = d.element(&v, at, depth); f.failed() {
				d.trail.add(i)
				return nil, 0, f
			}
		}
		if !d.discard {
			if len(t) == cap(t) {
				// Double: append's growth of 1.25x for large slices
				// allocates five times the final size on the way.
				t = slices.Grow(t, max(len(t), 4))
			}
			t = append(t, v)
			v = nil
		}
	}
}

// fillTuple is tuple when filling: the shape pass has framed the level
// and counted its elements, so the loop runs by the count, and the
// level only tells a nested null from an element.
func (d *decoder) fillTuple(l level, depth int) (Tuple, int, fault) {
	t := d.carve()
	for i := range t {
		if l.skipNull(d.in) {
			continue
		}
		var f fault
		if l.pos, f = d.element(&t[i], l.pos, depth); f.failed() {
			d.trail.add(i)
			return nil, 0, f
		}
	}
	return t, l.end(), fault{}
}

// carve takes the next tuple's elements from the slab, capacity-limited
// so that appending to one decoded tuple cannot overwrite another.
func (d *decoder) carve() Tuple {
	n := d.shape.count(d.filled)
	d.filled++
	if n == 0 {
		return nil
	}
	t := d.slab[:n:n]
	d.slab = d.slab[n:]
	return t
}

// element decodes the element at in[pos], which must exist, and returns
// the offset after it. The value goes to *slot, which is left alone for
// a null and when checking.
func (d *decoder) element(slot *any, pos, depth int) (int, fault) {
	in := d.in
	switch types.Code(in[pos]) { // the commonest elements first
	case types.CodeString:
		return d.string(slot, pos)
	case types.CodeBytes:
		return d.bytes(slot, pos)
	case types.CodeUUID:
		if len(in)-pos >= SizeUUID {
			if !d.discard {
				*slot = UUID(in[pos+1 : pos+SizeUUID])
			}
			return pos + SizeUUID, fault{}
		}
	}
	if iv, n, ok := fixedInt(in[pos:]); ok {
		if !d.discard {
			*slot = iv.value()
		}
		return pos + n, fault{}
	}
	return d.rarer(slot, pos, depth)
}

// rarer decodes the kinds element leaves out, to keep its common path
// small.
func (d *decoder) rarer(slot *any, pos, depth int) (int, fault) {
	in := d.in
	code := types.Code(in[pos])
	switch code.Kind() {
	case types.KindNull:
		return pos + 1, fault{}
	case types.KindTuple:
		if depth >= MaxDepth {
			return 0, fault{pos, faultTooDeep}
		}
		t, end, f := d.tuple(nestedLevel(pos), depth+1)
		if !f.failed() && !d.discard {
			*slot = t
		}
		return end, f
	case types.KindInt:
		iv, end, f := readInt(in, pos, d.lenient)
		if !f.failed() && !d.discard {
			*slot = iv.value()
		}
		return end, f
	case types.KindBool:
		if !d.discard {
			*slot = code == types.CodeTrue
		}
		return pos + 1, fault{}
	}
	if n := fixedSize[in[pos]]; n > 0 { // the other fixed-size kinds
		switch {
		case n > len(in)-pos:
			return 0, fault{pos, faultShort}
		case d.discard:
			return pos + n, fault{}
		}
		switch code.Kind() {
		case types.KindFloat32:
			*slot = decodeFloat32(binary.BigEndian.Uint32(in[pos+1:]))
			return pos + n, fault{}
		case types.KindFloat64:
			*slot = decodeFloat64(binary.BigEndian.Uint64(in[pos+1:]))
			return pos + n, fault{}
		case types.KindUUID:
			*slot = UUID(in[pos+1 : pos+n])
			return pos + n, fault{}
		case types.KindVersionstamp:
			*slot = decodeVersionstamp(in[pos+1 : pos+n])
			return pos + n, fault{}
		}
	}
	return d.extension(slot, pos)
}

// extension decodes an element of one of the codec's extensions.
func (d *decoder) extension(slot *any, pos int) (int, fault) {
	if d.codec == nil {
		return 0, fault{pos, faultCode}
	}
	x := d.codec.extensionFor(types.Code(d.in[pos]))
	if x == nil {
		return 0, fault{pos, faultCode}
	}
	v, n, err := x.ConsumeElement(d.in[pos:], *d.codec)
	if err != nil || n <= 0 || n > len(d.in)-pos {
		d.refusal = &refusal{pos, n, err}
		return 0, fault{pos, faultExtension}
	}
	*slot = v
	return pos + n, fault{}
}

// A refusal is an extension's answer to an element it did not decode.
type refusal struct {
	pos, n int
	err    error
}

// bytes decodes the byte string at in[pos] into new memory.
func (d *decoder) bytes(slot *any, pos int) (int, fault) {
	if d.filling { // the shape pass found the terminator: one read
		out, end := appendUnescaped(d.blob[:0], d.in, pos+1)
		d.blob = d.blob[len(out):]
		*slot = out[:len(out):len(out)]
		return end + 1, fault{}
	}
	end, next, esc, f := stringSpan(d.in, pos, d.lenient)
	if f.failed() || d.discard {
		return next, f
	}
	raw := d.in[pos+1 : end]
	*slot = unescaped(make([]byte, 0, len(raw)-esc), raw, esc)
	return next, f
}

// string decodes the string at in[pos], checking its UTF-8 unless the
// codec allows invalid UTF-8.
func (d *decoder) string(slot *any, pos int) (int, fault) {
	end, ascii := shortEnd(d.in, pos+1)
	next, esc := end+1, 0
	if end < 0 {
		var f fault
		if end, next, esc, f = stringSpanLong(d.in, pos, d.lenient); f.failed() {
			return 0, f
		}
	}
	if d.filling { // into the one string of all strings
		start := d.text.Len()
		if esc == 0 {
			d.text.Write(d.in[pos+1 : end])
		} else {
			writeUnescaped(&d.text, d.in[:end], pos+1)
		}
		v := d.text.String()[start:]
		if !ascii && !d.rawUTF8 && !utf8.ValidString(v) {
			return 0, fault{pos, faultUTF8}
		}
		*slot = v
		return next, fault{}
	}
	content := d.in[pos+1 : end]
	if esc > 0 {
		d.spare = unescaped(d.spare[:0], content, esc)
		content = d.spare
	}
	if !ascii && !d.rawUTF8 && !utf8.Valid(content) {
		return 0, fault{pos, faultUTF8}
	}
	if !d.discard {
		*slot = string(content)
	}
	return next, fault{}
}
