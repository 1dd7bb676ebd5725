package tuple_test

import (
	"bytes"
	"math"
	"math/big"
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/types"
	"github.com/fdbtuple/fdbtuple/vectors"
)

// row is one value and its packed form, as hex with optional spaces.
type row struct {
	v   any
	hex string
}

func bigInt(s string) *big.Int {
	b, ok := new(big.Int).SetString(s, 0)
	if !ok {
		panic(s)
	}
	return b
}

// maxBig is 2^2040-1, the largest magnitude the 0B/1D forms can hold.
var maxBig = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 2040), big.NewInt(1))

// ascending tables: within each, rows are in strictly increasing tuple
// order, so each row's bytes must sort after the previous row's.
var tables = map[string][]row{
	"int": {
		{new(big.Int).Neg(maxBig), "0b 00" + strings.Repeat("00", 255)},
		{bigInt("-0x1000000000000000000"), "0b f5 feffffffffffffffffff"},
		{bigInt("-0x10000000000000000"), "0b f6 feffffffffffffffff"},
		{bigInt("-0xffffffffffffffff"), "0c 0000000000000000"},
		{bigInt("-0x8000000000000001"), "0c 7ffffffffffffffe"},
		{int64(math.MinInt64), "0c 7fffffffffffffff"},
		{int64(-1 << 32), "0f feffffffff"},
		{int64(-65536), "11 feffff"},
		{int64(-65535), "12 0000"},
		{int64(-256), "12 feff"},
		{int64(-255), "13 00"},
		{int64(-1), "13 fe"},
		{int64(0), "14"},
		{int64(1), "15 01"},
		{int64(255), "15 ff"},
		{int64(256), "16 0100"},
		{int64(65535), "16 ffff"},
		{int64(65536), "17 010000"},
		{int64(1 << 32), "19 0100000000"},
		{int64(math.MaxInt64), "1c 7fffffffffffffff"},
		{uint64(1 << 63), "1c 8000000000000000"},
		{uint64(math.MaxUint64), "1c ffffffffffffffff"},
		{bigInt("0x10000000000000000"), "1d 09 010000000000000000"},
		{bigInt("0x1000000000000000000"), "1d 0a 01000000000000000000"},
		{maxBig, "1d ff" + strings.Repeat("ff", 255)},
	},
	"float32": {
		{math.Float32frombits(0xffc00001), "20 003ffffe"},
		{float32(math.Inf(-1)), "20 007fffff"},
		{float32(-42), "20 3dd7ffff"},
		{float32(-1), "20 407fffff"},
		{float32(-math.SmallestNonzeroFloat32), "20 7ffffffe"},
		{float32(math.Copysign(0, -1)), "20 7fffffff"},
		{float32(0), "20 80000000"},
		{float32(math.SmallestNonzeroFloat32), "20 80000001"},
		{float32(1), "20 bf800000"},
		{float32(math.MaxFloat32), "20 ff7fffff"},
		{float32(math.Inf(1)), "20 ff800000"},
		{math.Float32frombits(0x7f800001), "20 ff800001"}, // signalling NaN, kept
		{float32(math.NaN()), "20 ffc00000"},
	},
	"float64": {
		{math.Float64frombits(0xfff8000000000001), "21 0007fffffffffffe"},
		{math.Inf(-1), "21 000fffffffffffff"},
		{-1.5, "21 4007ffffffffffff"},
		{math.Copysign(0, -1), "21 7fffffffffffffff"},
		{0.0, "21 8000000000000000"},
		{math.SmallestNonzeroFloat64, "21 8000000000000001"},
		{1.5, "21 bff8000000000000"},
		{math.Inf(1), "21 fff0000000000000"},
		{math.Float64frombits(0x7ff0000000000001), "21 fff0000000000001"},
		{math.NaN(), "21 fff8000000000001"},
	},
	"bytes": {
		{[]byte{}, "01 00"},
		{[]byte{0}, "01 00ff 00"},
		{[]byte{0, 0}, "01 00ff00ff 00"},
		{[]byte{0, 1}, "01 00ff01 00"},
		{[]byte{1}, "01 01 00"},
		{[]byte("foo\x00bar"), "01 666f6f00ff626172 00"},
		{[]byte{0xff}, "01 ff 00"},
		{[]byte{0xff, 0}, "01 ff00ff 00"},
	},
	"string": {
		{"", "02 00"},
		{"\x00", "02 00ff 00"},
		{"A", "02 41 00"},
		{"F\u00d4O\u0000bar", "02 46c3944f00ff626172 00"},
		{"foo", "02 666f6f 00"},
		{"\uffff", "02 efbfbf 00"},
		{"\U0001F600", "02 f09f9880 00"}, // above U+FFFF: after U+FFFF, unlike UTF-16
	},
	"nested": {
		{tuple.Tuple{}, "05 00"},
		{tuple.Tuple{nil}, "05 00ff 00"},
		{tuple.Tuple{nil, nil}, "05 00ff 00ff 00"},
		{tuple.Tuple{[]byte("foo\x00bar"), nil, tuple.Tuple{}}, "05 01666f6f00ff62617200 00ff 0500 00"},
		{tuple.Tuple{tuple.Tuple{}}, "05 0500 00"},
		{tuple.Tuple{int64(1)}, "05 1501 00"},
		{tuple.Tuple{int64(1), nil}, "05 1501 00ff 00"},
		{tuple.Tuple{int64(2)}, "05 1502 00"},
	},
	"bool": {
		{false, "26"},
		{true, "27"},
	},
	"uuid": {
		{uuid.UUID{}, "30 00000000000000000000000000000000"},
		{uuid.MustParse("00000000-0000-0000-0000-000000000001"), "30 00000000000000000000000000000001"},
		{uuid.MustParse("7c9e6679-7425-40de-944b-e07fc1f90ae7"), "30 7c9e6679742540de944be07fc1f90ae7"},
		{uuid.Max, "30 ffffffffffffffffffffffffffffffff"},
	},
	"versionstamp": {
		{types.Versionstamp{}, "33 00000000000000000000 0000"},
		{types.Versionstamp{UserVersion: 1}, "33 00000000000000000000 0001"},
		{types.Versionstamp{TransactionVersion: [10]byte{0, 0, 0, 0, 0, 0, 0, 1}}, "33 00000000000000010000 0000"},
		{types.Versionstamp{TransactionVersion: [10]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe}, UserVersion: 0xffff}, "33 fffffffffffffffffffe ffff"},
	},
	// One element of each kind, in cross-type order.
	"cross-type": {
		{nil, "00"},
		{[]byte{}, "01 00"},
		{"", "02 00"},
		{tuple.Tuple{}, "05 00"},
		{new(big.Int).Neg(maxBig), "0b 00" + strings.Repeat("00", 255)},
		{int64(0), "14"},
		{maxBig, "1d ff" + strings.Repeat("ff", 255)},
		{float32(math.Inf(-1)), "20 007fffff"},
		{float32(math.Inf(1)), "20 ff800000"},
		{math.Inf(-1), "21 000fffffffffffff"},
		{false, "26"},
		{true, "27"},
		{uuid.Max, "30 ffffffffffffffffffffffffffffffff"},
		{types.Versionstamp{}, "33 00000000000000000000 0000"},
	},
}

