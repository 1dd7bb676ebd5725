package tuple

import (
	"reflect"
	"strings"
	"sync"

	"github.com/fdbtuple/fdbtuple/tuple/internal/schematext"
	"github.com/fdbtuple/fdbtuple/types"
)

// Schema returns the layout of the plan's keys as text, one item per
// element, in the grammar that package keyschema's doc gives and
// keyschema.Parse and `fdbtuple schema diff` read:
//
//	("USER", User uuid, "POST", Post int64, "COMMENT", Comment desc(time(ns)), Note *string)
//
// A constant is its text form ("USER", 7); a field is its name and type:
// *T nullable (nil is a null element), desc(T) descending (desc@0xNN(T)
// at a code other than 0x4F), (ITEMS) a nested struct, and the element
// kinds string, bytes, bool, float32, float64, uuid, versionstamp, int8
// to int64, uint8 to uint64, bigint, tuple, any, time(UNIT),
// duration(UNIT) (UNIT ns, us, ms or s), ext(0xNN) and custom(GoType).
//
// It names element kinds, never Go types (but for a custom type), and
// shows every property that changes the bytes: type ID int64 is int64 and
// type ID string is string; int and uint are int64 and uint64 on every
// platform (on a 32-bit one, a key holding a value past the platform's
// int is ErrOutOfRange when decoded); a []byte and a string tagged bytes
// are both bytes. Keep it in a golden test: a change to T that would
// change stored keys changes the schema.
func (p *Plan[T]) Schema() string { return p.schema() }

func (p *planCore) schema() string {
	var b strings.Builder
	writeLayout(&b, p.layout, p.codec.descCode())
	return b.String()
}

func writeLayout(b *strings.Builder, lay *layout, descCode types.Code) {
	schematext.WriteItems(b, len(lay.fields), func(i int) { writeField(b, &lay.fields[i], descCode) })
}

func writeField(b *strings.Builder, f *planField, descCode types.Code) {
	if f.constant != nil {
		b.WriteString(f.constText)
		return
	}
	if f.optional { // nil is no element: optional(T) wraps the values' type
		b.WriteString(f.name)
		b.WriteString(schematext.NameSep)
		schematext.WriteOptional(b, func() { writeType(b, f, descCode) })
		return
	}
	// nil is a null, which sorts first, desc or not: the * stands outside
	schematext.WriteField(b, f.name, f.nullable, f.desc, byte(descCode), func() { writeType(b, f, descCode) })
}

// writeType writes the type of the field's values, without its wrappers.
func writeType(b *strings.Builder, f *planField, descCode types.Code) {
	switch {
	case f.ext != 0:
		b.WriteString(schematext.Ext(byte(f.ext)))
	case f.asBytes:
		b.WriteString(schematext.Bytes)
	case f.inner.lay != nil:
		writeLayout(b, f.inner.lay, descCode)
	default:
		b.WriteString(f.inner.scalarName(f.unit))
	}
}

// plans caches the plans of Marshal and Unmarshal, one per type.
var plans sync.Map // reflect.Type → *Plan[T]

// PlanFor returns the plan of T for the zero Codec (with DescExtension
// when a field is tagged desc), compiled once and kept, as Marshal and
// Unmarshal use it.
func PlanFor[T any]() (*Plan[T], error) {
	t := reflect.TypeFor[T]()
	if p, ok := plans.Load(t); ok {
		return p.(*Plan[T]), nil
	}
	p, err := NewPlan[T](Codec{})
	if err != nil {
		return nil, err
	}
	got, _ := plans.LoadOrStore(t, p)
	return got.(*Plan[T]), nil
}

// Marshal returns the key of *v, with the plan of T that PlanFor keeps.
func Marshal[T any](v *T) ([]byte, error) {
	p, err := PlanFor[T]()
	if err != nil {
		return nil, err
	}
	return p.Marshal(v)
}

// Unmarshal decodes key into *v, with the plan of T that PlanFor keeps.
func Unmarshal[T any](key []byte, v *T) error {
	p, err := PlanFor[T]()
	if err != nil {
		return err
	}
	return p.Unmarshal(key, v)
}

// scalarName is the type's name in Schema (decision: element kinds, never
// Go names, but for a custom type), as its row (rows) says it.
func (g *goType) scalarName(u unit) string {
	if schema := rows[g.rule].schema; schema != nil {
		return schema(g, u)
	}
	return g.t.String()
}

// schemaBits is the width of an integer type in a schema: its own, but
// 64 for int and uint on every platform, so that a key type has one
// schema everywhere (a golden schema, a generated file's) and its keys
// one meaning. On a 32-bit platform a decoded value past the platform's
// int is ErrOutOfRange, as for any integer field too narrow for it.
func schemaBits(t reflect.Type) int {
	if k := t.Kind(); k == reflect.Int || k == reflect.Uint {
		return 64
	}
	return t.Bits()
}
