// Package tuple encodes and decodes the FoundationDB tuple layer, byte for
// byte as the official bindings do, in pure Go: no cgo and no FoundationDB
// client are needed.
//
// A tuple is an ordered list of values. Its packed form is a byte string
// whose unsigned lexicographic order equals the tuple order, so a sorted
// key-value store (FoundationDB, bbolt, Pebble, Badger, ...) can answer
// range and prefix queries on tuple keys by comparing bytes:
//
//	key := tuple.Tuple{"user", 42, "post", 10}.Pack()
//	begin, end := tuple.Tuple{"user", 42}.Range() // every key below ("user", 42)
//
// The API is the official Go binding's (bindings/go/src/fdb/tuple in
// apple/foundationdb), with its behaviour: Tuple, TupleElement, UUID,
// Versionstamp, IncompleteVersionstamp, Pack, Unpack, PackWithVersionstamp,
// HasIncompleteVersionstamp, String, FDBKey, FDBRangeKeys and
// FDBRangeKeySelectors (with this module's cgo-free fdb package), and a
// Tuple marshals with encoding/json and encoding/gob as the official one
// does. Code written against it compiles and runs after changing the import
// paths; MIGRATING.md in the repository lists the deliberate differences
// (strict decoding, errors where the official binding panics) and how they
// are measured. The subspace package is the official subspace package.
//
// Beyond that API: error-returning encoders (Codec.Pack, AppendBinary), the
// options of a Codec (lenient decoding, strings that are not UTF-8, user
// type codes), Compare, the exact text form (Text and Parse), Describe and
// typed keys. The allocation-free layer of Append, Consume and Next
// functions is package tuplewire.
//
// The format is specified in design/tuple.md of apple/foundationdb:
// https://github.com/apple/foundationdb/blob/main/design/tuple.md
//
// # First steps
//
// The examples (pkg.go.dev shows them, and go doc -http with Go 1.25 or
// later; go test runs them), in the order a key-value layer needs them on
// its first day:
//
//  1. Pack keys, and into a buffer you reuse: ExampleTuple_Pack,
//     ExampleTuple_AppendBinary (with Codec.Pack, the error-returning form).
//  2. Read them back: ExampleUnpack, ExampleUnpack_error.
//  3. Scan a sorted store for every key below a tuple: Example_scan (a
//     sorted slice; package nested's ExamplePath_KindRange does it on bbolt).
//  4. Keys from fdbcli and range ends: ExampleParsePrintable (with Printable
//     and PrefixEnd).
//  5. Keys behind a raw prefix: ExampleCodec_UnpackAfter, and the subspace
//     package's Example.
//  6. Log and paste keys: ExampleTuple_String, ExampleParse, ExampleDescribe.
//  7. Keys as structs: Example_typedKeys, ExamplePlan_Between, and the
//     walk-through of the repository's README (examples/comments).
//
// # Types
//
// Pack accepts these Go values, and Unpack returns the types in the last
// column:
//
//	tuple element       code(s)    Go types accepted by Pack             Unpack returns
//	null                00         nil                                   nil
//	byte string         01         []byte                                []byte
//	Unicode string      02         string (valid UTF-8; see below)       string
//	nested tuple        05         Tuple, []any                          Tuple
//	integer             0B–1D      int, int8–int64, uint, uint8–uint64,  int64; uint64 from 2^63 to
//	                               *big.Int, big.Int                      2^64-1; *big.Int beyond
//	float32             20         float32                               float32
//	float64             21         float64                               float64
//	boolean             26, 27     bool                                  bool
//	UUID                30         uuid.UUID (= UUID)                    UUID
//	versionstamp        33         Versionstamp                          Versionstamp
//
// Values of named types whose underlying type is in the table (type UserID
// int64, json.RawMessage, a named string) pack as that type, and an
// fdb.KeyConvertible (an fdb.Key, a subspace) packs as the byte string of
// its key, as in the official binding. Anything else is an
// ErrUnsupportedType error, as is a big integer whose magnitude needs more
// than 255 bytes (ErrTooLarge). A string that is not valid UTF-8 is an
// ErrInvalidUTF8 error for the error-returning encoders and for Unpack
// (Python's binding rejects such a key, Java's replaces the bad bytes);
// Pack and PackWithVersionstamp write its bytes as they are, as the
// official Go binding does, and Codec{AllowInvalidUTF8: true} reads them;
// Text prints them as \xNN escapes, which Parse reads back.
//
// # Order
//
// Tuples compare element by element; the first difference decides, and a
// tuple that is a prefix of another sorts first. Elements of different
// kinds sort by kind, in the order of the table above: null, bytes,
// strings, nested tuples, integers, float32, float64, booleans (false
// before true), UUIDs, versionstamps. Within a kind:
//
//   - integers sort by value, whatever their size;
//   - floats sort in the IEEE total order: negative NaNs, -Inf, negative
//     numbers, -0, +0, positive numbers, +Inf, positive NaNs. float32 and
//     float64 are different kinds: every float32 sorts before every float64;
//   - strings sort by code point, bytes and UUIDs by unsigned bytes;
//   - nested tuples sort as tuples.
//
// Compare gives this order on Go values without packing them. Packing
// preserves concatenation, so a prefix of a key is the packed prefix
// tuple: Tuple{a, b}.Pack() starts with Tuple{a}.Pack().
//
// # Strictness
//
// Unpack is strict: it accepts exactly what an encoder writes, so that for
// any b it accepts, packing the result gives b again. It returns a
// *DecodeError, with the byte offset, the path of indices into nested
// tuples and a sentinel, for:
//
//   - type codes that are unknown, reserved, deprecated or user codes
//     (ErrInvalidCode);
//   - fixed-size elements cut short (ErrTruncated);
//   - byte strings, strings and nested tuples that end without a terminator
//     (ErrUnterminated);
//   - strings that are not valid UTF-8 (ErrInvalidUTF8);
//   - integers in a longer form than their minimal one (ErrNonCanonical);
//   - nesting deeper than tuplewire.MaxDepth (ErrTooDeep).
//
// One exception: the Python binding writes 2^64-1 and -(2^64-1) in the
// big-integer form (1D 08 FF*8 and 0B F7 00*8, apple/foundationdb#1296),
// where Go, Java and this package write 1C FF*8 and 0C 00*8. Both forms
// decode, so that keys written by Python stay readable; these are the only
// two byte strings that do not pack back to themselves. (Ten FF bytes of
// versionstamp transaction version decode, as in every binding, to an
// incomplete Versionstamp, which packs again only through
// PackWithVersionstamp.)
//
// Codec{Lenient: true}.Unpack accepts, in addition, what the Python
// reference decodes although no encoder writes it: strings and nested
// tuples that run to the end of the input, and non-minimal integers.
// Invalid UTF-8 and unknown codes stay errors, as they are in Python.
//
// Decoding is linear in the input, never panics, and never reads past the
// input, whatever the bytes.
//
// # Aliasing
//
// Unpack, UnmarshalBinary and every Consume function (here and in
// tuplewire) return values that
// share no memory with their input: a key from a store's cursor, valid only
// until the cursor moves, can be decoded and kept. The Append functions
// never retain dst or change dst[:len(dst)], as encoding.BinaryAppender
// requires.
//
// # Typed keys
//
// A Tuple holds boxed values; a key-value layer wants its keys as Go
// values. Scan decodes a key into pointers to variables (and Const(v) for
// constants that must match, nil to skip, []any for a nested tuple,
// Desc{V: &x}, Element and Into for types of the caller's own), and
// AppendElems encodes variables; neither keeps its arguments, so that
// plain variables stay on the stack. A Plan, compiled once per struct
// type by NewPlan (or from a reflect.Type by NewDynamicPlan), encodes and
// decodes a struct as a key: one element per field, with tags for
// constants, descending fields, byte strings, extensions and time units,
// a Range of the keys whose fields up to a named one are v's, Under for
// keys that live under a prefix (a subspace's), and a Schema to keep in
// a golden test. Marshal and Unmarshal keep a plan per type. The package
// property_test/order checks that such keys sort as their Go values do.
//
// One table maps Go types to elements for all of them, and for Pack,
// Compare, the text form and JSON (see Plan for the types): time.Time
// and time.Duration are plain integers, a type with AppendTupleElement
// and ScanTupleElement methods is one element of its own, and a type no
// element holds faithfully (a map, a struct with no exported field) is an
// error naming the fix, never an empty element. The table (TestTypeTable
// checks each path's verdict on 55 Go types against it):
//
//	Go type                                 element
//	string, []byte, every integer type,     string, byte string, integer, float, boolean
//	float32, float64, bool, named types     (a named float32 keeps its bits)
//	of these
//	[16]byte of any byte type, uuid.UUID    UUID
//	big.Int, *big.Int                       integer of any size (a nil *big.Int is a null)
//	time.Time                               integer: nanoseconds since the Unix epoch (a big
//	                                        integer before 1678 or after 2262), read back
//	                                        in UTC; order is time order
//	time.Duration                           integer: nanoseconds
//	*T                                      null when nil, else T's element
//	Tuple, []any, any                       nested tuple; any element
//	a type with AppendTupleElement and      the one element its methods write and read
//	(on its pointer) ScanTupleElement
//	a struct, in a plan                     nested tuple of its fields
//	decimal.Decimal                         refused, unless tagged ext=0x40 with
//	                                        tupledecimal's extension
//	map, chan, func, complex, uintptr,      refused: NewPlan (or the call) says which
//	[N]byte (N != 16), struct{}, structs    field and what to use instead
//	with no exported field (netip.Addr,
//	big.Float)
//	an unexported field of a key struct,    refused by NewPlan, naming the field: it would
//	unless tagged `tuple:"-"` (or a         leave the key, and two records differing only
//	constant)                               in it would share one key
//
// A key usually lives under a prefix (a subspace's, a directory's, a
// table's): Plan.Under binds a plan to it, and its Unmarshal takes the
// prefix off (a key without it is ErrNotUnderPrefix), with offsets counted
// from the key's first byte. A plan or Scan given a key that has a prefix
// fails with an error that says how many bytes come before the tuple and
// names Plan.Under. Without a struct, subspace.PackWith and UnpackWith
// take a Codec (desc elements, decimals, strict strings). A PlanUnder's
// Schema starts with its prefix (under ("app", "comments") (...)), so a
// golden schema test notices a renamed subspace; for keys in a
// directory, whose prefix each store allocates, keep the Plan's Schema.
//
// # Keys that can grow
//
// Appending a field to a key struct breaks every stored key, which holds
// one element fewer, unless the field is optional: a pointer tagged
// `tuple:",optional"` is left out of the key when nil, so the key ends
// before it. Keys written before the field was added decode with it nil,
// and a new key that leaves it nil is the old key byte for byte. Order
// and ranges hold, as a key that ends sorts before every longer key that
// starts with it, the way a nil sorts before every value: Range through
// the field before it holds the key that ends there, and Between treats
// an absent field as the first value. Only the last fields of a key can
// be optional (every field after one is optional, and no constant
// follows one), only at the key's own level (not in a nested struct),
// and not desc; a set optional field after a nil one is ErrOptionalGap,
// and a set one whose value writes a null (a *any holding nil) is
// ErrUnsupportedType: a key never holds a null where an optional field
// would be, so that its bytes have one meaning. The schema writes such a
// field optional(T). Code from fdbtuple gen (package tuplegen) writes and
// reads optional fields as the plan does.
//
// # Text form
//
// Text (and AppendText) prints a tuple, and Parse reads it back bit for
// bit; String prints the official binding's display form, which Parse
// reads too. The grammar:
//
//	tuple    = "(" [ elem { "," elem } [ "," ] ] ")"     one element: ("a",)
//	elem     = nil | true | false | int | float64 | float32 | string | bytes | uuid | vstamp | tuple
//	int      = [-]digits                                  any size
//	float64  = 1.0  -0.0  2.5e-10  +Inf  -Inf  NaN  float64bits(0x7ff8000000000000)
//	float32  = float32(1.5)  float32bits(0x7f800001)
//	string   = Go double-quoted literal: "a\xffb" for a string that is not UTF-8
//	bytes    = b"..." : printable ASCII, \\, \", \xNN
//	uuid     = UUID("7c9e6679-7425-40de-944b-e07fc1f90ae7")
//	vstamp   = Versionstamp(<20 hex digits>, <user version>)    ffff…: incomplete
//
// With a Codec that has this module's extensions, two more, lower case:
// decimal("19.99") (package tupledecimal, code 0x40) and desc(elem), one
// element in descending order (Desc, code 0x4f): ("events",
// desc(1700000000)). A codec without the extension refuses them.
//
// Parse also reads the official Go display (<nil>, ("one"), UUID(7c9e…),
// Versionstamp(\x00…, 7), a byte string's unescaped "), Python's repr
// (None, True, b'…', '…', "it's\x80" with \xNN a code point as Python
// means it, nan as the NaN Python packs, UUID('…'), SingleFloat(…);
// TestPythonText checks 5,000 random tuples the Python binding prints)
// and Java's (null, bare UUIDs). A Codec's Parse reads a string that is
// not UTF-8 only when the codec has AllowInvalidUTF8. Printable and
// ParsePrintable convert raw keys to and from fdbcli's \x00 form;
// Describe renders any key for logs.
//
// # Layers
//
// Package tuple is the layer users touch; the wire format one element at a
// time is package tuplewire beneath it (AppendInt, ConsumeStringAppend,
// Next, Elements and the rest, with no reflection and no boxed values), in
// the way protowire sits beneath protobuf-go. Code that must not allocate,
// and generated codecs, use tuplewire directly; DecodeError and the
// decoding sentinels are tuplewire's, re-exported here, so errors.Is and
// errors.As work with either package's names.
//
// The typed keys (Scan, AppendElems, Plan) stay in this package rather than
// in one of their own: Pack, Compare, the text form and JSON turn the same
// Go values into the same elements as they do, the extensions of a Codec
// apply to both, and a Plan's constants and Schema are written in the text
// form. Apart, the two would share most of their unexported code through
// exported names. (json v2 keeps its reflective layer with its API for the
// same reason, over jsontext.)
//
// # Speed
//
// Pack encodes a key of up to 256 bytes on the stack and copies it out:
// one allocation and one pass. AppendBinary into a buffer with room
// allocates nothing. Unpack reads the key twice, first to count elements
// and string bytes, then to fill one slab of elements and one string for
// all strings; most of its remaining cost is putting each value into an
// interface (a Tuple is []any), one small allocation per string, UUID and
// integer outside 0–255. The typed paths' allocations are limits their
// tests hold: Scan into W1's eight variables 1 (its strings share one),
// 0 with its strings as constants or with a hook; Plan.Unmarshal 1, 0
// with constant strings; AppendElems and Plan.Append into a buffer with
// room 0; Plan.Marshal 1. BENCHMARKS.md in the repository has the figures.
//
// # NaN and floats
//
// Floats are written bit for bit: NaN payloads, signalling NaNs and the
// sign of zero survive a round trip. (The Python binding quiets float32
// signalling NaNs; this package, like Go and Java, does not.)
//
// # Versionstamps
//
// An incomplete Versionstamp (IncompleteVersionstamp) is a placeholder for
// the commit version. Pack refuses it (ErrIncompleteVersionstamp);
// PackWithVersionstamp packs a tuple holding exactly one and appends its
// position as the versionstamped-key mutation expects: 4 bytes little
// endian, as API version 520 and later read it. AppendWithVersionstamp
// takes the width explicitly (Offset2 for older API versions); the API
// version selected with fdb.APIVersion changes no byte (PackWithVersionstamp
// refuses a version below 520 instead). A decoded stamp whose transaction version is ten FF
// bytes is incomplete, as in every binding.
//
// # Extensions
//
// The register leaves type codes 0x40–0x4F to third parties. A Codec can
// carry Extensions that encode values under those codes: this module
// offers DescExtension (Desc{V: v} sorts v in reverse, for every
// element kind) and, in package tupledecimal, decimals that sort
// numerically. Extensions travel in the Codec value; nothing registers
// globally, and the package-level functions reject user codes.
//
// Only the standard elements keep a key readable by every FoundationDB
// binding: the official bindings reject user type codes. A key holding an
// extension element is readable by a codec with the same extensions at the
// same codes. Describe stops at such an element when it does not know the
// code, and says where, which code, and which extension reads it;
// Codec.Describe (and fdbtuple describe -ext decimal,desc) shows it
// readably. Desc reverses every element kind, variable-length strings ("a"
// after "ab") and nested tuples included, and a tuple mixing ascending and
// descending elements keeps bytes.Compare equal to the codec's Compare.
// The extensions' formats are pinned by this module's own vectors in
// vectors/ext, kept apart from the cross-language ones. To write one of
// your own, implement Extension; property_test/gen's ExtensionLaws
// property-tests its round trip and order law.
//
// # Errors
//
// Every error message starts with "tuple: ". Test for a class of error with
// errors.Is(err, tuple.ErrTruncated) and read the location with errors.As
// (or, from Go 1.26, errors.AsType[*tuple.DecodeError](err)).
//
// # Place in the import DAG
//
// Package tuple sits above tuplewire, the internal packages beneath it
// (tuple/internal/wirecore, keytag and schematext), types and fdb. It
// must not import tupledecimal, subspace, nested, vectors, compat or
// cmd/fdbtuple, which import it (.ci/dag.sh checks every edge).
package tuple
