package gobinding_test

import (
	"math"
	"math/big"
	"math/rand/v2"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/tuple"
)

// userID is a named integer type: this module packs it as an integer, the
// official binding panics on it.
type userID int64

// randomTuples draws tuples of every element type the official binding
// packs, with edge values biased in, plus a few it does not pack.
type randomTuples struct {
	rng *rand.Rand
}

func newRandomTuples(seed uint64) *randomTuples {
	return &randomTuples{rng: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
}

func (r *randomTuples) tuple(depth int) tuple.Tuple {
	n := r.rng.IntN(6)
	if depth > 0 && r.rng.IntN(8) == 0 {
		if r.rng.IntN(2) == 0 {
			return nil
		}
		return tuple.Tuple{}
	}
	t := make(tuple.Tuple, n)
	for i := range t {
		t[i] = r.elem(depth)
	}
	return t
}

func (r *randomTuples) elem(depth int) any {
	switch k := r.rng.IntN(100); {
	case k < 6:
		return nil
	case k < 14:
		return r.bytes()
	case k < 26:
		return r.string()
	case k < 44:
		return r.int()
	case k < 50:
		return r.float32()
	case k < 56:
		return r.float64()
	case k < 60:
		return r.rng.IntN(2) == 0
	case k < 64:
		var u tuple.UUID
		for i := range u {
			u[i] = byte(r.rng.Uint32())
		}
		return u
	case k < 69:
		var v tuple.Versionstamp
		for i := range v.TransactionVersion {
			v.TransactionVersion[i] = byte(r.rng.Uint32())
		}
		v.UserVersion = uint16(r.rng.Uint32())
		if r.rng.IntN(20) == 0 {
			v = tuple.IncompleteVersionstamp(v.UserVersion)
		}
		return v
	case k < 72:
		return fdb.Key(r.bytes())
	case k < 73:
		// Types only this module packs.
		switch r.rng.IntN(3) {
		case 0:
			return int32(r.rng.Int64())
		case 1:
			return uint8(r.rng.Uint32())
		}
		return userID(r.rng.Int64())
	case depth < 3:
		return r.tuple(depth + 1)
	}
	return r.int()
}

func (r *randomTuples) bytes() []byte {
	b := make([]byte, r.rng.IntN(12))
	for i := range b {
		switch r.rng.IntN(4) {
		case 0:
			b[i] = 0
		case 1:
			b[i] = 0xFF
		default:
			b[i] = byte(r.rng.Uint32())
		}
	}
	return b
}

// string draws valid UTF-8 with NULs and multi-byte runes, and one time in
// fifty bytes that are not valid UTF-8, which the official Pack writes as
// they are.
func (r *randomTuples) string() string {
	if r.rng.IntN(50) == 0 {
		return string(r.bytes()) + "\xff"
	}
	runes := []rune{0, 'a', 'z', '"', '\\', 'é', '€', '😀', 0x7F, '\n', 0xFFFD}
	out := make([]rune, r.rng.IntN(8))
	for i := range out {
		out[i] = runes[r.rng.IntN(len(runes))]
	}
	return string(out)
}

func (r *randomTuples) int() any {
	edges := []int64{0, 1, -1, 255, 256, -255, -256, math.MaxInt64, math.MinInt64, math.MaxInt32, 1 << 32, -(1 << 40)}
	switch r.rng.IntN(8) {
	case 0:
		return edges[r.rng.IntN(len(edges))]
	case 1:
		return int(r.rng.Int64() >> r.rng.IntN(64))
	case 2:
		return uint64(math.MaxInt64) + r.rng.Uint64N(math.MaxInt64)
	case 3:
		b := new(big.Int).Lsh(big.NewInt(1), uint(64+r.rng.IntN(200)))
		b.Add(b, big.NewInt(r.rng.Int64N(1000)-500))
		if r.rng.IntN(2) == 0 {
			b.Neg(b)
		}
		return b
	case 4:
		return new(big.Int).SetUint64(math.MaxUint64) // ±(2^64-1): the Go form
	case 5:
		return uint(r.rng.Uint64() >> r.rng.IntN(64))
	}
	return r.rng.Int64() >> r.rng.IntN(64)
}

func (r *randomTuples) float32() float32 {
	edges := []float32{0, float32(math.Copysign(0, -1)), 1, -1.5, float32(math.Inf(1)), float32(math.Inf(-1)), math.MaxFloat32, math.SmallestNonzeroFloat32}
	if r.rng.IntN(3) == 0 {
		return edges[r.rng.IntN(len(edges))]
	}
	return math.Float32frombits(r.rng.Uint32()) // NaN payloads included
}

func (r *randomTuples) float64() float64 {
	edges := []float64{0, math.Copysign(0, -1), 1, 2, -1.5, 1e21, math.Inf(1), math.Inf(-1), math.NaN(), math.MaxFloat64}
	if r.rng.IntN(3) == 0 {
		return edges[r.rng.IntN(len(edges))]
	}
	return math.Float64frombits(r.rng.Uint64())
}
