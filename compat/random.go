package compat

// The random differential run, and the shrinking of its failures: a
// failing random tuple is made smaller, element by element, for as long as
// the peer still fails on it the same way.

import (
	"fmt"
	"math/big"

	"github.com/fdbtuple/fdbtuple/property_test/gen"
	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/types"
	"github.com/google/uuid"
)

// redraws bounds how often a random tuple the peer cannot hold (an
// integer wider than the 64 bits it declares) is drawn again.
const redraws = 50

// random runs the differential categories on generated tuples: the peer
// must pack each as this codec does, unpack this codec's bytes to the
// same tuple, and order near-equal pairs the same way. Only the types the
// peer declares are generated; a tuple it cannot hold is drawn again.
func (c *checker) random() {
	if c.opts.Random <= 0 {
		return
	}
	var kinds []types.Kind
	for _, k := range []types.Kind{types.KindNull, types.KindBytes, types.KindString, types.KindTuple, types.KindInt,
		types.KindFloat32, types.KindFloat64, types.KindBool, types.KindUUID, types.KindVersionstamp} {
		name := k.String()
		if c.report.Peer.hasType(name) || (name == "int" && c.report.Peer.hasType(TypeInt64)) {
			kinds = append(kinds, k)
		}
	}
	sp, su, so := c.section("random pack"), c.section("random unpack"), c.section("random order")
	if len(kinds) == 0 { // nothing to draw (and gen would draw every kind)
		sp.Skipped, su.Skipped, so.Skipped = c.opts.Random, c.opts.Random, c.opts.Random
		return
	}
	opts := gen.Options{Kinds: kinds, MinLen: 1}
	tuples, pairs := gen.Tuple(opts), gen.NearPair(opts)
	for i := range c.opts.Random {
		if c.ctx.Err() != nil {
			return
		}
		seed := c.opts.Seed*1_000_003 + i
		name := fmt.Sprintf("random/%d", i)
		t, ok := draw(seed, c.report.Peer.holds, tuples.Example)
		if !ok {
			c.record(sp, name, outcome{skipped: true})
			c.record(su, name, outcome{skipped: true})
		} else {
			c.record(sp, name, c.randomPack(t))
			c.record(su, name, c.randomUnpack(t))
		}
		p, ok := draw(seed, func(p [2]tuple.Tuple) bool { return c.report.Peer.holds(p[0]) && c.report.Peer.holds(p[1]) }, pairs.Example)
		if !ok {
			c.record(so, name, outcome{skipped: true})
		} else {
			c.record(so, name, c.randomOrder(tuple.Tuple{p[0], p[1]}))
		}
	}
}

// draw returns the first example, from seed on, that ok accepts.
func draw[T any](seed int, ok func(T) bool, example func(...int) T) (T, bool) {
	var zero T
	for k := range redraws {
		v := example(seed + k*7919)
		if ok(v) {
			return v, true
		}
	}
	return zero, false
}

func (c *checker) randomPack(t tuple.Tuple) outcome {
	ours, err := (tuple.Codec{}).Pack(t)
	if err != nil {
		return pass() // generated tuples always pack; guard against a generator change
	}
	o := c.expectPack(t, ours)
	o.subject, o.rerun = t, c.randomPack
	return o
}

func (c *checker) randomUnpack(t tuple.Tuple) outcome {
	ours, err := (tuple.Codec{}).Pack(t)
	if err != nil {
		return pass()
	}
	o := c.expectUnpack(ours, t)
	o.subject, o.rerun = t, c.randomUnpack
	return o
}

// randomOrder orders the pair held in p, a tuple of two tuples, so that
// a pair shrinks as one tuple does.
func (c *checker) randomOrder(p tuple.Tuple) outcome {
	if len(p) != 2 {
		return pass()
	}
	a, aok := p[0].(tuple.Tuple)
	b, bok := p[1].(tuple.Tuple)
	if !aok || !bok {
		return pass()
	}
	o := c.expectOrder(a, b)
	o.subject, o.rerun = p, c.randomOrder
	return o
}

// shrink makes a failing random row's input smaller while the peer still
// fails on it with the same problem and cause, outside any known
// divergence: it drops elements and simplifies them (at any depth), keeps
// each step that still fails, and stops when no step does or after
// ShrinkSteps tries. It returns the smallest failing outcome found.
func (c *checker) shrink(section, row string, f failure) (outcome, bool) {
	if f.rerun == nil || c.opts.ShrinkSteps < 0 {
		return outcome{}, false
	}
	var best outcome
	found := false
	current := f.subject
	tries := 0
	for improved := true; improved && tries < c.opts.ShrinkSteps; {
		improved = false
		for _, cand := range simpler(current) {
			if tries >= c.opts.ShrinkSteps || c.ctx.Err() != nil {
				break
			}
			if !c.report.Peer.holds(cand) {
				continue
			}
			tries++
			o := f.rerun(cand)
			if o.fault {
				return best, found // a peer that hangs or crashes here would cost a timeout a try
			}
			if o.ok || o.skipped || o.fault || o.problem+o.cause != f.key || len(c.ledger.explain(section, row, o)) > 0 {
				continue
			}
			best, found, current, improved = o, true, cand, true
			break
		}
	}
	return best, found
}

// simpler lists tuples a step simpler than t: each element dropped, then
// each element simplified, at any depth, the biggest steps first.
func simpler(t tuple.Tuple) []tuple.Tuple {
	var out []tuple.Tuple
	for i := range t {
		out = append(out, append(append(tuple.Tuple{}, t[:i]...), t[i+1:]...))
	}
	for i, v := range t {
		for _, s := range simplerValues(v) {
			c := append(tuple.Tuple{}, t...)
			c[i] = s
			out = append(out, c)
		}
	}
	return out
}

// simplerValues lists values a step simpler than v, of its own type.
func simplerValues(v any) []any {
	switch v := v.(type) {
	case tuple.Tuple:
		var out []any
		for _, s := range simpler(v) {
			out = append(out, s)
		}
		return out
	case []byte:
		if len(v) == 0 {
			return nil
		}
		return []any{[]byte{}, v[:len(v)/2], v[1:]}
	case string:
		r := []rune(v)
		if len(r) == 0 {
			return nil
		}
		return []any{"", string(r[:len(r)/2]), string(r[1:])}
	case int64:
		if v == 0 {
			return nil
		}
		return []any{int64(0), v / 2}
	case uint64:
		if v == 0 {
			return nil
		}
		return []any{int64(0), v / 2}
	case *big.Int:
		if v.Sign() == 0 {
			return nil
		}
		return []any{int64(0), new(big.Int).Quo(v, big.NewInt(2)), new(big.Int).Rsh(v, 8)}
	case float32:
		if v == 0 {
			return nil
		}
		return []any{float32(0)}
	case float64:
		if v == 0 {
			return nil
		}
		return []any{float64(0)}
	case bool:
		if !v {
			return nil
		}
		return []any{false}
	case uuid.UUID:
		if v == (uuid.UUID{}) {
			return nil
		}
		return []any{uuid.UUID{}}
	case types.Versionstamp:
		if v == (types.Versionstamp{}) {
			return nil
		}
		return []any{types.Versionstamp{}}
	}
	return nil
}
