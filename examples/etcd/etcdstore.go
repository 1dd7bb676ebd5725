package main

import (
	"errors"
	"sync/atomic"
	"time"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/storekit"
	clientv3 "go.etcd.io/etcd/client/v3"
)

// EtcdStore is an fdb.Transactor on an etcd v3 cluster: FoundationDB's
// transactions (read-your-writes, serializable commits, conflicts retried)
// built from etcd's revisions and its compare-and-swap Txn.
//
// A transaction reads one revision of the cluster: its first read's, R,
// and every later read at R (WithRev), so that its reads are a consistent
// snapshot, as at one FoundationDB read version. Its writes wait in a
// storekit.WriteBuffer, which every read sees (sets, clears, clear ranges,
// adds). The commit is one etcd Txn: If the compares hold, Then the
// writes. Each read that did not go through Snapshot adds a compare that
// fails if a later commit changed what the read saw:
//
//   - a Get of a key present at R: ModRevision(key) == its revision at R
//     (a later write or delete changes it);
//   - a Get of a key absent at R: CreateRevision(key) == 0 (a later
//     write creates it);
//   - a GetRange: for the part of the range it read (all of it, or, when
//     the limit stopped it, up to its last pair), ModRevision < R+1 over
//     the range (etcd's range compare: a key inserted or changed after R
//     fails it), and the point compare of every key it returned (which
//     catches a key deleted after R, which the range compare cannot see);
//   - an Add: the key is read at R, with its point compare, and the sum is
//     written: concurrent adds to one counter conflict, one commits.
//
// What the transaction wrote itself adds no compare, as in FoundationDB.
// A failed compare is fdb.Error{1020}, which Transact retries. A
// transaction that wrote nothing commits nothing, so it never conflicts,
// and a read-only one (ReadTransact) needs no commit at all: one revision
// is a serializable snapshot.
//
// What etcd cannot express, the store does not offer: its transactions do
// not implement fdb.ConflictRanges, since every etcd write bumps the key's
// revision and so is seen by every compare (there is no write without a
// write conflict); and Add is a read and a write, not a blind ADD. The
// directory layer's allocator runs unchanged on it and writes the same
// bytes, but concurrent allocations conflict on the allocator's counter,
// one at a time.
//
// Limits: an etcd Txn holds at most --max-txn-ops compares and at most
// as many writes (128 by default; EtcdOptions.MaxTxnOps): a commit over
// either is refused before it is sent, with ErrTooManyOps. A read of a
// big range in a read-write transaction needs a compare per key it
// returns, so it hits the limit first; read such ranges in a read-only
// transaction (ReadTransact), which needs no compare. A request is at most
// --max-request-bytes (1.5 MiB by default).
//
// Keys and values are held to FoundationDB's limits (fdb/storekit). etcd
// cannot hold the empty key: without a Prefix, a write of it is refused
// with ErrEmptyKey (with one, the empty key is the prefix itself).
//
// An EtcdStore is safe for concurrent use; so is each transaction (its
// calls are serialized).
type EtcdStore struct {
	client   *clientv3.Client
	prefix   string
	timeout  time.Duration
	maxOps   int
	pageSize int
	retry    storekit.RetryPolicy
	stats    *storekit.ReadStats
	counts   etcdCounters
}

// EtcdOptions configures an EtcdStore. A nil *EtcdOptions is the default.
type EtcdOptions struct {
	// Prefix is put before every key the store writes and reads, so that
	// stores with different prefixes share a cluster without seeing each
	// other's keys (as etcd's namespace package does). Empty means none.
	Prefix string
	// Timeout bounds each request to the cluster, so that a cluster
	// without a quorum fails a read or a commit with an error instead of
	// hanging; 0 means DefaultEtcdTimeout.
	Timeout time.Duration
	// MaxTxnOps is the cluster's --max-txn-ops: the most compares, and the
	// most writes, one commit may hold. 0 means etcd's default, 128.
	MaxTxnOps int
	// PageSize is how many keys one range request asks for when a range
	// read wants more (an unlimited read is read in pages, all at the
	// transaction's revision); 0 means 1,000.
	PageSize int
	// Retry is the retry loop of Transact and ReadTransact; its zero
	// value is storekit's default (100 attempts).
	Retry storekit.RetryPolicy
	// Stats, if not nil, counts the reads of every transaction.
	Stats *storekit.ReadStats
}

