package tuple

import (
	"fmt"
	"reflect"
	"strings"
	"sync"
)

// Schema returns the layout of the plan's keys as text, one entry per
// element: a constant as its text form, a field as its name and Go type,
// marked desc(...), bytes(...), ext 0xNN(...) or nullable *T, and a nested
// struct as its fields in parentheses. Keep it in a golden test: a change
// to T that would change stored keys changes the schema.
//
//	("USER", User uuid.UUID, "POST", Post int64, At desc(int64))
func (p *Plan[T]) Schema() string {
	var b strings.Builder
	writeLayout(&b, p.layout)
	return b.String()
}

func writeLayout(b *strings.Builder, lay *layout) {
	b.WriteByte('(')
	for i := range lay.fields {
		if i > 0 {
			b.WriteString(", ")
		}
		writeField(b, &lay.fields[i])
	}
	b.WriteByte(')')
}

func writeField(b *strings.Builder, f *planField) {
	if f.constant != nil {
		text, _ := AppendElementText(nil, f.constant0)
		b.Write(text)
		return
	}
	b.WriteString(f.name)
	b.WriteByte(' ')
	closers := 0
	open := func(s string) {
		b.WriteString(s)
		b.WriteByte('(')
		closers++
	}
	if f.desc {
		open("desc")
	}
	if f.asBytes {
		open("bytes")
	}
	if f.ext != nil {
		open(fmt.Sprintf("ext %#02x", byte(f.ext.Code())))
	}
	switch {
	case f.nested != nil:
		if f.nullable {
			b.WriteByte('*')
		}
		writeLayout(b, f.nested)
	default:
		b.WriteString(f.typ.String())
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
