// Package memstore is an in-memory key-value store with FoundationDB's
// transaction semantics: the embedded default store of this module, and
// the store the directory layer's tests run on.
//
// Open one, run transactions, read and write as with the official
// binding:
//
//	db := memstore.New(nil)
//	_, err := db.Transact(func(tr fdb.Transaction) (any, error) {
//		return nil, tr.Set(fdb.Key("hello"), []byte("world"))
//	})
//
// # Semantics
//
// Each transaction reads the version of the store that was newest when it
// began (its read version) with its own writes over it: every read, a
// snapshot's included, sees the transaction's sets, clears, clear ranges
// and adds (a pending add over a stored value included). Other
// transactions' commits do not change what it reads.
//
// Commits are serializable, by FoundationDB's rule: a transaction records
// read conflict ranges (the keys a Get read, the part of the range a
// GetRange read: all of it, or up to the last pair returned when the limit
// stopped it; never a key the transaction wrote itself) and write conflict
// ranges (each Set, Clear, ClearRange and Add, and AddWriteConflictKey). Its
// commit fails with fdb.Error{1020} when a transaction that committed after
// its read version wrote a key in its read conflict ranges; Transact then
// runs it again. Snapshot reads record no read conflict; an Add records no
// read conflict, so concurrent adds to one counter all commit; the write
// after SetNextWriteNoWriteConflictRange records no write conflict. A
// transaction that writes nothing never conflicts.
//
// Keys and values are held to FoundationDB's limits (keys below FF, at most
// 10,000 bytes; values at most 100,000 bytes; 10,000,000 bytes per
// commit), refused with the same fdb.Error codes, so that what memstore
// holds any store can hold (see fdb/storekit).
//
// A transaction runs f in itself (Transact, ReadTransact), so functions
// written against fdb.Transactor compose into a caller's transaction. A
// transaction refuses every call after it ended: fdb.Error{2017} after its
// commit, fdb.Error{1025} after Cancel (which Transact calls when f fails).
//
// # Tests
//
// Begin starts a transaction that a test drives step by step, to script
// an interleaving ("A reads, B commits, A commits and conflicts"); Commit
// and Cancel end it. Dump and Load read and write the whole store as
// ordered pairs. Options.Stats counts the reads for benchmarks.
//
// # Implementation
//
// The store is a persistent ordered tree (a treap whose versions share
// structure): a transaction takes the newest version under a short lock
// and reads it without one while others commit. A version no transaction
// holds is garbage. Commits run one at a time; each keeps its write ranges
// only as long as a live transaction that began before it may conflict
// with it.
//
// Place in the import DAG: above fdb and fdb/storekit; it imports nothing
// else of this module.
package memstore
