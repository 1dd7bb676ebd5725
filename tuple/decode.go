package tuple

import (
	"encoding/binary"
	"slices"
	"strings"

	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
	"github.com/fdbtuple/fdbtuple/types"
)

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
			t, _, f := d.fillTuple(wirecore.TopLevel(start), 0)
			if f.Failed() { // content the shape pass does not read: UTF-8, minimal integers
				return nil, d.error(f)
			}
			return t, nil
		}
		d.discard = true // find the first fault in input order, keeping nothing
	}
	t, _, f := d.tuple(wirecore.TopLevel(start), 0)
	if f.Failed() {
		return nil, d.error(f)
	}
	if d.discard {
		// The shape pass and the decoder disagree on whether the input
		// is well formed; believe the decoder, which checks more.
		d.discard = false
		t, _, _ = d.tuple(wirecore.TopLevel(start), 0)
	}
	return t, nil
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
func (d *decoder) tuple(l wirecore.Level, depth int) (Tuple, int, wirecore.Fault) {
	if d.filling {
		return d.fillTuple(l, depth)
	}
	var t Tuple // nil when empty, as the official binding decodes it
	var v any   // the growing and checking decoders' slot
	for i := 0; ; i++ {
		s, at := l.Next(d.in)
		switch s {
		case wirecore.StepEnd:
			return t, l.Pos, wirecore.Fault{}
		case wirecore.StepOpen:
			if d.lenient {
				return t, len(d.in), wirecore.Fault{}
			}
			return nil, 0, wirecore.FaultAt(l.Open, wirecore.FaultOpen)
		case wirecore.StepElem:
			var f wirecore.Fault
			if l.Pos, f = d.element(&v, at, depth); f.Failed() {
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
func (d *decoder) fillTuple(l wirecore.Level, depth int) (Tuple, int, wirecore.Fault) {
	t := d.carve()
	for i := range t {
		if l.SkipNull(d.in) {
			continue
		}
		var f wirecore.Fault
		if l.Pos, f = d.element(&t[i], l.Pos, depth); f.Failed() {
			d.trail.add(i)
			return nil, 0, f
		}
	}
	return t, l.End(), wirecore.Fault{}
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
func (d *decoder) element(slot *any, pos, depth int) (int, wirecore.Fault) {
	in := d.in
	switch types.Code(in[pos]) { // the commonest elements first
	case types.CodeString:
		return d.string(slot, pos)
	case types.CodeBytes:
		return d.bytes(slot, pos)
	case types.CodeUUID:
		if len(in)-pos >= wirecore.SizeUUID {
			if !d.discard {
				*slot = UUID(in[pos+1 : pos+wirecore.SizeUUID])
			}
			return pos + wirecore.SizeUUID, wirecore.Fault{}
		}
	}
	if iv, n, ok := wirecore.FixedInt(in[pos:]); ok {
		if !d.discard {
			*slot = iv.Value()
		}
		return pos + n, wirecore.Fault{}
	}
	return d.rarer(slot, pos, depth)
}

// rarer decodes the kinds element leaves out, to keep its common path
// small.
func (d *decoder) rarer(slot *any, pos, depth int) (int, wirecore.Fault) {
	in := d.in
	code := types.Code(in[pos])
	switch code.Kind() {
	case types.KindNull:
		return pos + 1, wirecore.Fault{}
	case types.KindTuple:
		if depth >= wirecore.MaxDepth {
			return 0, wirecore.FaultAt(pos, wirecore.FaultTooDeep)
		}
		t, end, f := d.tuple(wirecore.NestedLevel(pos), depth+1)
		if !f.Failed() && !d.discard {
			*slot = t
		}
		return end, f
	case types.KindInt:
		iv, end, f := wirecore.ReadInt(in, pos, d.lenient)
		if !f.Failed() && !d.discard {
			*slot = iv.Value()
		}
		return end, f
	case types.KindBool:
		if !d.discard {
			*slot = code == types.CodeTrue
		}
		return pos + 1, wirecore.Fault{}
	}
	if n := wirecore.FixedSize(in[pos]); n > 0 { // the other fixed-size kinds
		switch {
		case n > len(in)-pos:
			return 0, wirecore.FaultAt(pos, wirecore.FaultShort)
		case d.discard:
			return pos + n, wirecore.Fault{}
		}
		switch code.Kind() {
		case types.KindFloat32:
			*slot = wirecore.DecodeFloat32(binary.BigEndian.Uint32(in[pos+1:]))
			return pos + n, wirecore.Fault{}
		case types.KindFloat64:
			*slot = wirecore.DecodeFloat64(binary.BigEndian.Uint64(in[pos+1:]))
			return pos + n, wirecore.Fault{}
		case types.KindUUID:
			*slot = UUID(in[pos+1 : pos+n])
			return pos + n, wirecore.Fault{}
		case types.KindVersionstamp:
			*slot = wirecore.DecodeVersionstamp(in[pos+1 : pos+n])
			return pos + n, wirecore.Fault{}
		}
	}
	return d.extension(slot, pos)
}
