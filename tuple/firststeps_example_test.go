package tuple_test

import (
	"bytes"
	"fmt"
	"slices"

	"github.com/fdbtuple/fdbtuple/tuple"
)

// First steps, 1: pack keys into a buffer you reuse. AppendBinary never
// changes what dst already holds and allocates nothing when dst has room;
// Codec.Pack returns a new key, or an error where Pack would panic.
func ExampleTuple_AppendBinary() {
	buf := make([]byte, 0, 64)
	for _, id := range []int64{7, 8} {
		var err error
		buf, err = tuple.Tuple{"user", id}.AppendBinary(buf[:0])
		if err != nil {
			panic(err)
		}
		fmt.Printf("% x\n", buf)
	}
	key, err := tuple.Codec{}.Pack(tuple.Tuple{"user", "\xff"})
	fmt.Println(key, err)
	// Output:
	// 02 75 73 65 72 00 15 07
	// 02 75 73 65 72 00 15 08
	// [] tuple: invalid UTF-8 in string (element [1])
}

// First steps, 2: a scan over a sorted store. Any store that keeps keys
// in byte order will do (bbolt: see nested's examples and fdbtuple demo);
// here, a sorted slice. Tuple.Range gives every key below a tuple.
func Example_scan() {
	var store [][]byte
	for _, t := range []tuple.Tuple{
		{"user", 7, "post", 10}, {"user", 7, "post", 9}, {"user", 7},
		{"user", 70, "post", 1}, {"user", 8, "post", 1},
	} {
		store = append(store, t.Pack())
	}
	slices.SortFunc(store, bytes.Compare)

	begin, end := tuple.Tuple{"user", 7}.Range()
	i, _ := slices.BinarySearchFunc(store, begin, bytes.Compare)
	for ; i < len(store) && bytes.Compare(store[i], end) < 0; i++ {
		t, err := tuple.Unpack(store[i])
		if err != nil {
			panic(err)
		}
		fmt.Println(t[2], t[3]) // post 9 sorts before post 10
	}
	// Output:
	// post 9
	// post 10
}

// First steps, 3: a key from fdbcli's output. ParsePrintable reads the
// \x00 form, Printable writes it, and PrefixEnd (FoundationDB's strinc)
// ends a range of every key with a prefix.
func ExampleParsePrintable() {
	key, err := tuple.ParsePrintable(`\x02user\x00\x15\x07`)
	if err != nil {
		panic(err)
	}
	t, err := tuple.Unpack(key)
	if err != nil {
		panic(err)
	}
	end, err := tuple.PrefixEnd(key)
	if err != nil {
		panic(err)
	}
	fmt.Println(t.Text())
	fmt.Println(tuple.Printable(end))
	// Output:
	// ("user", 7)
	// \x02user\x00\x15\x08
}

// First steps, 4: keys behind a raw prefix (a directory's, or your own
// namespace byte). UnpackAfter decodes what follows the prefix and counts
// error offsets from the start of the key.
func ExampleCodec_UnpackAfter() {
	prefix := []byte{0x15, 0x2a} // e.g. a directory's short prefix
	key, err := tuple.Codec{}.PackAfter(prefix, tuple.Tuple{"order", 17})
	if err != nil {
		panic(err)
	}
	t, err := tuple.Codec{}.UnpackAfter(key, len(prefix))
	fmt.Println(t.Text(), err)
	_, err = tuple.Codec{}.UnpackAfter(append(key, 0x16), len(prefix))
	fmt.Println(err)
	// Output:
	// ("order", 17) <nil>
	// tuple: truncated element at offset 11 (element [2], int +2 bytes): needs 2 bytes after the code, 0 remain
}
