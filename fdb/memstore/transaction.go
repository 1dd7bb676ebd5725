package memstore

import (
	"bytes"
	"fmt"
	"sync"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/storekit"
)

// Transaction is a transaction of a DB: it reads the version that was
// newest when it began, with its own writes over it, and commits if no
// transaction that committed since wrote what it read. It implements
// fdb.Transaction and fdb.ConflictRanges, and is safe for concurrent use
// (its calls are serialized).
type Transaction struct {
	db *DB
	rv int64 // the read version

	mu              sync.Mutex
	state           storekit.Life
	buf             storekit.WriteBuffer
	reads, writes   []keyRange // conflict ranges
	noWriteConflict bool       // the next write records no write conflict
	store           reader     // the store at the read version
}

// ended returns the error for a call on a transaction that has ended, or
// nil: after Commit, FoundationDB's used_during_commit (2017); after Cancel,
// transaction_cancelled (1025). tr.mu is held.
func (tr *Transaction) ended(op string) error { return tr.state.Ended("memstore", op) }

// fail prefixes an error of the write buffer with the store and the call.
func fail(op string, err error) error {
	return fmt.Errorf("memstore: %s: %w", op, err)
}

// Get returns the value of key (see fdb.ReadTransaction), and records a
// read conflict on the key unless the transaction wrote it itself.
func (tr *Transaction) Get(key fdb.Key) ([]byte, bool, error) { return tr.get(key, false) }

// GetRange returns the pairs of r (see fdb.ReadTransaction), and records a
// read conflict on the part of r it read: all of it, or, when it stopped at
// opt.Limit, from the start of the range to the last key it returned.
func (tr *Transaction) GetRange(r fdb.ExactRange, opt fdb.RangeOptions) ([]fdb.KeyValue, error) {
	return tr.getRange(r, opt, false)
}

// Snapshot returns a view of the transaction whose reads record no read
// conflict; it sees the transaction's writes.
func (tr *Transaction) Snapshot() fdb.ReadTransaction { return snapshotView{tr} }

// ReadTransact runs f in this transaction, through a view that cannot
// write, and returns what f returns.
func (tr *Transaction) ReadTransact(f func(fdb.ReadTransaction) (any, error)) (any, error) {
	if err := tr.check("ReadTransact"); err != nil {
		return nil, err
	}
	return f(readView{tr})
}

// Transact runs f in this transaction and returns what f returns; it
// neither commits nor retries: the caller's transaction does. What f wrote
// before it failed stays in the transaction.
func (tr *Transaction) Transact(f func(fdb.Transaction) (any, error)) (any, error) {
	if err := tr.check("Transact"); err != nil {
		return nil, err
	}
	return f(tr)
}

// check reports whether the transaction has ended.
func (tr *Transaction) check(op string) error {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	return tr.ended(op)
}

func (tr *Transaction) get(key fdb.Key, snapshot bool) ([]byte, bool, error) {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	if err := tr.ended("Get"); err != nil {
		return nil, false, err
	}
	v, ok, err := tr.buf.Get(&tr.store, key)
	if err != nil {
		return nil, false, fail("Get", err)
	}
	if !snapshot && tr.buf.ReadsStore(key) {
		tr.reads = append(tr.reads, pointRange(key))
	}
	tr.db.stats.CountGet(ok)
	return v, ok, nil
}

func (tr *Transaction) getRange(r fdb.ExactRange, opt fdb.RangeOptions, snapshot bool) ([]fdb.KeyValue, error) {
	bk, ek := r.FDBRangeKeys()
	begin, end := bk.FDBKey(), ek.FDBKey()
	tr.mu.Lock()
	defer tr.mu.Unlock()
	if err := tr.ended("GetRange"); err != nil {
		return nil, err
	}
	kvs, err := tr.buf.GetRange(&tr.store, begin, end, opt)
	if err != nil {
		return nil, fail("GetRange", err)
	}
	if !snapshot && bytes.Compare(begin, end) < 0 {
		// The part read: when the limit stopped the read, what lies
		// beyond the last pair returned did not decide the result.
		if opt.Limit > 0 && len(kvs) == opt.Limit {
			last := kvs[len(kvs)-1].Key
			if opt.Reverse {
				begin = last
			} else {
				end = fdb.KeyAfter(last)
			}
		}
		for b, e := range tr.buf.StoreRanges(begin, end) {
			tr.reads = append(tr.reads, keyRange{bytes.Clone(b), bytes.Clone(e)})
		}
	}
	tr.db.stats.CountGetRange(len(kvs))
	return kvs, nil
}

// write runs one write: it checks the transaction, takes the
// no-write-conflict option (which the write uses up even if it fails, as
// in FoundationDB), applies the write to the buffer and records its write
// conflict range.
func (tr *Transaction) write(op string, apply func() error, conflict func() keyRange) error {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	if err := tr.ended(op); err != nil {
		return err
	}
	noConflict := tr.noWriteConflict
	tr.noWriteConflict = false
	if err := apply(); err != nil {
		return fail(op, err)
	}
	if !noConflict {
		tr.writes = append(tr.writes, conflict())
	}
	return nil
}

