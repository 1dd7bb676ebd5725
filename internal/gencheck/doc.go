// Package gencheck compares the methods `fdbtuple gen` writes on a key
// struct with tuple.Plan's reflective path, on random values and on
// random and mutated keys: the same bytes, the same values read back, and
// the same errors (sentinel, field and offset). The tests of the
// generated key types of this module use it (internal/workload/genkeys),
// and so does tuplegen's test over random Go type declarations, whose
// generated packages import it.
//
// A Twin pairs a type G that has the generated methods with its
// reflective twin R, declared `type R G`: the same fields and tags,
// without the methods, so that tuple.Plan[R] takes its reflective path.
// Check runs one round over a list of twins; Run runs many, from a seed.
//
// Place in the import DAG: gencheck imports package tuple and the
// standard library (testing among them); only tests and the packages
// tests generate import it.
package gencheck
