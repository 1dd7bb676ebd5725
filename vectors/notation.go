package vectors

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"strconv"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
	"github.com/fdbtuple/fdbtuple/types"
	"github.com/google/uuid"
)

// The value notation of the vectors (vectors/README.md): a tuple is a JSON
// array of one-key objects, {"int": "<decimal>"}, {"float64": "<16 hex>"}
// and so on. Bit patterns are exact, so NaN payloads and -0 survive.
//
// Two keys are this module's own, for its extension vectors
// (vectors/ext): {"desc": <element>}, read here, and
// {"decimal": "<decimal text>"}, which a Notation's Ext reads (package
// compat's does). They are not part of the cross-language notation.

// Notation reads and writes the value notation. The zero value knows
// every standard key and "desc"; Ext adds keys of its own.
type Notation struct {
	// Ext decodes a {key: "text"} element of a key this package does not
	// know (ok false: not its key either), and encodes a value this
	// package has no key for (ok false: no notation).
	Ext interface {
		DecodeText(key, text string) (v any, ok bool, err error)
		EncodeText(v any) (key, text string, ok bool)
	}
}

// DecodeTuple reads a tuple written in the value notation. Nested tuples
// deeper than tuplewire.MaxDepth are an error, as in the tuple layer, which
// also bounds the work a peer's answer can cost.
func DecodeTuple(raw json.RawMessage) (tuple.Tuple, error) { return Notation{}.DecodeTuple(raw) }

// DecodeTuple is the package DecodeTuple with n's extension keys.
func (n Notation) DecodeTuple(raw json.RawMessage) (tuple.Tuple, error) { return n.decodeTuple(raw, 0) }

func (n Notation) decodeTuple(raw json.RawMessage, depth int) (tuple.Tuple, error) {
	if depth > tuplewire.MaxDepth {
		return nil, fmt.Errorf("vectors: %w: more than %d levels", tuple.ErrTooDeep, tuplewire.MaxDepth)
	}
	var elems []json.RawMessage
	if err := json.Unmarshal(raw, &elems); err != nil {
		return nil, fmt.Errorf("vectors: a tuple must be a JSON array: %w", err)
	}
	t := make(tuple.Tuple, 0, len(elems))
	for i, e := range elems {
		v, err := n.decodeElement(e, depth)
		if err != nil {
			return nil, fmt.Errorf("element %d: %w", i, err)
		}
		t = append(t, v)
	}
	return t, nil
}

// DecodeElement reads one element written in the value notation.
func DecodeElement(raw json.RawMessage) (any, error) { return Notation{}.DecodeElement(raw) }

// DecodeElement is the package DecodeElement with n's extension keys.
func (n Notation) DecodeElement(raw json.RawMessage) (any, error) { return n.decodeElement(raw, 0) }

func (n Notation) decodeElement(raw json.RawMessage, depth int) (any, error) {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(raw, &obj); err != nil || len(obj) != 1 {
		return nil, fmt.Errorf("vectors: an element must be an object with one key, got %.80s", raw)
	}
	for key, val := range obj {
		return n.decodeTagged(key, val, depth)
	}
	panic("unreachable")
}

func (n Notation) decodeTagged(key string, val json.RawMessage, depth int) (any, error) {
	if key == "tuple" {
		return n.decodeTuple(val, depth+1)
	}
	if key == "null" {
		if !bytes.Equal(bytes.TrimSpace(val), []byte("null")) {
			return nil, fmt.Errorf("vectors: null must be written {\"null\": null}")
		}
		return nil, nil
	}
	if key == "desc" {
		v, err := n.decodeElement(val, depth+1)
		if err != nil {
			return nil, fmt.Errorf("vectors: desc: %w", err)
		}
		return tuple.Desc{V: v}, nil
	}
	if key == "bool" {
		var b bool
		if err := json.Unmarshal(val, &b); err != nil {
			return nil, fmt.Errorf("vectors: bool: %w", err)
		}
		return b, nil
	}
	var s string
	if err := json.Unmarshal(val, &s); err != nil {
		return nil, fmt.Errorf("vectors: %s must be a JSON string: %w", key, err)
	}
	switch key {
	case "bytes":
		return decodeHex(key, s, -1)
	case "string":
		return s, nil
	case "int":
		return parseInt(s)
	case "float32":
		b, err := decodeHex(key, s, 4)
		if err != nil {
			return nil, err
		}
		return math.Float32frombits(uint32(b[0])<<24 | uint32(b[1])<<16 | uint32(b[2])<<8 | uint32(b[3])), nil
	case "float64":
		b, err := decodeHex(key, s, 8)
		if err != nil {
			return nil, err
		}
		var u uint64
		for _, c := range b {
			u = u<<8 | uint64(c)
		}
		return math.Float64frombits(u), nil
	case "uuid":
		u, err := uuid.Parse(s)
		if err != nil {
			return nil, fmt.Errorf("vectors: uuid: %w", err)
		}
		return u, nil
	case "versionstamp":
		b, err := decodeHex(key, s, types.VersionstampLength)
		if err != nil {
			return nil, err
		}
		var v types.Versionstamp
		_ = v.UnmarshalBinary(b)
		return v, nil
	}
	if n.Ext != nil {
		if v, ok, err := n.Ext.DecodeText(key, s); ok {
			return v, err
		}
	}
	return nil, fmt.Errorf("vectors: unknown element type %q", key)
}

