package main

import (
	"fmt"
	"sync"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/storekit"
)

// dynamoTxn is a transaction of a DynamoStore: an fdb.Transaction (not an
// fdb.ConflictRanges). Its calls are serialized.
type dynamoTxn struct {
	s *DynamoStore

	mu    sync.Mutex
	state storekit.Life
	buf   storekit.WriteBuffer
	rd    dynamoReader
	// checks are what the non-snapshot Gets and the Adds saw of each key,
	// for the commit to check; ranged is set by a non-snapshot range read
	// or a clear range, which the commit guards with the commit counter.
	checks map[string]seen
	ranged bool
}

func (s *DynamoStore) begin() *dynamoTxn {
	return &dynamoTxn{s: s, rd: dynamoReader{s: s, facts: map[string]seen{}}, checks: map[string]seen{}}
}

// ended returns the error for a call on a transaction that has ended:
// FoundationDB's used_during_commit (2017) after the commit,
// transaction_cancelled (1025) otherwise. tr.mu is held.
func (tr *dynamoTxn) ended(op string) error { return tr.state.Ended("dynamodb store", op) }

func (tr *dynamoTxn) check(op string) error {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	return tr.ended(op)
}

func (tr *dynamoTxn) cancel() {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	if tr.state == storekit.Active {
		tr.state = storekit.Ended
		tr.buf.Reset()
	}
}

func failed(op string, err error) error { return fmt.Errorf("dynamodb store: %s: %w", op, err) }

// Get returns the value of key (see fdb.ReadTransaction); the commit
// checks that no other commit wrote it since, unless the transaction
// wrote it itself.
func (tr *dynamoTxn) Get(key fdb.Key) ([]byte, bool, error) { return tr.get(key, false) }

// GetRange returns the pairs of r (see fdb.ReadTransaction); the commit
// checks that no other commit happened since the transaction's first
// read.
func (tr *dynamoTxn) GetRange(r fdb.ExactRange, opt fdb.RangeOptions) ([]fdb.KeyValue, error) {
	return tr.getRange(r, opt, false)
}

// Snapshot returns a view of the transaction whose reads are not checked.
func (tr *dynamoTxn) Snapshot() fdb.ReadTransaction { return dynamoSnapshot{tr} }

// ReadTransact runs f in this transaction, through a view that cannot
// write.
func (tr *dynamoTxn) ReadTransact(f func(fdb.ReadTransaction) (any, error)) (any, error) {
	if err := tr.check("ReadTransact"); err != nil {
		return nil, err
	}
	return f(dynamoReadView{tr})
}

// Transact runs f in this transaction; the caller's Transact commits.
func (tr *dynamoTxn) Transact(f func(fdb.Transaction) (any, error)) (any, error) {
	if err := tr.check("Transact"); err != nil {
		return nil, err
	}
	return f(tr)
}

func (tr *dynamoTxn) get(key fdb.Key, snapshot bool) ([]byte, bool, error) {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	if err := tr.ended("Get"); err != nil {
		return nil, false, err
	}
	v, ok, err := tr.buf.Get(&tr.rd, key)
	if err != nil {
		return nil, false, failed("Get", err)
	}
	if !snapshot && tr.buf.ReadsStore(key) {
		if err := tr.checkKey(key); err != nil {
			return nil, false, failed("Get", err)
		}
	}
	tr.s.Stats.CountGet(ok)
	return v, ok, nil
}

// checkKey records what the transaction saw of key, for the commit to
// check. tr.mu is held.
func (tr *dynamoTxn) checkKey(key fdb.Key) error {
	if _, ok := tr.checks[string(key)]; ok {
		return nil
	}
	f, ok := tr.rd.facts[string(key)]
	if !ok {
		if _, _, err := tr.rd.Get(key); err != nil {
			return err
		}
		f = tr.rd.facts[string(key)]
	}
	tr.checks[string(key)] = f
	return nil
}

