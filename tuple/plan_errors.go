package tuple

import "errors"

// The configuration errors of NewPlan, NewDynamicPlan and the typed
// paths, for errors.Is. (A field of a type no element holds wraps
// ErrUnsupportedType, whatever the path.)
var (
	// ErrNotStruct: a plan was asked for a type that is not a struct.
	ErrNotStruct = errors.New("tuple: a plan is for a struct type")
	// ErrBadTag: a field's tuple tag has an unknown or malformed option,
	// or one its type does not take.
	ErrBadTag = errors.New("tuple: invalid tuple tag")
	// ErrDuplicateName: two fields of one key (or of one nested struct),
	// counting the fields of embedded structs, have one name, by their
	// Go names or their tags.
	ErrDuplicateName = errors.New("tuple: two fields share the name")
	// ErrNoExtension: a field's ext= tag names a code the codec has no
	// extension for.
	ErrNoExtension = errors.New("tuple: no extension for the code")
	// ErrStaleGenerated: *T has the methods `fdbtuple gen` writes, but
	// for another key schema than T's (T changed since the generator
	// ran): NewPlan refuses them rather than use T's old layout.
	ErrStaleGenerated = errors.New("tuple: generated methods of another key schema")
	// ErrInexact: a time or duration that is not a whole number of its
	// field's unit (it is never rounded).
	ErrInexact = errors.New("tuple: value is not a whole number of the field's unit")
	// ErrNotPointer: a Scan destination that is neither a pointer nor
	// another destination Scan knows (a forgotten &); a constant is
	// passed as Const(v).
	ErrNotPointer = errors.New("tuple: Scan destination is not a pointer")
)
