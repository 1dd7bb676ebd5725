package boltstore

import (
	"bytes"
	"fmt"
	"sync"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/storekit"
	bolt "go.etcd.io/bbolt"
)

// txn is a bbolt transaction seen through the fdb interfaces: readTx reads
// it, writeTx writes it too. Its calls are serialized, since a bbolt
// transaction is not safe for concurrent use, and refused once the
// function it was given to has returned: bbolt has closed it then.
type txn struct {
	db *DB
	tx *bolt.Tx
	b  *bolt.Bucket

	mu    sync.Mutex
	state storekit.Life
	size  int // the bytes written, toward storekit.TransactionSizeLimit
}

// end marks the transaction as ended, when its function has returned.
func (t *txn) end(commit bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.state = storekit.Ended // the function failed or panicked, or a read-only transaction ended
	if commit {
		t.state = storekit.Committed // the function returned nil: bbolt commits
	}
}

// lock locks the transaction for one call, or returns the error for a
// call after its end: fdb.Error{2017} (used_during_commit) after a
// commit, fdb.Error{1025} (transaction_cancelled) otherwise.
func (t *txn) lock(op string) error {
	t.mu.Lock()
	if err := t.state.Ended("boltstore", op); err != nil {
		t.mu.Unlock()
		return err
	}
	return nil
}

func fail(op string, err error) error { return fmt.Errorf("boltstore: %s: %w", op, err) }

// readTx is a transaction's reads: what ReadTransact hands out, and
// Snapshot (bbolt records no conflicts, so a snapshot reads as the
// transaction does).
type readTx struct{ t *txn }

// Get returns the value of key. bbolt's nil means absent; an empty value
// is present.
func (r readTx) Get(key fdb.Key) ([]byte, bool, error) {
	if err := r.t.lock("Get"); err != nil {
		return nil, false, err
	}
	defer r.t.mu.Unlock()
	if err := storekit.CheckKey(key); err != nil {
		return nil, false, fail("Get", err)
	}
	if len(key) == 0 {
		r.t.db.stats.CountGet(false)
		return nil, false, nil // bbolt holds no empty key
	}
	v := r.t.b.Get(key)
	r.t.db.stats.CountGet(v != nil)
	if v == nil {
		return nil, false, nil
	}
	c := make([]byte, len(v)) // out of bbolt's memory, which is valid only in the transaction
	copy(c, v)
	return c, true, nil
}

// GetRange returns the pairs of r, read with a bbolt cursor: forward from
// Seek(begin), reverse from the key before Seek(end) (or the last key).
func (r readTx) GetRange(kr fdb.ExactRange, opt fdb.RangeOptions) ([]fdb.KeyValue, error) {
	bk, ek := kr.FDBRangeKeys()
	begin, end := bk.FDBKey(), ek.FDBKey()
	if err := r.t.lock("GetRange"); err != nil {
		return nil, err
	}
	defer r.t.mu.Unlock()
	if err := storekit.CheckRange(begin, end); err != nil {
		return nil, fail("GetRange", err)
	}
	if err := storekit.CheckLimit(opt.Limit); err != nil {
		return nil, fail("GetRange", err)
	}
	var out []fdb.KeyValue
	if bytes.Compare(begin, end) < 0 {
		c := r.t.b.Cursor()
		var k, v []byte
		next := c.Next
		if opt.Reverse {
			next = c.Prev
			if k, _ = c.Seek(end); k == nil {
				k, v = c.Last()
			} else {
				k, v = c.Prev()
			}
		} else {
			k, v = c.Seek(begin)
		}
		for ; k != nil && bytes.Compare(k, begin) >= 0 && bytes.Compare(k, end) < 0; k, v = next() {
			if v == nil {
				continue // a nested bucket
			}
			out = append(out, fdb.KeyValue{Key: k, Value: v})
			if len(out) == opt.Limit {
				break
			}
		}
	}
	r.t.db.stats.CountGetRange(len(out))
	return storekit.ClonePairs(out), nil // out of bbolt's memory
}

