package tuple_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/fdbtuple/fdbtuple/tuple"
)

func ExampleTuple_Pack() {
	key := tuple.Tuple{"foo", 42}.Pack()
	fmt.Printf("% x\n", key)
	// Output: 02 66 6f 6f 00 15 2a
}

func ExampleUnpack() {
	t, err := tuple.Unpack([]byte("\x02user\x00\x15\x2a\x05\x00\xff\x27\x00"))
	if err != nil {
		panic(err)
	}
	fmt.Println(t.Text())
	fmt.Printf("%T %T\n", t[1], t[2])
	// Output:
	// ("user", 42, (nil, true))
	// int64 tuple.Tuple
}

func ExampleUnpack_error() {
	_, err := tuple.Unpack([]byte("\x02user\x00\x16\x01"))
	var de *tuple.DecodeError
	if errors.As(err, &de) {
		fmt.Println(errors.Is(err, tuple.ErrTruncated), de.Offset, de.Path)
	}
	fmt.Println(err)
	// Output:
	// true 6 [1]
	// tuple: truncated element at offset 6 (element [1], int +2 bytes): needs 2 bytes after the code, 1 remain
}

func ExampleCompare() {
	a := tuple.Tuple{"post", 9}
	b := tuple.Tuple{"post", 10}
	fmt.Println(tuple.Compare(a, b), bytes.Compare(a.Pack(), b.Pack()))
	// Unlike text keys, 9 sorts before 10; and -1 before 0, nil before "".
	fmt.Println(tuple.Compare(tuple.Tuple{-1}, tuple.Tuple{0}), tuple.Compare(tuple.Tuple{nil}, tuple.Tuple{""}))
	// Output:
	// -1 -1
	// -1 -1
}

func ExampleTuple_Range() {
	begin, end := tuple.Tuple{"user", 7}.Range()
	fmt.Printf("% x\n% x\n", begin, end)
	child := tuple.Tuple{"user", 7, "post", 1}.Pack()
	fmt.Println(bytes.Compare(begin, child) < 0 && bytes.Compare(child, end) < 0)
	// Output:
	// 02 75 73 65 72 00 15 07 00
	// 02 75 73 65 72 00 15 07 ff
	// true
}

func ExampleTuple_PackWithVersionstamp() {
	t := tuple.Tuple{"log", tuple.IncompleteVersionstamp(3)}
	key, err := t.PackWithVersionstamp([]byte{0xAA})
	if err != nil {
		panic(err)
	}
	// Prefix, the tuple with ten FF placeholder bytes, then the 4-byte
	// little-endian position of the placeholder (7).
	fmt.Printf("% x\n", key)
	// Output: aa 02 6c 6f 67 00 33 ff ff ff ff ff ff ff ff ff ff 00 03 07 00 00 00
}

func ExampleCodec() {
	// Python accepts a string that runs to the end of the key; strict
	// decoding does not.
	key := []byte("\x02abc")
	_, err := tuple.Unpack(key)
	fmt.Println(errors.Is(err, tuple.ErrUnterminated))
	t, err := tuple.Codec{Lenient: true}.Unpack(key)
	fmt.Println(t.Text(), err)
	// Output:
	// true
	// ("abc",) <nil>
}

func ExampleParse() {
	t, err := tuple.Parse(`("user", b"\x00\xff", 42, nil, 1.5, float32(1.5), ("nested",))`)
	if err != nil {
		panic(err)
	}
	fmt.Printf("% x\n", t.Pack())
	fmt.Println(t.Text())
	// Output:
	// 02 75 73 65 72 00 01 00 ff ff 00 15 2a 00 21 bf f8 00 00 00 00 00 00 20 bf c0 00 00 05 02 6e 65 73 74 65 64 00 00
	// ("user", b"\x00\xff", 42, nil, 1.5, float32(1.5), ("nested",))
}

func ExampleDescribe() {
	fmt.Println(tuple.Describe([]byte("\x02user\x00\x15\x2a\x23\x00")))
	// Output: ("user", 42) + b"#\x00"
}

func ExamplePrintable() {
	fmt.Println(tuple.Printable(tuple.Tuple{"user", 42}.Pack()))
	// Output: \x02user\x00\x15*
}

func ExampleDesc() {
	codec := tuple.Codec{Extensions: []tuple.Extension{tuple.DescExtension(tuple.DefaultDescCode)}}
	var keys [][]byte
	for _, ts := range []int{100, 300, 200} {
		k, err := codec.Pack(tuple.Tuple{"events", tuple.Desc{V: ts}})
		if err != nil {
			panic(err)
		}
		keys = append(keys, k)
	}
	slices.SortFunc(keys, bytes.Compare) // a store's order: newest first
	for _, k := range keys {
		t, err := codec.Unpack(k)
		if err != nil {
			panic(err)
		}
		fmt.Println(codec.Format(t))
	}
	// Output:
	// ("events", desc(300))
	// ("events", desc(200))
	// ("events", desc(100))
}

func ExampleAppendElementText() {
	b, err := tuple.AppendElementText([]byte("id="), tuple.Tuple{"post", 1234})
	fmt.Println(string(b), err)
	v, n, err := tuple.ParseElement(`"post"`)
	fmt.Println(v, n, err)
	// Output:
	// id=("post", 1234) <nil>
	// post 6 <nil>
}

func ExampleTuple_String() {
	// String prints what the official Go binding prints, for logs and
	// tests written against it; Text prints the exact form.
	t := tuple.Tuple{[]byte("hello"), "world", nil, 1.0, float32(1.5), tuple.Tuple{"one"}}
	fmt.Println(t)
	fmt.Println(t.Text())
	// Output:
	// (b"hello", "world", <nil>, 1, 1.5, ("one"))
	// (b"hello", "world", nil, 1.0, float32(1.5), ("one",))
}

func ExampleTuple_MarshalJSON() {
	// encoding/json writes a Tuple as the official binding's: an array,
	// byte strings in base64, a UUID as 16 numbers.
	t := tuple.Tuple{"a", []byte{1, 2}, int64(7), tuple.Tuple{}, tuple.UUID{15: 1}}
	b, err := json.Marshal(t)
	fmt.Println(string(b), err)
	// Output:
	// ["a","AQI=",7,[],[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1]] <nil>
}
