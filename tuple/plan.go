package tuple

import (
	"fmt"
	"reflect"
	"sync"
	"sync/atomic"

	"github.com/fdbtuple/fdbtuple/types"
)

// A Plan encodes and decodes keys of one struct type, T, whose fields are
// the key's elements in order. It is compiled once, by NewPlan, and is
// safe for concurrent use.
//
// Each exported field is one element, by the type table every typed path
// shares (see Scan for the Go types): strings, byte slices, integers of
// every size, big.Int, floats, booleans, UUIDs ([16]byte of any byte
// type), Versionstamps, Tuples, any, time.Time and time.Duration (plain
// integers: nanoseconds, since the Unix epoch for a time, decoded in
// UTC), types with AppendTupleElement and ScanTupleElement methods, and
// named types of these. An embedded struct's fields are inlined, through
// an embedded pointer too (nil is an error when encoding, and decoding
// allocates it); any other struct field is a nested tuple of its fields.
// A pointer field may be nil, which is a null element. It sorts before
// every value of the field, in a desc field too: a nil is a plain null,
// not a reversed one, so a descending field lists its nils first. A
// field of a type no element holds faithfully (a map, a struct with no
// exported field such as decimal.Decimal without its extension) is an
// error from NewPlan naming the field and the fix: never an empty
// element. So is an unexported field that is neither a constant nor
// tagged `tuple:"-"`: a plan can neither read nor set it, and a key is
// identity, so two values differing only in it would share one key
// (export it, or leave it out on purpose with the tag; a blank field, _,
// holds nothing and is left out). Field tags, in the style of
// encoding/json, change that:
//
//	`tuple:"-"`            the field is not part of the key
//	`tuple:",desc"`        the element sorts in reverse (see Desc)
//	`tuple:",bytes"`       a string field written as a byte string
//	`tuple:",optional"`    a trailing pointer field left out of the key
//	                       when nil (see "Keys that can grow")
//	`tuple:",ext=0x40"`    the value of the codec's extension for code 0x40
//	`tuple:",unit=ms"`     a time.Time or time.Duration in whole ns, us,
//	                       ms or s (a value that is not a whole number of
//	                       them is an error, never rounded)
//	`tuple:"USER,const"`   a constant element, on a field of type struct{}
//	                       (the string "USER") or of an integer type (its
//	                       name parsed as the integer, 64 bits for int
//	                       and uint); named _ so that it takes no room,
//	                       which an integer one must be: a named one would
//	                       hold a value the key does not
//
// The name before the comma, when there is one and the field is not a
// constant, names the field in Schema, Range and errors; it is a Go
// identifier. Names are unique within a level (a key, or a nested
// struct, with its embedded structs' fields inlined): two fields of one
// name are ErrDuplicateName, naming both. encoding/json lets the least
// nested field (or the tagged one) shadow the others and drops them, and
// drops two of one depth; a key cannot drop a field, which would give
// records that differ only in it one key, so a plan refuses both cases:
// rename one with a tag, or leave one out with `tuple:"-"`.
type Plan[T any] struct {
	planCore
	copies sync.Pool // of *T, for a plan that is not direct
	// generated runs the methods `fdbtuple gen` wrote on *T for this
	// codec, when it has them (plan_generated.go); nil otherwise.
	generated *generatedCodec[T]
}

// planCore is what a Plan[T] and a DynamicPlan share: the codec, the
// compiled layout, and the longest key made.
type planCore struct {
	codec   Codec
	layout  *layout
	longest atomic.Int64 // the longest key Marshal has made, for its buffer
	direct  bool         // layout.isDirect(): see plan_direct.go
}

// NewPlan compiles the plan of struct type T for codec c. A field tagged
// desc needs a descending extension: if c has none, the plan adds
// DescExtension(DefaultDescCode) to its own copy of c. Its errors wrap
// ErrNotStruct, ErrBadTag, ErrDuplicateName, ErrNoExtension or
// ErrUnsupportedType, and
// ErrStaleGenerated when *T has methods from `fdbtuple gen` written for
// another layout of T (see Plan).
func NewPlan[T any](c Codec) (*Plan[T], error) {
	p := &Plan[T]{}
	if err := p.compile(c, reflect.TypeFor[T](), "NewPlan"); err != nil {
		return nil, err
	}
	g, err := newGeneratedCodec[T](c, p.layout, p.schema)
	if err != nil {
		return nil, fmt.Errorf("tuple: NewPlan of %v: %w", reflect.TypeFor[T](), err)
	}
	p.generated = g
	p.copies.New = func() any { return new(T) }
	return p, nil
}

