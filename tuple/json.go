package tuple

import (
	"encoding/json"
	"fmt"
	"math/big"
	"reflect"

	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
)

// MarshalJSON writes t as encoding/json writes the official binding's
// Tuple: an array of its elements, a nested tuple as an array (null when
// empty, as it decodes), a byte string in base64, and a UUID and a
// versionstamp as the official binding's plain types marshal (an array of
// 16 numbers; {"TransactionVersion": [10 numbers], "UserVersion": n}).
// Without it, this package's UUID and Versionstamp would marshal through
// their MarshalText methods. There is no UnmarshalJSON: as with the
// official Tuple, json.Unmarshal fills a Tuple with what it decodes any
// array into (float64, string, []any, map[string]any).
func (t Tuple) MarshalJSON() ([]byte, error) {
	if t == nil {
		return []byte("null"), nil
	}
	plain, err := officialShape(t, 0)
	if err != nil {
		return nil, err
	}
	return json.Marshal(plain)
}

// officialVersionstamp has the official binding's Versionstamp fields and
// no methods, so that encoding/json marshals it as that type.
type officialVersionstamp struct {
	TransactionVersion [10]byte
	UserVersion        uint16
}

// officialShape returns t with every element of a type this package shares
// with the official one under another Go type replaced by a value that
// encoding/json marshals as the official type.
func officialShape(t []any, depth int) ([]any, error) {
	if t == nil {
		return nil, nil
	}
	if depth > wirecore.MaxDepth {
		return nil, &EncodeError{Type: reflect.TypeOf(t), Err: ErrTooDeep, Detail: "MarshalJSON"}
	}
	out := make([]any, len(t))
	for i, v := range t {
		if !isStandard(v) {
			c, ok := canonical(v)
			if !ok {
				return nil, fmt.Errorf("tuple: MarshalJSON: element %d: %w", i, encodeError(v, ErrUnsupportedType))
			}
			v = c
		}
		switch v := v.(type) {
		case UUID:
			out[i] = [16]byte(v)
		case Versionstamp:
			out[i] = officialVersionstamp(v)
		case big.Int:
			out[i] = &v // its MarshalJSON is on the pointer
		case *big.Int:
			if v == nil {
				out[i] = nil // a nil pointer is a null
				continue
			}
			out[i] = v
		case Tuple:
			inner, err := officialShape(v, depth+1)
			if err != nil {
				return nil, err
			}
			out[i] = inner // a nil []any marshals as null, as an empty official Tuple does
		default:
			out[i] = v
		}
	}
	return out, nil
}

// isStandard reports whether v is of a Go type Unpack gives (or int,
// big.Int, []any), which JSON writes as the official binding's Tuple
// holds it; the others go through the type table.
func isStandard(v any) bool {
	switch v.(type) {
	case nil, []byte, string, Tuple, []any, int, int64, uint64, *big.Int, big.Int, float32, float64, bool, UUID, Versionstamp:
		return true
	}
	return false
}
