package tuple_test

import (
	"bytes"
	"errors"
	"math"
	"math/big"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/types"
	"github.com/fdbtuple/fdbtuple/vectors"
	"github.com/google/uuid"
)

var sampleUUID = uuid.MustParse("4c9d36e5-6b19-4e6a-828c-226ed667458a")

// TestAppendFunctions checks each typed Append function against Pack of
// the same value.
func TestAppendFunctions(t *testing.T) {
	vs := types.Versionstamp{TransactionVersion: [10]byte{1, 2, 3}, UserVersion: 9}
	big1, _ := new(big.Int).SetString("-123456789012345678901234567890", 10)
	tests := []struct {
		got  func([]byte) []byte
		want any
	}{
		{tuple.AppendNull, nil},
		{func(b []byte) []byte { return tuple.AppendBytes(b, []byte("a\x00b")) }, []byte("a\x00b")},
		{func(b []byte) []byte { return tuple.AppendString(b, "h\u00e9\x00") }, "h\u00e9\x00"},
		{func(b []byte) []byte { return tuple.AppendInt(b, math.MinInt64) }, int64(math.MinInt64)},
		{func(b []byte) []byte { return tuple.AppendUint(b, math.MaxUint64) }, uint64(math.MaxUint64)},
		{func(b []byte) []byte { out, _ := tuple.AppendBigInt(b, big1); return out }, big1},
		{func(b []byte) []byte { return tuple.AppendFloat32(b, -42) }, float32(-42)},
		{func(b []byte) []byte { return tuple.AppendFloat64(b, math.Pi) }, math.Pi},
		{func(b []byte) []byte { return tuple.AppendBool(b, true) }, true},
		{func(b []byte) []byte { return tuple.AppendUUID(b, sampleUUID) }, sampleUUID},
		{func(b []byte) []byte { return tuple.AppendVersionstamp(b, vs) }, vs},
		{func(b []byte) []byte {
			b = tuple.BeginNested(b)
			b = tuple.AppendNestedNull(b)
			b = tuple.AppendInt(b, 7)
			return tuple.EndNested(b)
		}, tuple.Tuple{nil, int64(7)}},
	}
	for _, tt := range tests {
		want := tuple.Tuple{tt.want}.Pack()
		if got := tt.got(nil); !bytes.Equal(got, want) {
			t.Errorf("%#v: appended %x, Pack gives %x", tt.want, got, want)
		}
	}
}

// TestSizeFunctions checks each Size function against the length written.
func TestSizeFunctions(t *testing.T) {
	for _, v := range []int64{0, 1, -1, 255, -256, math.MaxInt64, math.MinInt64} {
		if got, want := tuple.SizeInt(v), len(tuple.AppendInt(nil, v)); got != want {
			t.Errorf("SizeInt(%d) = %d, want %d", v, got, want)
		}
	}
	for _, v := range []uint64{0, 1, 1 << 63, math.MaxUint64} {
		if got, want := tuple.SizeUint(v), len(tuple.AppendUint(nil, v)); got != want {
			t.Errorf("SizeUint(%d) = %d, want %d", v, got, want)
		}
	}
	for _, v := range []*big.Int{nil, big.NewInt(-1), maxBig, new(big.Int).Neg(maxBig), bigInt("-0xffffffffffffffff")} {
		out, _ := tuple.AppendBigInt(nil, v)
		if got := tuple.SizeBigInt(v); got != len(out) {
			t.Errorf("SizeBigInt(%v) = %d, want %d", v, got, len(out))
		}
	}
	if got := tuple.SizeBigInt(new(big.Int).Lsh(maxBig, 1)); got != -1 {
		t.Errorf("SizeBigInt(2^2041) = %d, want -1", got)
	}
	for _, s := range []string{"", "\x00", "a\x00\x00b"} {
		if got, want := tuple.SizeString(s), len(tuple.AppendString(nil, s)); got != want {
			t.Errorf("SizeString(%q) = %d, want %d", s, got, want)
		}
		if got, want := tuple.SizeBytes([]byte(s)), len(tuple.AppendBytes(nil, []byte(s))); got != want {
			t.Errorf("SizeBytes(%q) = %d, want %d", s, got, want)
		}
	}
}

// TestNextAgreesWithUnpack walks every packed vector row with Next and
// checks each step against ConsumeElement and the full decode.
func TestNextAgreesWithUnpack(t *testing.T) {
	for _, r := range packRows(t) {
		b, whole := r.packed, r.tup
		for i := 0; len(b) > 0; i++ {
			code, n, err := tuple.Next(b)
			if err != nil || code != types.Code(b[0]) {
				t.Fatalf("%s: Next = %v, %d, %v", r.name, code, n, err)
			}
			v, m, err := tuple.ConsumeElement(b)
			if err != nil || m != n || !vectors.Identical(tuple.Tuple{v}, tuple.Tuple{whole[i]}) {
				t.Fatalf("%s element %d: ConsumeElement = %#v, %d, %v; Next said %d", r.name, i, v, m, err, n)
			}
			b = b[n:]
		}
	}
}

