package tuple

import (
	"fmt"
	"math/big"
	"reflect"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
	"github.com/fdbtuple/fdbtuple/types"
)

// A Plan encodes and decodes keys of one struct type, T, whose fields are
// the key's elements in order. It is compiled once, by NewPlan, and is
// safe for concurrent use.
//
// Each exported field is one element, in the Go type Scan and AppendElems
// use for it: strings, byte slices, integers of every size, *big.Int and
// big.Int, floats, booleans, UUIDs, Versionstamps, Tuples, and named types
// of these. An embedded struct's fields are inlined; any other struct
// field is a nested tuple of its own fields. A pointer field may be nil,
// which is a null element. Field tags, in the style of encoding/json,
// change that:
//
//	`tuple:"-"`            the field is not part of the key
//	`tuple:",desc"`        the element sorts in reverse (see Desc)
//	`tuple:",bytes"`       a string field written as a byte string
//	`tuple:",ext=0x40"`    the value of the codec's extension for code 0x40
//	`tuple:"USER,const"`   a constant element, on a field of type struct{}
//	                       (the string "USER") or of an integer type (its
//	                       name parsed as the integer); named _ so that it
//	                       takes no room
//
// The name before the comma, when there is one and the field is not a
// constant, names the field in Schema and in errors.
type Plan[T any] struct {
	codec   Codec
	layout  *layout
	longest atomic.Int64 // the longest key Marshal has made, for its buffer
	// generated runs the methods `fdbtuple gen` wrote on *T for this
	// codec, when it has them (plan_generated.go); nil otherwise.
	generated *generatedCodec[T]
}

// layout is the compiled form of one struct type.
type layout struct {
	typ    reflect.Type
	fields []planField
}

// planField is one element of a layout.
type planField struct {
	name  string // for Schema and errors
	index []int  // the field's index path, through embedded structs
	typ   reflect.Type
	// zero is a zero value of typ (a nil *typ for an interface type),
	// which the scanner's errors name the type of, as they name a Scan
	// destination's.
	zero      any
	nullable  bool // a pointer field: nil is a null element
	desc      bool
	asBytes   bool          // a string written as a byte string
	ext       Extension     // a value of this extension
	nested    *layout       // a struct field: a nested tuple
	constant  *constElement // a constant element, or nil
	constant0 any           // the constant's value, for Schema
	// kind is the element's reflect.Kind (the pointed-to one for a
	// nullable field), so that decoding sets strings and integers
	// without asking reflect for the field's address.
	kind       reflect.Kind
	isAnySlice bool // a []any field: a nested tuple
	op         planOp
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
	case f.constant != nil:
		return opConst
	case f.nullable || f.desc || f.asBytes || f.ext != nil || f.nested != nil:
		return opGeneral
	}
	switch f.kind {
	case reflect.Array: // of 16 bytes (elementKind): a UUID
		return opUUID
	case reflect.String:
		return opString
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return opInt
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return opUint
	}
	return opGeneral
}

// NewPlan compiles the plan of struct type T for codec c. A field tagged
// desc needs a descending extension: if c has none, the plan adds
// DescExtension(DefaultDescCode) to its own copy of c.
func NewPlan[T any](c Codec) (*Plan[T], error) {
	t := reflect.TypeFor[T]()
	if t.Kind() != reflect.Struct {
		return nil, fmt.Errorf("tuple: NewPlan of %v: a plan is for a struct type", t)
	}
	if err := c.check(); err != nil {
		return nil, err
	}
	generated := newGeneratedCodec[T](c) // before desc fields add an extension
	b := planBuilder{codec: &c}
	lay, err := b.layout(t, 0)
	if err != nil {
		return nil, fmt.Errorf("tuple: NewPlan of %v: %w", t, err)
	}
	if b.needsDesc && c.descCode() == 0 {
		c.Extensions = append(append([]Extension(nil), c.Extensions...), DescExtension(DefaultDescCode))
	}
	p := &Plan[T]{codec: c, layout: lay, generated: generated}
	return p, nil
}

// planBuilder compiles layouts.
type planBuilder struct {
	codec     *Codec
	needsDesc bool
}

var (
	bigIntType       = reflect.TypeFor[big.Int]()
	versionstampType = reflect.TypeFor[Versionstamp]()
	emptyStructType  = reflect.TypeFor[struct{}]()
)

func (b *planBuilder) layout(t reflect.Type, depth int) (*layout, error) {
	if depth >= wirecore.MaxDepth {
		return nil, fmt.Errorf("%w: struct %v nests past wirecore.MaxDepth", ErrTooDeep, t)
	}
	lay := &layout{typ: t}
	if err := b.addFields(lay, t, nil, depth); err != nil {
		return nil, err
	}
	return lay, nil
}

