// Package timeline is the key-path demo on a real store: a social
// timeline (users, their posts, the posts' comments, the comments'
// reactions) kept under nested key paths and queried with range scans,
// beside the same data under naive "USER#…#POST#10" string keys that sort
// wrongly.
//
// It reads and writes through the fdb transaction interfaces
// (fdb.Transactor, fdb.ReadTransactor), so the same keys and queries run
// on every store that implements them: bbolt (fdb/boltstore, which the
// command "fdbtuple demo" runs it on), the in-memory store (fdb/memstore),
// and, in their own modules, an etcd cluster (examples/etcd) and DynamoDB
// (examples/dynamodb). Load writes a batch of records in one transaction;
// a scan reads a page of keys per read-only transaction (fdb/kvpage),
// each page continuing after the last key of the one before. Passing a
// transaction instead of a store runs them inside it.
//
// bbolt (go.etcd.io/bbolt, etcd's storage engine) keeps keys in a B+tree
// in plain byte order, as every such store does, so a range read walks
// the keys in exactly the order nested.Compare gives.
//
// Place in the import DAG: above nested, tuple, fdb, fdb/kvpage and
// fdb/boltstore. It must not import compat or cmd/fdbtuple.
package timeline
