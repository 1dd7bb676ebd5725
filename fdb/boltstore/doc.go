// Package boltstore is a store on a bbolt file (go.etcd.io/bbolt) under
// the fdb transaction interfaces: the embedded store that keeps its data
// on disk.
//
//	db, err := boltstore.Open("data.db", nil)
//	if err != nil { ... }
//	defer db.Close()
//	_, err = db.Transact(func(tr fdb.Transaction) (any, error) {
//		return nil, tr.Set(fdb.Key("hello"), []byte("world"))
//	})
//
// Keys live in one bucket (Options.Bucket, DefaultBucket by default), as
// they are: the bbolt file holds the same bytes as FoundationDB would.
// New builds a store on a bbolt database the program already has open.
//
// # Semantics
//
// Transact runs a bbolt read-write transaction (DB.Update), ReadTransact a
// read-only one (DB.View). bbolt runs one read-write transaction at a time,
// so transactions are serializable and never conflict: the
// fdb.ConflictRanges calls have nothing to do, and the transactions do not
// implement them. A read-only transaction sees the newest commit. A
// function run by Transact must not call the DB's Transact (bbolt's writer
// lock would wait for itself); the transaction's own Transact runs a
// nested function in it. Every
// read sees the transaction's own writes (bbolt's own read-your-writes);
// Snapshot reads as the transaction does. Add reads and writes.
//
// What FoundationDB allows, and bbolt would too, is all that is accepted:
// FoundationDB's key and value limits and legal keys are enforced (see
// fdb/storekit), so that data moves between this store, fdb/memstore and
// FoundationDB unchanged; one divergence is the empty key, which bbolt
// cannot hold: a write of it returns ErrEmptyKey, and a read finds nothing.
//
// # Traps handled
//
// An empty value is written as an empty slice, never nil, so that it reads
// back as present inside the transaction (etcd-io/bbolt#726); values are
// copied out of bbolt's memory, which is valid only during the
// transaction, and into bbolt's, which keeps the written slice until the
// commit; a reverse range read seeks to the end and steps back; ClearRange
// collects its keys before deleting them, never deleting under a live
// cursor. A transaction used after its function returned refuses with an
// fdb.Error (2017 after a commit, 1025 otherwise) instead of touching a
// closed bbolt transaction.
//
// Place in the import DAG: above fdb and fdb/storekit, with bbolt.
package boltstore
