package tuple

import (
	"bytes"
	"cmp"
	"math"
	"math/big"
	"strings"

	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
	"github.com/fdbtuple/fdbtuple/types"
)

// Compare returns -1, 0 or +1 as a sorts before, equal to or after b in the
// tuple layer's order. For tuples that pack without error, the result has
// the sign of bytes.Compare(a.Pack(), b.Pack()), without packing:
//
//   - elements compare in turn; the first difference decides, and a tuple
//     that runs out first is smaller;
//   - elements of different kinds order by kind: null < bytes < string <
//     nested tuple < integer < float32 < float64 < bool < UUID <
//     versionstamp (a float32 sorts before every float64, whatever the
//     values);
//   - integers compare by value, whatever their Go types;
//   - floats follow the IEEE total order: negative NaNs, -Inf, negative
//     numbers, -0, +0, positive numbers, +Inf, positive NaNs;
//   - strings compare by code point (UTF-8 byte order), bytes and UUIDs by
//     unsigned bytes, versionstamps by their 12 bytes.
//
// Elements of types the codec cannot encode sort after all others and equal
// to each other, so Compare is total and never panics.
func Compare(a, b Tuple) int {
	return compareTuples(a, b, 0, Codec{})
}

func compareTuples(a, b []any, depth int, c Codec) int {
	if depth > wirecore.MaxDepth {
		return 0
	}
	for i := range min(len(a), len(b)) {
		if r := compareElems(a[i], b[i], depth, c); r != 0 {
			return r
		}
	}
	return cmp.Compare(len(a), len(b))
}

// rank orders elements of different kinds: standard kinds in their order,
// then extension values by code, then unsupported values.
func rank(v any, k types.Kind, c Codec) int {
	if k != types.KindInvalid {
		return int(k)
	}
	if x := c.owner(v); x != nil {
		return 1000 + int(x.Code())
	}
	return math.MaxInt
}

func compareElems(x, y any, depth int, c Codec) int {
	kx, ky := kindWith(x, c), kindWith(y, c)
	if rx, ry := rank(x, kx, c), rank(y, ky, c); rx != ry {
		return cmp.Compare(rx, ry)
	}
	if kx == types.KindInvalid {
		if e := c.owner(x); e != nil {
			return e.CompareValues(x, y, c)
		}
		return 0 // two unsupported values
	}
	x, y = normalize(x), normalize(y)
	switch kx {
	case types.KindBytes:
		return bytes.Compare(x.([]byte), y.([]byte))
	case types.KindString:
		return strings.Compare(x.(string), y.(string))
	case types.KindTuple:
		return compareTuples(asSlice(x), asSlice(y), depth+1, c)
	case types.KindInt:
		return compareInts(x, y)
	case types.KindFloat32:
		return cmp.Compare(wirecore.OrderBits32(x.(float32)), wirecore.OrderBits32(y.(float32)))
	case types.KindFloat64:
		return cmp.Compare(wirecore.OrderBits64(x.(float64)), wirecore.OrderBits64(y.(float64)))
	case types.KindBool:
		return cmp.Compare(boolRank(x.(bool)), boolRank(y.(bool)))
	case types.KindUUID:
		ux, uy := x.(UUID), y.(UUID)
		return bytes.Compare(ux[:], uy[:])
	case types.KindVersionstamp:
		return x.(Versionstamp).Compare(y.(Versionstamp))
	}
	return 0 // null
}

// kindWith is kindOf, but for a value one of c's extensions owns, which
// is the extension's whatever its Go type.
func kindWith(v any, c Codec) types.Kind {
	if len(c.Extensions) > 0 && c.owner(v) != nil {
		return types.KindInvalid
	}
	return kindOf(v)
}

func boolRank(b bool) int {
	if b {
		return 1
	}
	return 0
}

// compareInts compares two normalized integers (int64, uint64 or *big.Int).
func compareInts(x, y any) int {
	switch x := x.(type) {
	case int64:
		switch y := y.(type) {
		case int64:
			return cmp.Compare(x, y)
		case uint64:
			if x < 0 {
				return -1
			}
			return cmp.Compare(uint64(x), y)
		}
	case uint64:
		switch y := y.(type) {
		case uint64:
			return cmp.Compare(x, y)
		case int64:
			return -compareInts(y, x)
		}
	}
	return toBig(x).Cmp(toBig(y))
}

func toBig(v any) *big.Int {
	switch v := v.(type) {
	case int64:
		return big.NewInt(v)
	case uint64:
		return new(big.Int).SetUint64(v)
	case *big.Int:
		if v == nil {
			return new(big.Int)
		}
		return v
	}
	return new(big.Int)
}
