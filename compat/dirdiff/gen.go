package dirdiff

import (
	"encoding/binary"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/fdbtuple/fdbtuple/tuple"
)

// Chooser makes the choices of a generated sequence: rapid's draws in the
// property (so that failures shrink: the first choice of every list is
// the simplest), a seeded source for the golden vectors.
type Chooser interface {
	// Intn returns a choice in [0, n); label names it in rapid's logs.
	Intn(n int, label string) int
}

// weighted is a list of choices with weights, the simplest first.
type weighted[T any] []struct {
	w int
	v T
}

func (ws weighted[T]) pick(c Chooser, label string) T {
	total := 0
	for _, x := range ws {
		total += x.w
	}
	n := c.Intn(total, label)
	for _, x := range ws {
		if n < x.w {
			return x.v
		}
		n -= x.w
	}
	panic("unreachable")
}

func pickOf[T any](c Chooser, label string, xs []T) T { return xs[c.Intn(len(xs), label)] }

// The names of generated paths: few, so that paths collide, with the
// cases a directory layer gets wrong: the empty name, "café" in NFC and in
// NFD (two directories: no binding normalizes), a character outside the
// BMP, a 00 byte (escaped in the key), a slash (one name, not two), and a
// long name.
var names = weighted[string]{
	{30, "a"}, {20, "b"}, {10, "c"}, {5, ""}, {5, "caf\u00e9"}, {5, "cafe\u0301"},
	{5, "\U0001D11E"}, {5, "x\x00y"}, {5, "a/b"}, {2, strings.Repeat("long", 30)},
}

var partitionLayer = Hex("partition")

// layerSpecs are the custom layers a sequence may add: node subspaces as
// tuples and as raw bytes, with and without a 00 to escape in node keys;
// content subspaces empty (sharing the default layer's), tuples and raw.
var (
	nodePrefixes = []Hex{
		tuple.Tuple{"dirs"}.Pack(), Hex("d"), Hex("\x00\x01"), tuple.Tuple{"n\x00"}.Pack(), Hex("\xfd"),
	}
	contentPrefixes = []Hex{
		{}, tuple.Tuple{"data"}.Pack(), Hex("c"), Hex("\x01\x00"), tuple.Tuple{1}.Pack(),
	}
)

// Loads a sequence may start with: stored versions of the default layer
// (DIRECTORY.md 1.2), keys where the allocator will look, and allocator
// states that start in the windows of 1024 and 8192, or one allocation
// short of an advance, without thousands of creates (4.5).
var loads = func() [][]Pair {
	version := Hex("\xfe\x01\xfe\x00\x01version\x00")
	v := func(major, minor, micro uint32) Hex {
		b := binary.LittleEndian.AppendUint32(nil, major)
		b = binary.LittleEndian.AppendUint32(b, minor)
		return binary.LittleEndian.AppendUint32(b, micro)
	}
	counter := func(start int64, count uint64) Pair {
		k := append(Hex("\xfe\x01\xfe\x00\x01hca\x00\x14"), tuple.Tuple{start}.Pack()...)
		return Pair{k, binary.LittleEndian.AppendUint64(nil, count)}
	}
	var taken []Pair // keys at every fourth candidate of window 0: "keys already at the prefix"
	for c := int64(0); c < 64; c += 4 {
		taken = append(taken, Pair{tuple.Tuple{c}.Pack(), Hex{}})
	}
	return [][]Pair{
		taken,
		{{version, v(1, 0, 0)}}, {{version, v(1, 0, 7)}}, {{version, v(1, 1, 0)}}, {{version, v(0, 9, 9)}},
		{{version, v(2, 0, 0)}}, {{version, Hex("\x01\x00\x00\x00\x00\x00\x00\x00")}},
		{{version, append(v(1, 0, 0), 0, 0)}},
		{counter(64768, 3)}, {counter(65792, 0)}, {counter(65792, 100)}, {counter(1<<31, 1)},
		// one or two allocations short of a window advance: 64 -> 1024 -> 8192
		{counter(0, 31)}, {counter(0, 30)}, {counter(192, 31)}, {counter(64768, 511)}, {counter(65792, 4095)},
	}
}()

// handle is a directory an operation returned, as the reference saw it.
type handle struct {
	id        int
	path      []string // absolute
	partition bool
}

// Gen generates the steps of a sequence, from what the reference side
// answered so far: the layers, the handles, the paths and prefixes seen.
type Gen struct {
	c        Chooser
	layers   []LayerSpec
	handles  []handle
	paths    [][]string
	prefixes []Hex
	steps    int
}

// NewGen starts a sequence.
func NewGen(c Chooser) *Gen {
	return &Gen{c: c, layers: []LayerSpec{{Node: Hex{0xfe}, Content: Hex{}}}}
}

