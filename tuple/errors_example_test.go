package tuple_test

import (
	"fmt"

	"github.com/fdbtuple/fdbtuple/tuple"
)

// The messages below are the ones the doc comments of DecodeError,
// EncodeError and SyntaxError quote: this file keeps them honest.

func ExampleDecodeError() {
	// (1, (float64 cut short)): the fault is the first element of the
	// nested tuple that is element 1, at byte 3 of the key.
	_, err := tuple.Unpack([]byte{0x15, 0x01, 0x05, 0x21, 0x00, 0x00})
	fmt.Println(err)
	// Output:
	// tuple: truncated element at offset 3 (element [1 0], float64): needs 8 bytes after the code, 2 remain
}

func ExampleEncodeError() {
	_, err := tuple.Codec{}.Pack(tuple.Tuple{1, "a", make(chan int)})
	fmt.Println(err)
	// Output:
	// tuple: unsupported element type chan int: a chan holds nothing a key can keep (element [2])
}

func ExampleSyntaxError() {
	_, err := tuple.Parse(`("a" x)`)
	fmt.Println(err)
	// Output:
	// tuple: syntax error at offset 5: expected ',' or ')' after an element, found 'x'
}
