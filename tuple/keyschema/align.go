package keyschema

import (
	"fmt"
	"math/big"
	"strings"
)

// An alignment matches the items of OLD and NEW at one level (the key,
// or one nested struct): a field by its name, or, when its name is gone,
// by its position (a rename); a constant by its value, or by its
// position (a changed constant). Items left unmatched were added or
// removed.
type alignment struct {
	pairs   []pair // in OLD's order
	added   []int  // NEW's items without a match
	removed []int  // OLD's items without a match
}

type pair struct{ old, new int }

// An edit is one change to the structure of a level: where and what.
type edit struct{ path, text string }

func align(old, new []Item) alignment {
	oldTaken := make([]bool, len(old))
	newTaken := make([]bool, len(new))
	match := make([]int, len(old))
	for i := range match {
		match[i] = -1
	}
	link := func(i, j int) {
		oldTaken[i], newTaken[j], match[i] = true, true, j
	}
	byName := map[string]int{}
	for j, it := range new {
		if !it.IsConst() {
			byName[it.Name] = j
		}
	}
	for i, it := range old {
		if j, ok := byName[it.Name]; ok && !it.IsConst() {
			link(i, j)
		}
	}
	// Equal constants, in order.
	for i, it := range old {
		if !it.IsConst() {
			continue
		}
		for j, nt := range new {
			if nt.IsConst() && !newTaken[j] && sameConst(it.Const, nt.Const) {
				link(i, j)
				break
			}
		}
	}
	// What is left at one position on both sides and of one sort (two
	// fields, two constants): a rename, a changed constant.
	for i := range old {
		if !oldTaken[i] && i < len(new) && !newTaken[i] && old[i].IsConst() == new[i].IsConst() {
			link(i, i)
		}
	}
	var a alignment
	for i, j := range match {
		if j >= 0 {
			a.pairs = append(a.pairs, pair{i, j})
		} else {
			a.removed = append(a.removed, i)
		}
	}
	for j, taken := range newTaken {
		if !taken {
			a.added = append(a.added, j)
		}
	}
	return a
}

func sameConst(a, b any) bool {
	ai, aok := intConst(a)
	bi, bok := intConst(b)
	if aok || bok {
		return aok && bok && ai.Cmp(bi) == 0
	}
	return a == b
}

func intConst(v any) (*big.Int, bool) {
	switch v.(type) {
	case int64, uint64, *big.Int:
		return bigOf(v), true
	}
	return nil, false
}

// edits describes what the alignment changes in the structure of a
// level: constants changed, items added, removed or moved. It is empty
// when only fields' names and types changed.
func (a alignment) edits(old, new []Item, parent string) []edit {
	var out []edit
	for _, p := range a.pairs {
		o, n := &old[p.old], &new[p.new]
		if o.IsConst() && !sameConst(o.Const, n.Const) {
			out = append(out, edit{fieldPath(parent, new, p.new), fmt.Sprintf("constant %s at position %d changed to %s", constText(o.Const), p.old, constText(n.Const))})
		}
	}
	for _, i := range a.removed {
		out = append(out, edit{fieldPath(parent, old, i), fmt.Sprintf("%s removed from position %d%s", itemName(&old[i]), i, shifts(old, i))})
	}
	for _, j := range a.added {
		out = append(out, edit{fieldPath(parent, new, j), fmt.Sprintf("%s added at position %d%s", itemName(&new[j]), j, shifts(new, j))})
	}
	// A pair out of order with an earlier one: the later item moved.
	for k, p := range a.pairs {
		for _, q := range a.pairs[:k] {
			if q.new > p.new {
				out = append(out, edit{fieldPath(parent, new, p.new), fmt.Sprintf("%s moved before %s", itemName(&old[p.old]), itemName(&old[q.old]))})
				break
			}
		}
	}
	return out
}

// shifts names the items after position i, which an item added or
// removed there moves to other positions.
func shifts(items []Item, i int) string {
	if i == len(items)-1 {
		return ""
	}
	var names []string
	for k := i + 1; k < len(items); k++ {
		names = append(names, itemName(&items[k]))
	}
	return ", shifting " + strings.Join(names, ", ")
}

func itemName(it *Item) string {
	if it.IsConst() {
		return "constant " + constText(it.Const)
	}
	return "field " + it.Name + " " + it.Type.String()
}

// rangeBreak returns the position of the first item at which the leading
// items of OLD and NEW stop lining up, so that a prefix query over the
// same leading items selects a different set; -1 when they line up. A
// changed constant does; so does an item added, removed or moved before
// an item both schemas share. Items added or removed after the last
// shared one, and fields whose type changed, do not: a query over the
// fields before them is unchanged.
func (a alignment) rangeBreak(old, new []Item) int {
	matched := make(map[int]int, len(a.pairs))
	lastShared := -1
	for _, p := range a.pairs {
		matched[p.old] = p.new
		lastShared = max(lastShared, p.old, p.new)
	}
	for i := 0; i < len(old) && i < len(new); i++ {
		j, ok := matched[i]
		switch {
		case ok && j == i && old[i].IsConst() && !sameConst(old[i].Const, new[i].Const):
			return i
		case ok && j == i:
			continue
		case i <= lastShared:
			return i
		}
		return -1
	}
	return -1
}