// Snapshot returns the same reads: bbolt records no conflicts.
func (r readTx) Snapshot() fdb.ReadTransaction { return r }

// ReadTransact runs f in this transaction.
func (r readTx) ReadTransact(f func(fdb.ReadTransaction) (any, error)) (any, error) {
	if err := r.t.lock("ReadTransact"); err != nil {
		return nil, err
	}
	r.t.mu.Unlock()
	return f(r)
}

// writeTx is a read-write transaction: what Transact hands out.
type writeTx struct{ readTx }

// Transact runs f in this transaction; the caller's Transact commits.
func (w writeTx) Transact(f func(fdb.Transaction) (any, error)) (any, error) {
	if err := w.t.lock("Transact"); err != nil {
		return nil, err
	}
	w.t.mu.Unlock()
	return f(w)
}

// write runs one write under the transaction's lock.
func (w writeTx) write(op string, apply func(b *bolt.Bucket) (size int, err error)) error {
	if err := w.t.lock(op); err != nil {
		return err
	}
	defer w.t.mu.Unlock()
	n, err := apply(w.t.b)
	if err != nil {
		return fail(op, err)
	}
	w.t.size += n
	return nil
}

// Set stores value under key. The value is written as a copy, never nil,
// so that an empty value reads back as present in this transaction too
// (a nil put reads back as absent until the commit, etcd-io/bbolt#726).
func (w writeTx) Set(key fdb.Key, value []byte) error {
	return w.write("Set", func(b *bolt.Bucket) (int, error) {
		if err := storekit.CheckSet(key, value); err != nil {
			return 0, err
		}
		if len(key) == 0 {
			return 0, ErrEmptyKey
		}
		v := make([]byte, len(value)) // bbolt keeps the slice until the commit
		copy(v, value)
		return len(key) + len(value), b.Put(key, v)
	})
}

// Clear removes key.
func (w writeTx) Clear(key fdb.Key) error {
	return w.write("Clear", func(b *bolt.Bucket) (int, error) {
		if err := storekit.CheckKey(key); err != nil {
			return 0, err
		}
		if len(key) == 0 || len(key) > storekit.KeySizeLimit {
			return 0, nil // no such key is stored
		}
		return 2*len(key) + 1, b.Delete(key)
	})
}

// ClearRange removes the keys of r: it collects them with a cursor first,
// then deletes them, since deleting under a live cursor skips keys.
func (w writeTx) ClearRange(r fdb.ExactRange) error {
	bk, ek := r.FDBRangeKeys()
	begin, end := bk.FDBKey(), ek.FDBKey()
	return w.write("ClearRange", func(b *bolt.Bucket) (int, error) {
		if err := storekit.CheckClearRange(begin, end); err != nil {
			return 0, err
		}
		var keys [][]byte
		c := b.Cursor()
		for k, v := c.Seek(begin); k != nil && bytes.Compare(k, end) < 0; k, v = c.Next() {
			if v != nil {
				keys = append(keys, bytes.Clone(k))
			}
		}
		for _, k := range keys {
			if err := b.Delete(k); err != nil {
				return 0, err
			}
		}
		return len(begin) + len(end), nil
	})
}

// Add is FoundationDB's ADD (storekit.LittleEndianAdd), as a read and a
// write: bbolt runs one writer at a time, so no add is lost.
func (w writeTx) Add(key fdb.Key, param []byte) error {
	return w.write("Add", func(b *bolt.Bucket) (int, error) {
		if err := storekit.CheckSet(key, param); err != nil {
			return 0, err
		}
		if len(key) == 0 {
			return 0, ErrEmptyKey
		}
		return len(key) + len(param), b.Put(key, storekit.LittleEndianAdd(b.Get(key), param))
	})
}
