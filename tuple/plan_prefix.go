package tuple

import (
	"fmt"
	"reflect"
	"strings"
)

// Prefixes of a plan's keys, chosen by field name. A count of elements
// would count the constants too: ("USER", User, "POST", Post) has four,
// and a count of 2 meant as "User" would stop before "POST", so that a
// range over a user's posts would hold every record of the user. A name
// cannot be miscounted, and the prefix through a field goes on with the
// constants after it, which every key of the plan holds there.

// AppendPrefix appends to dst the start of the key of *v up to and
// including the field named through, and the constants that follow it:
// the prefix of every key of the plan whose fields up to through equal
// v's. A field is named as in Schema (its tag name, else its Go name;
// an embedded struct's fields by their own names, a nested struct as one
// field). An empty through is the constants before the first field,
// which start every key of the plan. An unknown name is an error.
func (p *Plan[T]) AppendPrefix(dst []byte, v *T, through string) ([]byte, error) {
	n, err := p.prefixFields(through)
	if err != nil {
		return dst, err
	}
	return p.appendFields(dst, v, n)
}

// Range returns the range of the keys under AppendPrefix(v, through):
// every key of the plan whose fields up to through equal v's, and any
// longer key that starts so (see RangeUnder; the prefix itself is not in
// the range). Through the last field, it holds the keys that go on
// after v's own key, not v's key itself. When the field after through
// is optional, a key can end after the prefix, and the range holds that
// key too; when an optional field up to through is nil, the key ending
// there is the range's only key.
func (p *Plan[T]) Range(v *T, through string) (begin, end []byte, err error) {
	if p.layout.optFrom == len(p.layout.fields) {
		return rangeOfPrefix(p.AppendPrefix(nil, v, through))
	}
	key, err := p.AppendPrefix(nil, v, through)
	return p.rangeThrough(key, err, reflect.ValueOf(v).Elem(), through)
}

// rangeOfPrefix is RangeUnder of a prefix that an error may stand for.
func rangeOfPrefix(prefix []byte, err error) (begin, end []byte, _ error) {
	if err != nil {
		return nil, nil, err
	}
	begin, end = RangeUnder(prefix)
	return begin, end, nil
}

// Fields returns the names of the plan's fields in key order, constants
// left out: the names AppendPrefix and Range take.
func (p *Plan[T]) Fields() []string { return p.fieldNames() }

// fieldNames is Fields, for every kind of plan.
func (p *planCore) fieldNames() []string {
	var names []string
	for i := range p.layout.fields {
		if f := &p.layout.fields[i]; f.constant == nil {
			names = append(names, f.name)
		}
	}
	return names
}

// prefixFields returns how many of the layout's top-level fields the
// prefix through the named field holds: the field, those before it, and
// the constants after it.
func (p *planCore) prefixFields(through string) (int, error) {
	fields := p.layout.fields
	n := 0
	if through != "" {
		n = -1
		for i := range fields {
			if fields[i].constant == nil && fields[i].name == through {
				n = i + 1
				break
			}
		}
		if n < 0 {
			return 0, fmt.Errorf("tuple: %v has no field %q to end a prefix at; its fields are %s",
				p.layout.typ, through, strings.Join(p.fieldNames(), ", "))
		}
	}
	for n < len(fields) && fields[n].constant != nil {
		n++
	}
	return n, nil
}
