package tupledecimal_test

import (
	"fmt"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/tupledecimal"
	"github.com/shopspring/decimal"
)

func Example() {
	codec := tuple.Codec{Extensions: []tuple.Extension{tupledecimal.Extension(tupledecimal.DefaultCode)}}
	a, err := codec.Pack(tuple.Tuple{"price", decimal.RequireFromString("9.50")})
	if err != nil {
		panic(err)
	}
	b, err := codec.Pack(tuple.Tuple{"price", decimal.RequireFromString("19.99")})
	if err != nil {
		panic(err)
	}
	fmt.Printf("% x\n% x\n", a, b)
	t, err := codec.Unpack(a)
	if err != nil {
		panic(err)
	}
	fmt.Println(codec.Format(t)) // 9.50 and 9.5 are one key
	// Output:
	// 02 70 72 69 63 65 00 40 c1 be
	// 02 70 72 69 63 65 00 40 c2 27 c6
	// ("price", decimal("9.5"))
}
