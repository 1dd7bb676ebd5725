// Package tuplegen writes the encode and decode methods of key structs:
// the code `fdbtuple gen` puts beside them, so that their keys are packed
// and read without reflect.
//
// For each struct type T it is given, the generated file declares
//
//	func (v *T) AppendTupleKey(dst []byte) ([]byte, error)
//	func (v *T) UnmarshalTupleKey(key []byte) (n int, err error)
//
// AppendTupleKey appends the key that tuple.Plan[T] writes, byte for byte;
// UnmarshalTupleKey reads T's elements from the start of key, as
// Plan.UnmarshalPrefix does, and returns the number of bytes it read. Both
// return the errors the plan returns (the same sentinel, field and
// offset). tuple.NewPlan[T] uses the two methods when *T has them and the
// plan's codec is the one they are written for: tuple.Codec{} (strict,
// valid UTF-8, no extensions but the descending one at
// tuple.DefaultDescCode that desc fields take). Plan, Marshal and
// Unmarshal therefore get faster with no change to the code that calls
// them.
//
// The generated code imports only the wire package (tuple/tuplewire) and,
// for its errors, package tuple's error types; it uses no reflect but to
// name a value's type in an *tuple.EncodeError.
//
// A package gets one file, tuplekeys_gen.go, for all the types named in one
// run; it is deterministic, gofmt-clean and vet-clean. Types are read from
// the package's source with go/parser and go/types, the packages it
// imports from the export data `go list -export` gives (go/importer's
// "source" importer if the go command fails): only the standard library,
// no build of the package itself, and a stale generated file is left out
// of the type check.
//
// Place in the import DAG: tuplegen imports the wire package (it encodes
// constants at generation time) and the standard library, never package
// tuple or reflect at run time; the code it writes imports tuplewire and,
// for its error types, tuple.
//
// The generator follows the field rules of tuple.Plan (tags, embedded and
// nested structs, pointers, constants, desc, bytes). What it does not
// write, it refuses with the field and the reason, and the type keeps
// tuple.Plan's reflective path: ext= fields (their encoding belongs to an
// extension value known only at run time); time.Time, time.Duration and
// custom element types (ElementAppender, ElementScanner,
// fdb.KeyConvertible), not written yet; nullable descending fields and
// embedded pointers to structs; and the field kinds that need the codec's
// general encoder (Tuple, []any, interfaces, big integers).
package tuplegen
