package types_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/fdbtuple/fdbtuple/types"
)

// TestCodeNamesAndStatus checks every byte: standard codes have a kind,
// every code has a distinct kind of name by status, and no two statuses
// print alike.
func TestCodeNamesAndStatus(t *testing.T) {
	tests := []struct {
		code   types.Code
		name   string
		status types.Status
		kind   types.Kind
	}{
		{0x00, "null", types.StatusStandard, types.KindNull},
		{0x01, "bytes", types.StatusStandard, types.KindBytes},
		{0x02, "string", types.StatusStandard, types.KindString},
		{0x03, "old nested start (deprecated)", types.StatusDeprecated, types.KindInvalid},
		{0x05, "nested", types.StatusStandard, types.KindTuple},
		{0x06, "code(0x06)", types.StatusUnassigned, types.KindInvalid},
		{0x0A, "negative big integer (reserved)", types.StatusReserved, types.KindInvalid},
		{0x0B, "negative big integer", types.StatusStandard, types.KindInt},
		{0x0C, "int -8 bytes", types.StatusStandard, types.KindInt},
		{0x13, "int -1 bytes", types.StatusStandard, types.KindInt},
		{0x14, "int zero", types.StatusStandard, types.KindInt},
		{0x1C, "int +8 bytes", types.StatusStandard, types.KindInt},
		{0x1D, "positive big integer", types.StatusStandard, types.KindInt},
		{0x1E, "positive big integer (reserved)", types.StatusReserved, types.KindInvalid},
		{0x20, "float32", types.StatusStandard, types.KindFloat32},
		{0x21, "float64", types.StatusStandard, types.KindFloat64},
		{0x23, "decimal (reserved)", types.StatusReserved, types.KindInvalid},
		{0x25, "old true (deprecated)", types.StatusDeprecated, types.KindInvalid},
		{0x26, "false", types.StatusStandard, types.KindBool},
		{0x27, "true", types.StatusStandard, types.KindBool},
		{0x30, "uuid", types.StatusStandard, types.KindUUID},
		{0x32, "80-bit versionstamp (reserved)", types.StatusReserved, types.KindInvalid},
		{0x33, "versionstamp", types.StatusStandard, types.KindVersionstamp},
		{0x40, "user(0x40)", types.StatusUser, types.KindInvalid},
		{0x4F, "user(0x4f)", types.StatusUser, types.KindInvalid},
		{0x50, "code(0x50)", types.StatusUnassigned, types.KindInvalid},
		{0xF0, "end of tuple (reserved)", types.StatusReserved, types.KindInvalid},
		{0xFF, "escape byte (reserved)", types.StatusReserved, types.KindInvalid},
	}
	for _, tt := range tests {
		if got := tt.code.String(); got != tt.name {
			t.Errorf("Code(0x%02x).String() = %q, want %q", byte(tt.code), got, tt.name)
		}
		if got := tt.code.Status(); got != tt.status {
			t.Errorf("Code(0x%02x).Status() = %v, want %v", byte(tt.code), got, tt.status)
		}
		if got := tt.code.Kind(); got != tt.kind {
			t.Errorf("Code(0x%02x).Kind() = %v, want %v", byte(tt.code), got, tt.kind)
		}
	}
	standard := 0
	for c := range 256 {
		if types.Code(c).Status() == types.StatusStandard {
			standard++
		}
	}
	// 00 01 02 05, 0B..1D (19), 20 21 26 27 30 33
	if standard != 4+19+6 {
		t.Errorf("%d standard codes, want 29", standard)
	}
}

// TestKindOrder checks that kinds are numbered in cross-type order, which
// is the order of their lowest codes.
func TestKindOrder(t *testing.T) {
	first := map[types.Kind]int{}
	for c := 255; c >= 0; c-- {
		if k := types.Code(c).Kind(); k != types.KindInvalid {
			first[k] = c
		}
	}
	for k := types.KindNull; k < types.KindVersionstamp; k++ {
		if first[k] >= first[k+1] {
			t.Errorf("kind %v (code %#x) does not come before %v (code %#x)", k, first[k], k+1, first[k+1])
		}
	}
}

func TestVersionstamp(t *testing.T) {
	v := types.Versionstamp{TransactionVersion: [10]byte{0, 0, 0, 0xaa, 0, 0xbb, 0, 0xcc, 0, 0xdd}, UserVersion: 7}
	if got := v.String(); got != "Versionstamp(000000aa00bb00cc00dd, 7)" {
		t.Errorf("String = %s", got)
	}
	var w types.Versionstamp
	if err := w.UnmarshalText([]byte(v.String())); err != nil || w != v {
		t.Errorf("UnmarshalText(String) = %v, %v", w, err)
	}
	if err := w.UnmarshalText([]byte("Versionstamp(incomplete, 3)")); err != nil || w != types.IncompleteVersionstamp(3) {
		t.Errorf("UnmarshalText(incomplete) = %v, %v", w, err)
	}
	for _, bad := range []string{"Versionstamp(00, 1)", "Versionstamp(000000aa00bb00cc00dd, 65536)", "V(1)", "Versionstamp(000000aa00bb00cc00dd)"} {
		if err := w.UnmarshalText([]byte(bad)); !errors.Is(err, types.ErrVersionstampSyntax) {
			t.Errorf("UnmarshalText(%s) = %v", bad, err)
		}
	}
	b, _ := v.MarshalBinary()
	if !bytes.Equal(b, []byte{0, 0, 0, 0xaa, 0, 0xbb, 0, 0xcc, 0, 0xdd, 0, 7}) || !bytes.Equal(v.Bytes(), b) {
		t.Errorf("MarshalBinary = %x", b)
	}
	if err := w.UnmarshalBinary(b); err != nil || w != v {
		t.Errorf("UnmarshalBinary = %v, %v", w, err)
	}
	if err := w.UnmarshalBinary(b[:11]); !errors.Is(err, types.ErrVersionstampLength) {
		t.Errorf("UnmarshalBinary(11 bytes) = %v", err)
	}
	if !v.IsComplete() || types.IncompleteVersionstamp(1).IsComplete() {
		t.Error("IsComplete is wrong")
	}
	if v.Compare(types.IncompleteVersionstamp(0)) != -1 || v.Compare(v) != 0 ||
		types.IncompleteVersionstamp(2).Compare(types.IncompleteVersionstamp(1)) != 1 {
		t.Error("Compare is wrong")
	}
}