func decodeHex(key, s string, want int) ([]byte, error) {
	b, err := hex.DecodeString(s)
	if err != nil {
		return nil, fmt.Errorf("vectors: %s: %w", key, err)
	}
	if want >= 0 && len(b) != want {
		return nil, fmt.Errorf("vectors: %s must be %d bytes, got %d", key, want, len(b))
	}
	return b, nil
}

// parseInt reads a decimal integer into the Go type the tuple decoder
// returns for it: int64, uint64 or *big.Int.
func parseInt(s string) (any, error) {
	if v, err := strconv.ParseInt(s, 10, 64); err == nil {
		return v, nil
	}
	if v, err := strconv.ParseUint(s, 10, 64); err == nil {
		return v, nil
	}
	b, ok := new(big.Int).SetString(s, 10)
	if !ok {
		return nil, fmt.Errorf("vectors: int %q is not a decimal integer", s)
	}
	return b, nil
}

// EncodeTuple writes a tuple in the value notation.
func EncodeTuple(t tuple.Tuple) (json.RawMessage, error) { return Notation{}.EncodeTuple(t) }

// EncodeTuple is the package EncodeTuple with n's extension keys.
func (n Notation) EncodeTuple(t tuple.Tuple) (json.RawMessage, error) {
	var buf bytes.Buffer
	if err := n.encodeTuple(&buf, t); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func (n Notation) encodeTuple(buf *bytes.Buffer, t []any) error {
	buf.WriteByte('[')
	for i, v := range t {
		if i > 0 {
			buf.WriteString(", ")
		}
		if err := n.encodeElement(buf, v); err != nil {
			return fmt.Errorf("element %d: %w", i, err)
		}
	}
	buf.WriteByte(']')
	return nil
}

func (n Notation) encodeElement(buf *bytes.Buffer, v any) error {
	tagged := func(key, val string) {
		fmt.Fprintf(buf, "{%q: %s}", key, val)
	}
	quoted := func(key, val string) {
		q, _ := json.Marshal(val)
		tagged(key, string(q))
	}
	switch v := v.(type) {
	case nil:
		tagged("null", "null")
	case []byte:
		quoted("bytes", hex.EncodeToString(v))
	case string:
		quoted("string", v)
	case int64:
		quoted("int", strconv.FormatInt(v, 10))
	case int:
		quoted("int", strconv.Itoa(v))
	case uint64:
		quoted("int", strconv.FormatUint(v, 10))
	case *big.Int:
		quoted("int", v.String())
	case float32:
		quoted("float32", fmt.Sprintf("%08x", math.Float32bits(v)))
	case float64:
		quoted("float64", fmt.Sprintf("%016x", math.Float64bits(v)))
	case bool:
		tagged("bool", strconv.FormatBool(v))
	case uuid.UUID:
		quoted("uuid", v.String())
	case types.Versionstamp:
		quoted("versionstamp", hex.EncodeToString(v.Bytes()))
	case tuple.Tuple:
		buf.WriteString(`{"tuple": `)
		if err := n.encodeTuple(buf, v); err != nil {
			return err
		}
		buf.WriteByte('}')
	case []any:
		return n.encodeElement(buf, tuple.Tuple(v))
	case tuple.Desc:
		buf.WriteString(`{"desc": `)
		if err := n.encodeElement(buf, v.V); err != nil {
			return err
		}
		buf.WriteByte('}')
	default:
		if n.Ext != nil {
			if key, text, ok := n.Ext.EncodeText(v); ok {
				quoted(key, text)
				return nil
			}
		}
		return fmt.Errorf("vectors: no value notation for %T", v)
	}
	return nil
}
