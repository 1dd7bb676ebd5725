package dynamokey_test

import (
	"bytes"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/dynamokey"
)

var nines38 = "9." + strings.Repeat("9", 37)

func packN(t *testing.T, text string) []byte {
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

// randomNumber draws a number in DynamoDB's range, often at its edges:
// 1 to 38 digits, exponents from one end to the other.
func randomNumber(rng *rand.Rand) string {
	n := 1 + rng.IntN(38)
	if rng.IntN(4) == 0 {
		n = 38
	}
	ds := make([]byte, n)
	for i := range ds {
		ds[i] = byte('0' + rng.IntN(10))
	}
	ds[0] = byte('1' + rng.IntN(9))
	e := dynamokey.MinExponent + rng.IntN(dynamokey.MaxExponent-dynamokey.MinExponent+1)
	switch rng.IntN(6) {
	case 0:
		e = dynamokey.MinExponent + rng.IntN(3)
	case 1:
		e = dynamokey.MaxExponent - rng.IntN(3)
	case 2:
		e = rng.IntN(5) - 2
	}
	sign := ""
	if rng.IntN(2) == 0 {
		sign = "-"
	}
	return fmt.Sprintf("%s%c.%se%d", sign, ds[0], ds[1:], e)
}

// TestNumberOrder: over 5,000 random numbers and the range's edges, the
// packed elements sort as math/big's exact rationals do.
func TestNumberOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 29))
	texts := []string{"0", "1e-130", "-1e-130", nines38 + "e125", "-" + nines38 + "e125", "1", "-1"}
	for range 5000 {
		texts = append(texts, randomNumber(rng))
	}
	type num struct {
		r   *big.Rat
		key []byte
		s   string
	}
	var ns []num
	for _, s := range texts {
		r, ok := new(big.Rat).SetString(s)
		if !ok {
			t.Fatalf("big.Rat cannot read %q", s)
		}
		ns = append(ns, num{r, packN(t, s), s})
	}
	slices.SortFunc(ns, func(a, b num) int { return a.r.Cmp(b.r) })
	for i := 1; i < len(ns); i++ {
		if got, want := bytes.Compare(ns[i-1].key, ns[i].key), ns[i-1].r.Cmp(ns[i].r); got != want {
			t.Fatalf("%s vs %s: bytes compare %d, numbers %d", ns[i-1].s, ns[i].s, got, want)
		}
	}
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
