package tuple

import (
	"fmt"
	"reflect"
	"strings"
	"sync"

	"github.com/fdbtuple/fdbtuple/types"
)

// Schema returns the layout of the plan's keys as text, one item per
// element, in the grammar `fdbtuple schema diff` reads:
//
//	schema   = "(" [ item *( ", " item ) ] ")"
//	item     = constant / field
//	constant = a quoted string ("USER") or an integer (7, -3)
//	field    = name " " type
//	type     = "*" type                        ; nullable: nil is a null
//	         / "desc(" type ")"                ; descending, at 0x4F
//	         / "desc@0x" 2HEX "(" type ")"     ; descending at another code
//	         / "(" [ item *( ", " item ) ] ")" ; a nested struct
//	         / scalar
//	scalar   = "string" / "bytes" / "bool" / "float32" / "float64" / "uuid"
//	         / "versionstamp" / "int8" / "int16" / "int32" / "int64"
//	         / "uint8" / "uint16" / "uint32" / "uint64" / "bigint" / "tuple"
//	         / "any" / "time(" unit ")" / "duration(" unit ")"
//	         / "ext(0x" 2HEX ")" / "custom(" GoType ")"
//
// It names element kinds, never Go types (but for a custom type), and
// shows every property that changes the bytes: type ID int64 is int64 and
// type ID string is string; int and uint are int64 and uint64 on every
// platform (on a 32-bit one, a key holding a value past the platform's
// int is ErrOutOfRange when decoded); a []byte and a string tagged bytes
// are both bytes. Keep it in a golden test: a
// change to T that would change stored keys changes the schema.
//
//	("USER", User uuid, "POST", Post int64, "COMMENT", Comment desc(time(ns)), Note *string)
func (p *Plan[T]) Schema() string { return p.schema() }

func (p *planCore) schema() string {
	var b strings.Builder
	writeLayout(&b, p.layout, p.codec.descCode())
	return b.String()
}

func writeLayout(b *strings.Builder, lay *layout, descCode types.Code) {
	b.WriteByte('(')
	for i := range lay.fields {
		if i > 0 {
			b.WriteString(", ")
		}
		writeField(b, &lay.fields[i], descCode)
	}
	b.WriteByte(')')
}

func writeField(b *strings.Builder, f *planField, descCode types.Code) {
	if f.constant != nil {
		b.WriteString(f.constText)
		return
	}
	b.WriteString(f.name)
	b.WriteByte(' ')
	if f.nullable { // nil is a null, which sorts first, desc or not
		b.WriteByte('*')
	}
	closers := 0
	if f.desc {
		if descCode == DefaultDescCode || descCode == 0 {
			b.WriteString("desc(")
		} else {
			fmt.Fprintf(b, "desc@0x%02x(", byte(descCode))
		}
		closers++
	}
	switch {
	case f.ext != 0:
		fmt.Fprintf(b, "ext(0x%02x)", byte(f.ext))
	case f.asBytes:
		b.WriteString("bytes")
	case f.inner.lay != nil:
		writeLayout(b, f.inner.lay, descCode)
	default:
		b.WriteString(f.inner.scalarName(f.unit))
	}
	b.WriteString(strings.Repeat(")", closers))
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
