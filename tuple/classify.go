package tuple

import (
	"math/big"
	"reflect"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/types"
)

// normalize turns a value of a named type into the unnamed type it encodes
// as, so that compareElems needs one case per kind.
func normalize(v any) any {
	switch v := v.(type) {
	case nil, []byte, string, Tuple, []any, int64, uint64, *big.Int, float32, float64, bool, UUID, Versionstamp:
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

// canonical converts a value of a named type to the unnamed type it
// encodes as, or returns ok == false if there is none. An
// fdb.KeyConvertible (an fdb.Key, a subspace) encodes as the byte string
// of its key, as in the official binding.
func canonical(v any) (c any, ok bool) {
	if k, isKey := v.(fdb.KeyConvertible); isKey {
		return []byte(k.FDBKey()), true
	}
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
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return rv.Int(), true
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return rv.Uint(), true
	case reflect.Float32:
		// rv.Float() widens to float64, which quiets a signalling NaN;
		// a pointer conversion copies the bits as they are.
		p := reflect.New(rv.Type())
		p.Elem().Set(rv)
		return *p.Convert(float32PtrType).Interface().(*float32), true
	case reflect.Float64:
		return rv.Float(), true
	case reflect.Bool:
		return rv.Bool(), true
	case reflect.String:
		return rv.String(), true
	case reflect.Slice:
		switch {
		case rv.Type().Elem().Kind() == reflect.Uint8:
			return rv.Bytes(), true
		case rv.Type().Elem() == anyType:
			return rv.Convert(anySliceType).Interface(), true
		}
	}
	return nil, false
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
	case int, int64, uint64, *big.Int, big.Int:
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
