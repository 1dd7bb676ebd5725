package tuple_test

import (
	"errors"
	"reflect"
	"testing"

	"github.com/fdbtuple/fdbtuple/tuple"
)

// node embeds a pointer to itself and has no exported field; it is only
// ever a reflect.Type.
//
//lint:ignore U1000 the plan reads its fields by reflect
type node struct {
	*node
	n int `tuple:"-"`
}

// A struct that embeds a pointer to itself is refused, not followed: with
// no exported field, the plan's check for one recursed until the stack
// overflowed (a fatal error, not a panic: found by tuplegen's test over
// random type declarations).
func TestPlanOfAStructEmbeddingItself(t *testing.T) {
	for _, typ := range []reflect.Type{reflect.TypeFor[node](), reflect.TypeFor[struct{ N node }]()} {
		if _, err := tuple.NewDynamicPlan(tuple.Codec{}, typ); !errors.Is(err, tuple.ErrUnsupportedType) {
			t.Errorf("%v: %v, want ErrUnsupportedType", typ, err)
		}
	}
}
