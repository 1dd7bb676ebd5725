package storekit_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/storekit"
)

// An active transaction's operations run; after the commit they fail with
// used_during_commit (2017), after any other end with
// transaction_cancelled (1025), the error naming the store and the call.
func TestLifeEnded(t *testing.T) {
	if err := storekit.Active.Ended("memstore", "Get"); err != nil {
		t.Errorf("Active: %v", err)
	}
	for _, c := range []struct {
		life storekit.Life
		code int
	}{{storekit.Committed, 2017}, {storekit.Ended, 1025}} {
		err := c.life.Ended("memstore", "Get")
		var fe fdb.Error
		if !errors.As(err, &fe) || fe.Code != c.code || !strings.HasPrefix(err.Error(), "memstore: Get: ") {
			t.Errorf("life %d: %v, want fdb.Error %d naming memstore and Get", c.life, err, c.code)
		}
	}
}
