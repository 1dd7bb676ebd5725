// Package dirdiff proves the directory layer of this module
// (fdb/directory) against the official one: FoundationDB's Java
// DirectoryLayer (fdb-java, as compat/java pins it), run by the oracle in
// compat/java on an in-memory transaction, with no native library.
//
// Both implementations are Sides: they take the same requests of the
// directory protocol (compat/DIRECTORY_PROTOCOL.md): load a state, make
// directory layers, run transactions of one to five directory operations,
// dump every key. The prefix allocator's random draws are scripted on
// both: one side records each draw's bound and value from a seed, the
// other replays exactly that list, in either direction. After every
// transaction the differential compares the results of the operations,
// their error classes (ErrorClasses, the one table of both sides'
// errors), whether it committed, the draw logs, and the whole store byte
// for byte.
//
// The tests run random sequences drawn by rapid and save every failing
// sequence, shrunk, as a replayable vector under
// compat/testdata/directory; golden vectors recorded from Java check the
// Go layer's bytes where Java is not installed.
//
// In the import DAG, dirdiff sits above compat (whose peer machinery
// runs the oracle), fdb/directory and fdb/memstore; nothing imports it.
package dirdiff
