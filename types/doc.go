// Package types is the vocabulary of the FoundationDB tuple layer: the type
// codes that start every encoded element, the semantic kinds they belong to,
// and the Versionstamp value. It holds no codec logic, so packages that only
// need to name a code, a kind or a versionstamp can do so without importing
// the codec in package tuple.
//
// # Type codes
//
// A [Code] is the literal first byte of an encoded element. The FoundationDB
// register (design/tuple.md in apple/foundationdb) assigns every code a
// status: standard codes are written and read by every official binding;
// reserved, deprecated and user codes (0x40–0x4F) are never written by them.
// [Code.Status] reports which, and [Code.String] names every code, including
// ones the register does not know, so that error messages stay readable:
//
//	types.CodeString.String()  // "string"
//	types.Code(0x23).String()  // "decimal (reserved)"
//	types.Code(0x42).String()  // "user(0x42)"
//	types.Code(0x99).String()  // "code(0x99)"
//
// # Kinds
//
// Several codes share one [Kind]: the seventeen integer codes 0x0B–0x1D are
// all [KindInt], and false and true are both [KindBool]. Kinds are what the
// cross-type order of the tuple layer is defined over.
//
// # Versionstamps
//
// A [Versionstamp] is the 96-bit value of code 0x33: a 10-byte transaction
// version assigned by the database at commit, followed by a 2-byte user
// version chosen by the client. A stamp whose transaction version is ten 0xFF
// bytes is incomplete: a placeholder the database fills in when the key is
// written with a versionstamped-key mutation.
//
// Place in the import DAG: a leaf. It imports nothing of this module, and
// every other package may import it.
package types
