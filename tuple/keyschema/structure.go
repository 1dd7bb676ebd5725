package keyschema

import (
	"slices"
	"strings"
)

// structure reports the edits of one level (constants changed, items
// added, removed or moved): the keys it breaks, in one Change per
// category, with the level's first edit as its path.
//
// Its witnesses show the edits alone: NEW's items with OLD's types, so
// that a field's change of type does not mix into them.
func (d *differ) structure(old, new []Item, a alignment, edits []edit, sc scope) {
	var texts []string
	for _, e := range edits {
		texts = append(texts, e.text)
	}
	why := strings.Join(texts, "; ")
	path := edits[0].path

	edited := slices.Clone(new)
	for _, p := range a.pairs {
		if !old[p.old].IsConst() {
			edited[p.new].Type = old[p.old].Type
		}
	}
	baseOld, okOld := baseRecord(old)
	baseEdited, okEdited := newBase(old, edited, a, baseOld)
	if !okOld || !okEdited {
		// A type known only by name is in the level: no witness can be
		// made, but an edit of the structure always breaks decoding.
		d.add(Decode, path, why+" (no witness: the key holds a type the tool knows only by name)", nil)
		if sc.top && a.rangeBreak(old, new) >= 0 {
			d.add(Range, path, why+" (no witness: the key holds a type the tool knows only by name)", nil)
		}
		return
	}
	identity := func(r record) record { return r }
	f := levelFrame{old: &Schema{Items: old}, new: &Schema{Items: edited}, oldAt: identity, newAt: identity, alone: true, part: true}
	if sc.place != nil {
		f.old, f.new, f.oldAt, f.newAt = d.old, sc.withItems(edited), sc.place, sc.place
		f.alone, f.part = !sameKeys(f.new, d.new), false
	}
	f.toNew = func(r record) (record, bool) { return convertFill(old, edited, a, r, baseEdited) }
	f.exact = func(r record) (record, bool) {
		v, ok := convertRecord(old, edited, r)
		if !ok {
			return nil, false
		}
		return v.(record), true
	}
	var cands []record
	for _, c := range recordCandidates(old) {
		cands = append(cands, c.(record))
	}
	// An edit of the structure always breaks decoding; a witness shows how.
	if w := f.findDecode(cands); w != nil {
		d.add(Decode, path, why, w)
	} else {
		d.add(Decode, path, why+": "+noWitness, nil)
	}
	if w := f.findOrder(cands, append(allPairs(cands), swapPairs(old, a, cands[0])...)); w != nil {
		d.add(Order, path, why, w)
	}
	if p := a.rangeBreak(old, new); sc.top && p >= 0 {
		if w := f.findRange(cands, p+1); w != nil {
			d.add(Range, path, why, w)
		}
	}
}

// convertFill returns NEW's record for OLD's record r: each matched field
// converted (false when NEW cannot hold its value), each added field at
// NEW's base value.
func convertFill(old, new []Item, a alignment, r, baseNew record) (record, bool) {
	out := append(record(nil), baseNew...)
	for _, p := range a.pairs {
		if old[p.old].IsConst() {
			continue
		}
		v, ok := convert(old[p.old].Type, new[p.new].Type, r[p.old])
		if !ok {
			return nil, false
		}
		out[p.new] = v
	}
	return out, true
}

// allPairs returns every pair of distinct records.
func allPairs(rs []record) [][2]record {
	var out [][2]record
	for i := range rs {
		for j := i + 1; j < len(rs); j++ {
			out = append(out, [2]record{rs[i], rs[j]})
		}
	}
	return out
}

// swapPairs returns, for every two matched fields f and g, the records
// (f=x, g=y') and (f=x', g=y) from base, for two values x, x' of f and
// y, y' of g: the pair whose order depends on which field comes first.
func swapPairs(old []Item, a alignment, base record) [][2]record {
	var out [][2]record
	for k, p := range a.pairs {
		for _, q := range a.pairs[k+1:] {
			if old[p.old].IsConst() || old[q.old].IsConst() {
				continue
			}
			cf, cg := candidates(old[p.old].Type), candidates(old[q.old].Type)
			if len(cf) < 2 || len(cg) < 2 {
				continue
			}
			r1 := with(with(base, p.old, cf[0]), q.old, cg[1])
			r2 := with(with(base, p.old, cf[1]), q.old, cg[0])
			out = append(out, [2]record{r1, r2})
		}
	}
	return out
}
