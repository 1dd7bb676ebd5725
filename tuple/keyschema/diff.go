package keyschema

import (
	"bytes"
	"cmp"
	"fmt"
	"math/big"
	"slices"
)

// Diff compares the schema of keys already stored (old) with the schema
// of the code that will read and write them (new) and returns one Change
// per finding, in the order of the items: each field whose type or name
// changed, each level (the key, a nested struct) whose items were added,
// removed, moved or whose constants changed, and, for the key, a query
// over its leading items that now selects another set. A change that
// breaks in several ways gives one Change per Category. Every breaking
// Change carries a Witness, checked by encoding and decoding, unless a
// type the tool knows only by name (ext, custom) is in the way.
//
// The schemas are as Parse returns them (a Schema built by hand must keep
// the grammar's rules: a Type for every field, an Elem for every
// wrapper, unique names, no desc inside desc).
func Diff(old, new *Schema) []Change {
	d := &differ{old: old, new: new}
	d.prefix()
	d.level(old.Items, new.Items, scope{
		top:       true,
		place:     func(r record) record { return r },
		withItems: func(items []Item) *Schema { return &Schema{Prefix: old.Prefix, Items: items} },
	})
	return d.changes
}

type differ struct {
	old, new *Schema
	changes  []Change
}

func (d *differ) add(c Category, path, why string, w *Witness) {
	d.changes = append(d.changes, Change{Category: c, Path: path, Why: why, Witness: w})
}

// A scope is where a level sits in OLD. A witness shows one change by
// itself: its keys are under OLD and under OLD with that one change made
// (which is NEW when NEW makes no other), so that another change cannot
// mix into them. place puts a record of the level into OLD's base record
// of the whole key, which is also the base record of OLD with a change
// made at this level (nil when the key holds a type the tool cannot
// encode); withItems returns OLD with this level's items replaced.
type scope struct {
	path      string
	top       bool
	place     func(record) record
	withItems func([]Item) *Schema
}

// level compares the items of one level.
func (d *differ) level(old, new []Item, sc scope) {
	a := align(old, new)
	edits := a.edits(old, new, sc.path)
	baseOld, ok := baseRecord(old)
	if !ok {
		sc.place = nil
	}
	for _, p := range a.pairs {
		if old[p.old].IsConst() {
			continue
		}
		path := fieldPath(sc.path, new, p.new)
		if old[p.old].Name != new[p.new].Name {
			d.add(Safe, path, fmt.Sprintf("field %s renamed %s: names are not in the keys", old[p.old].Name, new[p.new].Name), nil)
		}
		inner := scope{path: path}
		i, withItems := p.old, sc.withItems
		inner.withItems = func(items []Item) *Schema {
			changed := slices.Clone(old)
			changed[i].Type = replaceStruct(old[i].Type, items)
			return withItems(changed)
		}
		name := new[p.new].Name
		withType := func(t *Type) *Schema {
			changed := slices.Clone(old)
			changed[i].Name, changed[i].Type = name, t
			return withItems(changed)
		}
		if sc.place != nil {
			place := sc.place
			inner.place = func(v record) record { return place(endAfter(old, with(baseOld, i, v[0]), i)) }
		}
		d.field(old[i].Type, new[p.new].Type, new[p.new].Name, inner, withType)
	}
	switch {
	case len(edits) == 0:
	case sc.top && a.appendsOptional(old, new) && d.grows(old, new, a, edits, sc):
	default:
		d.structure(old, new, a, edits, sc)
	}
}

// replaceStruct returns t, a struct under wrappers, with the struct's
// items replaced.
func replaceStruct(t *Type, items []Item) *Type {
	cp := *t
	if t.Kind == KindStruct {
		cp.Items = items
	} else {
		cp.Elem = replaceStruct(t.Elem, items)
	}
	return &cp
}

// endAfter returns r, a record of items, with the optional fields after
// the i-th nil when the i-th is an optional field and nil: a key ends at
// its first nil optional field, so those after it are nil too.
func endAfter(items []Item, r record, i int) record {
	if _, isNil := r[i].(null); !isNil || !items[i].IsOptional() {
		return r
	}
	for j := i + 1; j < len(items); j++ {
		if items[j].IsOptional() {
			r[j] = null{}
		}
	}
	return r
}

// with returns a copy of r with r[i] = v.
func with(r record, i int, v any) record {
	out := append(record(nil), r...)
	out[i] = v
	return out
}

// newBase is NEW's base record for OLD's: each matched field holds OLD's
// base value where NEW can hold it, every other field NEW's own base.
func newBase(old, new []Item, a alignment, baseOld record) (record, bool) {
	base, ok := baseRecord(new)
	if !ok || baseOld == nil {
		return nil, false
	}
	for _, p := range a.pairs {
		if !old[p.old].IsConst() {
			if v, ok := convert(old[p.old].Type, new[p.new].Type, baseOld[p.old]); ok {
				base[p.new] = v
			}
		}
	}
	return base, true
}

