// Package fdb holds the key types of the official FoundationDB Go binding
// (github.com/apple/foundationdb/bindings/go/src/fdb) that involve no
// database: Key, KeyConvertible, the range interfaces, key selectors,
// Printable and Strinc; and the API-version calls (APIVersion,
// MustAPIVersion, GetAPIVersion, MustGetAPIVersion, IsAPIVersionSelected)
// with the Error type they return, so that a program's init() that selects
// a version compiles and behaves as with the official package.
//
// Place in the import DAG: a leaf. It imports nothing of this module; tuple
// imports it for KeyConvertible and the range types.
//
// It is not a client. It opens no database, runs no transaction and loads
// no C library. It exists so that code which builds keys, ranges and
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
// Every name here has the official package's signature and behaviour.
// The selected API version changes no key: tuple.Tuple.PackWithVersionstamp
// reads it only to refuse a version below 520 (see MIGRATING.md).
package fdb
