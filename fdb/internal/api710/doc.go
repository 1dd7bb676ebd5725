// Package api710 holds only a test: a program written for the official
// binding, which selects API version 710 in init() before it builds any key.
//
// Place in the import DAG: a leaf, for its test only: the package
// imports nothing, and its test imports fdb and tuple, in a program of
// its own so that no other test has selected an API version first.
package api710
