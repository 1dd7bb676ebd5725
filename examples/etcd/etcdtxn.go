package main

import (
	"bytes"
	"fmt"
	"sync"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/storekit"
)

// etcdTxn is a transaction of an EtcdStore: an fdb.Transaction (not an
// fdb.ConflictRanges). Its calls are serialized.
type etcdTxn struct {
	s *EtcdStore

	mu    sync.Mutex
	state storekit.Life
	buf   storekit.WriteBuffer
	at    etcdReader // the store at the transaction's revision
	// The compares of the commit, from the reads that did not go through
	// Snapshot: the revision each key read had at R (0: absent), and the
	// ranges read.
	points map[string]int64
	ranges []keyRange
}

// keyRange is [begin, end), keys without the store's prefix.
type keyRange struct{ begin, end fdb.Key }

func (s *EtcdStore) begin() *etcdTxn {
	tr := &etcdTxn{s: s, points: map[string]int64{}}
	tr.at = etcdReader{s: s, facts: map[string]fact{}}
	return tr
}

// ended returns the error for a call on a transaction that has ended, or
// nil: FoundationDB's used_during_commit (2017) after the commit,
// transaction_cancelled (1025) otherwise. tr.mu is held.
func (tr *etcdTxn) ended(op string) error { return tr.state.Ended("etcd store", op) }

func (tr *etcdTxn) check(op string) error {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	return tr.ended(op)
}

// cancel ends a transaction that has not committed; its writes are
// dropped.
func (tr *etcdTxn) cancel() {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	if tr.state == storekit.Active {
		tr.state = storekit.Ended
		tr.buf.Reset()
	}
}

func failed(op string, err error) error { return fmt.Errorf("etcd store: %s: %w", op, err) }

// Get returns the value of key (see fdb.ReadTransaction) and adds its
// point compare, unless the transaction wrote the key itself.
func (tr *etcdTxn) Get(key fdb.Key) ([]byte, bool, error) { return tr.get(key, false) }

// GetRange returns the pairs of r (see fdb.ReadTransaction) and adds the
// compares of the part of r it read.
func (tr *etcdTxn) GetRange(r fdb.ExactRange, opt fdb.RangeOptions) ([]fdb.KeyValue, error) {
	return tr.getRange(r, opt, false)
}

// Snapshot returns a view of the transaction whose reads add no compare.
func (tr *etcdTxn) Snapshot() fdb.ReadTransaction { return etcdSnapshot{tr} }

// ReadTransact runs f in this transaction, through a view that cannot
// write.
func (tr *etcdTxn) ReadTransact(f func(fdb.ReadTransaction) (any, error)) (any, error) {
	if err := tr.check("ReadTransact"); err != nil {
		return nil, err
	}
	return f(etcdReadView{tr})
}

// Transact runs f in this transaction; the caller's Transact commits.
func (tr *etcdTxn) Transact(f func(fdb.Transaction) (any, error)) (any, error) {
	if err := tr.check("Transact"); err != nil {
		return nil, err
	}
	return f(tr)
}

func (tr *etcdTxn) get(key fdb.Key, snapshot bool) ([]byte, bool, error) {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	if err := tr.ended("Get"); err != nil {
		return nil, false, err
	}
	v, ok, err := tr.buf.Get(&tr.at, key)
	if err != nil {
		return nil, false, failed("Get", err)
	}
	if !snapshot && tr.buf.ReadsStore(key) {
		if err := tr.comparePoint(key); err != nil {
			return nil, false, failed("Get", err)
		}
	}
	tr.s.stats.CountGet(ok)
	return v, ok, nil
}

// comparePoint adds the point compare of key, at the revision the key
// had at R. tr.mu is held.
func (tr *etcdTxn) comparePoint(key fdb.Key) error {
	if len(key) == 0 && tr.s.prefix == "" {
		return nil // never stored, and etcd refuses a compare of the empty key
	}
	f, ok := tr.at.facts[string(key)]
	if !ok { // the buffer read it through a range, or not at all: read it
		if _, _, err := tr.at.Get(key); err != nil {
			return err
		}
		f = tr.at.facts[string(key)]
	}
	tr.points[string(key)] = f.mod
	return nil
}

