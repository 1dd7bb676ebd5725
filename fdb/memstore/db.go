package memstore

import (
	"bytes"
	"fmt"
	"sync"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/internal/ordmap"
	"github.com/fdbtuple/fdbtuple/fdb/storekit"
)

// DB is an in-memory store with FoundationDB's transaction semantics. It
// is safe for concurrent use; its zero value is not usable (see New).
type DB struct {
	stats *storekit.ReadStats
	retry storekit.RetryPolicy

	mu      sync.Mutex
	data    ordmap.Map[[]byte] // the newest committed version, frozen: nothing changes it in place
	version int64              // the version of data: the number of commits that wrote
	log     []commitRecord     // the write ranges of the commits a live transaction may conflict with, oldest first
	live    map[int64]int      // the read versions of the live transactions, with how many hold each
}

// commitRecord is what a commit wrote, for the conflict checks of the
// transactions that read before it.
type commitRecord struct {
	version int64
	writes  []keyRange // sorted, merged
}

// Options configures a DB. The zero value (or a nil *Options) is the
// default.
type Options struct {
	// Stats, if not nil, counts the reads of every transaction.
	Stats *storekit.ReadStats
	// Retry is the retry loop of Transact and ReadTransact; its zero
	// value is storekit's default (100 attempts).
	Retry storekit.RetryPolicy
}

// New returns an empty store. opts may be nil.
func New(opts *Options) *DB {
	db := &DB{live: map[int64]int{}}
	if opts != nil {
		db.stats = opts.Stats
		db.retry = opts.Retry
	}
	return db
}

// Transact runs f in a new transaction and commits it if f returns a nil
// error, and returns what f returns. A commit that conflicts with another
// (fdb.Error{1020}) runs f again in a new transaction, as the retry policy
// allows (see Options.Retry); f's own error is returned as it is and
// nothing f wrote is kept.
func (db *DB) Transact(f func(fdb.Transaction) (any, error)) (any, error) {
	return db.retry.Do(func() (any, error) {
		tr := db.Begin()
		defer tr.Cancel() // after a commit, or a panic in f, it does nothing more than end the transaction
		v, err := f(tr)
		if err != nil {
			return nil, err
		}
		if err := tr.Commit(); err != nil {
			return nil, err
		}
		return v, nil
	})
}

// ReadTransact runs f in a new transaction that cannot write, and returns
// what f returns. It never commits, so it never conflicts.
func (db *DB) ReadTransact(f func(fdb.ReadTransaction) (any, error)) (any, error) {
	return db.retry.Do(func() (any, error) {
		tr := db.Begin()
		defer tr.Cancel()
		return f(readView{tr})
	})
}

// Begin starts a transaction at the newest committed version, for a test
// that runs transactions step by step (Transact does this for a program):
// its reads see that version and its own writes, whatever commits
// meanwhile, until Commit or Cancel ends it. A transaction that is never
// ended keeps the versions it reads alive, and the commit log it may
// conflict with, so end every one.
func (db *DB) Begin() *Transaction {
	db.mu.Lock()
	tr := &Transaction{db: db, rv: db.version, store: reader{m: db.data}}
	db.live[tr.rv]++
	db.mu.Unlock()
	return tr
}

// Dump returns every pair of the newest committed version, in key order.
// The pairs are the caller's.
func (db *DB) Dump() []fdb.KeyValue {
	db.mu.Lock()
	data := db.data
	db.mu.Unlock()
	var out []fdb.KeyValue
	for k, v := range data.All() {
		out = append(out, fdb.KeyValue{Key: bytes.Clone(k), Value: append([]byte{}, v...)})
	}
	return out
}

// Load writes the pairs into the store in one commit, over what it holds:
// on a new store, Load(other.Dump()) makes a copy. Each pair is checked as
// a Set is (key and value limits, keys below FF); a refused pair loads
// nothing. Load is not held to the transaction size limit, so that a test
// can load a large store in one call. Transactions that read a key Load
// writes conflict with it.
func (db *DB) Load(pairs []fdb.KeyValue) error {
	if len(pairs) == 0 {
		return nil
	}
	lo, hi := pairs[0].Key, pairs[0].Key
	for i, kv := range pairs {
		if err := storekit.CheckSet(kv.Key, kv.Value); err != nil {
			return fmt.Errorf("memstore: Load: pair %d: %w", i, err)
		}
		if bytes.Compare(kv.Key, lo) < 0 {
			lo = kv.Key
		}
		if bytes.Compare(kv.Key, hi) > 0 {
			hi = kv.Key
		}
	}
	db.mu.Lock()
	defer db.mu.Unlock()
	next := db.data
	for _, kv := range pairs {
		next.Set(bytes.Clone(kv.Key), append([]byte{}, kv.Value...))
	}
	// One write range over all the keys: wider than the writes, which
	// only makes a concurrent reader conflict more often.
	db.publish(next, []keyRange{{bytes.Clone(lo), fdb.KeyAfter(hi)}})
	return nil
}

// publish makes next the newest version and records its write ranges for
// the live transactions, which read an older one. db.mu is held.
func (db *DB) publish(next ordmap.Map[[]byte], writes []keyRange) {
	db.data = next.Snapshot()
	db.version++
	if len(db.live) > 0 && len(writes) > 0 {
		db.log = append(db.log, commitRecord{db.version, writes})
	}
}

// release ends a transaction's hold on its read version, and drops the
// commit records no live transaction can conflict with any more: those
// at or below the oldest live read version. db.mu is held.
func (db *DB) release(rv int64) {
	if db.live[rv]--; db.live[rv] == 0 {
		delete(db.live, rv)
	}
	if len(db.log) == 0 {
		return
	}
	if len(db.live) == 0 {
		db.log = nil
		return
	}
	oldest := int64(-1)
	for v := range db.live {
		if oldest < 0 || v < oldest {
			oldest = v
		}
	}
	drop := 0
	for drop < len(db.log) && db.log[drop].version <= oldest {
		drop++
	}
	if drop > 0 {
		n := copy(db.log, db.log[drop:])
		clear(db.log[n:])
		db.log = db.log[:n]
	}
}

// conflicts reports whether reads, sorted and merged, meet a write
// committed after read version rv. db.mu is held.
func (db *DB) conflicts(rv int64, reads []keyRange) bool {
	for i := len(db.log) - 1; i >= 0 && db.log[i].version > rv; i-- {
		if intersect(db.log[i].writes, reads) {
			return true
		}
	}
	return false
}
