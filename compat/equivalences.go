package compat

import (
	"bytes"
	"math"
	"sort"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/vectors"
)

// Equivalences are the exact, named ways a known divergence may make a
// peer's answer differ from this codec's. A divergence entry that names
// them covers a row only if the peer's answer equals this codec's once
// they are applied: nothing else is forgiven.
var equivalences = map[string]struct {
	// doc says what the equivalence forgives, for PROTOCOL.md and errors.
	doc string
	// peerBytes rewrites the peer's packed bytes into this codec's form.
	peerBytes func([]byte) []byte
	// ours rewrites a tuple the way the peer treats it.
	ours func(tuple.Tuple) tuple.Tuple
}{
	// The Python binding writes ±(2^64-1) as 1D 08 FF*8 / 0B F7 00*8 where
	// Go, Java and this codec write 1C FF*8 / 0C 00*8
	// (apple/foundationdb#1296).
	"python-big-int-form": {doc: "the peer packs 2^64-1 and -(2^64-1) as 1d 08 ff*8 and 0b f7 00*8", peerBytes: func(b []byte) []byte {
		b = bytes.ReplaceAll(b, pythonMax, goMax)
		return bytes.ReplaceAll(b, pythonMin, goMin)
	}},
	// CPython turns a float32 signalling NaN into a quiet one (it sets the
	// quiet bit) when it converts it to its double.
	"quiet-float32-snan": {doc: "the peer sets the quiet bit of float32 signalling NaNs", ours: quietFloat32},
}

var (
	pythonMax = []byte{0x1d, 0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}
	goMax     = []byte{0x1c, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}
	pythonMin = []byte{0x0b, 0xf7, 0, 0, 0, 0, 0, 0, 0, 0}
	goMin     = []byte{0x0c, 0, 0, 0, 0, 0, 0, 0, 0}
)

// quietFloat32 returns t with every float32 signalling NaN quieted, at any
// depth.
func quietFloat32(t tuple.Tuple) tuple.Tuple {
	out := make(tuple.Tuple, len(t))
	for i, v := range t {
		switch v := v.(type) {
		case float32:
			if bits := math.Float32bits(v); v != v && bits&(1<<22) == 0 {
				v = math.Float32frombits(bits | 1<<22)
			}
			out[i] = v
		case tuple.Tuple:
			out[i] = quietFloat32(v)
		default:
			out[i] = v
		}
	}
	return out
}

// Equivalences lists the names of the equivalences a divergence entry
// may give, each with what it forgives: "name: what".
func Equivalences() []string {
	var out []string
	for name, e := range equivalences {
		out = append(out, name+": "+e.doc)
	}
	sort.Strings(out)
	return out
}

// equivalent reports whether the peer's answer in o equals this codec's
// under the named equivalences.
func equivalent(names []string, o outcome) bool {
	rewriteBytes := func(b []byte) []byte { return b }
	rewriteTuple := func(t tuple.Tuple) tuple.Tuple { return t }
	for _, n := range names {
		e := equivalences[n]
		if f := e.peerBytes; f != nil {
			prev := rewriteBytes
			rewriteBytes = func(b []byte) []byte { return f(prev(b)) }
		}
		if f := e.ours; f != nil {
			prev := rewriteTuple
			rewriteTuple = func(t tuple.Tuple) tuple.Tuple { return f(prev(t)) }
		}
	}
	switch o.op {
	case "pack":
		ours, err := (tuple.Codec{}).Pack(rewriteTuple(o.in))
		return err == nil && o.gotBytes != nil && bytes.Equal(rewriteBytes(o.gotBytes), ours)
	case "unpack":
		return o.in != nil && o.gotTuple != nil && vectors.Identical(o.gotTuple, rewriteTuple(o.in))
	case "order":
		return o.gotOrder == tuple.Compare(rewriteTuple(o.in), rewriteTuple(o.in2))
	}
	return false
}
