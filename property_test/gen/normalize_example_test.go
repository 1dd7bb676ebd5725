package gen_test

import (
	"fmt"
	"math/big"

	"github.com/fdbtuple/fdbtuple/property_test/gen"
)

func ExampleNormalize() {
	for _, s := range []string{"-5", "18446744073709551615", "18446744073709551616"} {
		b, ok := new(big.Int).SetString(s, 10)
		if !ok {
			fmt.Println("not an integer:", s)
			return
		}
		fmt.Printf("%T ", gen.Normalize(b))
	}
	// Output: int64 uint64 *big.Int
}
