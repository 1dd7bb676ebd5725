package memstore

import (
	"encoding/binary"
	"sync"
	"testing"
	"time"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/storekit"
)

// TestConcurrentTransactions runs goroutines that each increment a counter
// by reading and writing it, and a second one by Add, many times, with
// reads of both between: serializable commits lose no increment, and
// every transaction sees the two counters move together (each one's writes
// land at once).
func TestConcurrentTransactions(t *testing.T) {
	db := New(&Options{Retry: storekit.RetryPolicy{MaxAttempts: 1000, FirstBackoff: time.Microsecond, MaxBackoff: time.Millisecond}})
	const workers, each = 8, 50
	var wg sync.WaitGroup
	errs := make(chan error, workers)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range each {
				_, err := db.Transact(func(tr fdb.Transaction) (any, error) {
					v, _, err := tr.Get(fdb.Key("rmw"))
					if err != nil {
						return nil, err
					}
					n := uint64(0)
					if len(v) == 8 {
						n = binary.LittleEndian.Uint64(v)
					}
					if err := tr.Set(fdb.Key("rmw"), binary.LittleEndian.AppendUint64(nil, n+1)); err != nil {
						return nil, err
					}
					return nil, tr.Add(fdb.Key("add"), binary.LittleEndian.AppendUint64(nil, 1))
				})
				if err != nil {
					errs <- err
					return
				}
				_, err = db.ReadTransact(func(rt fdb.ReadTransaction) (any, error) {
					a, _, _ := rt.Get(fdb.Key("add"))
					r, _, _ := rt.Get(fdb.Key("rmw"))
					if string(a) != string(r) {
						t.Errorf("a transaction sees add %x and rmw %x", a, r)
					}
					return nil, nil
				})
				if err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	for _, kv := range db.Dump() {
		if got := binary.LittleEndian.Uint64(kv.Value); got != workers*each {
			t.Errorf("%s = %d, want %d", kv.Key, got, workers*each)
		}
	}
	if len(db.log) != 0 || len(db.live) != 0 {
		t.Errorf("log %d, live %v after every transaction ended", len(db.log), db.live)
	}
}
