package keyschema

import "fmt"

// Diff compares the schema of keys already stored (old) with the schema
// of the code that will read and write them (new) and returns one Change
// per finding, in the order of the items: each field whose type or name
// changed, each level (the key, a nested struct) whose items were added,
// removed, moved or whose constants changed, and, for the key, a query
// over its leading items that now selects another set. A change that
// breaks in several ways gives one Change per Category. Every breaking
// Change carries a Witness, checked by encoding and decoding, unless a
// type the tool knows only by name (ext, custom) is in the way.
func Diff(old, new *Schema) []Change {
	d := &differ{old: old, new: new}
	identity := func(r record) record { return r }
	d.level(old.Items, new.Items, scope{top: true, clean: true, oldAt: identity, newAt: identity})
	return d.changes
}

type differ struct {
	old, new *Schema
	changes  []Change
}

func (d *differ) add(c Category, path, why string, w *Witness) {
	d.changes = append(d.changes, Change{Category: c, Path: path, Why: why, Witness: w})
}

// A scope is where a level sits: its path, whether it is the key itself,
// whether no enclosing level changed its structure (so that a whole key
// shows a field's change and nothing else), and how to place a record of
// the level into a whole OLD or NEW record (nil when the key holds a type
// the tool cannot encode).
type scope struct {
	path         string
	top, clean   bool
	oldAt, newAt func(record) record
}

// level compares the items of one level.
func (d *differ) level(old, new []Item, sc scope) {
	a := align(old, new)
	edits := a.edits(old, new, sc.path)
	baseOld, okOld := baseRecord(old)
	baseNew, okNew := newBase(old, new, a, baseOld)
	if !okOld || !okNew {
		sc.oldAt, sc.newAt = nil, nil
	}
	for _, p := range a.pairs {
		if old[p.old].IsConst() {
			continue
		}
		path := fieldPath(sc.path, new, p.new)
		if old[p.old].Name != new[p.new].Name {
			d.add(Safe, path, fmt.Sprintf("field %s renamed %s: names are not in the keys", old[p.old].Name, new[p.new].Name), nil)
		}
		inner := sc
		inner.path = path
		inner.top = false
		inner.clean = sc.clean && len(edits) == 0
		if sc.oldAt != nil {
			outerOld, outerNew, oldAt, newAt := baseOld, baseNew, sc.oldAt, sc.newAt
			inner.oldAt = func(v record) record { return oldAt(with(outerOld, p.old, v[0])) }
			inner.newAt = func(v record) record { return newAt(with(outerNew, p.new, v[0])) }
		}
		d.field(old[p.old].Type, new[p.new].Type, new[p.new].Name, inner)
	}
	if len(edits) > 0 {
		d.structure(old, new, a, edits, sc, baseNew)
	}
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
// wrappers) are compared item by item; other types by their values.
// The scope's oldAt and newAt take one-item records: the field's value.
func (d *differ) field(old, new *Type, name string, sc scope) {
	if old.String() == new.String() {
		return
	}
	o, n := old, new
	for o.Kind == n.Kind && (o.Kind == KindNullable || o.Kind == KindDesc && o.Code == n.Code) {
		o, n = o.Elem, n.Elem
	}
	if o.Kind == KindStruct && n.Kind == KindStruct {
		inner := sc
		if sc.oldAt != nil {
			oldAt, newAt := sc.oldAt, sc.newAt
			inner.oldAt = func(r record) record { return oldAt(record{r}) }
			inner.newAt = func(r record) record { return newAt(record{r}) }
		}
		d.level(o.Items, n.Items, inner)
		return
	}
	why := old.String() + " → " + new.String()
	if hasOpaque(old) || hasOpaque(new) {
		d.add(Decode, sc.path, why+": a type known only by name changed, so the tool can neither show nor rule out a break", nil)
		return
	}
	alone := levelFrame{
		old: &Schema{Items: []Item{{Name: name, Type: old}}},
		new: &Schema{Items: []Item{{Name: name, Type: new}}},
	}
	alone.oldAt = func(r record) record { return r }
	alone.newAt = alone.oldAt
	convertOne := func(r record) (record, bool) {
		v, ok := convert(old, new, r[0])
		return record{v}, ok
	}
	alone.toNew, alone.exact = convertOne, convertOne
	whole := alone
	whole.old, whole.new, whole.oldAt, whole.newAt = d.old, d.new, sc.oldAt, sc.newAt
	if !sc.clean || sc.oldAt == nil {
		whole = levelFrame{}
	}
	var cands []record
	for _, v := range fieldCandidates(old, new) {
		cands = append(cands, record{v})
	}
	frames := []levelFrame{whole, alone}
	dec := firstWitness(frames, func(f levelFrame) *Witness { return f.findDecode(cands) })
	if dec != nil {
		d.add(Decode, sc.path, why, dec)
	}
	ord := firstWitness(frames, func(f levelFrame) *Witness { return f.findOrder(cands, allPairs(cands)) })
	if ord != nil {
		d.add(Order, sc.path, why, ord)
	}
	switch {
	case dec != nil || ord != nil:
	case alone.safeOn(cands):
		d.add(Safe, sc.path, why+": "+safeWhy(old, new), nil)
	default:
		d.add(Decode, sc.path, why+": "+noWitness, nil)
	}
}

// firstWitness returns the first witness find makes in one of the
// frames, marking one made in a frame of the field alone.
func firstWitness(frames []levelFrame, find func(levelFrame) *Witness) *Witness {
	for i, f := range frames {
		if f.old == nil {
			continue
		}
		if w := find(f); w != nil {
			w.Alone = i > 0
			return w
		}
	}
	return nil
}

// fieldCandidates returns OLD's candidate values, then NEW's that OLD
// can hold too (as 1ms for time(ns) → time(ms), which OLD's own miss).
func fieldCandidates(old, new *Type) []any {
	out := candidates(old)
	for _, v := range candidates(new) {
		if back, ok := convert(new, old, v); ok {
			out = append(out, back)
		}
	}
	return out
}

// noWitness explains a break reported without a witness: the values
// tried neither show it nor show the change safe.
const noWitness = "no witness found among the values tried, but they do not show the change safe either"

// safeWhy says why a type change that breaks nothing is safe.
func safeWhy(old, new *Type) string {
	return "every " + old.String() + " value has the same bytes under " + new.String() + " and decodes to itself"
}

func hasOpaque(t *Type) bool {
	switch t.Kind {
	case KindExt, KindCustom:
		return true
	case KindNullable, KindDesc:
		return hasOpaque(t.Elem)
	case KindStruct:
		for _, it := range t.Items {
			if !it.IsConst() && hasOpaque(it.Type) {
				return true
			}
		}
	}
	return false
}
