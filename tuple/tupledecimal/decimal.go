// Package tupledecimal is a tuple-layer extension for decimal numbers
// (github.com/shopspring/decimal) whose byte order is their numeric order,
// like DynamoDB's N type: keys such as ("price", 19.99) sort as numbers,
// negatives and zero included, at any exponent.
//
// The tuple layer has no standard decimal encoding (its reserved codes
// 0x23/0x24 make no ordering promise), so decimals travel under a user
// type code and other FoundationDB bindings cannot read such keys. Use it
// through a tuple.Codec:
//
//	codec := tuple.Codec{Extensions: []tuple.Extension{tupledecimal.Extension(tupledecimal.DefaultCode)}}
//	key, err := codec.Pack(tuple.Tuple{"price", decimal.RequireFromString("19.99")})
//
// # Encoding
//
// A non-zero value is written in scientific form, 0.d1d2d3... × 10^E with
// d1 non-zero and no trailing zero digit, so that every numeric value has
// exactly one encoding: 1, 1.0 and 1.00 are the same key.
//
//	code, then header, then digits
//
// The header byte orders by sign and then by E: 80 is zero (and ends the
// element); a positive value has C0+E for -62 <= E <= 61, or 81 (E < -62)
// or FE (E > 61) followed by E as a tuple-layer integer. The digits follow
// in pairs, each pair p (00–99, the last padded with a 0 digit) as the
// byte 2p+1, except the last as 2p, which marks the end: a longer digit
// string with the same start sorts after a shorter one, as 0.123 > 0.12.
// A negative value is written as its absolute value with every byte after
// the code inverted, which reverses its order below zero.
//
// Sizes, code byte included: 19.99 takes 4 bytes (its text, 5), 1234 takes
// 4 (4), 0.000001 takes 3 (8), 6.02214076e23 takes 7 (13), and a 38-digit
// value at DynamoDB's largest exponent, 9.99…9e125, 23 (44).
package tupledecimal

import (
	"fmt"
	"math"
	"math/big"
	"strings"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/types"
	"github.com/shopspring/decimal"
)

// DefaultCode is the user type code this module suggests for decimals.
const DefaultCode types.Code = 0x40

// Extension returns the decimal extension under the given user code.
func Extension(code types.Code) tuple.Extension { return ext{code} }

type ext struct{ code types.Code }

func (x ext) Code() types.Code { return x.code }
func (x ext) Name() string     { return "decimal" }

func (x ext) Owns(v any) bool {
	switch v.(type) {
	case decimal.Decimal, *decimal.Decimal:
		return true
	}
	return false
}

func value(v any) decimal.Decimal {
	if p, ok := v.(*decimal.Decimal); ok {
		return *p
	}
	return v.(decimal.Decimal)
}

// Header bytes.
const (
	headerZero     = 0x80
	headerSmallE   = 0x81 // positive, E < -62, E follows
	headerBigE     = 0xFE // positive, E > 61, E follows
	headerCenter   = 0xC0 // positive, header = C0+E for -62 <= E <= 61
	minInlineE     = -62
	maxInlineE     = 61
	maxDigitsBytes = 1 << 20 // a decimal with more digits is refused
)

// digits returns the decimal digits of |d| without trailing zeros, and E.
func digits(d decimal.Decimal) (string, int64) {
	s := new(big.Int).Abs(d.Coefficient()).String()
	trimmed := strings.TrimRight(s, "0")
	exp := int64(d.Exponent()) + int64(len(s)-len(trimmed))
	return trimmed, exp + int64(len(trimmed))
}

func (x ext) AppendElement(dst []byte, v any, _ tuple.Codec) ([]byte, error) {
	d := value(v)
	dst = append(dst, byte(x.code))
	if d.Sign() == 0 {
		return append(dst, headerZero), nil
	}
	ds, e := digits(d)
	if len(ds) > maxDigitsBytes {
		return dst, fmt.Errorf("decimal with %d digits is too long", len(ds))
	}
	start := len(dst)
	switch {
	case e < minInlineE:
		dst = tuple.AppendInt(append(dst, headerSmallE), e)
	case e > maxInlineE:
		dst = tuple.AppendInt(append(dst, headerBigE), e)
	default:
		dst = append(dst, byte(headerCenter+e))
	}
	for i := 0; i < len(ds); i += 2 {
		p := int(ds[i]-'0') * 10
		if i+1 < len(ds) {
			p += int(ds[i+1] - '0')
		}
		b := byte(2*p + 1)
		if i+2 >= len(ds) {
			b-- // the last pair: even
		}
		dst = append(dst, b)
	}
	if d.Sign() < 0 {
		for i := start; i < len(dst); i++ {
			dst[i] = ^dst[i]
		}
	}
	return dst, nil
}

