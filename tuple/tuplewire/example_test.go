package tuplewire_test

import (
	"errors"
	"fmt"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
	"github.com/fdbtuple/fdbtuple/types"
)

func ExampleAppendInt() {
	// Build ("user", 1234) in a reused buffer without allocating.
	buf := make([]byte, 0, 64)
	buf = tuplewire.AppendString(buf, "user")
	buf = tuplewire.AppendInt(buf, 1234)
	fmt.Printf("% x\n", buf)
	// Output: 02 75 73 65 72 00 16 04 d2
}

// An encoder's integers, inlined where the buffer has room: AppendInt,
// which checks the room itself, is a call.
func ExampleAppendIntInRoom() {
	buf := make([]byte, 0, 64)
	for _, v := range []int64{1234, -1, 0} {
		if cap(buf)-len(buf) >= tuplewire.IntRoom {
			buf = tuplewire.AppendIntInRoom(buf, v)
		} else {
			buf = tuplewire.AppendInt(buf, v)
		}
	}
	fmt.Printf("%x\n", buf)
	// Output: 1604d213fe14
}

func ExampleNext() {
	key := tuple.Tuple{"user", 1234, []byte{0}}.Pack()
	for len(key) > 0 {
		code, n, err := tuplewire.Next(key)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%-12v % x\n", code, key[:n])
		key = key[n:]
	}
	// Output:
	// string       02 75 73 65 72 00
	// int +2 bytes 16 04 d2
	// bytes        01 00 ff 00
}

func ExampleConsumeInt() {
	key := tuple.Tuple{1234, "rest"}.Pack()
	v, n, err := tuplewire.ConsumeInt(key)
	fmt.Println(v, n, err)
	s, _, err := tuplewire.ConsumeString(key[n:])
	fmt.Println(s, err)
	// Output:
	// 1234 3 <nil>
	// rest <nil>
}

func ExampleElements() {
	key := tuple.Tuple{"user", 1234, tuple.Tuple{"tag", nil}}.Pack()
	for elem, err := range tuplewire.Elements(key) {
		if err != nil {
			panic(err)
		}
		code, _, err := tuplewire.Next(elem)
		if err != nil {
			panic(err)
		}
		if code == types.CodeNested {
			for inner := range tuplewire.NestedElements(elem) {
				fmt.Printf("  nested % x\n", inner)
			}
			continue
		}
		fmt.Printf("% x\n", elem)
	}
	// Output:
	// 02 75 73 65 72 00
	// 16 04 d2
	//   nested 02 74 61 67 00
	//   nested 00 ff
}

func ExampleBeginNested() {
	// ("user", (1, nil)) without a Tuple: nulls inside are 00 FF.
	buf := tuplewire.AppendString(nil, "user")
	buf = tuplewire.BeginNested(buf)
	buf = tuplewire.AppendInt(buf, 1)
	buf = tuplewire.AppendNestedNull(buf)
	buf = tuplewire.EndNested(buf)
	fmt.Printf("% x\n", buf)
	// Output: 02 75 73 65 72 00 05 15 01 00 ff 00
}

func ExampleConsumeStringAppend() {
	// Read every string of a key into one reused buffer.
	key := tuple.Tuple{"user", "post"}.Pack()
	scratch := make([]byte, 0, 64)
	for len(key) > 0 {
		var n int
		var err error
		scratch, n, err = tuplewire.ConsumeStringAppend(scratch[:0], key)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(string(scratch))
		key = key[n:]
	}
	// Output:
	// user
	// post
}

func ExampleDecodeError() {
	key := []byte("\x02user\x00\x21\x40") // a float64 cut short
	_, n, err := tuplewire.ConsumeString(key)
	if err != nil {
		fmt.Println(err)
		return
	}
	_, _, err = tuplewire.ConsumeFloat64(key[n:])
	var de *tuplewire.DecodeError
	if errors.As(err, &de) {
		// The offset counts from the slice ConsumeFloat64 was given;
		// Rebase places it in the key.
		fmt.Println(de.Rebase(n))
		fmt.Println(errors.Is(err, tuplewire.ErrTruncated), errors.Is(err, tuple.ErrTruncated))
	}
	// Output:
	// tuple: truncated element at offset 6 (float64): needs 8 bytes after the code, 1 remain
	// true true
}

func ExampleAppendDesc() {
	// 42 and 43 descending: the larger sorts first.
	var keys [][]byte
	for _, v := range []int64{42, 43} {
		keys = append(keys, tuplewire.AppendDesc(nil, 0x4F, tuplewire.AppendInt(nil, v)))
	}
	fmt.Printf("% x\n% x\n", keys[0], keys[1])
	asc, n, err := tuplewire.ConsumeDesc(nil, keys[0])
	if err != nil {
		fmt.Println(err)
		return
	}
	v, _, err := tuplewire.ConsumeInt(asc)
	fmt.Println(v, n, err)
	// Output:
	// 4f ea d5 ff ff
	// 4f ea d4 ff ff
	// 42 5 <nil>
}