// field compares the types of one field. Two structs (under the same
// wrappers) are compared item by item; other types by their values. The
// scope's place takes a one-item record, the field's value; withType is
// OLD with the field's type replaced.
func (d *differ) field(old, new *Type, name string, sc scope, withType func(*Type) *Schema) {
	if old.String() == new.String() {
		return
	}
	o, n := old, new
	for o.Kind == n.Kind && (o.Kind == KindNullable || o.Kind == KindOptional || o.Kind == KindDesc && o.Code == n.Code) {
		o, n = o.Elem, n.Elem
	}
	if o.Kind == KindStruct && n.Kind == KindStruct {
		inner := sc
		if sc.place != nil {
			place := sc.place
			inner.place = func(r record) record { return place(record{r}) }
		}
		d.level(o.Items, n.Items, inner)
		return
	}
	why := old.String() + " → " + new.String()
	if hasOpaque(old) || hasOpaque(new) {
		d.add(Decode, sc.path, why+": a type known only by name changed, so the tool can neither show nor rule out a break", nil)
		return
	}
	convertOne := func(r record) (record, bool) {
		v, ok := convert(old, new, r[0])
		return record{v}, ok
	}
	identity := func(r record) record { return r }
	// The field's element alone, when the whole key cannot be encoded.
	alone := levelFrame{
		old:   &Schema{Items: []Item{{Name: name, Type: old}}},
		new:   &Schema{Items: []Item{{Name: name, Type: new}}},
		oldAt: identity, newAt: identity, toNew: convertOne, exact: convertOne,
		alone: true, part: true,
	}
	f := alone
	if sc.place != nil {
		f.old, f.new, f.oldAt, f.newAt = d.old, withType(new), sc.place, sc.place
		f.alone, f.part = !sameKeys(f.new, d.new), false
	}
	var cands []record
	for _, v := range fieldCandidates(old, new) {
		cands = append(cands, record{v})
	}
	dec := f.findDecode(cands)
	if dec != nil {
		d.add(Decode, sc.path, why, dec)
	}
	ord := f.findOrder(cands, allPairs(cands))
	if ord != nil {
		d.add(Order, sc.path, why, ord)
	}
	switch {
	case dec != nil || ord != nil:
	case f.safeOn(cands):
		d.add(Safe, sc.path, why+": "+safeWhy(old, new), nil)
	default:
		d.add(Decode, sc.path, why+": "+noWitness, nil)
	}
}

// fieldCandidates returns OLD's candidate values, then NEW's that OLD
// can hold too (as 1ms for time(ns) → time(ms), which OLD's own miss),
// then OLD's values just past NEW's bounds; integers past 64 bits last,
// the shorter first, as they make the less plain witnesses (1ms comes
// before the bounds of a time).
func fieldCandidates(old, new *Type) []any {
	out := candidates(old)
	for _, v := range candidates(new) {
		if back, ok := convert(new, old, v); ok {
			out = append(out, back)
		}
	}
	out = append(out, pastBounds(old, new)...)
	slices.SortStableFunc(out, func(a, b any) int { return cmp.Compare(bitLen(a), bitLen(b)) })
	return out
}

// bitLen is the length of an integer value's magnitude past 64 bits, 0
// for any other value.
func bitLen(v any) int {
	if n, ok := v.(*big.Int); ok && n.BitLen() > 64 {
		return n.BitLen()
	}
	return 0
}

// noWitness explains a break reported without a witness: the values
// tried neither show it nor show the change safe.
const noWitness = "no witness found among the values tried, but they do not show the change safe either"

// safeWhy says why a type change that breaks nothing is safe.
func safeWhy(old, new *Type) string {
	return "every " + old.String() + " value has the same bytes under " + new.String() + " and decodes to itself"
}

func hasOpaque(t *Type) bool {
	return containsType(t, func(t *Type) bool { return isOpaque(t.Kind) })
}

// containsType reports whether t or a type inside it matches.
func containsType(t *Type, match func(*Type) bool) bool {
	if match(t) {
		return true
	}
	switch t.Kind {
	case KindNullable, KindDesc, KindOptional:
		return containsType(t.Elem, match)
	case KindStruct:
		for _, it := range t.Items {
			if !it.IsConst() && containsType(it.Type, match) {
				return true
			}
		}
	}
	return false
}

// sameKeys reports whether a and b are one schema but for field names,
// which are not in the keys.
func sameKeys(a, b *Schema) bool {
	return bytes.Equal(a.Prefix, b.Prefix) && unnamed(a.Items).String() == unnamed(b.Items).String()
}

func unnamed(items []Item) *Type {
	out := make([]Item, len(items))
	for i, it := range items {
		out[i] = it
		if !it.IsConst() {
			out[i].Name = "_"
			out[i].Type = unnamedType(it.Type)
		}
	}
	return &Type{Kind: KindStruct, Items: out}
}

func unnamedType(t *Type) *Type {
	switch t.Kind {
	case KindStruct:
		return unnamed(t.Items)
	case KindNullable, KindDesc, KindOptional:
		cp := *t
		cp.Elem = unnamedType(t.Elem)
		return &cp
	}
	return t
}