// DefaultEtcdTimeout bounds a request when EtcdOptions.Timeout is 0.
const DefaultEtcdTimeout = 5 * time.Second

// DefaultMaxTxnOps is etcd's default --max-txn-ops.
const DefaultMaxTxnOps = 128

// ErrEmptyKey is the error a write of the empty key returns on a store
// without a prefix: etcd cannot hold a key of length 0, which
// FoundationDB can.
var ErrEmptyKey = errors.New("etcd store: etcd cannot hold the empty key (give the store a Prefix)")

// ErrTooManyOps is the error of a commit that holds more compares or more
// writes than the cluster's --max-txn-ops allows. It wraps
// fdb.Error{2101} (transaction_too_large), so that a caller that splits
// too large transactions finds it as it would on FoundationDB; it is not
// retryable.
var ErrTooManyOps = errors.New("etcd store: too many operations for one etcd Txn (--max-txn-ops)")

// NewEtcdStore returns a store on the cluster the client talks to. The
// client stays the caller's to close. opts may be nil.
func NewEtcdStore(client *clientv3.Client, opts *EtcdOptions) *EtcdStore {
	s := &EtcdStore{client: client, timeout: DefaultEtcdTimeout, maxOps: DefaultMaxTxnOps, pageSize: 1000}
	if opts != nil {
		s.prefix = opts.Prefix
		if opts.Timeout > 0 {
			s.timeout = opts.Timeout
		}
		if opts.MaxTxnOps > 0 {
			s.maxOps = opts.MaxTxnOps
		}
		if opts.PageSize > 0 {
			s.pageSize = opts.PageSize
		}
		s.retry = opts.Retry
		s.stats = opts.Stats
	}
	return s
}

// Client returns the etcd client under the store.
func (s *EtcdStore) Client() *clientv3.Client { return s.client }

// Transact runs f in a new transaction and commits it if f returns a nil
// error, and returns what f returns. A commit whose compares fail
// (fdb.Error{1020}), a read at a revision the cluster has compacted
// (fdb.Error{1007}) and a commit whose outcome is unknown (fdb.Error{1021}:
// it timed out or lost its connection, and may have been applied) run f
// again in a new transaction, as the retry policy allows; f's own error is
// returned as it is, and nothing f wrote is kept.
func (s *EtcdStore) Transact(f func(fdb.Transaction) (any, error)) (any, error) {
	return s.retry.Do(func() (any, error) {
		tr := s.begin()
		defer tr.cancel() // after a commit, or a panic in f, it only ends the transaction
		v, err := f(tr)
		if err != nil {
			return nil, err
		}
		if err := tr.commit(); err != nil {
			return nil, err
		}
		return v, nil
	})
}

// ReadTransact runs f in a new transaction that cannot write, and returns
// what f returns. It reads one revision and commits nothing, so it never
// conflicts; a read of a compacted revision runs f again.
func (s *EtcdStore) ReadTransact(f func(fdb.ReadTransaction) (any, error)) (any, error) {
	return s.retry.Do(func() (any, error) {
		tr := s.begin()
		defer tr.cancel()
		return f(etcdReadView{tr})
	})
}

// EtcdCounts is what an EtcdStore counted since it was made.
type EtcdCounts struct {
	Commits   int64 // Txns that applied writes
	Conflicts int64 // commits refused by a failed compare (fdb.Error 1020)
	Compacted int64 // reads at a compacted revision (fdb.Error 1007)
	Unknown   int64 // commits whose outcome was unknown (fdb.Error 1021)
}

type etcdCounters struct {
	commits, conflicts, compacted, unknown atomic.Int64
}

// Counts returns what the store counted so far.
func (s *EtcdStore) Counts() EtcdCounts {
	c := &s.counts
	return EtcdCounts{Commits: c.commits.Load(), Conflicts: c.conflicts.Load(), Compacted: c.compacted.Load(), Unknown: c.unknown.Load()}
}
