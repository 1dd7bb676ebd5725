// Package gen holds rapid generators of tuple elements and tuples, biased
// toward the edges of the encoding, for property tests of the tuple layer
// and of key schemas built on it.
//
// Every generator yields values in the Go types tuple.Unpack returns
// (int64, uint64 or *big.Int chosen by value; tuple.Tuple for nested
// tuples), so a round trip can be checked bit for bit:
//
//	rapid.Check(t, func(t *rapid.T) {
//		tup := gen.Tuple(gen.Options{}).Draw(t, "tuple")
//		back, err := tuple.Unpack(tup.Pack())
//		... // back is identical to tup
//	})
//
// Place in the import DAG: above tuple and nested, for tests only. It must
// not import compat's checks or cmd/fdbtuple.
package gen

import (
	"math"
	"math/big"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/types"
	"github.com/google/uuid"
	"pgregory.net/rapid"
)

// Options shape the tuples Tuple and Element generate. The zero value is
// usable: elements of every kind, tuples of up to 6 elements, nesting up
// to 3 levels, no incomplete versionstamps.
type Options struct {
	// MaxLen is the most elements a tuple (at any level) has; 0 means 6.
	MaxLen int
	// MinLen is the fewest elements a top-level tuple has.
	MinLen int
	// MaxDepth is the deepest nesting; 0 means 3, -1 means no nested tuples.
	MaxDepth int
	// Incomplete lets versionstamps be incomplete (which plain Pack
	// refuses).
	Incomplete bool
	// Kinds limits the element kinds; empty means all.
	Kinds []types.Kind
}

func (o Options) maxLen() int {
	if o.MaxLen <= 0 {
		return 6
	}
	return o.MaxLen
}

func (o Options) maxDepth() int {
	switch {
	case o.MaxDepth < 0:
		return 0
	case o.MaxDepth == 0:
		return 3
	}
	return o.MaxDepth
}

func (o Options) allows(k types.Kind) bool {
	if len(o.Kinds) == 0 {
		return true
	}
	for _, a := range o.Kinds {
		if a == k {
			return true
		}
	}
	return false
}

// Tuple generates tuples of elements of every allowed kind.
func Tuple(o Options) *rapid.Generator[tuple.Tuple] {
	return tupleAt(o, o.maxDepth(), min(o.MinLen, o.maxLen()))
}

func tupleAt(o Options, depth, minLen int) *rapid.Generator[tuple.Tuple] {
	return rapid.Custom(func(t *rapid.T) tuple.Tuple {
		elems := rapid.SliceOfN(elementAt(o, depth), minLen, o.maxLen()).Draw(t, "elems")
		return tuple.Tuple(elems)
	})
}

// Element generates one element of an allowed kind.
func Element(o Options) *rapid.Generator[any] {
	return elementAt(o, o.maxDepth())
}

func elementAt(o Options, depth int) *rapid.Generator[any] {
	var gens []*rapid.Generator[any]
	add := func(k types.Kind, g *rapid.Generator[any]) {
		if o.allows(k) {
			gens = append(gens, g)
		}
	}
	add(types.KindNull, rapid.Just[any](nil))
	add(types.KindBytes, Bytes().AsAny())
	add(types.KindString, String().AsAny())
	add(types.KindInt, Int())
	add(types.KindFloat32, Float32().AsAny())
	add(types.KindFloat64, Float64().AsAny())
	add(types.KindBool, rapid.Bool().AsAny())
	add(types.KindUUID, UUID().AsAny())
	add(types.KindVersionstamp, Versionstamp(o.Incomplete).AsAny())
	if depth > 0 && o.allows(types.KindTuple) {
		gens = append(gens, rapid.Deferred(func() *rapid.Generator[any] {
			return tupleAt(o, depth-1, 0).AsAny()
		}))
	}
	return rapid.OneOf(gens...)
}

// Bytes generates byte strings rich in 00 (escaped in the encoding) and FF.
func Bytes() *rapid.Generator[[]byte] {
	b := rapid.OneOf(rapid.Just(byte(0x00)), rapid.Just(byte(0xFF)), rapid.Just(byte(0x01)), rapid.Byte())
	return rapid.SliceOfN(b, 0, 24)
}

// String generates valid UTF-8 strings with NUL, ASCII, and 2-, 3- and
// 4-byte runes, including U+FFFF and runes above it, whose UTF-8 order
// differs from UTF-16 order.
func String() *rapid.Generator[string] {
	r := rapid.OneOf(
		rapid.Just(rune(0)),
		rapid.RuneFrom([]rune("abcxyz/-#")),
		rapid.RuneFrom([]rune{0x7F, 0x80, 0xE9, 0x7FF, 0x800, 0xFFFD, 0xFFFF, 0xE000, 0x10000, 0x1F600, 0x10FFFF}),
		rapid.Rune(),
	)
	return rapid.StringOfN(r, 0, 16, -1)
}

