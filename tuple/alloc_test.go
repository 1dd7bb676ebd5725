package tuple_test

import (
	"bytes"
	"math"
	"math/big"
	"testing"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
	"github.com/fdbtuple/fdbtuple/types"
)

// TestAppendAllocs proves that the append paths allocate nothing into a
// buffer with room, and that Next and the non-boxing Consume functions
// allocate nothing at all.
func TestAppendAllocs(t *testing.T) {
	buf := make([]byte, 0, 1<<12)
	bigV := bigInt("-0x123456789abcdef0123456789")
	key := tuple.Tuple{"user", sampleUUID, "post", int64(1234), []byte("x\x00y"), 1.5, nil, true, tuple.Tuple{nil, int64(1)}}
	packed := key.Pack()
	vs := types.Versionstamp{UserVersion: 1}
	tests := map[string]func(){
		"AppendNull":         func() { tuplewire.AppendNull(buf) },
		"AppendBytes":        func() { tuplewire.AppendBytes(buf, []byte("a\x00b\x00c")) },
		"AppendString":       func() { tuplewire.AppendString(buf, "a\x00b\x00c") },
		"AppendInt":          func() { tuplewire.AppendInt(buf, math.MinInt64) },
		"AppendUint":         func() { tuplewire.AppendUint(buf, math.MaxUint64) },
		"AppendBigInt":       func() { _, _ = tuplewire.AppendBigInt(buf, bigV) },
		"AppendBigInt small": func() { _, _ = tuplewire.AppendBigInt(buf, big.NewInt(-5)) },
		"AppendFloat32":      func() { tuplewire.AppendFloat32(buf, 1) },
		"AppendFloat64":      func() { tuplewire.AppendFloat64(buf, 1) },
		"AppendBool":         func() { tuplewire.AppendBool(buf, true) },
		"AppendUUID":         func() { tuplewire.AppendUUID(buf, sampleUUID) },
		"AppendVersionstamp": func() { tuplewire.AppendVersionstamp(buf, vs) },
		"nested":             func() { tuplewire.EndNested(tuplewire.AppendNestedNull(tuplewire.BeginNested(buf))) },
		"Tuple.AppendBinary": func() { _, _ = key.AppendBinary(buf) },
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
	long := tuple.Tuple{bytes.Repeat([]byte{0, 1}, 300)} // too long for the stack buffer
	prefix := []byte("app\x00")
	nestedKey := tuple.Tuple{tuple.Tuple{"a", nil}}
	for name, f := range map[string]func(){
		"Codec.Pack":            func() { _, _ = (tuple.Codec{}).Pack(key) },
		"Codec.Pack (long)":     func() { _, _ = (tuple.Codec{}).Pack(long) },
		"Pack (long)":           func() { _ = long.Pack() },
		"PackAfter":             func() { _, _ = (tuple.Codec{}).PackAfter(prefix, key) },
		"PackAfter (long)":      func() { _, _ = (tuple.Codec{}).PackAfter(prefix, long) },
		"Pack (a nested tuple)": func() { _ = nestedKey.Pack() },
	} {
		if n := testing.AllocsPerRun(100, f); n != 1 {
			t.Errorf("%s: %v allocations, want exactly 1", name, n)
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

// TestAppendContract checks the encoding.BinaryAppender contract on a dst
// with content before len and a canary after cap: the content is
// unchanged, nothing past cap is written, and the result is the plain
// encoding appended.
func TestAppendContract(t *testing.T) {
	for name, rows := range tables {
		for _, r := range rows {
			tup := tuple.Tuple{r.v, "tail\x00"}
			want, err := (tuple.Codec{}).Pack(tup)
			if err != nil {
				t.Fatal(err)
			}
			for _, room := range []int{0, 3, len(want), len(want) + 8} {
				backing := bytes.Repeat([]byte{0xAA}, 5+room+8)
				dst := backing[: 5 : 5+room]
				copy(dst, "head!")
				out, err := tup.AppendBinary(dst)
				if err != nil || string(out[:5]) != "head!" || !bytes.Equal(out[5:], want) {
					t.Fatalf("%s %#v room %d: got %x, %v", name, r.v, room, out, err)
				}
				if string(backing[:5]) != "head!" {
					t.Fatalf("%s %#v: dst[:len] changed to %q", name, r.v, backing[:5])
				}
				if !bytes.Equal(backing[5+room:], bytes.Repeat([]byte{0xAA}, 8)) {
					t.Fatalf("%s %#v: wrote past cap(dst)", name, r.v)
				}
			}
		}
	}
}

// TestUnpackDoesNotAlias checks that decoded byte strings survive changes
// to the input, as a store cursor's reused buffer would make.
func TestUnpackDoesNotAlias(t *testing.T) {
	in := tuple.Tuple{[]byte("abc"), "def", tuple.Tuple{[]byte("ghi")}}.Pack()
	got, err := tuple.Unpack(in)
	if err != nil {
		t.Fatal(err)
	}
	for i := range in {
		in[i] = 0x55
	}
	if string(got[0].([]byte)) != "abc" || got[1] != "def" || string(got[2].(tuple.Tuple)[0].([]byte)) != "ghi" {
		t.Errorf("decoded values changed with the input: %#v", got)
	}
	b := got[0].([]byte)
	if cap(b) != len(b) {
		// appending to one decoded element must not overwrite another
		t.Errorf("decoded []byte has spare capacity %d", cap(b)-len(b))
	}
}
