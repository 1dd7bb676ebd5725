// Package tuplegen writes the encode and decode methods of key structs:
// the code `fdbtuple gen` puts beside them, so that their keys are packed
// and read without reflect.
//
// For each struct type T it is given, the generated file declares
//
//	func (v *T) AppendTupleKey(dst []byte) ([]byte, error)
//	func (v *T) MarshalTupleKey() ([]byte, error)
//	func (v *T) UnmarshalTupleKey(key []byte) (n int, err error)
//	func (*T) TupleKeyFuncs() (appendKey func(T, []byte) ([]byte, error), unmarshalKey func(T, []byte) (T, int, error))
//	func (*T) TupleKeySchema() string
//	func (*T) TupleKeyFields() string
//
// AppendTupleKey appends the key that tuple.Plan[T] writes, byte for byte;
// MarshalTupleKey returns it in a slice of its exact size;
// UnmarshalTupleKey reads T's elements from the start of key, as
// Plan.UnmarshalPrefix does, and returns the number of bytes it read. They
// return the errors the plan returns (the same sentinel, field and
// offset). TupleKeyFuncs returns the first and the third as functions of
// a T value, through which the plan calls them: a method called through
// an interface or a function value makes its receiver escape (the
// compiler cannot see the callee), and a value passed to one does not, so
// that a key struct the plan's caller declares stays on its stack.
// tuple.NewPlan[T] uses the methods when *T has them and the plan's codec
// is the one they are written for: tuple.Codec{} (strict, valid UTF-8, no
// extensions but the descending one at tuple.DefaultDescCode that desc
// fields take). Plan, Marshal and Unmarshal therefore get faster with no
// change to the code that calls them.
//
// In a module, add the tool once (go get -tool
// github.com/fdbtuple/fdbtuple/cmd/fdbtuple), put one line beside the key
// types, naming every key type of the package,
//
//	//go:generate go tool fdbtuple gen -type CommentKey,PostKey
//
// and run go generate ./... : it writes the package's tuplekeys_gen.go,
// to commit with the code. What it costs is that command, that file, and
// running it again when a key struct changes; CI can check that it was
// (go generate ./... && git diff --exit-code, as this repository's CI does).
// The repository's examples/comments is a package set up so.
//
// TupleKeySchema returns the key schema the methods are written for, in
// the text of Plan.Schema, and TupleKeyFields the Go fields they reach,
// by their paths through embedded structs (T{Base.Tenant, *Where.Shelf},
// a * before an embedded pointer, which the methods check and allocate).
// NewPlan compares both with T as the program has it, and fails with
// tuple.ErrStaleGenerated when they differ: a field added or moved, a
// unit or a direction changed, an embedded struct made a pointer, all of
// which can leave an old generated file compiling, would otherwise write
// and read keys by T's old layout (or reach through a nil pointer).
// Running the generator again mends it. The methods called directly
// check too: the file runs tuple.CheckGenerated for each type when its
// package is initialized, and the methods return its error from every
// call. Where it can spell them, the file also asserts the fields of T
// and of the named structs its key reaches at compile time, by
// conversions (`var _ = struct{...}(T{})`): a field added, removed or
// retyped, or an embedded struct made a pointer, then fails the build
// rather than start-up. Tags are no part of a conversion: units,
// directions and names are the schema check's.
//
// The generated code imports the wire package (tuple/tuplewire) and, for
// its errors and the rules that are the plan's own, package tuple: time
// and duration fields go through tuple.AppendTime, tuple.ConsumeTime and
// their Duration twins, custom element types through
// tuple.Codec.AppendCustom and ScanCustom, so that each rule is written
// once, in package tuple. It uses no reflect but to name a value's type
// in an *tuple.EncodeError.
//
// A package gets one file, tuplekeys_gen.go, for all the types named in one
// run; it is deterministic, gofmt-clean and vet-clean. The file shares the
// package block with the user's files, so its names keep out of theirs:
// an import whose name the package declares (a type named tuple, a
// package of field types named types) is imported as name+"pkg", and a
// parameter or variable of the file named as something the package
// declares or imports (key, pos, buf) takes a trailing underscore. A
// name the file declares itself (tupleKeyStaleT and the other tupleKey
// helpers) or one of Go's own it uses (string, len) that the package
// declares too is refused, naming it. Types are read from
// the package's source with go/parser and go/types, the packages it
// imports from the export data `go list -export` gives (go/importer's
// "source" importer if the go command fails): only the standard library,
// no build of the package itself, and a stale generated file is left out
// of the type check.
//
// The generator follows the field rules of tuple.Plan, in the order of
// its type table: tags (const, desc, bytes, unit=), embedded structs,
// inlined, by value or through a pointer (allocated as it decodes, and a
// nil one refused as it encodes, with the plan's error), nested structs,
// pointers (nullable, descending or not), trailing optional fields (see
// below), constants, custom element types
// (ElementAppender and ElementScanner, checked and framed as the plan
// checks and frames them), time.Time and time.Duration in every unit,
// big.Int and *big.Int, Versionstamp, UUIDs, strings, byte strings,
// integers, floats and booleans.
//
// Optional fields (`tuple:",optional"`, see tuple's "Keys that can grow")
// are written as the plan writes them: the key ends at the first nil one
// (or one behind a nil embedded pointer), a set one after a nil one is
// tuple.ErrOptionalGap naming both, checked before any field is written;
// decoding sets those the key ends before to nil, whatever they held, and
// refuses a null where one would be (tuple.ErrWrongType). TupleKeySchema
// spells them optional(T). Misplaced ones are refused as the plan refuses
// them: a required field or a constant after one, one that is no pointer
// or is desc, one in a nested struct.
//
// What it does not write, it refuses with the field and the reason, and
// the type keeps tuple.Plan's reflective path:
//
//   - ext= fields: their encoding belongs to an extension value the codec
//     holds at run time, and the plan uses generated methods only under
//     tuple.Codec{}, which has no extension.
//   - Tuple, []any and interfaces: their elements are those of the
//     dynamic values they hold, which only the plan's general encoder
//     writes; no public function takes the nesting depth and the nested
//     nulls it writes them at.
//   - what tuple.Plan refuses too, with its reason: an unexported field
//     not tagged "-" (by the plan's own rule, in tuple/internal/keytag),
//     two fields of one name, a key type with no exported field, a custom
//     type with one of the two methods, an fdb.KeyConvertible (never read
//     back), bytes on anything but a string (a custom type whose
//     underlying type is string included), a unit= on another type, a
//     constant on a type but struct{} and the integers, a pointer to a
//     pointer, a descending field inside a descending field, a struct
//     that holds or embeds itself, an embedded pointer to an unexported
//     struct or an embedded struct that adds no field, maps and other
//     types no element holds.
//
// Its verdicts are held to the plan's by a test over random Go type
// declarations, which also builds, vets and runs what it writes against
// the plan.
//
// Place in the import DAG: tuplegen imports package tuple and its wire
// package (it encodes constants at generation time) and the standard
// library; the code it writes imports tuplewire, tuple and, to name types
// in errors, reflect.
package tuplegen
