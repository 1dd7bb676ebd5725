package tuplewire_test

import (
	"math"
	"math/big"
	"testing"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
	"github.com/fdbtuple/fdbtuple/types"
)

// TestAppendAllocs proves that the Append functions allocate nothing into
// a buffer with room, and that Next and the non-boxing Consume functions
// allocate nothing at all.
func TestAppendAllocs(t *testing.T) {
	buf := make([]byte, 0, 1<<12)
	bigV := bigInt("-0x123456789abcdef0123456789")
	key := tuple.Tuple{"user", sampleUUID, "post", int64(1234), []byte("x\x00y"), 1.5, nil, true, tuple.Tuple{nil, int64(1)}}
	packed := key.Pack()
	vs := types.Versionstamp{UserVersion: 1}
	tests := map[string]func(){
		"AppendNull":       func() { tuplewire.AppendNull(buf) },
		"AppendBytes":      func() { tuplewire.AppendBytes(buf, []byte("a\x00b\x00c")) },
		"AppendString":     func() { tuplewire.AppendString(buf, "a\x00b\x00c") },
		"AppendInt":        func() { tuplewire.AppendInt(buf, math.MinInt64) },
		"AppendUint":       func() { tuplewire.AppendUint(buf, math.MaxUint64) },
		"AppendIntInRoom":  func() { tuplewire.AppendIntInRoom(buf, math.MinInt64) },
		"AppendUintInRoom": func() { tuplewire.AppendUintInRoom(buf, math.MaxUint64) },
		"AppendStringChecked": func() {
			_, _ = tuplewire.AppendStringChecked(buf, "user")
		},
		"AppendBigInt":       func() { _, _ = tuplewire.AppendBigInt(buf, bigV) },
		"AppendBigInt small": func() { _, _ = tuplewire.AppendBigInt(buf, big.NewInt(-5)) },
		"AppendFloat32":      func() { tuplewire.AppendFloat32(buf, 1) },
		"AppendFloat64":      func() { tuplewire.AppendFloat64(buf, 1) },
		"AppendBool":         func() { tuplewire.AppendBool(buf, true) },
		"AppendUUID":         func() { tuplewire.AppendUUID(buf, sampleUUID) },
		"AppendVersionstamp": func() { tuplewire.AppendVersionstamp(buf, vs) },
		"nested":             func() { tuplewire.EndNested(tuplewire.AppendNestedNull(tuplewire.BeginNested(buf))) },
		"Next":               func() { _, _, _ = tuplewire.Next(packed) },
		"ConsumeStringAppend": func() {
			_, _, _ = tuplewire.ConsumeStringAppend(buf, packed)
		},
		"ConsumeUUID": func() { _, _, _ = tuplewire.ConsumeUUID(packed[6:]) },
		"ConsumeInt":  func() { _, _, _ = tuplewire.ConsumeInt(packed[29:]) },
	}
	for name, f := range tests {
		if n := testing.AllocsPerRun(100, f); n != 0 {
			t.Errorf("%s: %v allocations, want 0", name, n)
		}
	}
	// The offsets used above must point where the test thinks they do.
	if v, _, _ := tuplewire.ConsumeInt(packed[29:]); v != 1234 {
		t.Fatalf("offset 29 holds %v, not 1234", v)
	}
	if v, _, _ := tuplewire.ConsumeUUID(packed[6:]); v != sampleUUID {
		t.Fatalf("offset 6 holds %v, not the UUID", v)
	}
}