// addFields adds the fields of struct t, reached through index, to lay.
func (b *planBuilder) addFields(lay *layout, t reflect.Type, index []int, depth int) error {
	for i := range t.NumField() {
		sf := t.Field(i)
		tag, hasTag := sf.Tag.Lookup("tuple")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		idx := append(append([]int(nil), index...), i)
		if sf.Anonymous && sf.Type.Kind() == reflect.Struct && !hasTag && !isElementStruct(sf.Type) {
			if err := b.addFields(lay, sf.Type, idx, depth); err != nil {
				return err
			}
			continue
		}
		if !sf.IsExported() && !hasOption(opts, "const") {
			continue
		}
		f := planField{name: sf.Name, index: idx, typ: sf.Type, zero: reflect.Zero(sf.Type).Interface()}
		if sf.Type.Kind() == reflect.Interface {
			f.zero = reflect.Zero(reflect.PointerTo(sf.Type)).Interface()
		}
		if name != "" && !hasOption(opts, "const") {
			f.name = name
		}
		if err := b.field(&f, name, opts, depth); err != nil {
			return fmt.Errorf("field %s (%v): %w", sf.Name, sf.Type, err)
		}
		f.op = f.plainOp()
		lay.fields = append(lay.fields, f)
	}
	return nil
}

// isElementStruct reports whether t is a struct that is one element.
func isElementStruct(t reflect.Type) bool {
	return t == bigIntType || t == versionstampType
}

func hasOption(opts, want string) bool {
	for o := range strings.SplitSeq(opts, ",") {
		if o == want || strings.HasPrefix(o, want+"=") {
			return true
		}
	}
	return false
}

// field compiles one field from its tag.
func (b *planBuilder) field(f *planField, name, opts string, depth int) error {
	for o := range strings.SplitSeq(opts, ",") {
		switch {
		case o == "" || o == "const":
		case o == "desc":
			f.desc, b.needsDesc = true, true
		case o == "bytes":
			f.asBytes = true
		case strings.HasPrefix(o, "ext="):
			code, err := strconv.ParseUint(strings.TrimPrefix(o, "ext="), 0, 8)
			if err != nil {
				return fmt.Errorf("tag option %q: %w", o, err)
			}
			if f.ext = b.codec.extensionFor(types.Code(code)); f.ext == nil {
				return fmt.Errorf("tag option %q: the codec has no extension for code %#02x", o, code)
			}
		default:
			return fmt.Errorf("unknown tag option %q", o)
		}
	}
	if hasOption(opts, "const") {
		return f.compileConstant(name)
	}
	t := f.typ
	if t.Kind() == reflect.Pointer && t != reflect.TypeFor[*big.Int]() {
		f.nullable, t = true, t.Elem()
	}
	f.kind, f.isAnySlice = t.Kind(), t == anySliceType
	switch {
	case f.ext != nil:
		return nil
	case f.asBytes && t.Kind() != reflect.String:
		return fmt.Errorf("the bytes option is for strings")
	case t.Kind() == reflect.Struct && !isElementStruct(t):
		nested, err := b.layout(t, depth+1)
		f.nested = nested
		return err
	}
	if !elementKind(t) {
		return fmt.Errorf("%w: no element holds a %v", ErrUnsupportedType, t)
	}
	return nil
}

// elementKind reports whether a value of type t is one element.
func elementKind(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.String, reflect.Bool, reflect.Float32, reflect.Float64,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return true
	case reflect.Slice:
		return t.Elem().Kind() == reflect.Uint8 || t == reflect.TypeFor[Tuple]() || t == reflect.TypeFor[[]any]()
	case reflect.Array:
		return t.Elem().Kind() == reflect.Uint8 && t.Len() == 16
	case reflect.Pointer:
		return t == reflect.TypeFor[*big.Int]()
	case reflect.Interface:
		return t.NumMethod() == 0
	}
	return isElementStruct(t)
}

// compileConstant encodes a constant field's element from its tag name:
// a string for a struct{} field, an integer for an integer field.
func (f *planField) compileConstant(text string) error {
	var v any = text
	switch f.typ.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, err := strconv.ParseInt(text, 10, 64)
		if err != nil {
			return fmt.Errorf("constant %q: %w", text, err)
		}
		v = n
	case reflect.Struct:
		if f.typ != emptyStructType {
			return fmt.Errorf("a constant field is of type struct{} or an integer type")
		}
	default:
		return fmt.Errorf("a constant field is of type struct{} or an integer type")
	}
	enc, err := AppendElems(nil, v)
	if err != nil {
		return fmt.Errorf("constant %q: %w", text, err)
	}
	f.constant, f.constant0, f.name = newConstElement(enc), v, ""
	return nil
}
