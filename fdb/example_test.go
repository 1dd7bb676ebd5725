package fdb_test

import (
	"fmt"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/tuple"
)

func ExamplePrintable() {
	fmt.Println(fdb.Printable([]byte("\x02user\x00\x15*")))
	// Output: \x02user\x00\x15*
}

func ExampleStrinc() {
	end, err := fdb.Strinc([]byte("user\xff"))
	fmt.Printf("%q %v\n", end, err)
	// Output: "uses" <nil>
}

func ExamplePrefixRange() {
	// Every key that starts with the packed ("user",), the bare prefix
	// included; a tuple's own FDBRangeKeys leaves the prefix out.
	r, err := fdb.PrefixRange(tuple.Tuple{"user"}.Pack())
	if err != nil {
		panic(err)
	}
	begin, end := r.FDBRangeKeys()
	fmt.Println(begin, end)
	b, e := tuple.Tuple{"user"}.FDBRangeKeys()
	fmt.Println(b, e)
	// Output:
	// \x02user\x00 \x02user\x01
	// \x02user\x00\x00 \x02user\x00\xff
}

func ExampleFirstGreaterOrEqual() {
	sel := fdb.FirstGreaterOrEqual(fdb.Key("k"))
	fmt.Println(sel.Key, sel.OrEqual, sel.Offset)
	// Output: k false 1
}

// A program selects the API version once, usually in init(). Without a
// client it changes no key; a second, different version is refused with
// the official error.
func ExampleAPIVersion() {
	if err := fdb.APIVersion(710); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(fdb.MustGetAPIVersion())
	fmt.Println(fdb.APIVersion(710))
	fmt.Println(fdb.APIVersion(720))
	// Output:
	// 710
	// <nil>
	// FoundationDB error code 2201 (API version may be set only once)
}
