// Package dynamokey turns the values of DynamoDB key attributes into
// tuple elements whose packed bytes sort as DynamoDB sorts them, and back:
// a String (S) is a tuple string, a Binary (B) a byte string, a Number
// (N) a decimal of tuple/tupledecimal. Keys holding such elements keep
// DynamoDB's order in any byte-ordered store (FoundationDB, bbolt, etcd,
// or a DynamoDB binary sort key), and two values DynamoDB treats as the
// same key (N "2", "2.0" and "2.00"; "0" and "-0") give the same bytes.
//
// A Role says which key attribute a value is, and so its limit: the sort
// key holds up to MaxSortKeyBytes (1,024) bytes, the partition key up to
// MaxPartitionKeyBytes (2,048). A store that keeps DynamoDB's items in a
// byte-ordered key-value store, under keys that hold the partition key
// and then the sort key, packs both:
//
//	pk, err := dynamokey.PartitionKey.S(userID)
//	sk, err := dynamokey.SortKey.N("19.99")
//	key, err := dynamokey.Codec().Pack(tuple.Tuple{pk, sk})
//
// The way back, from a decoded key to DynamoDB's attribute values, is
// Role.Value: an S and a B as they are, an N as the text DynamoDB itself
// returns for that number (plain digits, no exponent: "2" for 2.00,
// "0.0000001" for 1E-7), so that a key read back names the item DynamoDB
// holds:
//
//	t, err := dynamokey.Codec().Unpack(key)
//	v, err := dynamokey.SortKey.Value(t[1]) // Value{Kind: KindN, Text: "19.99"}
//
// Pack elements holding numbers with Codec, which knows the decimal
// extension. The package-level S, B and N are SortKey's.
//
// DynamoDB orders S by the bytes of their UTF-8 encoding, B by unsigned
// bytes, and N by numeric value; the tuple layer orders strings and byte
// strings by their bytes (escaping 00 keeps that order) and tupledecimal
// orders decimals by value. examples/dynamodb in the repository writes
// thousands of values of each type to DynamoDB Local and checks that it
// returns them in the order of their packed elements, that it refuses
// exactly the values this package refuses, and that the text it returns
// for each number is Role.Value's.
//
// Each function refuses what DynamoDB refuses for a key attribute, with an
// error that says why: an empty value, a value over the role's limit, a
// string that is not valid UTF-8, and a number that is not one, has more
// than 38 significant digits, or lies outside DynamoDB's magnitudes
// (1E-130 up to but excluding 1E+126).
//
// Place in the import DAG: above tuple and tuple/tupledecimal, whose
// decimal extension it packs numbers with. It must not import nested,
// vectors, compat or cmd/fdbtuple.
package dynamokey

import (
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/tupledecimal"
	"github.com/shopspring/decimal"
)

// DynamoDB's limits on key attribute values, from the DynamoDB Developer
// Guide: "Constraints in Amazon DynamoDB", sections "Partition keys and
// sort keys" ("The minimum length of a partition key value is 1 byte.
// The maximum length is 2048 bytes."; a sort key value, 1 to 1024 bytes)
// and "Data types" (a String's length is that of its UTF-8 bytes; a
// Number has up to 38 digits of precision, positive from 1E-130 to
// 9.9999999999999999999999999999999999999E+125, negative likewise); and
// "Supported data types and naming rules" (the same key limits, for S and
// B alike). A Number's length never reaches either limit: "Item sizes and
// formats" gives its size as about 1 byte per two significant digits
// plus 1, at most about 21 bytes, so the two roles hold the same Numbers.
const (
	// MaxSortKeyBytes is the longest sort key value: 1,024 bytes (of
	// UTF-8 for S, raw for B).
	MaxSortKeyBytes = 1024
	// MaxPartitionKeyBytes is the longest partition key value: 2,048
	// bytes (of UTF-8 for S, raw for B).
	MaxPartitionKeyBytes = 2048
	// MaxDigits is how many significant digits a Number keeps: 38.
	MaxDigits = 38
	// MinExponent and MaxExponent bound a non-zero Number d × 10^e written
	// with one digit before the point (1 <= d < 10): 1E-130 is the
	// smallest magnitude, 9.99…9E+125 the largest.
	MinExponent = -130
	MaxExponent = 125
)

