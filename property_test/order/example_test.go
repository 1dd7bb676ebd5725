package order_test

import (
	"cmp"
	"fmt"
	"strings"

	"github.com/fdbtuple/fdbtuple/property_test/order"
	"github.com/fdbtuple/fdbtuple/tuple"
	"pgregory.net/rapid"
)

// In a test, pass the *testing.T; here a small rapid.TB stands in, to
// show what a caught bug reports.
func ExampleCheck() {
	type version struct{ Major, Minor uint32 }
	gen := rapid.Custom(func(t *rapid.T) version {
		return version{rapid.Uint32Range(0, 3).Draw(t, "major"), rapid.Uint32Range(0, 20).Draw(t, "minor")}
	})
	compare := func(a, b version) int { return cmp.Or(cmp.Compare(a.Major, b.Major), cmp.Compare(a.Minor, b.Minor)) }

	// Right: the fields as integer elements.
	good := func(v version) ([]byte, error) { return tuple.AppendElems(nil, v.Major, v.Minor) }
	// Wrong: "1.10" sorts before "1.9" as text.
	bad := func(v version) ([]byte, error) { return tuple.AppendElems(nil, fmt.Sprintf("%d.%d", v.Major, v.Minor)) }

	r := &recorder{}
	caughtIn(r, func() { order.Check(r, gen, compare, good) })
	fmt.Println("integers pass:", !r.Failed())
	r = &recorder{}
	caughtIn(r, func() { order.Check(r, gen, compare, bad) })
	fmt.Println("text fails:", r.Failed(), strings.Contains(r.out.String(), "but compare"))
	// Output:
	// integers pass: true
	// text fails: true true
}

// caughtIn runs check on a goroutine of its own, as rapid's FailNow ends
// the goroutine it runs on.
func caughtIn(_ *recorder, check func()) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		check()
	}()
	<-done
}
