// Package keyschema checks that a change to a key type keeps the keys
// already stored readable, in order, and reachable by the same queries.
//
// A key type's schema is the text tuple.Plan's Schema prints: its items
// in key order, each a constant or a field with its element kind.
// Diff compares the schema of the stored keys (OLD) with the schema of
// the code that will read them (NEW) and says, change by change, what
// breaks, with a witness: two concrete values, their keys under OLD and
// NEW in hex, and what goes wrong, made from the two schemas alone and
// checked by encoding and decoding them.
//
//	old, err := keyschema.Parse(`("USER", User uuid, Post int64)`)
//	...
//	new, err := keyschema.Parse(`("USER", User uuid, Post uint64)`)
//	...
//	for _, c := range keyschema.Diff(old, new) {
//		fmt.Println(c) // DECODE Post: int64 → uint64; a = {..., Post: -1}, key ... under OLD, ...
//	}
//
// The command "fdbtuple schema diff OLD NEW" prints the same lines, and
// property_test/order's CheckSchema fails a test on a breaking change to
// a golden schema file.
//
// Why schemas and not sample keys: a golden test that compares the bytes
// of a few sample keys checks only those values. Post int64 made uint64
// keeps the key of post 1234 and breaks the negative ones; *string made
// string keeps every key but the ones with a nil, which stop decoding;
// time(ns) made time(ms) keeps a zero time. A golden copy of the schema
// text sees those changes, but fails as loudly on a renamed field or on
// int32 made int64, which break nothing, and says neither which stored
// keys break nor how. Diff decides from the two schemas alone, field by
// field, and gives the witness.
//
// # Schema text
//
// The grammar, exactly (one space after each comma and after a field's
// name, no other space):
//
//	keys     = [ "under " prefix " " ] schema    ; a PlanUnder's keys: the prefix, then the items
//	prefix   = tuple text                     ; ("app", "comments"): a prefix that is a packed tuple
//	         / "0x" 1*HEX                     ; any other prefix, in lower-case hex
//	schema   = "(" [ item *( ", " item ) ] ")"
//	item     = constant / field
//	constant = a quoted string ("USER") or an integer (7, -3), as in the tuple text form
//	field    = name " " type                  ; name: a Go identifier
//	         / name " optional(" type ")"     ; left out of the key when nil: the key's last fields only
//	type     = "*" type                       ; nullable: nil is a null element
//	         / "desc(" type ")"               ; descending, DescExtension at 0x4F
//	         / "desc@0x" 2HEX "(" type ")"    ; descending at another code (0x40 to 0x4F)
//	         / "(" [ item *( ", " item ) ] ")"  ; nested struct: a nested tuple of its items
//	         / scalar
//	scalar   = "string" / "bytes" / "bool" / "float32" / "float64" / "uuid" / "versionstamp"
//	         / "int8" / "int16" / "int32" / "int64" / "uint8" / "uint16" / "uint32" / "uint64"
//	         / "bigint" / "tuple" / "any"
//	         / "time(" unit ")" / "duration(" unit ")"   ; unit = ns / us / ms / s
//	         / "ext(0x" 2HEX ")"                         ; a codec extension's element
//	         / "custom(" GoType ")"                      ; an ElementAppender/ElementScanner type
//
// A prefix is written one way, as tuple.PrefixText writes it: as tuple
// text when it is a packed tuple, else in hex; an empty prefix is no
// "under". A changed, added or removed prefix is DECODE (and RANGE when
// NEW's prefix does not start OLD's): every key moves, as when a
// subspace is renamed. Keys in a directory have a prefix each store
// allocates: keep the Plan's schema in a golden test for them, or the
// PlanUnder of a fixed subspace, never an allocated prefix.
//
// An optional field (a pointer tagged optional in the key struct) is
// left out of the key when nil: the key ends before it. Only the key's
// own fields may be optional, not a nested struct's, and only its last
// ones: every item after an optional field is an optional field. The
// type inside optional(...) is neither nullable nor descending.
//
// A time is an integer element: the instant in units since the Unix
// epoch; a duration, its length in units. Field names are unique within
// a level; a descending type cannot hold another. Parse reports text
// that breaks these rules with a SyntaxError: the byte offset and what
// was expected there.
//
// # Categories
//
// Each Change has one category, after buf's breaking-change rules:
//
//   - DECODE: a key written under OLD does not decode under NEW, or
//     decodes to a different value (int64 → uint64 for a negative value;
//     time(ns) → time(ms), which reads 1ms as 1000s).
//   - ORDER: keys written under OLD do not sort as NEW's values say
//     (ascending → desc), or OLD and NEW write different bytes for equal
//     values (string → bytes), so that the old and the new key of one
//     record coexist and a lookup by the new one misses the old.
//   - RANGE: a prefix or range query over the same leading items selects
//     a different set: a constant changed, or an item added, removed or
//     moved before an item both schemas share. A field whose own type
//     changed is DECODE or ORDER, not RANGE: the queries over the fields
//     before it are unchanged.
//   - SAFE: none of these (int32 → int64, T → *T, a renamed field,
//     optional fields appended at the end of the key).
//
// A change that breaks in several ways is reported once per category: a
// string field made bytes is DECODE and ORDER; a changed constant is
// DECODE, ORDER and RANGE.
//
// # Keys that can grow
//
// Appending optional fields at the end of the key is SAFE: a key stored
// under OLD ends before them and decodes under NEW with them nil; a key
// NEW writes with them nil is OLD's key, byte for byte; and a key that
// ends sorts before every longer key that starts with it, as a nil sorts
// before every value, so OLD's keys are in NEW's order and a query over
// the leading items selects what it did. Diff checks the claim on its
// candidate values before it makes it.
//
// Every other edit of an optional field breaks, as the same edit of any
// field does: removing one is DECODE (a key that holds it does not
// decode); adding one before another item is DECODE and RANGE; changing
// the type inside optional(...) follows the rules of that type
// (optional(int64) → optional(int8) is DECODE). Making a trailing *T
// optional(T), or back, is DECODE and ORDER: the nil that was a null
// element (00) is now no element, and the other way round. Making a
// trailing T optional(T) is SAFE (every value keeps its bytes, as for T →
// *T); optional(T) → T is DECODE (a key that ends there no longer
// decodes).
//
// # How the schemas are compared
//
// Items are matched level by level: a field by its name, or, when its
// name is gone from the other side, by its position (a rename, SAFE:
// names are not in the keys); a constant by its value, or by its
// position (a changed constant). What is left was added or removed. Two
// matched fields are compared by their types: nested structs item by
// item, other types on values. A level whose items were added, removed
// or moved, or whose constants changed, gets Changes of its own, with
// its first edit as the path; an edit in the middle shifts every item
// after it, and the Change names them.
//
// Values compare by what they mean, not by their Go type: a value of
// int32 and one of int64 are equal when the numbers are; a string and
// bytes when their bytes are; times and durations when their nanoseconds
// are; desc(T) holds the values of T. Every integer type has the exact
// bounds of a plan's field of it: a fixed-size integer its Go type's; a
// bigint every integer element (255 bytes of magnitude); a time the
// instants a time.Time holds (Unix seconds from math.MinInt64 to
// math.MaxInt64 less the seconds from year 1 to 1970, about ±2^93 ns);
// a duration a time.Duration's int64 nanoseconds; a time or duration in
// whole units. The witness values are drawn from each type's edges (the
// bounds of integers, the values just past the other type's bounds, a
// negative number, the empty string, a string with a 00 byte, nil for a
// nullable field) and the values of the other type that OLD can hold,
// so that a change to a narrower kind is never SAFE.
//
// # Witnesses
//
// A witness's keys are the bytes tuple.Codec writes, with DescExtension
// for descending fields, and a time or duration as its integer count of
// units. Decoding under NEW walks NEW's schema over OLD's bytes with the
// Consume functions of package tuplewire: each element must be of its field's
// kind and within its range, each constant must be its constant, and the
// key must end where the schema does. Every witness Diff returns held
// when it was made.
//
// A witness shows its change by itself. When NEW makes other changes
// too, which would mix into the keys, its NEW keys are under OLD with only
// that change made, and Witness.Alone says so (the line reads "under NEW
// (this change alone)"). When the key holds a type known only by name, the
// keys hold the changed field's element (or the changed level's items)
// alone.
//
// # Limits
//
// ext(0xNN) and custom(GoType) are known by name only: the tool cannot
// make their bytes. A change of one is DECODE without a witness (the
// tool can neither show nor rule out the break); an unchanged one is
// fine, and other fields' witnesses then hold their element alone.
//
// Witnesses are searched among a few values per type. A change whose
// values tried show neither a break nor that it is safe (the same bytes
// and the same value back for every one) is reported as DECODE without a
// witness, never as SAFE. The property tests check, on random pairs of
// schemas (optional fields among them, appended ones too), that every witness holds and that when Diff finds nothing
// breaking, random values have the same keys under OLD and NEW; and, in
// property_test, on random pairs of Go key types, that every SAFE
// verdict holds for random and boundary values written by OLD's plan and
// read, sorted and ranged by NEW's, and that every witness holds on the
// two plans.
//
// Place in the import DAG: above tuple and tuplewire, as a tool over
// their keys. It must not import nested, vectors, compat, property_test
// or cmd/fdbtuple (property_test/order and cmd/fdbtuple import it).
package keyschema