// Int generates integers at every byte-length boundary and beyond, of
// both signs, up to 255 magnitude bytes, typed as Unpack types them.
func Int() *rapid.Generator[any] {
	return rapid.OneOf(
		rapid.Int64Range(-300, 300).AsAny(),
		rapid.Int64().AsAny(),
		rapid.Custom(func(t *rapid.T) any { // ±2^(8k) + d: every length boundary
			k := rapid.IntRange(0, 32).Draw(t, "bytes")
			d := rapid.Int64Range(-2, 2).Draw(t, "delta")
			v := new(big.Int).Lsh(big.NewInt(1), uint(8*k))
			v.Add(v, big.NewInt(d))
			if rapid.Bool().Draw(t, "negative") {
				v.Neg(v)
			}
			return Normalize(v)
		}),
		rapid.Custom(func(t *rapid.T) any { // big magnitudes up to 255 bytes
			mag := rapid.SliceOfN(rapid.Byte(), 1, 255).Draw(t, "magnitude")
			v := new(big.Int).SetBytes(mag)
			if rapid.Bool().Draw(t, "negative") {
				v.Neg(v)
			}
			return Normalize(v)
		}),
		rapid.SampledFrom([]any{
			int64(math.MinInt64), int64(math.MaxInt64), uint64(math.MaxUint64), uint64(1 << 63),
			Normalize(new(big.Int).Neg(new(big.Int).SetUint64(math.MaxUint64))),
			Normalize(new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 2040), big.NewInt(1))),
			Normalize(new(big.Int).Sub(big.NewInt(1), new(big.Int).Lsh(big.NewInt(1), 2040))),
		}),
	)
}

// Normalize returns v in the Go type tuple.Unpack gives its value: int64
// when it fits, uint64 from 2^63 to 2^64-1, and v itself beyond. Tuples
// built with it compare identical, Go types included, to decoded ones.
func Normalize(v *big.Int) any {
	switch {
	case v.IsInt64():
		return v.Int64()
	case v.IsUint64():
		return v.Uint64()
	}
	return v
}

// Float32 generates float32s including ±0, ±Inf, subnormals, the extremes
// and NaNs with payloads (quiet and signalling, both signs).
func Float32() *rapid.Generator[float32] {
	return rapid.OneOf(
		rapid.Float32(),
		rapid.Custom(func(t *rapid.T) float32 { return math.Float32frombits(rapid.Uint32().Draw(t, "bits")) }),
		rapid.SampledFrom([]float32{
			0, float32(math.Copysign(0, -1)), float32(math.Inf(1)), float32(math.Inf(-1)),
			math.SmallestNonzeroFloat32, -math.SmallestNonzeroFloat32, math.MaxFloat32, -math.MaxFloat32,
			math.Float32frombits(0x7FC00000), math.Float32frombits(0x7F800001), math.Float32frombits(0xFFC00001),
			math.Float32frombits(0x007FFFFF), math.Float32frombits(0x00800000),
		}),
	)
}

// Float64 generates float64s the way Float32 generates float32s.
func Float64() *rapid.Generator[float64] {
	return rapid.OneOf(
		rapid.Float64(),
		rapid.Custom(func(t *rapid.T) float64 { return math.Float64frombits(rapid.Uint64().Draw(t, "bits")) }),
		rapid.SampledFrom([]float64{
			0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1),
			math.SmallestNonzeroFloat64, -math.SmallestNonzeroFloat64, math.MaxFloat64, -math.MaxFloat64,
			math.NaN(), math.Float64frombits(0x7FF0000000000001), math.Float64frombits(0xFFF8000000000001),
			math.Float64frombits(0x000FFFFFFFFFFFFF), math.Float64frombits(0x0010000000000000),
		}),
	)
}

// UUID generates UUIDs, often with 00 and FF bytes.
func UUID() *rapid.Generator[uuid.UUID] {
	b := rapid.OneOf(rapid.Just(byte(0x00)), rapid.Just(byte(0xFF)), rapid.Byte())
	return rapid.Custom(func(t *rapid.T) uuid.UUID {
		var u uuid.UUID
		copy(u[:], rapid.SliceOfN(b, 16, 16).Draw(t, "uuid"))
		return u
	})
}

// Versionstamp generates complete versionstamps and, if incomplete is
// true, incomplete ones too.
func Versionstamp(incomplete bool) *rapid.Generator[types.Versionstamp] {
	b := rapid.OneOf(rapid.Just(byte(0x00)), rapid.Just(byte(0xFF)), rapid.Byte())
	return rapid.Custom(func(t *rapid.T) types.Versionstamp {
		uv := rapid.Uint16().Draw(t, "user version")
		if incomplete && rapid.IntRange(0, 3).Draw(t, "incomplete") == 0 {
			return types.IncompleteVersionstamp(uv)
		}
		var v types.Versionstamp
		copy(v.TransactionVersion[:], rapid.SliceOfN(b, 10, 10).Draw(t, "transaction version"))
		if !v.IsComplete() { // ten FF bytes are the incomplete marker
			v.TransactionVersion[9] = 0xFE
		}
		v.UserVersion = uv
		return v
	})
}
