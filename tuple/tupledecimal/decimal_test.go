package tupledecimal_test

import (
	"bytes"
	"errors"
	"math"
	"math/big"
	"strings"
	"testing"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/tupledecimal"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
	"github.com/shopspring/decimal"
)

var codec = tuple.Codec{Extensions: []tuple.Extension{tupledecimal.Extension(tupledecimal.DefaultCode)}}

func d(s string) decimal.Decimal { return decimal.RequireFromString(s) }

// maxDynamo is the largest DynamoDB number: 38 nines at exponent 125.
var maxDynamo = "9." + strings.Repeat("9", 37) + "e125"

// TestAscending: values in increasing numeric order, across signs and
// the whole DynamoDB range (and beyond), pack to strictly increasing bytes
// and decode to equal values.
func TestAscending(t *testing.T) {
	values := []string{
		"-1e400", "-1e126", "-" + maxDynamo, "-1e62", "-1e61", "-123.456", "-19.99", "-10", "-9.99", "-1.5", "-1",
		"-0.123", "-0.12", "-0.1", "-1e-62", "-1e-63", "-1e-130", "-1e-500",
		"0",
		"1e-500", "1e-130", "1e-63", "1e-62", "0.1", "0.12", "0.123", "1", "1.5", "9.99", "10", "19.99",
		"100", "1234", "6.02214076e23", "1e61", "1e62", maxDynamo, "1e126", "1e400",
	}
	var prev []byte
	for i, s := range values {
		key, err := codec.Pack(tuple.Tuple{d(s)})
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		back, err := codec.Unpack(key)
		if err != nil || len(back) != 1 || !back[0].(decimal.Decimal).Equal(d(s)) {
			t.Fatalf("%s: unpack %x = %v, %v", s, key, back, err)
		}
		if i > 0 && bytes.Compare(prev, key) >= 0 {
			t.Errorf("%s (%x) does not sort after %s (%x)", s, key, values[i-1], prev)
		}
		if i > 0 && codec.Compare(tuple.Tuple{d(values[i-1])}, tuple.Tuple{d(s)}) != -1 {
			t.Errorf("Compare does not put %s before %s", values[i-1], s)
		}
		prev = key
	}
}

// TestCanonical: one encoding per numeric value, whatever the scale.
func TestCanonical(t *testing.T) {
	for _, same := range [][]string{{"1", "1.0", "1.00", "0.1e1", "100e-2"}, {"0", "0.000", "-0", "0e10"}, {"-2.50", "-2.5", "-25e-1"}} {
		want, _ := codec.Pack(tuple.Tuple{d(same[0])})
		for _, s := range same[1:] {
			if got, _ := codec.Pack(tuple.Tuple{d(s)}); !bytes.Equal(got, want) {
				t.Errorf("%s packs to %x, %s to %x", s, got, same[0], want)
			}
		}
	}
}

// TestSizes pins the sizes the package doc reports.
func TestSizes(t *testing.T) {
	for s, want := range map[string]int{"19.99": 4, "1234": 4, "0.000001": 3, "6.02214076e23": 7, maxDynamo: 23, "0": 2} {
		key, _ := codec.Pack(tuple.Tuple{d(s)})
		if len(key) != want {
			t.Errorf("%s takes %d bytes (%x), want %d", s, len(key), key, want)
		}
	}
}

func TestMalformed(t *testing.T) {
	for _, bad := range []string{
		"40",       // no header
		"40c1",     // digits missing
		"40c115",   // digits never end (odd bytes only)
		"40c1c9",   // digit byte above 199
		"40c11500", // digits 1, 0, 0, 0: trailing zeros
		"40c102",   // first digit zero
		"40ff04",   // header FF
		"40811501", // exponent form for an inline exponent
		"40fe",     // exponent missing
		"4041",     // negative, nothing after
	} {
		b := make([]byte, len(bad)/2)
		for i := range b {
			var c byte
			for _, h := range bad[2*i : 2*i+2] {
				c = c<<4 | byte(strings.IndexRune("0123456789abcdef", h))
			}
			b[i] = c
		}
		if v, err := codec.Unpack(b); err == nil {
			t.Errorf("Unpack(%s) accepted: %v", bad, v)
		}
	}
	if _, err := tuple.Unpack([]byte{0x40, 0x80}); !errors.Is(err, tuple.ErrInvalidCode) {
		t.Errorf("without the extension: %v", err)
	}
	key, _ := codec.Pack(tuple.Tuple{"price", d("19.99")})
	if got := codec.Describe(key); got != `("price", decimal("19.99"))` {
		t.Errorf("Describe = %s", got)
	}
	if got := tuple.Describe(key); got != `("price",) + b"@\xc2'\xc6" (stopped at offset 7: user type code 0x40 has no extension here, so where its element ends is unknown; tupledecimal.Extension(tupledecimal.DefaultCode) reads code 0x40)` {
		t.Errorf("Describe without the extension = %s", got)
	}
}

// TestNilPointer: a nil *decimal.Decimal is an unsupported element, never
// a panic, in every codec path.
func TestNilPointer(t *testing.T) {
	var nilDec *decimal.Decimal
	tup := tuple.Tuple{nilDec}
	if _, err := codec.Pack(tup); !errors.Is(err, tuple.ErrUnsupportedType) {
		t.Errorf("Pack(nil *Decimal) = %v, want ErrUnsupportedType", err)
	}
	_ = codec.Compare(tup, tuple.Tuple{d("1")})
	_ = codec.Compare(tup, tup)
	if got := codec.Format(tup); !strings.Contains(got, "unsupported") {
		t.Errorf("Format(nil *Decimal) = %s", got)
	}
	one := d("1")
	if _, err := codec.Pack(tuple.Tuple{&one}); err != nil {
		t.Errorf("Pack(*Decimal) = %v", err)
	}
}