// Errors, each wrapped with the role, the type and the value at fault.
var (
	ErrEmpty = errors.New("dynamokey: a key attribute value may not be empty")
	// ErrTooLong: an S or B over its role's limit (MaxSortKeyBytes,
	// MaxPartitionKeyBytes); the message gives the length and the limit.
	ErrTooLong   = errors.New("dynamokey: a key attribute value is too long")
	ErrNotUTF8   = errors.New("dynamokey: a String is not valid UTF-8")
	ErrNotNumber = errors.New("dynamokey: not a Number")
	ErrPrecision = fmt.Errorf("dynamokey: a Number has at most %d significant digits", MaxDigits)
	ErrOverflow  = errors.New("dynamokey: Number overflow: magnitude 1E+126 or more")
	ErrUnderflow = errors.New("dynamokey: Number underflow: magnitude below 1E-130")
	// ErrNotKeyValue: Role.Value was given an element that no S, N or B
	// decodes to, or Role.Element a Value of no kind or with the field
	// of another kind set; also a Role that is neither SortKey nor
	// PartitionKey.
	ErrNotKeyValue = errors.New("dynamokey: not an S, N or B key attribute value")
)

// Codec returns the codec that packs the elements of this package: the
// default one with tupledecimal's extension at its default code (0x40).
func Codec() tuple.Codec {
	return tuple.Codec{Extensions: []tuple.Extension{tupledecimal.Extension(tupledecimal.DefaultCode)}}
}

// S is SortKey.S: a String sort key value as a tuple string element.
func S(v string) (string, error) { return SortKey.S(v) }

// B is SortKey.B: a Binary sort key value as a tuple byte string element
// (a copy).
func B(v []byte) ([]byte, error) { return SortKey.B(v) }

// N is SortKey.N (and PartitionKey.N: the roles hold the same Numbers).
func N(text string) (decimal.Decimal, error) { return number(text) }

// number returns a Number, given as DynamoDB's text (the N of an
// attribute value: an optional sign, digits with an optional point, an
// optional exponent), as a decimal in canonical form: every spelling of
// one number gives the same decimal, and so the same tuple bytes.
// Leading and trailing zeros do not count as significant digits.
func number(text string) (decimal.Decimal, error) {
	digits, exp, neg, err := parseNumber(text)
	if err != nil {
		return decimal.Decimal{}, fmt.Errorf("N %.60q: %w", text, err)
	}
	if digits == "" {
		return decimal.Zero, nil
	}
	// text = 0.digits × 10^exp, so its scientific exponent is exp-1.
	switch sci := exp - 1; {
	case len(digits) > MaxDigits:
		err = fmt.Errorf("%w, not %d", ErrPrecision, len(digits))
	case sci > MaxExponent:
		err = ErrOverflow
	case sci < MinExponent:
		err = ErrUnderflow
	}
	if err != nil {
		return decimal.Decimal{}, fmt.Errorf("N %.60q: %w", text, err)
	}
	coef, _ := new(big.Int).SetString(digits, 10)
	if neg {
		coef.Neg(coef)
	}
	return decimal.NewFromBigInt(coef, int32(exp-int64(len(digits)))), nil
}

// parseNumber reads [+-]digits[.digits][(e|E)[+-]digits] (at least one
// digit in the mantissa) into its significant digits, without leading and
// trailing zeros ("" for zero), and exp such that the number is
// 0.digits × 10^exp.
func parseNumber(text string) (digits string, exp int64, neg bool, err error) {
	s := text
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg = s[0] == '-'
		s = s[1:]
	}
	mant, expText, hasExp := strings.Cut(s, "e")
	if !hasExp {
		mant, expText, hasExp = strings.Cut(s, "E")
	}
	whole, frac, _ := strings.Cut(mant, ".")
	if whole+frac == "" || !allDigits(whole) || !allDigits(frac) {
		return "", 0, false, ErrNotNumber
	}
	var e int64
	if hasExp {
		t := strings.TrimPrefix(strings.TrimPrefix(expText, "+"), "-")
		if t == "" || !allDigits(t) || strings.HasPrefix(expText, "+-") || strings.HasPrefix(expText, "-+") {
			return "", 0, false, ErrNotNumber
		}
		// An exponent beyond ±2^62 (or int64) is clamped there: far past
		// both of DynamoDB's bounds, and the sums below cannot overflow.
		const limit = 1 << 62
		e, err = strconv.ParseInt(expText, 10, 64)
		switch {
		case (err != nil || e < -limit) && strings.HasPrefix(expText, "-"):
			e, err = -limit, nil
		case err != nil || e > limit:
			e, err = limit, nil
		}
	}
	all := whole + frac
	lead := len(all) - len(strings.TrimLeft(all, "0"))
	all = strings.TrimRight(all[lead:], "0")
	if all == "" {
		return "", 0, neg, nil
	}
	// mant = 0.(whole frac) × 10^len(whole); dropping lead zeros lowers it.
	return all, e + int64(len(whole)) - int64(lead), neg, nil
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
