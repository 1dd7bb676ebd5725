// Package dirdiff proves the directory layer of this module
// (fdb/directory) against the official one: FoundationDB's Java
// DirectoryLayer (fdb-java, as compat/java pins it), run by the oracle in
// compat/java on an in-memory transaction, with no native library.
//
// Both implementations are Sides (Oracle, and GoSide on fdb/memstore):
// they take the same requests of the directory protocol
// (compat/DIRECTORY_PROTOCOL.md): load a state, make directory layers, run
// transactions of one to five directory operations, dump every key. The
// prefix allocator's random draws are scripted on both: one side records
// each draw's bound and value from a seed, the other replays exactly that
// list, in either direction. After every transaction a Differential
// compares the results of the operations, their error classes
// (ErrorClasses, the one table of both sides' errors), whether it
// committed, the draw logs, and the whole store byte for byte. Three
// deliberate differences of fdb/directory are known (Divergences); a
// sequence that reaches one ends there.
//
// Running it:
//
//	compat/java/build.sh                      # the oracle, on fdb-java 7.4.1 and 7.3.68
//	go test ./compat/dirdiff                  # vectors on Go; live differential if built
//	go test ./compat/dirdiff -run 'TestDifferential$' -rapid.checks=20000 -dirdiff.steps=12
//	go test ./compat/dirdiff -run TestRecordGolden -dirdiff.record   # re-record the golden vectors
//
// The live tests skip, saying so, when the oracle is not built, and fail
// instead when FDBTUPLE_DIRECTORY_ORACLE_REQUIRED is set (CI sets it).
// Gen draws the sequences (rapid's choices in the tests, so that a failure
// shrinks; a seeded source for the golden vectors): colliding names
// (empty, NFC and NFD, outside the BMP, with a 00, with a slash),
// partitions often and nested, custom node and content subspaces, manual
// prefixes aimed at the prefix checks, moves, removes, lists, handles
// used after their directory moved or was removed, loaded versions and
// allocator states. A failing sequence, once shrunk, is saved as a Vector
// under compat/testdata/directory (failing-*.jsonl); TestSavedVectors
// replays every saved vector on Go, without Java: the golden layouts of
// DIRECTORY.md section 1, 300 golden random sequences, and the failures.
//
// Place in the import DAG: above compat (whose peer machinery runs the
// oracle), fdb/directory and fdb/memstore; nothing imports it.
package dirdiff
