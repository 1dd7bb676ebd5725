// Package directory is FoundationDB's directory layer on any ordered
// key-value store: the official Go package's API
// (bindings/go/src/fdb/directory), writing byte for byte the keys the
// official Java, Python and Go layers write.
//
// Place in the import DAG: above fdb, subspace and tuple (and what they
// import); nothing of this module imports it but cmd/fdbtuple.
package directory
