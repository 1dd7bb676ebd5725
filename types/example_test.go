package types_test

import (
	"fmt"

	"github.com/fdbtuple/fdbtuple/types"
)

func ExampleCode_String() {
	for _, c := range []types.Code{types.CodeString, 0x16, types.CodeDecimal, 0x42, 0x99} {
		fmt.Printf("%02x %v (%v)\n", byte(c), c, c.Status())
	}
	// Output:
	// 02 string (standard)
	// 16 int +2 bytes (standard)
	// 23 decimal (reserved) (reserved)
	// 42 user(0x42) (user)
	// 99 code(0x99) (unassigned)
}

func ExampleVersionstamp() {
	v := types.IncompleteVersionstamp(7)
	fmt.Println(v, v.IsComplete())
	fmt.Printf("% x\n", v.Bytes())
	// Output:
	// Versionstamp(ffffffffffffffffffff, 7) false
	// ff ff ff ff ff ff ff ff ff ff 00 07
}