// errorf reports a malformed decimal element.
func errorf(offset int, code types.Code, format string, args ...any) error {
	return &tuple.DecodeError{Offset: offset, Code: code, Err: tuple.ErrNonCanonical, Detail: "decimal: " + fmt.Sprintf(format, args...)}
}

func (x ext) ConsumeElement(b []byte, _ tuple.Codec) (any, int, error) {
	if len(b) < 2 {
		return nil, 0, &tuple.DecodeError{Code: x.code, Err: tuple.ErrTruncated, Detail: "decimal: no header byte"}
	}
	h := b[1]
	if h == headerZero {
		return decimal.Zero, 2, nil
	}
	neg := h < headerZero
	at := func(i int) byte { // byte i, with a negative value's inversion undone
		if neg {
			return ^b[i]
		}
		return b[i]
	}
	pos := 2
	var e int64
	switch h := at(1); h {
	case headerSmallE, headerBigE:
		n := 0
		if pos < len(b) {
			if l, _, ok := types.Code(at(pos)).IntLength(); ok {
				n = l
			}
		}
		if pos+1+n > len(b) {
			return nil, 0, &tuple.DecodeError{Offset: pos, Code: x.code, Err: tuple.ErrTruncated, Detail: "decimal: exponent cut short"}
		}
		raw := make([]byte, 1+n)
		for i := range raw {
			raw[i] = at(pos + i)
		}
		v, m, err := tuple.ConsumeInt(raw)
		if err != nil || m != len(raw) {
			return nil, 0, errorf(pos, x.code, "bad exponent %x", raw)
		}
		if (h == headerSmallE) != (v < minInlineE) || (h == headerBigE) != (v > maxInlineE) {
			return nil, 0, errorf(pos, x.code, "exponent %d written in the wrong form", v)
		}
		e, pos = v, pos+len(raw)
	default:
		e = int64(h) - headerCenter
		if e < minInlineE || e > maxInlineE {
			return nil, 0, errorf(1, x.code, "header %02x is not a decimal header", b[1])
		}
	}
	var ds []byte
	for {
		if pos >= len(b) {
			return nil, 0, &tuple.DecodeError{Offset: pos, Code: x.code, Err: tuple.ErrUnterminated, Detail: "decimal: digits do not end"}
		}
		c := at(pos)
		pos++
		if c > 199 {
			return nil, 0, errorf(pos-1, x.code, "digit byte %02x out of range", c)
		}
		p := c / 2
		ds = append(ds, '0'+p/10, '0'+p%10)
		if c%2 == 0 {
			break
		}
		if len(ds) > maxDigitsBytes {
			return nil, 0, errorf(pos, x.code, "too many digits")
		}
	}
	if ds[len(ds)-1] == '0' {
		ds = ds[:len(ds)-1] // the pad of an odd count of digits
	}
	if ds[0] == '0' || ds[len(ds)-1] == '0' {
		return nil, 0, errorf(2, x.code, "digits %s are not in canonical form", ds)
	}
	exp := e - int64(len(ds))
	if exp < math.MinInt32 || exp > math.MaxInt32 {
		return nil, 0, errorf(2, x.code, "exponent %d does not fit a decimal.Decimal", exp)
	}
	coef, _ := new(big.Int).SetString(string(ds), 10)
	if neg {
		coef.Neg(coef)
	}
	return decimal.NewFromBigInt(coef, int32(exp)), pos, nil
}

func (x ext) CompareValues(a, b any, _ tuple.Codec) int {
	return value(a).Cmp(value(b))
}

func (x ext) AppendText(dst []byte, v any, _ tuple.Codec) []byte {
	return fmt.Appendf(dst, "decimal(%q)", value(v).String())
}
