package vectors

import (
	"bytes"
	"math"
	"math/big"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/types"
	"github.com/google/uuid"
)

// Identical reports whether two decoded tuples are the same bit for bit:
// the same Go types (int64, uint64 or *big.Int chosen the same way), the
// same float bits (NaN payloads and -0 included), the same bytes.
// tuple.Compare cannot tell these apart where the types differ but the
// values agree; a codec's round trip must.
func Identical(a, b tuple.Tuple) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !identicalElem(a[i], b[i]) {
			return false
		}
	}
	return true
}

func identicalElem(x, y any) bool {
	switch x := x.(type) {
	case nil:
		return y == nil
	case []byte:
		yb, ok := y.([]byte)
		return ok && bytes.Equal(x, yb)
	case *big.Int:
		yb, ok := y.(*big.Int)
		return ok && x.Cmp(yb) == 0
	case float32:
		yf, ok := y.(float32)
		return ok && math.Float32bits(x) == math.Float32bits(yf)
	case float64:
		yf, ok := y.(float64)
		return ok && math.Float64bits(x) == math.Float64bits(yf)
	case tuple.Tuple:
		yt, ok := y.(tuple.Tuple)
		return ok && Identical(x, yt)
	case string, int64, uint64, bool, uuid.UUID, types.Versionstamp:
		return x == y
	}
	return false
}
