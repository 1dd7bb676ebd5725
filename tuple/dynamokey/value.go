package dynamokey

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/shopspring/decimal"
)

// A Kind is the DynamoDB type of a key attribute value: S, N or B.
type Kind uint8

// The kinds of key attribute values. The zero Kind is none of them.
const (
	KindS Kind = iota + 1 // String
	KindN                 // Number
	KindB                 // Binary
)

// String returns "S", "N" or "B", the type's descriptor in DynamoDB's
// attribute values.
func (k Kind) String() string {
	switch k {
	case KindS:
		return "S"
	case KindN:
		return "N"
	case KindB:
		return "B"
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// A Value is a key attribute value as DynamoDB's API carries it: its Kind
// and, for an S or an N, its Text, for a B, its Bytes. Role.Value makes
// one from a decoded tuple element, Role.Element the element from one.
//
// The Text of an N that Role.Value makes is the text DynamoDB returns for
// that number: plain decimal digits with no exponent and no plus sign, a
// minus sign for a negative number, no leading zeros but the one before
// the point of a number below 1, and no trailing zeros after the point
// (nor the point, when none remain): 2.00 is "2", -0 is "0", 1.5E+3 is
// "1500", 1E-7 is "0.0000001", 1E-130 is "0." and 129 zeros and "1". The
// Developer Guide says that "leading and trailing zeroes are trimmed";
// examples/dynamodb checks the rest against what DynamoDB Local returns
// for thousands of numbers over the whole range.
//
// The Bytes of a B are raw. DynamoDB's JSON (the low-level API, and
// MarshalJSON here) carries them in standard base64 with padding,
// base64.StdEncoding; the AWS SDKs take and return raw bytes and encode
// them themselves.
type Value struct {
	Kind  Kind
	Text  string // an S's string, or an N's number
	Bytes []byte // a B's bytes
}

// String returns the value as DynamoDB's JSON writes an attribute value:
// {"S":"café"}, {"N":"19.99"}, {"B":"AP8="}.
func (v Value) String() string {
	b, err := v.MarshalJSON()
	if err != nil {
		return fmt.Sprintf("{%v %q %x}", v.Kind, v.Text, v.Bytes)
	}
	return string(b)
}

// MarshalJSON writes the value as DynamoDB's JSON writes an attribute
// value: an object of one member named by the kind, whose value is a
// string (a B's bytes in base64.StdEncoding). A Value of no kind is
// ErrNotKeyValue.
func (v Value) MarshalJSON() ([]byte, error) {
	var text string
	switch v.Kind {
	case KindS, KindN:
		text = v.Text
	case KindB:
		text = base64.StdEncoding.EncodeToString(v.Bytes)
	default:
		return nil, fmt.Errorf("%w: a Value of %v", ErrNotKeyValue, v.Kind)
	}
	return json.Marshal(map[string]string{v.Kind.String(): text})
}

// UnmarshalJSON reads an attribute value in DynamoDB's JSON: an object
// of one member, S, N or B, whose value is a string (a B's in
// base64.StdEncoding). Anything else is ErrNotKeyValue. It checks the
// form only; Role.Element checks the value as DynamoDB does.
func (v *Value) UnmarshalJSON(data []byte) error {
	var m map[string]string
	if err := json.Unmarshal(data, &m); err != nil {
		return fmt.Errorf("%w: %v", ErrNotKeyValue, err)
	}
	if len(m) != 1 {
		return fmt.Errorf("%w: an attribute value has one member, S, N or B; this one has %d", ErrNotKeyValue, len(m))
	}
	for name, text := range m {
		switch name {
		case "S":
			*v = Value{Kind: KindS, Text: text}
		case "N":
			*v = Value{Kind: KindN, Text: text}
		case "B":
			b, err := base64.StdEncoding.DecodeString(text)
			if err != nil {
				return fmt.Errorf("%w: B is not standard base64: %v", ErrNotKeyValue, err)
			}
			*v = Value{Kind: KindB, Bytes: b}
		default:
			return fmt.Errorf("%w: member %q is not S, N or B", ErrNotKeyValue, name)
		}
	}
	return nil
}

// numberText returns DynamoDB's text for d (see Value), or the error N
// gives for a number DynamoDB cannot hold. It never spells out more
// digits than a valid Number has, however large d's exponent.
func numberText(d decimal.Decimal) (string, error) {
	if d.Sign() == 0 {
		return "0", nil
	}
	all := new(big.Int).Abs(d.Coefficient()).String()
	ds := strings.TrimRight(all, "0")
	// d = ds × 10^exp, and its scientific exponent is sci.
	exp := int64(d.Exponent()) + int64(len(all)-len(ds))
	sci := exp + int64(len(ds)) - 1
	var err error
	switch {
	case len(ds) > MaxDigits:
		err = fmt.Errorf("%w, not %d", ErrPrecision, len(ds))
	case sci > MaxExponent:
		err = ErrOverflow
	case sci < MinExponent:
		err = ErrUnderflow
	}
	if err != nil {
		return "", fmt.Errorf("N %s: %w", scientific(d.Sign() < 0, ds, sci), err)
	}
	var b strings.Builder
	if d.Sign() < 0 {
		b.WriteByte('-')
	}
	switch point := int64(len(ds)) + exp; { // digits before the point
	case exp >= 0:
		b.WriteString(ds)
		b.WriteString(strings.Repeat("0", int(exp)))
	case point > 0:
		b.WriteString(ds[:point])
		b.WriteByte('.')
		b.WriteString(ds[point:])
	default:
		b.WriteString("0.")
		b.WriteString(strings.Repeat("0", int(-point)))
		b.WriteString(ds)
	}
	return b.String(), nil
}

// scientific writes a number refused by numberText briefly, its first
// digits and its exponent, whatever its size: 1.2345E+1000000000.
func scientific(neg bool, ds string, sci int64) string {
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	b.WriteString(ds[:1])
	if len(ds) > 1 {
		b.WriteByte('.')
		b.WriteString(ds[1:min(len(ds), 41)])
		if len(ds) > 41 {
			b.WriteString("…")
		}
	}
	b.WriteString("E")
	if sci >= 0 {
		b.WriteByte('+')
	}
	b.WriteString(strconv.FormatInt(sci, 10))
	return b.String()
}
