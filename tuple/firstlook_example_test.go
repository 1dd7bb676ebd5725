package tuple_test

import (
	"bytes"
	"fmt"

	"github.com/fdbtuple/fdbtuple/tuple"
)

// The README's first look, as a test: pack a key, read it back, and find
// it in the range of every key below ("user", 42).
func Example_firstLook() {
	key := tuple.Tuple{"user", 42, "post", 10}.Pack()
	fmt.Printf("% x\n", key)

	t, err := tuple.Unpack(key)
	if err != nil {
		panic(err)
	}
	fmt.Println(t.Text())

	// Every key of user 42, and no other, lies in [begin, end).
	begin, end := tuple.Tuple{"user", 42}.Range()
	fmt.Println(bytes.Compare(begin, key) <= 0 && bytes.Compare(key, end) < 0)
	// Post 9 sorts before post 10, byte for byte.
	fmt.Println(bytes.Compare(tuple.Tuple{"user", 42, "post", 9}.Pack(), key))
	// Output:
	// 02 75 73 65 72 00 15 2a 02 70 6f 73 74 00 15 0a
	// ("user", 42, "post", 10)
	// true
	// -1
}
