package subspace_test

import (
	"fmt"

	"github.com/fdbtuple/fdbtuple/subspace"
	"github.com/fdbtuple/fdbtuple/tuple"
)

func ExampleUnpackWith() {
	newestFirst := tuple.Codec{Extensions: []tuple.Extension{tuple.DescExtension(tuple.DefaultDescCode)}}
	events := subspace.Sub("events")
	key, err := subspace.PackWith(events, newestFirst, tuple.Tuple{"user", tuple.Desc{V: int64(1700000000)}})
	if err != nil {
		panic(err)
	}
	t, err := subspace.UnpackWith(events, newestFirst, key)
	if err != nil {
		panic(err)
	}
	fmt.Println(newestFirst.Format(t))
	// Output: ("user", desc(1700000000))
}
