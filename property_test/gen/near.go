package gen

import (
	"math"
	"math/big"
	"unicode/utf8"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/types"
	"pgregory.net/rapid"
)

// NearPair generates pairs of tuples that are close in the order: one is a
// prefix of the other, or they differ in one element by a neighbouring
// value of the same kind (n and n±1, adjacent floats, a string and the
// same string with one more byte or one byte changed). Random pairs
// almost always differ in their first element's kind; these exercise the
// comparisons that matter.
func NearPair(o Options) *rapid.Generator[[2]tuple.Tuple] {
	return rapid.Custom(func(t *rapid.T) [2]tuple.Tuple {
		a := Tuple(o).Draw(t, "a")
		if len(a) == 0 {
			return [2]tuple.Tuple{a, {Element(o).Draw(t, "extra")}}
		}
		b := append(tuple.Tuple{}, a...)
		i := rapid.IntRange(0, len(a)-1).Draw(t, "index")
		switch rapid.IntRange(0, 3).Draw(t, "how") {
		case 0:
			b = b[:i] // a prefix
		case 1:
			b = append(b, Element(o).Draw(t, "extra"))
		default:
			b[i] = Neighbor(a[i], rapid.Bool().Draw(t, "up"))
		}
		return [2]tuple.Tuple{a, b}
	})
}

// Neighbor returns a value of the same kind as v next to it in the order
// (above if up), or v itself where there is none.
func Neighbor(v any, up bool) any {
	step := int64(-1)
	if up {
		step = 1
	}
	switch v := v.(type) {
	case int64, uint64, *big.Int:
		b := new(big.Int)
		switch v := v.(type) {
		case int64:
			b.SetInt64(v)
		case uint64:
			b.SetUint64(v)
		case *big.Int:
			b.Set(v)
		}
		b.Add(b, big.NewInt(step))
		if n := (b.BitLen() + 7) / 8; n > 255 {
			return v
		}
		return Normalize(b)
	case float64:
		return math.Float64frombits(math.Float64bits(v) + uint64(step))
	case float32:
		return math.Float32frombits(math.Float32bits(v) + uint32(step))
	case string:
		if up {
			return v + "\x00"
		}
		_, size := utf8.DecodeLastRuneInString(v) // whole runes keep it UTF-8
		return v[:len(v)-size]
	case []byte:
		if up {
			return append(append([]byte{}, v...), 0x00)
		}
		if len(v) == 0 {
			return v
		}
		return v[:len(v)-1]
	case bool:
		return up
	case types.Versionstamp:
		if up && v.UserVersion < math.MaxUint16 {
			v.UserVersion++
		} else if !up && v.UserVersion > 0 {
			v.UserVersion--
		}
		return v
	case tuple.Tuple:
		if up {
			return append(append(tuple.Tuple{}, v...), nil)
		}
		if len(v) == 0 {
			return v
		}
		return v[:len(v)-1]
	}
	return v
}