// TestExtremeExponents: values at the ends of decimal.Decimal's int32
// exponent pack, unpack to equal values, compare, and print as text that
// Codec.Parse reads back, all at a cost set by their digits, not their
// exponent (1e1000000000 would otherwise be a billion digits).
func TestExtremeExponents(t *testing.T) {
	values := []decimal.Decimal{
		decimal.New(10, math.MaxInt32),
		decimal.New(-123400, math.MaxInt32),
		decimal.New(1, math.MaxInt32),
		decimal.New(1, math.MinInt32),
		decimal.New(-99, math.MinInt32),
		decimal.New(1, 1_000_000_000),
		decimal.New(15, -1_000_000_000),
		d("123456789.123456789"),
		d("-0.000000000000000000000000000000001"),
	}
	for _, v := range values {
		key, err := codec.Pack(tuple.Tuple{v})
		if err != nil {
			t.Errorf("Pack(%s e%d) = %v", v.Coefficient(), v.Exponent(), err)
			continue
		}
		back, err := codec.Unpack(key)
		if err != nil || back[0].(decimal.Decimal).Cmp(v) != 0 {
			t.Errorf("Unpack(Pack(%s e%d)) = %v, %v", v.Coefficient(), v.Exponent(), back, err)
			continue
		}
		text := codec.Format(tuple.Tuple{v})
		if len(text) > 64 {
			t.Errorf("Format(%s e%d) = %d bytes", v.Coefficient(), v.Exponent(), len(text))
		}
		parsed, err := codec.Parse(text)
		if err != nil || codec.Compare(parsed, back) != 0 {
			t.Errorf("Parse(%s) = %v, %v", text, parsed, err)
		}
		if again, _ := codec.Pack(parsed); !bytes.Equal(again, key) {
			t.Errorf("Parse(%s) packs to %x, not %x", text, again, key)
		}
		for _, w := range values {
			kw, _ := codec.Pack(tuple.Tuple{w})
			if got, want := codec.Compare(tuple.Tuple{v}, tuple.Tuple{w}), bytes.Compare(key, kw); got != want {
				t.Errorf("Compare(%s e%d, %s e%d) = %d, bytes %d", v.Coefficient(), v.Exponent(), w.Coefficient(), w.Exponent(), got, want)
			}
		}
	}
}

// TestDigitLimit: the encoder refuses exactly what the decoder would
// refuse, with ErrTooLarge, and neither converts more than MaxDigits.
func TestDigitLimit(t *testing.T) {
	most := decimal.RequireFromString(strings.Repeat("7", tupledecimal.MaxDigits))
	key, err := codec.Pack(tuple.Tuple{most})
	if err != nil {
		t.Fatalf("Pack(%d digits) = %v", tupledecimal.MaxDigits, err)
	}
	if _, err := codec.Unpack(key); err != nil {
		t.Errorf("Unpack(%d digits) = %v", tupledecimal.MaxDigits, err)
	}
	over := decimal.RequireFromString(strings.Repeat("7", tupledecimal.MaxDigits+1))
	if _, err := codec.Pack(tuple.Tuple{over}); !errors.Is(err, tuple.ErrTooLarge) {
		t.Errorf("Pack(%d digits) = %v, want ErrTooLarge", tupledecimal.MaxDigits+1, err)
	}
	// The same digits written by hand: the decoder refuses them too.
	hand := append([]byte{0x40, 0xfe}, tuplewire.AppendInt(nil, tupledecimal.MaxDigits+1)...)
	for range (tupledecimal.MaxDigits + 1) / 2 {
		hand = append(hand, 2*77+1)
	}
	hand = append(hand, 2*70)
	if _, err := codec.Unpack(hand); !errors.Is(err, tuple.ErrTooLarge) {
		t.Errorf("Unpack(%d digits) = %v, want ErrTooLarge", tupledecimal.MaxDigits+1, err)
	}
	// A value past the int32 exponent needs its zeros in the coefficient:
	// 1 followed by 5000 zeros at exponent MaxInt32 is refused both ways.
	wide := decimal.NewFromBigInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(5000), nil), math.MaxInt32)
	if _, err := codec.Pack(tuple.Tuple{wide}); !errors.Is(err, tuple.ErrTooLarge) {
		t.Errorf("Pack(1e5000 e MaxInt32) = %v, want ErrTooLarge", err)
	}
	far := append([]byte{0x40, 0xfe}, tuplewire.AppendInt(nil, math.MaxInt32+5000)...)
	far = append(far, 2*10)
	if _, err := codec.Unpack(far); !errors.Is(err, tuple.ErrTooLarge) {
		t.Errorf("Unpack(0.1 e MaxInt32+5000) = %v, want ErrTooLarge", err)
	}
	tiny := append([]byte{0x40, 0x81}, tuplewire.AppendInt(nil, math.MinInt32-10)...)
	tiny = append(tiny, 2*10)
	if _, err := codec.Unpack(tiny); !errors.Is(err, tuple.ErrOutOfRange) {
		t.Errorf("Unpack(0.1 e MinInt32-10) = %v, want ErrOutOfRange", err)
	}
}
