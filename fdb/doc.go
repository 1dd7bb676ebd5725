// Package fdb holds the key types of the official FoundationDB Go binding
// (github.com/apple/foundationdb/bindings/go/src/fdb) that involve no
// database: Key, KeyConvertible, the range interfaces, key selectors,
// Printable, Strinc and KeyAfter; the API-version calls (APIVersion,
// MustAPIVersion, GetAPIVersion, MustGetAPIVersion, IsAPIVersionSelected),
// so that a program's init() that selects a version compiles and behaves as
// with the official package; and the transaction interfaces a layer reads
// and writes through (Transactor, ReadTransactor, Transaction,
// ReadTransaction, ConflictRanges), with the Error type that stores return
// and IsRetryable, which tells a transient failure from a final one.
//
// The stores that implement the interfaces live beside it: fdb/memstore
// (in memory, with FoundationDB's transaction semantics), fdb/boltstore
// (on a bbolt file); fdb/storekit holds what every store needs, and
// fdb/storetest the suite every store passes. fdb/kvpage reads a range of
// any of them a page at a time.
//
// It is not a FoundationDB client. It opens no cluster and loads no C
// library. It exists so that code which builds keys, ranges and
// selectors with the official package moves to this module by changing its
// import paths, and so that the tuple and subspace packages of this module
// can satisfy the same interfaces as the official ones. A program that
// talks to a FoundationDB cluster keeps the official client for that; the
// keys this module builds are byte for byte the ones the official packages
// build, so the two can be used side by side:
//
//	key := mytuple.Pack()                  // this module's tuple package
//	tr.Set(officialfdb.Key(key), value)    // the official client
//
// The key types, the API-version calls and Error have the official
// package's signatures and behaviour. The transaction types are interfaces
// here, where the official ones are structs around the C library's
// transaction: their reads return results rather than futures, and their
// writes return an error (see Transaction). The selected API version
// changes no key: tuple.Tuple.PackWithVersionstamp reads it only to refuse
// a version below 520 (see MIGRATING.md).
//
// Place in the import DAG: a leaf. It imports nothing of this module; tuple
// imports it for KeyConvertible and the range types, and the stores for the
// transaction interfaces.
package fdb