// TestConsume checks each typed Consume function on its own kind, and the
// wrong-kind and range errors.
func TestConsume(t *testing.T) {
	key := tuple.Tuple{nil, true, int64(-7), uint64(math.MaxUint64), maxBig, float32(1.5), 2.5,
		sampleUUID, types.Versionstamp{UserVersion: 3}, []byte("b\x00"), "s\x00", tuple.Tuple{nil}}.Pack()
	b := key
	step := func(n int, err error) {
		t.Helper()
		if err != nil {
			t.Fatalf("at offset %d: %v", len(key)-len(b), err)
		}
		b = b[n:]
	}
	n, err := tuple.ConsumeNull(b)
	step(n, err)
	if v, n, err := tuple.ConsumeBool(b); v != true {
		t.Errorf("bool = %v", v)
	} else {
		step(n, err)
	}
	if v, n, err := tuple.ConsumeInt(b); v != -7 {
		t.Errorf("int = %v", v)
	} else {
		step(n, err)
	}
	if _, _, err := tuple.ConsumeInt(b); !errors.Is(err, tuple.ErrOutOfRange) {
		t.Errorf("ConsumeInt(2^64-1) error = %v, want ErrOutOfRange", err)
	}
	if v, n, err := tuple.ConsumeUint(b); v != math.MaxUint64 {
		t.Errorf("uint = %v", v)
	} else {
		step(n, err)
	}
	if _, _, err := tuple.ConsumeUint(b); !errors.Is(err, tuple.ErrOutOfRange) {
		t.Errorf("ConsumeUint(2^2040-1) error = %v, want ErrOutOfRange", err)
	}
	if v, n, err := tuple.ConsumeBigInt(b); err != nil || v.Cmp(maxBig) != 0 {
		t.Errorf("big = %v, %v", v, err)
	} else {
		step(n, err)
	}
	if v, n, err := tuple.ConsumeFloat32(b); v != 1.5 {
		t.Errorf("float32 = %v", v)
	} else {
		step(n, err)
	}
	if v, n, err := tuple.ConsumeFloat64(b); v != 2.5 {
		t.Errorf("float64 = %v", v)
	} else {
		step(n, err)
	}
	if v, n, err := tuple.ConsumeUUID(b); v != sampleUUID {
		t.Errorf("uuid = %v", v)
	} else {
		step(n, err)
	}
	if v, n, err := tuple.ConsumeVersionstamp(b); v.UserVersion != 3 {
		t.Errorf("versionstamp = %v", v)
	} else {
		step(n, err)
	}
	if _, _, err := tuple.ConsumeString(b); !errors.Is(err, tuple.ErrWrongType) {
		t.Errorf("ConsumeString on bytes: %v, want ErrWrongType", err)
	}
	if v, n, err := tuple.ConsumeBytesAppend([]byte("x"), b); string(v) != "xb\x00" {
		t.Errorf("ConsumeBytesAppend = %q, %v", v, err)
	} else if w, m, _ := tuple.ConsumeBytes(b); string(w) != "b\x00" || m != n {
		t.Errorf("ConsumeBytes = %q, %d", w, m)
	} else {
		step(n, err)
	}
	if v, n, err := tuple.ConsumeStringAppend(nil, b); string(v) != "s\x00" {
		t.Errorf("ConsumeStringAppend = %q, %v", v, err)
	} else if w, m, _ := tuple.ConsumeString(b); w != "s\x00" || m != n {
		t.Errorf("ConsumeString = %q, %d", w, m)
	} else {
		step(n, err)
	}
	if v, n, err := tuple.ConsumeTuple(b); err != nil || len(v) != 1 || v[0] != nil {
		t.Errorf("ConsumeTuple = %#v, %v", v, err)
	} else {
		step(n, err)
	}
	if len(b) != 0 {
		t.Errorf("%d bytes left", len(b))
	}
	if _, _, err := tuple.ConsumeInt(nil); !errors.Is(err, tuple.ErrTruncated) {
		t.Errorf("ConsumeInt(nil) = %v, want ErrTruncated", err)
	}
	if _, _, err := tuple.ConsumeStringAppend(nil, dhex(t, "02 c3 28 00")); !errors.Is(err, tuple.ErrInvalidUTF8) {
		t.Errorf("ConsumeStringAppend(invalid) = %v, want ErrInvalidUTF8", err)
	}
}

