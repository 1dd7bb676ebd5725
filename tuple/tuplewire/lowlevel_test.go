package tuplewire_test

import (
	"bytes"
	"errors"
	"math"
	"math/big"
	"testing"

	"github.com/fdbtuple/fdbtuple/internal/testrows"
	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
	"github.com/fdbtuple/fdbtuple/types"
	"github.com/fdbtuple/fdbtuple/vectors"
)

// TestAppendFunctions checks each typed Append function against Pack of
// the same value.
func TestAppendFunctions(t *testing.T) {
	vs := types.Versionstamp{TransactionVersion: [10]byte{1, 2, 3}, UserVersion: 9}
	big1, _ := new(big.Int).SetString("-123456789012345678901234567890", 10)
	tests := []struct {
		got  func([]byte) []byte
		want any
	}{
		{tuplewire.AppendNull, nil},
		{func(b []byte) []byte { return tuplewire.AppendBytes(b, []byte("a\x00b")) }, []byte("a\x00b")},
		{func(b []byte) []byte { return tuplewire.AppendString(b, "h\u00e9\x00") }, "h\u00e9\x00"},
		{func(b []byte) []byte { return tuplewire.AppendInt(b, math.MinInt64) }, int64(math.MinInt64)},
		{func(b []byte) []byte { return tuplewire.AppendUint(b, math.MaxUint64) }, uint64(math.MaxUint64)},
		{func(b []byte) []byte { out, _ := tuplewire.AppendBigInt(b, big1); return out }, big1},
		{func(b []byte) []byte { return tuplewire.AppendFloat32(b, -42) }, float32(-42)},
		{func(b []byte) []byte { return tuplewire.AppendFloat64(b, math.Pi) }, math.Pi},
		{func(b []byte) []byte { return tuplewire.AppendBool(b, true) }, true},
		{func(b []byte) []byte { return tuplewire.AppendUUID(b, sampleUUID) }, sampleUUID},
		{func(b []byte) []byte { return tuplewire.AppendVersionstamp(b, vs) }, vs},
		{func(b []byte) []byte {
			b = tuplewire.BeginNested(b)
			b = tuplewire.AppendNestedNull(b)
			b = tuplewire.AppendInt(b, 7)
			return tuplewire.EndNested(b)
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
		if got, want := tuplewire.SizeInt(v), len(tuplewire.AppendInt(nil, v)); got != want {
			t.Errorf("SizeInt(%d) = %d, want %d", v, got, want)
		}
	}
	for _, v := range []uint64{0, 1, 1 << 63, math.MaxUint64} {
		if got, want := tuplewire.SizeUint(v), len(tuplewire.AppendUint(nil, v)); got != want {
			t.Errorf("SizeUint(%d) = %d, want %d", v, got, want)
		}
	}
	for _, v := range []*big.Int{nil, big.NewInt(-1), maxBig, new(big.Int).Neg(maxBig), bigInt("-0xffffffffffffffff")} {
		out, _ := tuplewire.AppendBigInt(nil, v)
		if got := tuplewire.SizeBigInt(v); got != len(out) {
			t.Errorf("SizeBigInt(%v) = %d, want %d", v, got, len(out))
		}
	}
	if got := tuplewire.SizeBigInt(new(big.Int).Lsh(maxBig, 1)); got != -1 {
		t.Errorf("SizeBigInt(2^2041) = %d, want -1", got)
	}
	for _, s := range []string{"", "\x00", "a\x00\x00b"} {
		if got, want := tuplewire.SizeString(s), len(tuplewire.AppendString(nil, s)); got != want {
			t.Errorf("SizeString(%q) = %d, want %d", s, got, want)
		}
		if got, want := tuplewire.SizeBytes([]byte(s)), len(tuplewire.AppendBytes(nil, []byte(s))); got != want {
			t.Errorf("SizeBytes(%q) = %d, want %d", s, got, want)
		}
	}
}

// TestNextAgreesWithUnpack walks every packed vector row with Next and
// checks each step against ConsumeElement and the full decode.
func TestNextAgreesWithUnpack(t *testing.T) {
	for _, r := range testrows.PackRows(t) {
		b, whole := r.Packed, r.Tup
		for i := 0; len(b) > 0; i++ {
			code, n, err := tuplewire.Next(b)
			if err != nil || code != types.Code(b[0]) {
				t.Fatalf("%s: Next = %v, %d, %v", r.Name, code, n, err)
			}
			v, m, err := tuple.ConsumeElement(b)
			if err != nil || m != n || !vectors.Identical(tuple.Tuple{v}, tuple.Tuple{whole[i]}) {
				t.Fatalf("%s element %d: ConsumeElement = %#v, %d, %v; Next said %d", r.Name, i, v, m, err, n)
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
	n, err := tuplewire.ConsumeNull(b)
	step(n, err)
	if v, n, err := tuplewire.ConsumeBool(b); v != true {
		t.Errorf("bool = %v", v)
	} else {
		step(n, err)
	}
	if v, n, err := tuplewire.ConsumeInt(b); v != -7 {
		t.Errorf("int = %v", v)
	} else {
		step(n, err)
	}
	if _, _, err := tuplewire.ConsumeInt(b); !errors.Is(err, tuple.ErrOutOfRange) {
		t.Errorf("ConsumeInt(2^64-1) error = %v, want ErrOutOfRange", err)
	}
	if v, n, err := tuplewire.ConsumeUint(b); v != math.MaxUint64 {
		t.Errorf("uint = %v", v)
	} else {
		step(n, err)
	}
	if _, _, err := tuplewire.ConsumeUint(b); !errors.Is(err, tuple.ErrOutOfRange) {
		t.Errorf("ConsumeUint(2^2040-1) error = %v, want ErrOutOfRange", err)
	}
	if v, n, err := tuplewire.ConsumeBigInt(b); err != nil || v.Cmp(maxBig) != 0 {
		t.Errorf("big = %v, %v", v, err)
	} else {
		step(n, err)
	}
	if v, n, err := tuplewire.ConsumeFloat32(b); v != 1.5 {
		t.Errorf("float32 = %v", v)
	} else {
		step(n, err)
	}
	if v, n, err := tuplewire.ConsumeFloat64(b); v != 2.5 {
		t.Errorf("float64 = %v", v)
	} else {
		step(n, err)
	}
	if v, n, err := tuplewire.ConsumeUUID(b); v != sampleUUID {
		t.Errorf("uuid = %v", v)
	} else {
		step(n, err)
	}
	if v, n, err := tuplewire.ConsumeVersionstamp(b); v.UserVersion != 3 {
		t.Errorf("versionstamp = %v", v)
	} else {
		step(n, err)
	}
	if _, _, err := tuplewire.ConsumeString(b); !errors.Is(err, tuple.ErrWrongType) {
		t.Errorf("ConsumeString on bytes: %v, want ErrWrongType", err)
	}
	if v, n, err := tuplewire.ConsumeBytesAppend([]byte("x"), b); string(v) != "xb\x00" {
		t.Errorf("ConsumeBytesAppend = %q, %v", v, err)
	} else if w, m, _ := tuplewire.ConsumeBytes(b); string(w) != "b\x00" || m != n {
		t.Errorf("ConsumeBytes = %q, %d", w, m)
	} else {
		step(n, err)
	}
	if v, n, err := tuplewire.ConsumeStringAppend(nil, b); string(v) != "s\x00" {
		t.Errorf("ConsumeStringAppend = %q, %v", v, err)
	} else if w, m, _ := tuplewire.ConsumeString(b); w != "s\x00" || m != n {
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
	if _, _, err := tuplewire.ConsumeInt(nil); !errors.Is(err, tuple.ErrTruncated) {
		t.Errorf("ConsumeInt(nil) = %v, want ErrTruncated", err)
	}
	if _, _, err := tuplewire.ConsumeStringAppend(nil, dhex(t, "02 c3 28 00")); !errors.Is(err, tuple.ErrInvalidUTF8) {
		t.Errorf("ConsumeStringAppend(invalid) = %v, want ErrInvalidUTF8", err)
	}
}
