package tuple

import (
	"math/big"
	"reflect"

	"github.com/fdbtuple/fdbtuple/types"
)

// normalize turns a value of a named type into the unnamed type it encodes
// as, so that compareElems needs one case per kind.
func normalize(v any) any {
	switch v := v.(type) {
	case *big.Int:
		if v == nil {
			return nil // a nil pointer is a null
		}
		return v
	case nil, []byte, string, Tuple, []any, int64, uint64, float32, float64, bool, UUID, Versionstamp:
		return v
	case int:
		return int64(v)
	case big.Int:
		return &v
	}
	if c, ok := canonical(v); ok {
		return c
	}
	return v
}

func asSlice(v any) []any {
	if t, ok := v.(Tuple); ok {
		return t
	}
	return v.([]any)
}

// canonical converts a value of a type other than the standard ones to
// the standard value it encodes as, by the type table, or returns ok ==
// false if no element holds it. An fdb.KeyConvertible (a subspace)
// encodes as the byte string of its key, as in the official binding; a
// nil pointer as a null; a time, a custom type or a struct as the element
// it writes, decoded as Unpack would.
func canonical(v any) (c any, ok bool) {
	switch v := v.(type) { // unnamed types first, without reflection
	case int8:
		return int64(v), true
	case int16:
		return int64(v), true
	case int32:
		return int64(v), true
	case uint:
		return uint64(v), true
	case uint8:
		return uint64(v), true
	case uint16:
		return uint64(v), true
	case uint32:
		return uint64(v), true
	}
	g := typeOf(reflect.TypeOf(v))
	if g.err != nil {
		return nil, false
	}
	rv := reflect.ValueOf(v)
	switch g.rule {
	case ruleInt:
		return rv.Int(), true
	case ruleUint:
		return rv.Uint(), true
	case ruleFloat64:
		return rv.Float(), true
	case ruleBool:
		return rv.Bool(), true
	case ruleString:
		return rv.String(), true
	case ruleBytes:
		return rv.Bytes(), true
	case ruleTuple:
		return rv.Convert(anySliceType).Interface(), true
	}
	// The rest as the element it writes, read back: a float32 bit for
	// bit, a UUID, a time, a pointer, a custom type, a struct.
	var e encoder
	enc, err := e.appendValue(nil, g, rv, elemOpts{}, false, 0)
	if err != nil {
		return nil, false
	}
	c, _, err = ConsumeElement(enc)
	return c, err == nil
}

var (
	anyType        = reflect.TypeFor[any]()
	anySliceType   = reflect.TypeFor[[]any]()
	float32PtrType = reflect.TypeFor[*float32]()
)

// kindOf reports the kind an element encodes as, without encoding it.
func kindOf(v any) types.Kind {
	switch v := v.(type) {
	case nil:
		return types.KindNull
	case []byte:
		return types.KindBytes
	case string:
		return types.KindString
	case Tuple, []any:
		return types.KindTuple
	case *big.Int:
		if v == nil { // a nil pointer is a null
			return types.KindNull
		}
		return types.KindInt
	case int, int64, uint64, big.Int:
		return types.KindInt
	case float32:
		return types.KindFloat32
	case float64:
		return types.KindFloat64
	case bool:
		return types.KindBool
	case UUID:
		return types.KindUUID
	case Versionstamp:
		return types.KindVersionstamp
	default:
		if c, ok := canonical(v); ok {
			return kindOf(c)
		}
	}
	return types.KindInvalid
}
