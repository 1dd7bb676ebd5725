package tuple

import "github.com/fdbtuple/fdbtuple/fdb"

// Printable returns key in FoundationDB's printable form; it is
// fdb.Printable, kept here so that tuple code needs one import.
func Printable(key []byte) string { return fdb.Printable(key) }