func (tr *etcdTxn) getRange(r fdb.ExactRange, opt fdb.RangeOptions, snapshot bool) ([]fdb.KeyValue, error) {
	bk, ek := r.FDBRangeKeys()
	begin, end := bk.FDBKey(), ek.FDBKey()
	tr.mu.Lock()
	defer tr.mu.Unlock()
	if err := tr.ended("GetRange"); err != nil {
		return nil, err
	}
	tr.at.returned = tr.at.returned[:0]
	kvs, err := tr.buf.GetRange(&tr.at, begin, end, opt)
	if err != nil {
		return nil, failed("GetRange", err)
	}
	if !snapshot && bytes.Compare(begin, end) < 0 {
		// The part read: when the limit stopped the read, what lies
		// beyond the last pair returned did not decide the result.
		if opt.Limit > 0 && len(kvs) == opt.Limit {
			last := kvs[len(kvs)-1].Key
			if opt.Reverse {
				begin = last
			} else {
				end = keyAfter(last)
			}
		}
		for b, e := range tr.buf.StoreRanges(begin, end) {
			tr.ranges = append(tr.ranges, keyRange{bytes.Clone(b), bytes.Clone(e)})
		}
		// A key deleted after R leaves no revision for the range compare
		// to see: each key the store returned in the part read gets its
		// point compare.
		for _, k := range tr.at.returned {
			if bytes.Compare(k, begin) >= 0 && bytes.Compare(k, end) < 0 && tr.buf.ReadsStore(k) {
				tr.points[string(k)] = tr.at.facts[string(k)].mod
			}
		}
	}
	tr.s.stats.CountGetRange(len(kvs))
	return kvs, nil
}

// keyAfter returns the first key after key: key followed by 00.
func keyAfter(key []byte) fdb.Key {
	k := make(fdb.Key, len(key)+1)
	copy(k, key)
	return k
}

// write runs one write under the transaction's lock.
func (tr *etcdTxn) write(op string, apply func() error) error {
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
func (tr *etcdTxn) Set(key fdb.Key, value []byte) error {
	return tr.write("Set", func() error {
		if err := tr.refuseEmpty(key, value); err != nil {
			return err
		}
		return tr.buf.Set(key, value)
	})
}

// refuseEmpty refuses a write of the empty key on a store without a
// prefix, after FoundationDB's own checks.
func (tr *etcdTxn) refuseEmpty(key fdb.Key, value []byte) error {
	if err := storekit.CheckSet(key, value); err != nil {
		return err
	}
	if len(key) == 0 && tr.s.prefix == "" {
		return ErrEmptyKey
	}
	return nil
}

// Clear removes key.
func (tr *etcdTxn) Clear(key fdb.Key) error {
	return tr.write("Clear", func() error { return tr.buf.Clear(key) })
}

// ClearRange removes the keys of r: one etcd delete of the range at the
// commit.
func (tr *etcdTxn) ClearRange(r fdb.ExactRange) error {
	bk, ek := r.FDBRangeKeys()
	return tr.write("ClearRange", func() error { return tr.buf.ClearRange(bk.FDBKey(), ek.FDBKey()) })
}

// Add is FoundationDB's ADD as etcd can do it: the key is read at R (with
// its point compare, so that a concurrent add conflicts) and the commit
// writes the sum.
func (tr *etcdTxn) Add(key fdb.Key, param []byte) error {
	return tr.write("Add", func() error {
		if err := tr.refuseEmpty(key, param); err != nil {
			return err
		}
		if tr.buf.ReadsStore(key) {
			if err := tr.comparePoint(key); err != nil {
				return err
			}
		}
		return tr.buf.Add(key, param)
	})
}

// etcdSnapshot is a transaction's Snapshot: reads that add no compare. It
// has no write method, so it cannot be asserted to fdb.Transaction.
type etcdSnapshot struct{ tr *etcdTxn }

func (s etcdSnapshot) Get(key fdb.Key) ([]byte, bool, error) { return s.tr.get(key, true) }

func (s etcdSnapshot) GetRange(r fdb.ExactRange, opt fdb.RangeOptions) ([]fdb.KeyValue, error) {
	return s.tr.getRange(r, opt, true)
}

func (s etcdSnapshot) Snapshot() fdb.ReadTransaction { return s }

func (s etcdSnapshot) ReadTransact(f func(fdb.ReadTransaction) (any, error)) (any, error) {
	if err := s.tr.check("ReadTransact"); err != nil {
		return nil, err
	}
	return f(s)
}

// etcdReadView is a transaction seen through ReadTransact: its reads, and
// no write method.
type etcdReadView struct{ tr *etcdTxn }

func (v etcdReadView) Get(key fdb.Key) ([]byte, bool, error) { return v.tr.get(key, false) }

func (v etcdReadView) GetRange(r fdb.ExactRange, opt fdb.RangeOptions) ([]fdb.KeyValue, error) {
	return v.tr.getRange(r, opt, false)
}

func (v etcdReadView) Snapshot() fdb.ReadTransaction { return etcdSnapshot(v) }

func (v etcdReadView) ReadTransact(f func(fdb.ReadTransaction) (any, error)) (any, error) {
	return v.tr.ReadTransact(f)
}
