// Package api510 holds only a test: a program pinned to API version 510,
// whose versionstamped keys end in a 2-byte position.
//
// Place in the import DAG: a leaf, for its test only: the package
// imports nothing, and its test imports fdb and tuple, in a program of
// its own so that no other test has selected an API version first.
package api510