// TestAscendingTables checks, for every row of every table, the packed
// bytes, the round trip, and that the bytes and Compare both put the row
// strictly after the previous one.
func TestAscendingTables(t *testing.T) {
	for name, rows := range tables {
		t.Run(name, func(t *testing.T) {
			var prev tuple.Tuple
			var prevKey []byte
			for i, r := range rows {
				tup := tuple.Tuple{r.v}
				want := dhex(t, r.hex)
				got, err := (tuple.Codec{}).Pack(tup)
				if err != nil || !bytes.Equal(got, want) {
					t.Fatalf("row %d %#v: pack = %x, %v; want %x", i, r.v, got, err, want)
				}
				back, err := tuple.Unpack(got)
				if err != nil || !vectors.Identical(back, tup) {
					t.Errorf("row %d %#v: unpack = %#v, %v", i, r.v, back, err)
				}
				if i > 0 {
					if bytes.Compare(prevKey, got) >= 0 {
						t.Errorf("row %d %#v: bytes %x do not sort after %x", i, r.v, got, prevKey)
					}
					if c := tuple.Compare(prev, tup); c != -1 {
						t.Errorf("row %d %#v: Compare with previous = %d, want -1", i, r.v, c)
					}
				}
				prev, prevKey = tup, got
			}
		})
	}
}

// TestGoIntegerTypes checks that every Go integer type, named or not,
// packs as the same integer.
func TestGoIntegerTypes(t *testing.T) {
	type userID int32
	type count uint16
	for _, v := range []any{int8(-5), int16(-5), int32(-5), int(-5), int64(-5), userID(-5)} {
		if got := (tuple.Tuple{v}).Pack(); !bytes.Equal(got, []byte{0x13, 0xfa}) {
			t.Errorf("%T(-5) packed to %x", v, got)
		}
	}
	for _, v := range []any{uint8(5), uint16(5), uint32(5), uint(5), uint64(5), count(5), big.NewInt(5), *big.NewInt(5)} {
		if got := (tuple.Tuple{v}).Pack(); !bytes.Equal(got, []byte{0x15, 0x05}) {
			t.Errorf("%T(5) packed to %x", v, got)
		}
	}
}

// TestNamedTypes checks that named strings, byte slices, floats, bools
// and []any pack as their underlying types.
func TestNamedTypes(t *testing.T) {
	type name string
	type raw []byte
	type ratio float64
	type flag bool
	type list []any
	got := tuple.Tuple{name("a"), raw{1}, ratio(1.5), flag(true), list{int64(1)}}.Pack()
	want := tuple.Tuple{"a", []byte{1}, 1.5, true, tuple.Tuple{int64(1)}}.Pack()
	if !bytes.Equal(got, want) {
		t.Errorf("named types packed to %x, want %x", got, want)
	}
}
