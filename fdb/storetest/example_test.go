package storetest_test

import (
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/memstore"
	"github.com/fdbtuple/fdbtuple/fdb/storetest"
)

// testSuite is the test a store's package holds, under the name TestSuite
// in one of its _test.go files: it runs the whole suite, each case on a
// store of its own. memstore detects conflicts, and its adds read nothing.
func testSuite(t *testing.T) {
	storetest.Run(t, func(t *testing.T) fdb.Transactor {
		return memstore.New(nil) // a store on disk would open a file in t.TempDir()
	}, storetest.Options{Conflicts: true, BlindAdds: true})
}

// A store runs the suite in a test of its own (see testSuite in this
// file); go test runs it.
func Example() {
	_ = testSuite
}