func (tr *dynamoTxn) getRange(r fdb.ExactRange, opt fdb.RangeOptions, snapshot bool) ([]fdb.KeyValue, error) {
	bk, ek := r.FDBRangeKeys()
	tr.mu.Lock()
	defer tr.mu.Unlock()
	if err := tr.ended("GetRange"); err != nil {
		return nil, err
	}
	before := tr.rd.rangeReads
	kvs, err := tr.buf.GetRange(&tr.rd, bk.FDBKey(), ek.FDBKey(), opt)
	if err != nil {
		return nil, failed("GetRange", err)
	}
	if !snapshot && tr.rd.rangeReads > before {
		tr.ranged = true // it read the store, not only its own writes
	}
	tr.s.Stats.CountGetRange(len(kvs))
	return kvs, nil
}

// write runs one write under the transaction's lock.
func (tr *dynamoTxn) write(op string, apply func() error) error {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	if err := tr.ended(op); err != nil {
		return err
	}
	if err := apply(); err != nil {
		return failed(op, err)
	}
	return nil
}

// Set stores value under key (a nil value stores an empty one).
func (tr *dynamoTxn) Set(key fdb.Key, value []byte) error {
	return tr.write("Set", func() error { return tr.buf.Set(key, value) })
}

// Clear removes key.
func (tr *dynamoTxn) Clear(key fdb.Key) error {
	return tr.write("Clear", func() error { return tr.buf.Clear(key) })
}

// ClearRange removes the keys of r: the commit reads them and deletes
// them item by item.
func (tr *dynamoTxn) ClearRange(r fdb.ExactRange) error {
	bk, ek := r.FDBRangeKeys()
	return tr.write("ClearRange", func() error { return tr.buf.ClearRange(bk.FDBKey(), ek.FDBKey()) })
}

// Add is FoundationDB's ADD as DynamoDB can do it: the key is read (and
// checked at the commit, so that concurrent adds conflict) and the commit
// writes the sum.
func (tr *dynamoTxn) Add(key fdb.Key, param []byte) error {
	return tr.write("Add", func() error {
		if err := storekit.CheckSet(key, param); err != nil {
			return err
		}
		if tr.buf.ReadsStore(key) {
			if err := tr.checkKey(key); err != nil {
				return err
			}
		}
		return tr.buf.Add(key, param)
	})
}

// dynamoSnapshot is a transaction's Snapshot: reads that are not checked.
// It has no write method, so it cannot be asserted to fdb.Transaction.
type dynamoSnapshot struct{ tr *dynamoTxn }

func (s dynamoSnapshot) Get(key fdb.Key) ([]byte, bool, error) { return s.tr.get(key, true) }

func (s dynamoSnapshot) GetRange(r fdb.ExactRange, opt fdb.RangeOptions) ([]fdb.KeyValue, error) {
	return s.tr.getRange(r, opt, true)
}

func (s dynamoSnapshot) Snapshot() fdb.ReadTransaction { return s }

func (s dynamoSnapshot) ReadTransact(f func(fdb.ReadTransaction) (any, error)) (any, error) {
	if err := s.tr.check("ReadTransact"); err != nil {
		return nil, err
	}
	return f(s)
}

// dynamoReadView is a transaction seen through ReadTransact: its reads, and
// no write method.
type dynamoReadView struct{ tr *dynamoTxn }

func (v dynamoReadView) Get(key fdb.Key) ([]byte, bool, error) { return v.tr.get(key, false) }

func (v dynamoReadView) GetRange(r fdb.ExactRange, opt fdb.RangeOptions) ([]fdb.KeyValue, error) {
	return v.tr.getRange(r, opt, false)
}

func (v dynamoReadView) Snapshot() fdb.ReadTransaction { return dynamoSnapshot(v) }

func (v dynamoReadView) ReadTransact(f func(fdb.ReadTransaction) (any, error)) (any, error) {
	return v.tr.ReadTransact(f)
}
