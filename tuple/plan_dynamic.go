package tuple

import (
	"fmt"
	"reflect"
)

// A DynamicPlan is a Plan for a struct type known only at run time, as a
// reflect.Type: for tools and tests that handle many key types (a schema
// checker, a property test over generated types). It compiles the same
// layout as NewPlan, with the same rules, and writes and reads the same
// bytes; only the calls differ, taking any where Plan takes *T. It is
// safe for concurrent use.
type DynamicPlan struct {
	planCore
}

// NewDynamicPlan compiles the plan of struct type t for codec c, as
// NewPlan does for a type parameter.
func NewDynamicPlan(c Codec, t reflect.Type) (*DynamicPlan, error) {
	if t == nil {
		return nil, fmt.Errorf("tuple: NewDynamicPlan of a nil reflect.Type")
	}
	p := &DynamicPlan{}
	if err := p.compile(c, t, "NewDynamicPlan"); err != nil {
		return nil, err
	}
	return p, nil
}

// Type returns the struct type the plan encodes.
func (p *DynamicPlan) Type() reflect.Type { return p.layout.typ }

// Schema is Plan.Schema.
func (p *DynamicPlan) Schema() string { return p.schema() }

// Append is Plan.Append; v is a pointer to a value of the plan's type.
func (p *DynamicPlan) Append(dst []byte, v any) ([]byte, error) {
	rv, err := p.target(v)
	if err != nil {
		return dst, err
	}
	return p.appendValue(dst, rv)
}

// Marshal is Plan.Marshal; v is a pointer to a value of the plan's type.
func (p *DynamicPlan) Marshal(v any) ([]byte, error) {
	rv, err := p.target(v)
	if err != nil {
		return nil, err
	}
	return p.made(p.appendValue(make([]byte, 0, p.longest.Load()), rv))
}

// Unmarshal is Plan.Unmarshal; v is a pointer to a value of the plan's
// type.
func (p *DynamicPlan) Unmarshal(key []byte, v any) error {
	rv, err := p.target(v)
	if err != nil {
		return err
	}
	rest, err := p.unmarshalValue(key, 0, rv)
	if err = p.allRead(key, rest, err); err != nil {
		return p.prefixHint(key, p.codec.descHint(err))
	}
	return nil
}

// UnmarshalPrefix is Plan.UnmarshalPrefix; v is a pointer to a value of
// the plan's type.
func (p *DynamicPlan) UnmarshalPrefix(key []byte, v any) (rest []byte, err error) {
	rv, err := p.target(v)
	if err != nil {
		return nil, err
	}
	rest, err = p.unmarshalValue(key, 0, rv)
	if err != nil {
		return nil, p.prefixHint(key, p.codec.descHint(err))
	}
	return rest, nil
}

// target is the struct value v points to, or an error saying what v is
// instead: the checks a Plan's type parameter makes at compile time.
func (p *DynamicPlan) target(v any) (reflect.Value, error) {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.Type().Elem() != p.layout.typ || rv.IsNil() {
		return reflect.Value{}, fmt.Errorf("tuple: the plan of %v takes a non-nil *%v, not %T", p.layout.typ, p.layout.typ, v)
	}
	return rv.Elem(), nil
}
