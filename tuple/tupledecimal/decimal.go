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
// value at DynamoDB's largest exponent, 9.99…9e125, 23 (44). Byte order
// equals decimal.Cmp for every value; the tests cover DynamoDB's limits at
// both ends (10^-130 and 9.99…9e125) and beyond, and vectors/ext pins the
// format.
//
// Place in the import DAG: above tuple, as an extension any user could
// write. It must not import nested, vectors, compat or cmd/fdbtuple.
package tupledecimal

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
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

// Owns reports whether v is a decimal.Decimal or a non-nil
// *decimal.Decimal. A nil pointer is no value: the codec reports it as an
// unsupported element, as it does any other nil pointer.
func (x ext) Owns(v any) bool {
	switch v := v.(type) {
	case decimal.Decimal:
		return true
	case *decimal.Decimal:
		return v != nil
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
	headerZero   = 0x80
	headerSmallE = 0x81 // positive, E < -62, E follows
	headerBigE   = 0xFE // positive, E > 61, E follows
	headerCenter = 0xC0 // positive, header = C0+E for -62 <= E <= 61
	minInlineE   = -62
	maxInlineE   = 61
	// MaxDigits is the most significant digits a decimal may have (trailing
	// zeros of its coefficient do not count): converting n digits costs
	// time that grows with n squared, so a bound keeps the cost of every
	// key linear in its length. 4,096 digits decode in about 0.1 ms.
	MaxDigits = 4096
)

// digits returns the decimal digits of |d| without trailing zeros, and E,
// so that |d| = 0.digits × 10^E.
func digits(d decimal.Decimal) (string, int64) {
	s := new(big.Int).Abs(d.Coefficient()).String()
	trimmed := strings.TrimRight(s, "0")
	exp := int64(d.Exponent()) + int64(len(s)-len(trimmed))
	return trimmed, exp + int64(len(trimmed))
}

// ErrTooManyDigits is returned for a decimal with more than MaxDigits
// significant digits, or one whose value needs more digits than that as a
// decimal.Decimal (its int32 exponent cannot reach it otherwise).
var ErrTooManyDigits = fmt.Errorf("%w: decimal has more than %d digits", tuple.ErrTooLarge, MaxDigits)

// coefficientDigits reports how many coefficient digits the decoder needs
// for 0.ds × 10^e: the digits, plus the zeros that keep the exponent
// within int32. ok is false when the exponent is below the int32 range,
// which no decimal.Decimal reaches.
func coefficientDigits(ds string, e int64) (n int64, ok bool) {
	exp := e - int64(len(ds))
	switch {
	case exp < math.MinInt32:
		return 0, false
	case exp > math.MaxInt32:
		return int64(len(ds)) + exp - math.MaxInt32, true
	}
	return int64(len(ds)), true
}

func (x ext) AppendElement(dst []byte, v any, _ tuple.Codec) ([]byte, error) {
	d := value(v)
	dst = append(dst, byte(x.code))
	if d.Sign() == 0 {
		return append(dst, headerZero), nil
	}
	ds, e := digits(d)
	if n, _ := coefficientDigits(ds, e); n > MaxDigits {
		// The decoder would refuse it: whatever this writes, it reads.
		return dst, ErrTooManyDigits
	}
	start := len(dst)
	switch {
	case e < minInlineE:
		dst = tuplewire.AppendInt(append(dst, headerSmallE), e)
	case e > maxInlineE:
		dst = tuplewire.AppendInt(append(dst, headerBigE), e)
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

// errorf reports a malformed decimal element: bytes no encoder writes.
func errorf(offset int, code types.Code, format string, args ...any) error {
	return errorOf(tuple.ErrInvalidCode, offset, code, format, args...)
}

// errorOf reports a decimal element at fault, classified by sentinel.
func errorOf(sentinel error, offset int, code types.Code, format string, args ...any) error {
	return &tuple.DecodeError{Offset: offset, Code: code, Err: sentinel, Detail: "decimal: " + fmt.Sprintf(format, args...)}
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
		v, m, err := tuplewire.ConsumeInt(raw)
		if err != nil || m != len(raw) {
			sentinel := tuple.ErrInvalidCode
			if errors.Is(err, tuple.ErrNonCanonical) {
				sentinel = tuple.ErrNonCanonical
			}
			return nil, 0, errorOf(sentinel, pos, x.code, "bad exponent %x", raw)
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
		if len(ds) > MaxDigits+1 { // +1: the pad digit of an odd count
			return nil, 0, errorOf(tuple.ErrTooLarge, pos, x.code, "more than %d digits", MaxDigits)
		}
	}
	if ds[len(ds)-1] == '0' {
		ds = ds[:len(ds)-1] // the pad of an odd count of digits
	}
	if ds[0] == '0' || ds[len(ds)-1] == '0' {
		return nil, 0, errorf(2, x.code, "digits %s are not in canonical form", ds)
	}
	d, err := newDecimal(string(ds), e-int64(len(ds)), neg)
	if err != nil {
		sentinel := tuple.ErrOutOfRange
		if errors.Is(err, tuple.ErrTooLarge) {
			sentinel = tuple.ErrTooLarge
		}
		return nil, 0, errorOf(sentinel, 2, x.code, "0.%s e%d: %v", ds, e, err)
	}
	return d, pos, nil
}

// newDecimal returns ds × 10^exp, negated if neg. Past the int32 exponent
// of a decimal.Decimal, the coefficient takes the zeros; it fails when
// that needs more than MaxDigits digits, or when exp is below the int32
// range (which no decimal.Decimal reaches).
func newDecimal(ds string, exp int64, neg bool) (decimal.Decimal, error) {
	n, ok := coefficientDigits(ds, exp+int64(len(ds)))
	switch {
	case !ok:
		return decimal.Decimal{}, fmt.Errorf("%w: exponent %d is below what a decimal.Decimal holds", tuple.ErrOutOfRange, exp)
	case n > MaxDigits:
		return decimal.Decimal{}, ErrTooManyDigits
	}
	if exp > math.MaxInt32 {
		ds += strings.Repeat("0", int(exp-math.MaxInt32))
		exp = math.MaxInt32
	}
	coef, _ := new(big.Int).SetString(ds, 10)
	if neg {
		coef.Neg(coef)
	}
	return decimal.NewFromBigInt(coef, int32(exp)), nil
}

// CompareValues orders two decimals by sign, then E, then digits, as
// their encodings sort. decimal.Cmp would rescale one to the other's
// exponent, which for 1e1000000000 means a billion-digit number.
func (x ext) CompareValues(a, b any, _ tuple.Codec) int {
	da, db := value(a), value(b)
	if sa, sb := da.Sign(), db.Sign(); sa != sb || sa == 0 {
		return cmp.Compare(sa, sb)
	}
	dsa, ea := digits(da)
	dsb, eb := digits(db)
	c := cmp.Compare(ea, eb)
	if c == 0 {
		c = strings.Compare(dsa, dsb) // same E: digit strings sort as numbers
	}
	return da.Sign() * c
}

// AppendText writes decimal("<value>"): the plain form when it is short,
// else scientific notation (decimal("1.5e+1000000000")), so that the text
// of any decimal is about as long as its digits. Codec.Parse reads both.
func (x ext) AppendText(dst []byte, v any, _ tuple.Codec) []byte {
	d := value(v)
	dst = append(dst, `decimal("`...)
	dst = appendDecimal(dst, d)
	return append(dst, `")`...)
}

// plainLimit bounds how many zeros the plain form may add to the digits.
const plainLimit = 24

func appendDecimal(dst []byte, d decimal.Decimal) []byte {
	if d.Sign() == 0 {
		return append(dst, '0')
	}
	ds, e := digits(d)
	if e >= -plainLimit && e <= int64(len(ds))+plainLimit {
		return append(dst, d.String()...)
	}
	if d.Sign() < 0 {
		dst = append(dst, '-')
	}
	dst = append(dst, ds[0])
	if len(ds) > 1 {
		dst = append(append(dst, '.'), ds[1:]...)
	}
	dst = append(dst, 'e')
	if e-1 >= 0 {
		dst = append(dst, '+')
	}
	return strconv.AppendInt(dst, e-1, 10)
}

// ParseArg reads the argument of decimal("…") in the text form: a string
// that decimal.NewFromString reads, plain or scientific.
func (x ext) ParseArg(arg any, _ tuple.Codec) (any, error) {
	s, ok := arg.(string)
	if !ok {
		return nil, fmt.Errorf("decimal( needs a quoted number, not %T", arg)
	}
	return parseDecimal(s)
}

// parseDecimal reads [-]digits[.digits][e[+-]digits]. decimal.NewFromString
// refuses exponents past 10,000, which AppendText writes for large values.
func parseDecimal(s string) (decimal.Decimal, error) {
	bad := func() (decimal.Decimal, error) {
		return decimal.Decimal{}, fmt.Errorf("%q is not a decimal number", s)
	}
	mant, expText, hasExp := strings.Cut(strings.ToLower(s), "e")
	neg := strings.HasPrefix(mant, "-")
	mant = strings.TrimPrefix(strings.TrimPrefix(mant, "-"), "+")
	whole, frac, _ := strings.Cut(mant, ".")
	ds := whole + frac
	if ds == "" || strings.Trim(ds, "0123456789") != "" {
		return bad()
	}
	ds = strings.TrimLeft(ds, "0")
	if len(ds) > MaxDigits {
		return decimal.Decimal{}, ErrTooManyDigits
	}
	exp := -int64(len(frac))
	if hasExp {
		e, err := strconv.ParseInt(expText, 10, 64)
		if err != nil {
			return bad()
		}
		exp += e
	}
	if ds == "" {
		return decimal.Zero, nil
	}
	return newDecimal(ds, exp, neg)
}
