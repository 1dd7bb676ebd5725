package storekit

import (
	"bytes"
	"math/big"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// leInt reads b as an unsigned little-endian integer.
func leInt(b []byte) *big.Int {
	r := slices.Clone(b)
	slices.Reverse(r)
	return new(big.Int).SetBytes(r)
}

// TestLittleEndianAddModel checks the sum against arbitrary-precision
// arithmetic: (stored mod 2^8n + param) mod 2^8n for n = len(param), with
// an absent stored value as zero, over random lengths on both sides.
func TestLittleEndianAddModel(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		stored := rapid.SliceOfN(rapid.Byte(), 0, 12).Draw(t, "stored")
		if rapid.Bool().Draw(t, "absent") {
			stored = nil
		}
		param := rapid.SliceOfN(rapid.Byte(), 0, 12).Draw(t, "param")
		keep := slices.Clone(stored)
		keepParam := slices.Clone(param)
		got := LittleEndianAdd(stored, param)
		n := len(param)
		mod := new(big.Int).Lsh(big.NewInt(1), uint(8*n))
		s := leInt(stored)
		s.Mod(s, mod)
		want := s.Add(s, leInt(param))
		want.Mod(want, mod)
		if got == nil || len(got) != n || leInt(got).Cmp(want) != 0 {
			t.Fatalf("LittleEndianAdd(%x, %x) = %x, want %d bytes of %s", stored, param, got, n, want)
		}
		if !bytes.Equal(stored, keep) || !bytes.Equal(param, keepParam) {
			t.Fatal("LittleEndianAdd changed an argument")
		}
		if len(got) > 0 && len(param) > 0 && &got[0] == &param[0] {
			t.Fatal("the sum shares memory with param")
		}
	})
}

// TestLittleEndianAddCases pins the rules FoundationDB's doLittleEndianAdd
// states case by case.
func TestLittleEndianAddCases(t *testing.T) {
	for _, tt := range []struct {
		name                string
		stored, param, want []byte
	}{
		{"absent base is zero", nil, []byte{1, 0}, []byte{1, 0}},
		{"empty base is zero", []byte{}, []byte{5}, []byte{5}},
		{"empty param gives empty", []byte{1, 2, 3}, []byte{}, []byte{}},
		{"empty param on absent gives empty", nil, nil, []byte{}},
		{"carry", []byte{0xff, 0x00}, []byte{0x01, 0x00}, []byte{0x00, 0x01}},
		{"overflow wraps", []byte{0xff, 0xff}, []byte{0x01, 0x00}, []byte{0x00, 0x00}},
		{"longer base is cut", []byte{0x01, 0x02, 0x03}, []byte{0x01}, []byte{0x02}},
		{"shorter base is extended", []byte{0xff}, []byte{0x01, 0x00, 0x00}, []byte{0x00, 0x01, 0x00}},
		{"8-byte counter plus one", []byte{41, 0, 0, 0, 0, 0, 0, 0}, []byte{1, 0, 0, 0, 0, 0, 0, 0}, []byte{42, 0, 0, 0, 0, 0, 0, 0}},
		{"minus one", []byte{5, 0}, []byte{0xff, 0xff}, []byte{4, 0}},
	} {
		got := LittleEndianAdd(tt.stored, tt.param)
		if got == nil || !bytes.Equal(got, tt.want) {
			t.Errorf("%s: LittleEndianAdd(%x, %x) = %x (nil: %v), want %x", tt.name, tt.stored, tt.param, got, got == nil, tt.want)
		}
	}
}
