package tupledecimal_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/tupledecimal"
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
	if got := tuple.Describe(key); got != `("price", user(0x40, b"\xc2'\xc6"))` {
		t.Errorf("Describe without the extension = %s", got)
	}
}
