// Package compat checks tuple-layer implementations against the
// cross-language vectors in package vectors.
//
// Place in the import DAG: above tuple, nested, vectors and
// property_test/gen. It must not import cmd/fdbtuple, which imports it
// (.ci/dag.sh checks every edge).
//
// It reads and writes the vectors' value notation (vectors/README.md), in
// which a tuple is a JSON array of one-key objects such as {"int": "42"} or
// {"float64": "7ff8000000000001"}, and loads the rows of every vector file.
// Its tests run every row against package tuple.
package compat
