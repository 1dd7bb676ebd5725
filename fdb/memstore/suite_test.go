package memstore_test

import (
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/memstore"
	"github.com/fdbtuple/fdbtuple/fdb/storetest"
)

// TestSuite runs the stores' suite on memstore, with every option a
// FoundationDB-like store has, and its transactions step by step for the
// serializability property.
func TestSuite(t *testing.T) {
	storetest.Run(t, func(t *testing.T) fdb.Transactor {
		return memstore.New(nil)
	}, storetest.Options{Conflicts: true, BlindAdds: true,
		Begin: func(db fdb.Transactor) storetest.StepTransaction { return db.(*memstore.DB).Begin() }})
}
