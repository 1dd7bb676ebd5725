package dynamokey_test

import (
	"bytes"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/dynamokey"
	"pgregory.net/rapid"
)

var nines38 = "9." + strings.Repeat("9", 37)

// fatalf is what packN needs of a *testing.T or a *rapid.T.
type fatalf interface {
	Helper()
	Fatal(args ...any)
}

func packN(t fatalf, text string) []byte {
	t.Helper()
	d, err := dynamokey.N(text)
	if err != nil {
		t.Fatal(err)
	}
	b, err := dynamokey.Codec().Pack(tuple.Tuple{d})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestNumberSpellings: every spelling of one number packs to the same
// bytes, as DynamoDB stores them as one key.
func TestNumberSpellings(t *testing.T) {
	for _, group := range [][]string{
		{"2", "2.0", "2.00", "+2", "02", "0.2e1", "20e-1", "2E0", "200E-2", "2.", "0002.000"},
		{"0", "-0", "0.0", "+0", "0e5", "-0.000e-999", "0e99999999999999999999999", ".0", "0."},
		{"-19.99", "-1999e-2", "-0.1999E+2"},
		{"1e-130", "0.1e-129", "10e-131", "0." + strings.Repeat("0", 129) + "1"},
		{nines38 + "e125", nines38 + "E+125", strings.Repeat("9", 38) + strings.Repeat("0", 88)},
		{"1" + strings.Repeat("0", 125), "1e125"},
	} {
		want := packN(t, group[0])
		for _, s := range group[1:] {
			if got := packN(t, s); !bytes.Equal(got, want) {
				t.Errorf("N(%q) packs to %x, N(%q) to %x", s, got, group[0], want)
			}
		}
	}
}

// TestNumberRefusals: what DynamoDB refuses, refused with the reason.
func TestNumberRefusals(t *testing.T) {
	for text, want := range map[string]error{
		"":                                      dynamokey.ErrNotNumber,
		"-":                                     dynamokey.ErrNotNumber,
		".":                                     dynamokey.ErrNotNumber,
		"1e":                                    dynamokey.ErrNotNumber,
		"1e+-2":                                 dynamokey.ErrNotNumber,
		"1.2.3":                                 dynamokey.ErrNotNumber,
		" 1":                                    dynamokey.ErrNotNumber,
		"0x10":                                  dynamokey.ErrNotNumber,
		"NaN":                                   dynamokey.ErrNotNumber,
		"Infinity":                              dynamokey.ErrNotNumber,
		"1_000":                                 dynamokey.ErrNotNumber,
		"1" + strings.Repeat("1", 38):           dynamokey.ErrPrecision,
		"0." + strings.Repeat("1", 39):          dynamokey.ErrPrecision,
		"1e126":                                 dynamokey.ErrOverflow,
		"-1e126":                                dynamokey.ErrOverflow,
		"1e99999999999999999999":                dynamokey.ErrOverflow,
		"9.99e-131":                             dynamokey.ErrUnderflow,
		"-1e-131":                               dynamokey.ErrUnderflow,
		"1e-99999999999999999999":               dynamokey.ErrUnderflow,
		"1" + strings.Repeat("0", 126):          dynamokey.ErrOverflow,
		"0.00" + strings.Repeat("0", 128) + "1": dynamokey.ErrUnderflow,
	} {
		if _, err := dynamokey.N(text); !errors.Is(err, want) {
			t.Errorf("N(%.50q): %v, want %v", text, err, want)
		}
	}
}

func TestStringAndBinaryRefusals(t *testing.T) {
	long := strings.Repeat("x", dynamokey.MaxSortKeyBytes+1)
	for _, c := range []struct {
		err  error
		want error
	}{
		{second(dynamokey.S("")), dynamokey.ErrEmpty},
		{second(dynamokey.S(long)), dynamokey.ErrTooLong},
		{second(dynamokey.S("a\xffb")), dynamokey.ErrNotUTF8},
		{second(dynamokey.B(nil)), dynamokey.ErrEmpty},
		{second(dynamokey.B([]byte(long))), dynamokey.ErrTooLong},
	} {
		if !errors.Is(c.err, c.want) {
			t.Errorf("%v, want %v", c.err, c.want)
		}
	}
	if _, err := dynamokey.S(long[1:]); err != nil {
		t.Errorf("1,024 bytes: %v", err)
	}
	if _, err := dynamokey.S("\x00🙂"); err != nil {
		t.Errorf("U+0000 and a supplementary-plane character: %v", err)
	}
}

func second[T any](_ T, err error) error { return err }

// number draws a DynamoDB Number's text: 1 to 38 significant digits,
// any exponent of the range, either sign.
func number() *rapid.Generator[string] {
	return rapid.Custom(func(t *rapid.T) string {
		ds := rapid.StringMatching(`[1-9][0-9]{0,37}`).Draw(t, "digits")
		e := rapid.IntRange(dynamokey.MinExponent, dynamokey.MaxExponent).Draw(t, "exponent")
		sign := rapid.SampledFrom([]string{"", "-"}).Draw(t, "sign")
		return fmt.Sprintf("%s%s.%se%d", sign, ds[:1], ds[1:], e)
	})
}

// TestNumberOrder: two numbers' elements compare as math/big's exact
// rationals do.
func TestNumberOrder(t *testing.T) {
	edges := []string{"0", "1e-130", "-1e-130", nines38 + "e125", "-" + nines38 + "e125"}
	rapid.Check(t, func(rt *rapid.T) {
		a := rapid.OneOf(number(), rapid.SampledFrom(edges)).Draw(rt, "a")
		b := rapid.OneOf(number(), rapid.SampledFrom(edges)).Draw(rt, "b")
		ra, _ := new(big.Rat).SetString(a)
		rb, _ := new(big.Rat).SetString(b)
		if got, want := bytes.Compare(packN(rt, a), packN(rt, b)), ra.Cmp(rb); got != want {
			rt.Fatalf("%s vs %s: bytes compare %d, numbers %d", a, b, got, want)
		}
	})
}

func Example() {
	codec := dynamokey.Codec()
	for _, text := range []string{"2", "2.00", "-0", "19.99", "1e126"} {
		n, err := dynamokey.N(text)
		if err != nil {
			fmt.Println(err)
			continue
		}
		key, err := codec.Pack(tuple.Tuple{"price", n})
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%-5s % x\n", text, key)
	}
	s, err := dynamokey.S("café 🙂")
	if err != nil {
		fmt.Println(err)
		return
	}
	b, err := dynamokey.B([]byte{0x00, 0xFF})
	if err != nil {
		fmt.Println(err)
		return
	}
	key, err := codec.Pack(tuple.Tuple{s, b})
	if err != nil {
		fmt.Println(err)
		return
	}
	t, err := codec.Unpack(key)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(codec.Format(t))
	// Output:
	// 2     02 70 72 69 63 65 00 40 c1 28
	// 2.00  02 70 72 69 63 65 00 40 c1 28
	// -0    02 70 72 69 63 65 00 40 80
	// 19.99 02 70 72 69 63 65 00 40 c2 27 c6
	// N "1e126": dynamokey: Number overflow: magnitude 1E+126 or more
	// ("café 🙂", b"\x00\xff")
}
