package subspace_test

import (
	"fmt"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/subspace"
	"github.com/fdbtuple/fdbtuple/tuple"
)

func Example() {
	users := subspace.Sub("app").Sub("users")
	key := users.Pack(tuple.Tuple{42, "name"})
	fmt.Println(key)
	t, err := users.Unpack(key)
	fmt.Println(users.Contains(key), t, err)
	begin, end := users.FDBRangeKeys()
	fmt.Println(begin, end)
	// Output:
	// \x02app\x00\x02users\x00\x15*\x02name\x00
	// true (42, "name") <nil>
	// \x02app\x00\x02users\x00\x00 \x02app\x00\x02users\x00\xff
}

func ExampleFromBytes() {
	// A raw prefix, such as a directory's, with tuples under it.
	dir := subspace.FromBytes([]byte{0x15, 0x07})
	fmt.Println(dir.Pack(tuple.Tuple{"k"}))
	_, err := dir.Unpack(fdb.Key("elsewhere"))
	fmt.Println(err)
	// Output:
	// \x15\x07\x02k\x00
	// subspace: key is not in subspace: key elsewhere, prefix \x15\x07
}