// Set stores value under key (a nil value stores an empty one) and
// records a write conflict on the key.
func (tr *Transaction) Set(key fdb.Key, value []byte) error {
	return tr.write("Set", func() error { return tr.buf.Set(key, value) }, func() keyRange { return pointRange(key) })
}

// Clear removes key and records a write conflict on it.
func (tr *Transaction) Clear(key fdb.Key) error {
	return tr.write("Clear", func() error { return tr.buf.Clear(key) }, func() keyRange { return pointRange(key) })
}

// ClearRange removes the keys of r and records a write conflict on r.
func (tr *Transaction) ClearRange(r fdb.ExactRange) error {
	bk, ek := r.FDBRangeKeys()
	begin, end := bk.FDBKey(), ek.FDBKey()
	return tr.write("ClearRange", func() error { return tr.buf.ClearRange(begin, end) },
		func() keyRange { return keyRange{bytes.Clone(begin), bytes.Clone(end)} })
}

// Add is FoundationDB's ADD (see fdb.Transaction): it records a write
// conflict on the key and no read conflict, so concurrent adds to one
// counter all commit.
func (tr *Transaction) Add(key fdb.Key, param []byte) error {
	return tr.write("Add", func() error { return tr.buf.Add(key, param) }, func() keyRange { return pointRange(key) })
}

// AddWriteConflictKey makes the commit conflict with every transaction
// that read key and has not committed yet, as if this one wrote it.
func (tr *Transaction) AddWriteConflictKey(key fdb.Key) error {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	if err := tr.ended("AddWriteConflictKey"); err != nil {
		return err
	}
	if err := storekit.CheckKey(key); err != nil {
		return fail("AddWriteConflictKey", err)
	}
	tr.writes = append(tr.writes, pointRange(key))
	return nil
}

// SetNextWriteNoWriteConflictRange makes the next Set, Clear, ClearRange
// or Add record no write conflict.
func (tr *Transaction) SetNextWriteNoWriteConflictRange() error {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	if err := tr.ended("SetNextWriteNoWriteConflictRange"); err != nil {
		return err
	}
	tr.noWriteConflict = true
	return nil
}

// Commit ends the transaction and makes its writes the newest version of
// the store, unless a transaction that committed after this one began
// wrote a key this one read (not through a snapshot): then it writes
// nothing and returns fdb.Error{1020}, and the caller may run the
// transaction again (Transact does). A transaction that wrote nothing (and
// added no write conflict) commits at once and never conflicts. A commit
// over storekit.TransactionSizeLimit bytes fails with fdb.Error{2101}.
// After Commit, whatever its outcome, the transaction refuses every call
// with fdb.Error{2017}.
func (tr *Transaction) Commit() error {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	if err := tr.ended("Commit"); err != nil {
		return err
	}
	tr.state = storekit.Committed
	defer tr.drop()
	db := tr.db
	if tr.buf.Empty() && len(tr.writes) == 0 {
		db.mu.Lock()
		db.release(tr.rv)
		db.mu.Unlock()
		return nil
	}
	reads, writes := normalize(tr.reads), normalize(tr.writes)
	if err := storekit.CheckTransactionSize(tr.buf.Size() + size(reads) + size(writes)); err != nil {
		db.mu.Lock()
		db.release(tr.rv)
		db.mu.Unlock()
		return fail("Commit", err)
	}
	db.mu.Lock()
	defer db.mu.Unlock()
	defer db.release(tr.rv)
	if db.conflicts(tr.rv, reads) {
		return fmt.Errorf("memstore: Commit: a transaction that committed after this one's read version %d wrote what it read: %w", tr.rv, fdb.Error{Code: 1020})
	}
	next := db.data
	for begin, end := range tr.buf.ClearRanges() {
		next.DeleteRange(begin, end)
	}
	for w := range tr.buf.Writes() {
		stored, _ := next.Get(w.Key)
		if v, keep := w.Apply(stored); keep {
			next.Set(w.Key, v)
		} else {
			next.Delete(w.Key)
		}
	}
	db.publish(next, writes)
	return nil
}

// drop lets go of what an ended transaction holds: its version of the
// store (which may then be garbage), its writes and conflict ranges, even
// if the caller keeps the transaction. tr.mu is held.
func (tr *Transaction) drop() {
	tr.store = reader{}
	tr.buf.Reset()
	tr.reads, tr.writes = nil, nil
}

// Cancel ends the transaction without committing it; its writes are
// dropped. It does nothing to a transaction that has ended. After Cancel,
// the transaction refuses every call with fdb.Error{1025}.
func (tr *Transaction) Cancel() {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	if tr.state != storekit.Active {
		return
	}
	tr.state = storekit.Ended
	tr.drop()
	tr.db.mu.Lock()
	tr.db.release(tr.rv)
	tr.db.mu.Unlock()
}
