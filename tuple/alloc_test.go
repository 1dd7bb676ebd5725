package tuple_test

import (
	"bytes"
	"testing"

	"github.com/fdbtuple/fdbtuple/tuple"
)

// TestAppendAllocs proves that Tuple.AppendBinary allocates nothing into
// a buffer with room, and that Pack allocates once (tuplewire's tests
// hold the Append and Consume functions').
func TestAppendAllocs(t *testing.T) {
	buf := make([]byte, 0, 1<<12)
	key := tuple.Tuple{"user", sampleUUID, "post", int64(1234), []byte("x\x00y"), 1.5, nil, true, tuple.Tuple{nil, int64(1)}}
	if n := testing.AllocsPerRun(100, func() { _, _ = key.AppendBinary(buf) }); n != 0 {
		t.Errorf("Tuple.AppendBinary: %v allocations, want 0", n)
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
