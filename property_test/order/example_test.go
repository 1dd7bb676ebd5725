package order_test

import (
	"cmp"
	"fmt"
	"os"
	"path/filepath"
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

// A key type's schema kept in a golden file: changing a field from
// int32 to uint64 fails the test, with a witness. In a test, pass the
// *testing.T and the plan (tuple.NewPlan's, whose Schema prints the
// text); here a recorder and the text stand in.
func ExampleCheckSchema() {
	dir, err := os.MkdirTemp("", "schema")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	golden := filepath.Join(dir, "post.schema")
	if err := os.WriteFile(golden, []byte(`("POST", Post int32)`+"\n"), 0o644); err != nil {
		fmt.Println(err)
		return
	}

	r := &recorder{}
	caughtIn(r, func() { order.CheckSchema(r, schemaText(`("POST", Post int64)`), golden) })
	fmt.Println("int32 → int64 fails:", r.Failed())

	r = &recorder{}
	caughtIn(r, func() { order.CheckSchema(r, schemaText(`("POST", Post uint64)`), golden) })
	fmt.Println("int32 → uint64 fails:", r.Failed())
	for _, line := range strings.Split(r.out.String(), "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "DECODE") {
			fmt.Println(strings.TrimSpace(line))
		}
	}
	// Output:
	// int32 → int64 fails: false
	// int32 → uint64 fails: true
	// DECODE Post: int32 → uint64; a = {Post: -1}, key 02504f53540013fe under OLD, none under NEW: under NEW, a's OLD key does not decode: Post at offset 6: -1 is outside uint64
}