// TestRangeAndPrefixEnd checks Range and PrefixEnd.
func TestRangeAndPrefixEnd(t *testing.T) {
	begin, end := tuple.Tuple{"a", 1}.Range()
	if !bytes.Equal(begin, dhex(t, "02 61 00 15 01 00")) || !bytes.Equal(end, dhex(t, "02 61 00 15 01 ff")) {
		t.Errorf("Range = %x, %x", begin, end)
	}
	for _, tt := range []struct{ in, want string }{
		{"01", "02"}, {"01 ff", "02"}, {"61 62 ff ff", "61 63"}, {"00", "01"},
	} {
		got, err := tuple.PrefixEnd(dhex(t, tt.in))
		if err != nil || !bytes.Equal(got, dhex(t, tt.want)) {
			t.Errorf("PrefixEnd(%s) = %x, %v; want %s", tt.in, got, err, tt.want)
		}
	}
	for _, in := range []string{"", "ff", "ff ff"} {
		if _, err := tuple.PrefixEnd(dhex(t, in)); !errors.Is(err, tuple.ErrNoPrefixEnd) {
			t.Errorf("PrefixEnd(%q) error = %v, want ErrNoPrefixEnd", in, err)
		}
	}
}

// TestCodecPackAfter checks packing under a prefix and unpacking after
// one, with the offsets of errors counted from the start of the key.
func TestCodecPackAfter(t *testing.T) {
	prefix := []byte("app\x02users\x00")
	key, err := tuple.Codec{}.PackAfter(prefix, tuple.Tuple{int64(7)})
	if err != nil || !bytes.Equal(key, append(bytes.Clone(prefix), 0x15, 7)) {
		t.Fatalf("PackAfter = %q, %v", key, err)
	}
	got, err := tuple.Codec{}.UnpackAfter(key, len(prefix))
	if err != nil || len(got) != 1 || got[0] != int64(7) {
		t.Errorf("UnpackAfter = %v, %v", got, err)
	}
	var de *tuple.DecodeError
	bad := append(bytes.Clone(prefix), 0x16, 0x01)
	if _, err := (tuple.Codec{}).UnpackAfter(bad, len(prefix)); !errors.As(err, &de) || de.Offset != len(prefix) {
		t.Errorf("UnpackAfter(truncated) = %v, want an error at offset %d", err, len(prefix))
	}
	if _, err := (tuple.Codec{}).UnpackAfter(prefix, len(prefix)+1); !errors.Is(err, tuple.ErrTruncated) {
		t.Errorf("UnpackAfter past the end = %v, want ErrTruncated", err)
	}
	if _, err := (tuple.Codec{}).PackAfter(prefix, tuple.Tuple{"\xff"}); !errors.Is(err, tuple.ErrInvalidUTF8) {
		t.Errorf("PackAfter(invalid UTF-8) = %v, want ErrInvalidUTF8", err)
	}
}

// TestHasIncompleteVersionstamp checks the count at any depth.
func TestHasIncompleteVersionstamp(t *testing.T) {
	inc := tuple.IncompleteVersionstamp
	for _, tt := range []struct {
		tup  tuple.Tuple
		has  bool
		fail bool
	}{
		{tuple.Tuple{"a"}, false, false},
		{tuple.Tuple{"a", tuple.Tuple{inc(1)}}, true, false},
		{tuple.Tuple{inc(1), []any{inc(2)}}, true, true},
	} {
		has, err := tt.tup.HasIncompleteVersionstamp()
		if has != tt.has || (err != nil) != tt.fail {
			t.Errorf("%v: got %v, %v", tt.tup, has, err)
		}
	}
	if _, err := (tuple.Tuple{string(make([]byte, 70000)), inc(1)}).AppendWithVersionstamp(nil, tuple.Offset2); !errors.Is(err, tuple.ErrVersionstampPosition) {
		t.Errorf("position past 65535 in the 2-byte form: %v", err)
	}
}

// TestKeyConvertibleElements: an fdb.KeyConvertible element is the byte
// string of its key everywhere a tuple is read: Pack, Compare, Text.
func TestKeyConvertibleElements(t *testing.T) {
	inner := tuple.Tuple{"x"}
	withKeys := tuple.Tuple{fdb.Key("a\x00"), inner.FDBKey()}
	asBytes := tuple.Tuple{[]byte("a\x00"), inner.Pack()}
	if !bytes.Equal(withKeys.Pack(), asBytes.Pack()) {
		t.Errorf("Pack = %x, want %x", withKeys.Pack(), asBytes.Pack())
	}
	if tuple.Compare(withKeys, asBytes) != 0 {
		t.Errorf("Compare = %d, want 0", tuple.Compare(withKeys, asBytes))
	}
	if withKeys.Text() != asBytes.Text() {
		t.Errorf("Text = %s, want %s", withKeys.Text(), asBytes.Text())
	}
}