// Next returns the next step's request: a load (only first), a new layer
// or, most often, a transaction of 1 to 5 operations.
func (g *Gen) Next() Step {
	g.steps++
	if g.steps == 1 && g.c.Intn(4, "load first") == 0 {
		return Step{Load: pickOf(g.c, "load", loads)}
	}
	if len(g.layers) < 4 && (g.steps == 1 && g.c.Intn(2, "layer first") == 0 || g.c.Intn(8, "new layer") == 0) {
		spec := LayerSpec{
			Node:    pickOf(g.c, "node", nodePrefixes),
			Content: pickOf(g.c, "content", contentPrefixes),
			Manual:  g.c.Intn(5, "manual") < 4,
		}
		return Step{NewLayer: &spec}
	}
	n := weighted[int]{{40, 1}, {25, 2}, {15, 3}, {10, 4}, {10, 5}}.pick(g.c, "ops")
	tx := &TxRequest{}
	for range n {
		tx.Ops = append(tx.Ops, g.op())
	}
	return Step{Tx: tx}
}

// Learn takes in the reference's answer to a step.
func (g *Gen) Learn(s Step, layerID int, r *TxResult) {
	if s.NewLayer != nil {
		for len(g.layers) <= layerID {
			g.layers = append(g.layers, LayerSpec{})
		}
		g.layers[layerID] = *s.NewLayer
	}
	if r == nil {
		return
	}
	for i, res := range r.Results {
		if res.Dir != nil {
			g.handles = append(g.handles, handle{res.Handle, res.Dir.Path, res.Dir.Partition})
			g.addPath(res.Dir.Path)
			if res.Dir.Prefix != nil {
				g.prefixes = append(g.prefixes, *res.Dir.Prefix)
			}
		}
		if res.Names != nil && i < len(s.Tx.Ops) {
			base := g.absOf(s.Tx.Ops[i])
			for _, n := range res.Names {
				g.addPath(append(slices.Clone(base), n))
			}
		}
	}
}

func (g *Gen) addPath(p []string) {
	for _, q := range g.paths {
		if slices.Equal(p, q) {
			return
		}
	}
	if len(g.paths) < 64 {
		g.paths = append(g.paths, slices.Clone(p))
	}
}

// absOf returns the absolute path an operation's path names, as far as
// the generator knows (a handle's path, then the op's).
func (g *Gen) absOf(op Op) []string {
	var base []string
	if op.Handle != 0 {
		for _, h := range g.handles {
			if h.id == op.Handle {
				base = h.path
			}
		}
	}
	return append(slices.Clone(base), op.Path...)
}

func (g *Gen) op() Op {
	kind := weighted[string]{
		{28, OpCreateOrOpen}, {12, OpCreate}, {10, OpOpen}, {8, OpCreatePrefix}, {8, OpMove},
		{5, OpMoveTo}, {6, OpRemove}, {5, OpRemoveIfExists}, {10, OpList}, {8, OpExists},
	}.pick(g.c, "op")
	op := Op{Op: kind}
	g.target(&op)
	switch kind {
	case OpCreateOrOpen, OpOpen:
		op.Path = g.path(op)
		op.Layer = g.layer(false)
	case OpCreate:
		op.Path = g.path(op)
		op.Layer = g.layer(true)
	case OpCreatePrefix:
		op.Path = g.path(op)
		op.Layer = g.layer(true)
		p := g.prefix(op)
		op.Prefix = &p
	case OpMove:
		op.Path = g.path(op)
		op.Path2 = g.destination(op, op.Path)
	case OpMoveTo:
		if len(g.handles) > 0 && g.c.Intn(8, "move_to a layer") > 0 {
			h := g.handles[g.c.Intn(len(g.handles), "handle")]
			op.LayerID, op.Handle = 0, h.id
			op.Path = g.destination(Op{}, h.path)
		} else {
			op.Path = g.path(Op{})
		}
	default:
		op.Path = g.path(op)
	}
	return op
}

// destination draws where a move goes: beside the source (its parent and
// another name), into another known directory, or anywhere.
func (g *Gen) destination(op Op, from []string) []string {
	switch g.c.Intn(3, "destination") {
	case 0:
		if len(from) > 0 {
			return append(slices.Clone(from[:len(from)-1]), names.pick(g.c, "name"))
		}
	case 1:
		return append(g.path(op), names.pick(g.c, "name"))
	}
	return g.path(op)
}

// target picks the layer or the handle an operation runs on: the default
// layer most often, a custom layer or a handle (any: of a directory since
// moved or removed, of one whose transaction failed, of a partition).
// create_prefix prefers layers that take manual prefixes.
func (g *Gen) target(op *Op) {
	switch (weighted[int]{{50, 0}, {25, 1}, {25, 2}}).pick(g.c, "target") {
	case 1:
		if len(g.layers) > 1 {
			op.LayerID = 1 + g.c.Intn(len(g.layers)-1, "layer id")
			if op.Op == OpCreatePrefix && !g.layers[op.LayerID].Manual && g.c.Intn(4, "keep") > 0 {
				op.LayerID = 0
			}
		}
	case 2:
		if len(g.handles) > 0 {
			op.Handle = g.handles[g.c.Intn(len(g.handles), "handle")].id
		}
	}
	if op.Op == OpCreatePrefix && op.Handle == 0 && !g.layers[op.LayerID].Manual {
		for id, l := range g.layers {
			if l.Manual && g.c.Intn(4, "manual layer") > 0 {
				op.LayerID = id
				break
			}
		}
	}
}

