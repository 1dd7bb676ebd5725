package property_test

import (
	"bytes"
	"cmp"
	"math/big"
	"testing"

	"github.com/shopspring/decimal"
	"pgregory.net/rapid"

	"github.com/fdbtuple/fdbtuple/property_test/gen"
	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/tupledecimal"
)

var extCodec = tuple.Codec{Extensions: []tuple.Extension{
	tupledecimal.Extension(tupledecimal.DefaultCode),
	tuple.DescExtension(tuple.DefaultDescCode),
}}

// decimalLaws: decimals keep every extension law, ordered by decimal.Cmp.
var decimalLaws = gen.ExtensionLaws(extCodec, gen.Decimal().AsAny(), func(a, b any) int {
	return cmpDecimal(a.(decimal.Decimal), b.(decimal.Decimal))
})

// cmpDecimal is decimal.Cmp, which rescales one value to the other's
// exponent: for exponents far apart (the generator reaches both ends of
// int32) that is billions of digits. There the magnitudes differ by more
// than the generator's 40 digits can make up, so the exponents decide.
func cmpDecimal(a, b decimal.Decimal) int {
	if sa, sb := a.Sign(), b.Sign(); sa != sb || sa == 0 {
		return cmp.Compare(sa, sb)
	}
	size := func(d decimal.Decimal) int64 { // decimal digits of |d| left of the point
		return int64(len(new(big.Int).Abs(d.Coefficient()).String())) + int64(d.Exponent())
	}
	if sa, sb := size(a), size(b); sa-sb > 2 || sb-sa > 2 {
		return a.Sign() * cmp.Compare(sa, sb)
	}
	return a.Cmp(b)
}

// descValues wraps standard elements (and decimals) in Desc.
var descValues = rapid.Custom(func(t *rapid.T) any {
	if rapid.IntRange(0, 4).Draw(t, "decimal") == 0 {
		return tuple.Desc{V: gen.Decimal().Draw(t, "d")}
	}
	return tuple.Desc{V: gen.Element(gen.Options{MaxDepth: 2}).Draw(t, "v")}
})

// descLaws: Desc{V: v} keeps every extension law, ordered as the reverse of
// v's order.
var descLaws = gen.ExtensionLaws(extCodec, descValues, func(a, b any) int {
	return -extCodec.Compare(tuple.Tuple{a.(tuple.Desc).V}, tuple.Tuple{b.(tuple.Desc).V})
})

// mixedOrder: tuples mixing ascending and descending elements (nested
// too) order as bytes the way Codec.Compare orders them, keep the prefix
// property, and round-trip.
func mixedOrder(t *rapid.T) {
	p := gen.NearPair(gen.Options{MaxLen: 4}).Draw(t, "pair")
	wrap := rapid.SliceOfN(rapid.Bool(), 8, 8).Draw(t, "desc")
	mix := func(tup tuple.Tuple) tuple.Tuple {
		out := make(tuple.Tuple, len(tup))
		for i, v := range tup {
			if wrap[i%len(wrap)] {
				out[i] = tuple.Desc{V: v}
			} else {
				out[i] = v
			}
		}
		return out
	}
	a, b := mix(p[0]), mix(p[1])
	ka, err1 := extCodec.Pack(a)
	kb, err2 := extCodec.Pack(b)
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	if got, want := bytesCompare(ka, kb), extCodec.Compare(a, b); got != want {
		t.Fatalf("bytes %d, Compare %d: %s vs %s", got, want, extCodec.Format(a), extCodec.Format(b))
	}
	i := rapid.IntRange(0, len(a)).Draw(t, "prefix")
	if kp, err := extCodec.Pack(a[:i]); err != nil || !bytes.HasPrefix(ka, kp) {
		t.Fatalf("Pack(%s) does not start with Pack of its first %d elements", extCodec.Format(a), i)
	}
	back, err := extCodec.Unpack(ka)
	if err != nil || extCodec.Compare(back, a) != 0 {
		t.Fatalf("round trip of %s: %s, %v", extCodec.Format(a), extCodec.Format(back), err)
	}
}

func TestDecimalLaws(t *testing.T)    { rapid.Check(t, decimalLaws) }
func TestDescendingLaws(t *testing.T) { rapid.Check(t, descLaws) }
func TestMixedOrder(t *testing.T)     { rapid.Check(t, mixedOrder) }

func FuzzDecimalLaws(f *testing.F) { f.Fuzz(rapid.MakeFuzz(decimalLaws)) }
func FuzzMixedOrder(f *testing.F)  { f.Fuzz(rapid.MakeFuzz(mixedOrder)) }
