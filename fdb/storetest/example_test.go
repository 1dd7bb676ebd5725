package storetest_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/memstore"
	"github.com/fdbtuple/fdbtuple/fdb/storetest"
)

// testSuite is the test a store's package holds, under the name TestSuite
// in one of its _test.go files: it runs the whole suite, each case on a
// store of its own. memstore detects conflicts, its adds read nothing, and
// it starts transactions that the suite drives step by step.
func testSuite(t *testing.T) {
	storetest.Run(t, func(t *testing.T) fdb.Transactor {
		return memstore.New(nil) // a store on disk would open a file in t.TempDir()
	}, storetest.Options{Conflicts: true, BlindAdds: true,
		Begin: func(db fdb.Transactor) storetest.StepTransaction { return db.(*memstore.DB).Begin() }})
}

// A store runs the suite in a test of its own (see testSuite in this
// file); go test runs it.
func Example() {
	fmt.Printf("%T\n", testSuite)
	// Output: func(*testing.T)
}

// What Options.Begin returns: a transaction whose caller commits it, so
// that two can be interleaved. Here A reads k, B writes k and commits
// first, and A's commit conflicts.
func ExampleStepTransaction() {
	db := memstore.New(nil)
	var a, b storetest.StepTransaction = db.Begin(), db.Begin()
	defer a.Cancel()
	defer b.Cancel()
	if _, _, err := a.Get(fdb.Key("k")); err != nil {
		fmt.Println(err)
		return
	}
	if err := a.Set(fdb.Key("seen"), []byte("A")); err != nil {
		fmt.Println(err)
		return
	}
	if err := b.Set(fdb.Key("k"), []byte("B")); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("B commits:", b.Commit())
	err := a.Commit()
	fmt.Println("A conflicts:", errors.Is(err, fdb.Error{Code: 1020}))
	// Output:
	// B commits: <nil>
	// A conflicts: true
}
