package fdb

// The transaction interfaces: what a layer (the directory layer, a typed
// key's range and pager) needs from an ordered key-value store, in the
// official binding's names. A store implements them (fdb/memstore in
// memory, fdb/boltstore on a bbolt file, examples/etcd on an etcd cluster),
// and fdb/storetest holds every store to the same behaviour.
//
// The official binding's Transaction is a struct around a C pointer, whose
// reads return futures and whose writes cannot fail until the commit. Here
// the transaction is an interface: reads return their result, and writes
// return an error, because a store such as bbolt refuses a write at once.

// KeyValue is one key and its value, as a range read returns them.
type KeyValue struct {
	Key   Key
	Value []byte
}

// RangeOptions limits a range read, as the official binding's
// RangeOptions does without its streaming mode: a store chooses its own
// batches.
type RangeOptions struct {
	// Limit is the most pairs the read returns; 0 means no limit. A
	// negative limit is refused with Error{2012}.
	Limit int
	// Reverse reads from the end of the range down, so that with a Limit
	// the read returns the greatest keys of the range.
	Reverse bool
}

// A ReadTransactor runs a read-only function in a transaction: a store
// starts one, and a transaction runs the function in itself, so that a
// function written against a ReadTransactor composes into a caller's
// transaction.
type ReadTransactor interface {
	// ReadTransact runs f in a read-only transaction and returns what f
	// returns. A store may run f again after a transient failure, so f
	// should have no effect outside the transaction. f is handed a
	// transaction that cannot write: the stores of this module hand it
	// one that is not an fdb.Transaction.
	ReadTransact(f func(ReadTransaction) (any, error)) (any, error)
}

// A Transactor runs a function in a read-write transaction, and is also a
// ReadTransactor.
type Transactor interface {
	// Transact runs f in a transaction and commits it if f returns a nil
	// error; it returns what f returns, or the commit's error. A store
	// that detects conflicts runs f again, in a new transaction, when the
	// commit conflicts with another one (Error{1020}), so f must have no
	// effect outside the transaction. When f fails, or the commit fails
	// for good, nothing f wrote is kept. A transaction runs f in itself
	// and commits nothing: its caller does.
	Transact(f func(Transaction) (any, error)) (any, error)
	ReadTransactor
}

// ReadTransaction is what a layer reads through. Every read sees the
// transaction's own earlier writes (sets, clears, clear ranges and adds),
// at the read version of the transaction for every other key: the reads of
// one transaction are a consistent view of the store.
//
// Keys from FF up are FoundationDB's system keys: a read of one, or of a
// range that reaches beyond FF, is refused with Error{2004}. A transaction
// used after its Transact or ReadTransact returned refuses every call with
// an Error (2017 after its commit, 1025 otherwise), never a panic.
type ReadTransaction interface {
	// Get returns the value stored under key. present is false only for
	// an absent key: a key stored with an empty value is present, with a
	// value of length 0.
	Get(key Key) (value []byte, present bool, err error)

	// GetRange returns the pairs whose keys lie in r (begin inclusive,
	// end exclusive), in ascending key order, or descending if
	// opt.Reverse, at most opt.Limit of them if it is positive. A range
	// whose begin is at or above its end is empty, as in FoundationDB. The
	// pairs are the range as it stands when the call is made; the caller
	// owns the returned memory, and may change it.
	GetRange(r ExactRange, opt RangeOptions) ([]KeyValue, error)

	// Snapshot returns a view of the same transaction whose reads record
	// no read conflict: a concurrent change to what it read does not
	// abort the commit. It sees the transaction's own writes like any
	// read. A store that records no conflicts returns an equivalent view.
	Snapshot() ReadTransaction

	// A transaction is a ReadTransactor that runs f in itself.
	ReadTransactor
}

// Transaction adds the writes. A write is seen at once by the
// transaction's own reads and by nobody else until the commit.
//
// Writes are held to FoundationDB's rules, so that what one store holds
// every store can: a key from FF up is refused with Error{2004}, a key over
// 10,000 bytes with Error{2102}, a value or Add parameter over 100,000
// bytes with Error{2103}, a clear range whose begin is above its end with
// Error{2005}, and a commit of more than 10,000,000 bytes with
// Error{2101} (see fdb/storekit). A refused write changes nothing, and the
// transaction goes on.
type Transaction interface {
	ReadTransaction

	// Set stores value under key, replacing what was there. A nil value
	// stores an empty value: it does not clear the key.
	Set(key Key, value []byte) error

	// Clear removes key, if it is present.
	Clear(key Key) error

	// ClearRange removes every key in r (begin inclusive, end exclusive).
	ClearRange(r ExactRange) error

	// Add is FoundationDB's ADD atomic operation: the value under key
	// becomes the little-endian sum of the stored value and param, with
	// len(param) bytes. An absent or shorter stored value counts as
	// zero-extended, a longer one as cut to len(param) bytes; the sum
	// wraps around on overflow. On a store that supports it, an Add of a
	// key the transaction did not read records no read conflict, so
	// concurrent adds to one counter all commit.
	Add(key Key, param []byte) error

	// A transaction is a Transactor that runs f in itself.
	Transactor
}

// ConflictRanges is implemented by the transactions of a store that
// detects conflicts by ranges, as FoundationDB and fdb/memstore do. A layer
// asks for it with a type assertion and, on a store without it, goes on
// without: the store's own conflict detection then decides, possibly more
// strictly. The directory layer's prefix allocator uses it to let
// concurrent allocations commit unless they chose the same prefix.
type ConflictRanges interface {
	// AddWriteConflictKey makes the commit conflict with any concurrent
	// transaction that read key, as if this transaction had written it.
	AddWriteConflictKey(key Key) error

	// SetNextWriteNoWriteConflictRange makes the transaction's next write
	// (one Set, Clear, ClearRange or Add) record no write conflict: a
	// concurrent transaction that read those keys is not aborted by it.
	// The next write uses the option up even if it is refused, as in
	// FoundationDB.
	SetNextWriteNoWriteConflictRange() error
}
