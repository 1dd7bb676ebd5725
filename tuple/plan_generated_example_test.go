package tuple_test

import (
	"fmt"

	"github.com/fdbtuple/fdbtuple/tuple"
)

// A test can make sure a key type takes the generated path: Generated is
// true once `fdbtuple gen` wrote its methods (and the plan's codec is
// Codec{}). This one has none, so its plan reads and writes by reflection.
func ExamplePlan_Generated() {
	type PostKey struct {
		User string
		Post int64
	}
	plan, err := tuple.NewPlan[PostKey](tuple.Codec{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(plan.Generated())
	// Output: false
}
