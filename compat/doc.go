// Package compat checks tuple-layer implementations against the
// cross-language vectors in package vectors.
//
// It reads and writes the vectors' value notation (vectors/README.md), in
// which a tuple is a JSON array of one-key objects such as {"int": "42"} or
// {"float64": "7ff8000000000001"}, and loads the rows of every vector file.
// Its tests run every row against package tuple.
package compat
