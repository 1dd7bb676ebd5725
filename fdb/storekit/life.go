package storekit

import (
	"fmt"

	"github.com/fdbtuple/fdbtuple/fdb"
)

// A Life is where a store's transaction is in its life. Its zero value is
// Active; a store moves it to Committed when the commit starts, whatever
// its outcome, and to Ended when the transaction ends without one, and
// asks Ended before every operation.
type Life uint8

const (
	// Active: operations run.
	Active Life = iota
	// Committed: the commit was asked for.
	Committed
	// Ended: cancelled, or its Transact or ReadTransact returned
	// without a commit.
	Ended
)

// Ended returns the error of op on a transaction in life l, nil while it
// is Active: FoundationDB's used_during_commit (fdb.Error 2017) after the
// commit, transaction_cancelled (1025) after any other end. store names
// the store in the message ("memstore").
func (l Life) Ended(store, op string) error {
	switch l {
	case Committed:
		return fmt.Errorf("%s: %s: the transaction has been committed; start a new one: %w", store, op, fdb.Error{Code: 2017})
	case Ended:
		return fmt.Errorf("%s: %s: the transaction has ended (it was cancelled, or its Transact or ReadTransact returned); start a new one: %w", store, op, fdb.Error{Code: 1025})
	}
	return nil
}
