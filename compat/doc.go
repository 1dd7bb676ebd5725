// Package compat checks tuple-layer implementations, in any language,
// against this codec: the conformance kit behind `fdbtuple check`.
// README.md in this directory says how to check your implementation with
// it, which live peers CI checks (and their compatibility matrix), and how
// to add one.
//
// An implementation under test (a peer) speaks the line protocol of
// PROTOCOL.md on its standard input and output: hello, pack, unpack and,
// optionally, compare and pack_versionstamp, with tuples in the vectors'
// value notation (vectors/README.md), in which a tuple is a JSON array of
// one-key objects such as {"int": "42"} or {"float64": "7ff8000000000001"}.
// StartCommand runs a peer as a child process (StartFunc in this process,
// for tests); Serve answers the protocol with this codec.
//
// Check runs every row of every vector file and a random differential run
// against a peer. Its hello declares what it holds (Hello: the types,
// TypeInt64 for 64-bit integers only, the lenient readings); rows and
// random tuples beyond that are skipped, never failed. Every other
// difference is a failure unless a known divergence explains it: the
// built-in list (KnownDivergences), to which a peer's own file adds
// (ParseDivergences, MergeDivergences). A divergence states which answers
// it forgives (a refusal, the reference's answer, stated answers, or named
// Equivalences), and the Report credits each known row to the entry that
// explains it.
//
// The Report groups failures by section and cause, smallest failing input
// first, with failing random tuples shrunk against the peer; WriteText
// prints it for people, WriteJSON for scripts (every failing row by name),
// and Matrix renders several reports as a compatibility table.
//
// Place in the import DAG: above tuple, nested, vectors and
// property_test/gen. It must not import cmd/fdbtuple, which imports it
// (.ci/dag.sh checks every edge).
package compat
