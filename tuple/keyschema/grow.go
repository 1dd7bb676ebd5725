package keyschema

import (
	"fmt"
	"slices"
	"strings"
)

// Keys that can grow: optional fields appended at the end of the key.
//
// A key of OLD ends where OLD's items do; NEW reads it with the appended
// fields nil, as a key that ends before an optional field has it nil. A
// key of NEW that leaves them nil is OLD's key, byte for byte. And a key
// that ends sorts before every longer key that starts with it, as a nil
// sorts before every value, so the order of OLD's keys is NEW's and a
// query over the leading items selects what it did. Every other edit of
// the items (an optional field removed, or added before another item) is
// one of structure's.

// appendsOptional reports whether the only structural edits of the
// level are fields added after every item of OLD, each of them optional:
// no item removed, moved, or constant changed.
func (a alignment) appendsOptional(old, new []Item) bool {
	if len(a.removed) > 0 || len(a.added) == 0 {
		return false
	}
	for _, p := range a.pairs {
		if p.old != p.new || old[p.old].IsConst() && !sameConst(old[p.old].Const, new[p.new].Const) {
			return false
		}
	}
	for _, j := range a.added {
		if j < len(old) || !new[j].IsOptional() {
			return false
		}
	}
	return true
}

// grows reports optional fields appended at the end of the key as SAFE,
// once it has checked the claim on OLD's candidate values: each has one
// key under OLD and under OLD with the fields appended (NEW's items with
// OLD's types, so that a field's own change of type does not mix in), and
// that key decodes there to the value with the appended fields nil. It
// reports false, and nothing, when a candidate shows otherwise, leaving
// the edit to structure.
func (d *differ) grows(old, new []Item, a alignment, edits []edit, sc scope) bool {
	edited := slices.Clone(new)
	for _, p := range a.pairs {
		if !old[p.old].IsConst() {
			edited[p.new].Type = old[p.old].Type
		}
	}
	// With a type known only by name in the key there are no candidates
	// to check the claim on; the rule rests on no value (OLD's bytes are
	// NEW's, whatever the elements are).
	cands := recordCandidates(old)
	identity := func(r record) record { return r }
	exact := func(r record) (record, bool) {
		v, ok := convertRecord(old, edited, r)
		if !ok {
			return nil, false
		}
		return v.(record), true
	}
	f := levelFrame{old: d.old, new: sc.withItems(edited), oldAt: identity, newAt: identity, toNew: exact, exact: exact}
	var rs []record
	for _, c := range cands {
		rs = append(rs, c.(record))
	}
	if !f.safeOn(rs) {
		return false
	}
	var texts []string
	for _, j := range a.added {
		texts = append(texts, fmt.Sprintf("%s appended at position %d", itemName(&new[j]), j))
	}
	d.add(Safe, edits[0].path, strings.Join(texts, "; ")+": "+growsWhy, nil)
	return true
}

// growsWhy says why appending optional fields is safe.
const growsWhy = "a key stored under OLD ends before the optional fields appended and decodes with them nil, " +
	"a key of NEW that leaves them nil is OLD's key byte for byte, and a key that ends sorts before every longer one " +
	"(as a nil sorts first), so order and ranges hold"