// path draws a path relative to op's target: a known path (made relative
// to a handle's), cut or extended, or a new one of 0 to 3 names.
func (g *Gen) path(op Op) []string {
	if len(g.paths) > 0 && g.c.Intn(4, "known path") > 0 {
		p := g.paths[g.c.Intn(len(g.paths), "which path")]
		if op.Handle != 0 {
			base := g.absOf(Op{Handle: op.Handle})
			if len(p) < len(base) || !slices.Equal(p[:len(base)], base) {
				return g.freshPath()
			}
			p = p[len(base):]
		}
		p = slices.Clone(p)
		switch g.c.Intn(4, "cut or extend") {
		case 1:
			if len(p) > 1 {
				p = p[:len(p)-1]
			}
		case 2:
			p = append(p, names.pick(g.c, "name"))
		}
		return p
	}
	return g.freshPath()
}

func (g *Gen) freshPath() []string {
	n := weighted[int]{{40, 1}, {35, 2}, {20, 3}, {3, 0}, {2, 4}}.pick(g.c, "depth")
	p := make([]string, n)
	for i := range p {
		p[i] = names.pick(g.c, "name")
	}
	return p
}

// layer draws an operation's layer argument: none most often,
// "partition" often enough to nest, and others. The empty layer is only
// given to creates: opening with it is a known divergence (Go demands an
// empty stored layer, Java opens anything).
func (g *Gen) layer(create bool) *Hex {
	choices := weighted[Hex]{{60, nil}, {22, partitionLayer}, {8, Hex("x")}, {5, Hex("\x00y\xff")}}
	if create {
		choices = append(choices, struct {
			w int
			v Hex
		}{5, Hex{}})
	}
	l := choices.pick(g.c, "layer")
	if l == nil {
		return nil
	}
	return &l
}

// prefix draws a manual prefix: as the bindingtester's generate_prefix
// does (random bytes, slices of "abcdefg" that overlap one another, the
// empty prefix), and the ones aimed at the prefix checks: inside the node
// subspace, a prefix or an extension of a prefix in use, the content
// prefix itself or followed by 15 (which blocks the allocator), and
// prefixes in FoundationDB's system keys.
func (g *Gen) prefix(op Op) Hex {
	spec := g.layers[op.LayerID]
	switch (weighted[int]{{25, 0}, {20, 1}, {5, 2}, {8, 3}, {10, 4}, {12, 5}, {5, 6}, {5, 7}, {8, 9}, {3, 8}}).pick(g.c, "prefix kind") {
	case 9:
		return append(slices.Clone(spec.Content), tuple.Tuple{int64(g.c.Intn(64, "candidate"))}.Pack()...)
	case 0:
		i := g.c.Intn(7, "from")
		return Hex("abcdefg"[i : i+1+g.c.Intn(7-i, "length")])
	case 1:
		n := 1 + g.c.Intn(4, "length")
		b := make(Hex, n)
		for i := range b {
			b[i] = pickOf(g.c, "byte", []byte{0x61, 0x00, 0x01, 0x15, 0x62, 0xfe, 0x14})
		}
		return b
	case 2:
		return Hex{}
	case 3:
		return append(slices.Clone(spec.Node), pickOf(g.c, "byte", []byte{0x01, 0x00, 0x15}))
	case 4, 5:
		if len(g.prefixes) == 0 {
			return Hex("b")
		}
		p := slices.Clone(g.prefixes[g.c.Intn(len(g.prefixes), "existing")])
		if g.c.Intn(2, "cut") == 0 && len(p) > 1 {
			return p[:len(p)-1]
		}
		return append(p, pickOf(g.c, "byte", []byte{0x00, 0x15, 0xff}))
	case 6:
		return slices.Clone(spec.Content)
	case 7:
		return append(slices.Clone(spec.Content), 0x15)
	default:
		return pickOf(g.c, "system", []Hex{{0xff}, {0xff, 0x01}, {0xff, 0xff}})
	}
}

// SeededChooser makes choices from a PCG stream seeded with seed: the
// same seed, the same sequence.
func SeededChooser(seed uint64) Chooser { return seededChooser{rand.New(rand.NewPCG(seed, 0))} }

type seededChooser struct{ r *rand.Rand }

func (c seededChooser) Intn(n int, _ string) int { return c.r.IntN(n) }
