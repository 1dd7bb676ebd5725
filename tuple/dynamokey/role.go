package dynamokey

import (
	"fmt"
	"unicode/utf8"

	"github.com/shopspring/decimal"
)

// A Role is the part a key attribute plays in a table's primary key: the
// sort key or the partition key. The two hold the same S, N and B values
// but for their length: a sort key value is at most MaxSortKeyBytes, a
// partition key value at most MaxPartitionKeyBytes. The zero Role is
// SortKey, as the package-level S, B and N are.
type Role uint8

const (
	// SortKey is the sort (range) key: S and B values of 1 to 1,024 bytes.
	SortKey Role = iota
	// PartitionKey is the partition (hash) key: S and B values of 1 to
	// 2,048 bytes. A store that keeps items under ordered keys packs it
	// first, so that one partition's items are one range.
	PartitionKey
)

// String returns "sort key" or "partition key".
func (r Role) String() string {
	switch r {
	case SortKey:
		return "sort key"
	case PartitionKey:
		return "partition key"
	}
	return fmt.Sprintf("Role(%d)", uint8(r))
}

// MaxBytes returns the longest S or B value the role holds:
// MaxSortKeyBytes or MaxPartitionKeyBytes (0 for a Role that is neither).
func (r Role) MaxBytes() int {
	switch r {
	case SortKey:
		return MaxSortKeyBytes
	case PartitionKey:
		return MaxPartitionKeyBytes
	}
	return 0
}

// S returns a String key value as a tuple string element: the string
// itself, once checked (not empty, valid UTF-8, at most MaxBytes bytes).
func (r Role) S(v string) (string, error) {
	if err := r.checkLength(len(v)); err != nil {
		return "", fmt.Errorf("%v S %.40q: %w", r, v, err)
	}
	if !utf8.ValidString(v) {
		return "", fmt.Errorf("%v S %.40q: %w", r, v, ErrNotUTF8)
	}
	return v, nil
}

// B returns a Binary key value as a tuple byte string element: a copy of
// the bytes, once checked (not empty, at most MaxBytes bytes).
func (r Role) B(v []byte) ([]byte, error) {
	if err := r.checkLength(len(v)); err != nil {
		return nil, fmt.Errorf("%v B %.40x: %w", r, v, err)
	}
	return append([]byte(nil), v...), nil
}

// N returns a Number key value, given as DynamoDB's text (an optional
// sign, digits with an optional point, an optional exponent: "19.99",
// "-2E+3", ".5"), as a decimal in canonical form: every spelling of one
// number gives the same decimal, and so the same tuple bytes. Both roles
// hold the same Numbers (see the limits above).
func (r Role) N(text string) (decimal.Decimal, error) {
	if r.MaxBytes() == 0 {
		return decimal.Decimal{}, fmt.Errorf("%v N %.60q: %w", r, text, ErrNotKeyValue)
	}
	return number(text)
}

// checkLength checks an S's or a B's length against the role's limit.
func (r Role) checkLength(n int) error {
	switch max := r.MaxBytes(); {
	case max == 0:
		return fmt.Errorf("%w: %v is neither SortKey nor PartitionKey", ErrNotKeyValue, r)
	case n == 0:
		return ErrEmpty
	case n > max:
		return fmt.Errorf("%w: %d bytes, over the %d of a %v", ErrTooLong, n, max, r)
	}
	return nil
}

// Element returns the tuple element of a key attribute value read from
// DynamoDB (or written by Value): Text for an S, Text parsed for an N,
// Bytes for a B, checked as S, N and B check them. A Value whose Kind is
// none of these, or which sets the field of the other kind (Bytes on an
// S or N, Text on a B), is ErrNotKeyValue.
func (r Role) Element(v Value) (any, error) {
	switch {
	case v.Kind == KindB && v.Text == "":
		return r.B(v.Bytes)
	case v.Kind == KindS && v.Bytes == nil:
		return r.S(v.Text)
	case v.Kind == KindN && v.Bytes == nil:
		return r.N(v.Text)
	}
	return nil, fmt.Errorf("%v %v: %w", r, v, ErrNotKeyValue)
}

// Value returns the DynamoDB attribute value of a tuple element, the way
// back from a decoded key: a string is an S, a []byte a B (the same
// bytes, not copied), and a decimal.Decimal or a non-nil *decimal.Decimal
// (as tupledecimal decodes an N) an N whose Text is DynamoDB's own text
// for that number (see Value). Each is checked as S, B and N check them,
// so that what Value returns DynamoDB accepts as this role's value; any
// other element is ErrNotKeyValue.
func (r Role) Value(e any) (Value, error) {
	switch e := e.(type) {
	case string:
		if _, err := r.S(e); err != nil {
			return Value{}, err
		}
		return Value{Kind: KindS, Text: e}, nil
	case []byte:
		if err := r.checkLength(len(e)); err != nil {
			return Value{}, fmt.Errorf("%v B %.40x: %w", r, e, err)
		}
		return Value{Kind: KindB, Bytes: e}, nil
	case *decimal.Decimal:
		if e != nil {
			return r.Value(*e)
		}
	case decimal.Decimal:
		if r.MaxBytes() == 0 {
			return Value{}, fmt.Errorf("%v N: %w", r, ErrNotKeyValue)
		}
		text, err := numberText(e)
		if err != nil {
			return Value{}, err
		}
		return Value{Kind: KindN, Text: text}, nil
	}
	return Value{}, fmt.Errorf("%v: %w: %T", r, ErrNotKeyValue, e)
}
