// Package vectors embeds the cross-language FoundationDB tuple-layer test
// vectors kept in this directory, so that any Go test (ours or a user's)
// can read them without a path: see README.md here for the format. It
// also reads them: ReadRows decodes a file's rows (PackRow, OrderRow, ...),
// DecodeTuple and EncodeTuple convert the value notation, and Identical
// compares decoded tuples bit for bit, Go types included.
//
// The files are data made by running the reference implementation (the
// Python binding) and cross-checked against the Go, Java and npm
// fdb-tuple implementations. They are never edited to make a test pass.
//
// Place in the import DAG: above tuple. It must not import nested, compat
// or cmd/fdbtuple.
package vectors

import "embed"

// FS holds the JSON-lines files: pack.jsonl, order.jsonl, invalid.jsonl,
// decode_lenient.jsonl, divergent.jsonl and versionstamp.jsonl.
//
//go:embed *.jsonl
var FS embed.FS