// compile sets p to the plan of struct type t for codec c; caller names
// the constructor in errors.
func (p *planCore) compile(c Codec, t reflect.Type, caller string) error {
	if t.Kind() != reflect.Struct {
		return fmt.Errorf("tuple: %s of %v: %w", caller, t, ErrNotStruct)
	}
	if err := c.check(); err != nil {
		return err
	}
	lay, err := layoutOf(t)
	if err != nil {
		return fmt.Errorf("tuple: %s of %v: %w", caller, t, err)
	}
	needsDesc, err := lay.checkCodec(&c)
	if err != nil {
		return fmt.Errorf("tuple: %s of %v: %w", caller, t, err)
	}
	if needsDesc && c.descCode() == 0 {
		c.Extensions = append(append([]Extension(nil), c.Extensions...), DescExtension(DefaultDescCode))
	}
	p.codec, p.layout, p.direct = c, lay, lay.isDirect()
	return nil
}

// checkCodec checks that c has the extension of every ext= field, and
// reports whether a field is descending.
func (lay *layout) checkCodec(c *Codec) (needsDesc bool, err error) {
	for i := range lay.fields {
		f := &lay.fields[i]
		needsDesc = needsDesc || f.desc
		if f.ext != 0 && c.extensionFor(f.ext) == nil {
			return false, fmt.Errorf("field %s (%v): %w: the codec has no extension for code %#02x (tag ext=%#02x)", f.name, f.typ, ErrNoExtension, byte(f.ext), byte(f.ext))
		}
		if f.inner != nil && f.inner.lay != nil {
			nd, err := f.inner.lay.checkCodec(c)
			if err != nil {
				return false, fmt.Errorf("field %s (%v): %w", f.name, f.typ, err)
			}
			needsDesc = needsDesc || nd
		}
	}
	return needsDesc, nil
}

// layout is the compiled form of one struct type: what it holds does not
// depend on a codec, so that the type table keeps one per struct type.
type layout struct {
	typ    reflect.Type
	fields []planField
	depth  int  // the nesting depth of its deepest field: 1 for plain fields
	desc   bool // a field at some depth is descending
	// optFrom is the index of its first optional field, len(fields)
	// without one: the fields from there on are all optional.
	optFrom int
}

// planField is one element of a layout.
type planField struct {
	name  string // for Schema and errors
	index []int  // the field's index path, through embedded structs
	// viaPointer: the path goes through an embedded pointer, which
	// encoding finds nil (an error) and decoding allocates.
	viaPointer bool
	typ        reflect.Type
	gt         *goType // the table's entry of typ
	inner      *goType // gt, or the pointee's entry for a pointer
	// zero is a zero value of typ (a nil *typ for an interface type),
	// which the scanner's errors name the type of, as they name a Scan
	// destination's.
	zero     any
	nullable bool // a pointer field: nil is a null element
	// optional: a trailing pointer field that a nil leaves out of the
	// key, which then ends before it (plan_optional.go)
	optional bool
	desc     bool
	asBytes  bool       // a string written as a byte string
	ext      types.Code // the code of the extension of its value, or 0
	unit     unit       // a time or duration field's unit (0: ns)
	constant *constElement
	// constText is a constant's text form, for Schema and errors: "USER".
	constText string
	// kind is the element's reflect.Kind (the pointed-to one for a
	// nullable field), so that decoding sets strings and integers
	// without asking reflect for the field's address.
	kind reflect.Kind
	op   planOp
}

// A planOp names the plain fields that the plans' loops read and write
// themselves, by a case of one switch: most key fields are strings,
// integers, UUIDs and constants. Anything else (null, nullable,
// descending, nested, extension and the rarer kinds, and every error) goes
// through the general field path.
type planOp uint8

const (
	opGeneral planOp = iota
	opConst          // a constant element
	opString         // a string (or named string) field
	opInt            // a signed integer field
	opUint           // an unsigned integer field
	opUUID           // a UUID field: uuid.UUID or any [16]byte type
)

// plainOp is the op of a compiled field.
func (f *planField) plainOp() planOp {
	switch {
	case f.constant != nil && !f.viaPointer:
		return opConst
	case f.constant != nil: // behind an embedded pointer, which must be there
		return opGeneral
	case f.nullable || f.desc || f.asBytes || f.ext != 0 || f.viaPointer || f.unit > 1:
		return opGeneral
	}
	switch f.inner.rule {
	case ruleUUID:
		return opUUID
	case ruleString:
		return opString
	case ruleInt, ruleDuration:
		return opInt
	case ruleUint:
		return opUint
	}
	return opGeneral
}
