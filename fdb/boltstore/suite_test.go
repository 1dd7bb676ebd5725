package boltstore_test

import (
	"path/filepath"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/boltstore"
	"github.com/fdbtuple/fdbtuple/fdb/storetest"
)

// TestSuite runs the stores' suite on a bbolt file: no conflicts (bbolt
// runs one writer at a time), no empty key.
func TestSuite(t *testing.T) {
	storetest.Run(t, func(t *testing.T) fdb.Transactor {
		db, err := boltstore.Open(filepath.Join(t.TempDir(), "store.db"), nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			if err := db.Close(); err != nil {
				t.Error(err)
			}
		})
		return db
	}, storetest.Options{NoEmptyKey: true})
}
