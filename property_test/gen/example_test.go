package gen_test

import (
	"fmt"

	"github.com/fdbtuple/fdbtuple/property_test/gen"
	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/types"
)

// Generators plug into rapid.Check; Example shows the values they make.
// Here, tuples of integers and strings only, as a key schema might use.
func Example() {
	g := gen.Tuple(gen.Options{MaxLen: 3, MaxDepth: -1, Kinds: []types.Kind{types.KindInt, types.KindString}})
	for seed := range 3 {
		t := g.Example(seed)
		back, err := tuple.Unpack(t.Pack())
		fmt.Println(err == nil && tuple.Compare(back, t) == 0)
	}
	// Output:
	// true
	// true
	// true
}

// DecimalIn bounds the exponents, so that decimal.Decimal's own Cmp stays
// fast in a property that uses it.
func ExampleDecimalIn() {
	g := gen.DecimalIn(-175, 140)
	for seed := range 3 {
		d := g.Example(seed)
		fmt.Println(d.Exponent() >= -175 && d.Exponent() <= 140, d.Cmp(d.Neg().Neg()) == 0)
	}
	// Output:
	// true true
	// true true
	// true true
}
