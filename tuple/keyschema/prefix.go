package keyschema

import (
	"bytes"
	"fmt"

	"github.com/fdbtuple/fdbtuple/tuple"
)

// prefix reports a changed, added or removed prefix (the "under" of a
// PlanUnder's schema): a renamed subspace moves every key. Keys stored
// under OLD's prefix do not decode under NEW's (DECODE), and NEW's
// queries start at its own prefix (RANGE), which holds none of them
// unless OLD's prefix starts with NEW's. Its witnesses are OLD's items
// under the two prefixes (Alone when NEW changes its items too).
func (d *differ) prefix() {
	op, np := d.old.Prefix, d.new.Prefix
	if bytes.Equal(op, np) {
		return
	}
	why := fmt.Sprintf("prefix %s → %s", prefixName(op), prefixName(np))
	switch {
	case !bytes.HasPrefix(op, np):
		why += ": every key stored under OLD is outside NEW's range, so NEW reads none of them"
	default:
		why += ": NEW's range holds the keys stored under OLD, but reads the bytes of OLD's prefix after its own as items"
	}
	moved := &Schema{Prefix: np, Items: d.old.Items}
	identity := func(r record) record { return r }
	same := func(r record) (record, bool) { return r, true }
	f := levelFrame{old: d.old, new: moved, oldAt: identity, newAt: identity, toNew: same, exact: same,
		alone: !sameKeys(moved, d.new)}
	var cands []record
	for _, c := range recordCandidates(d.old.Items) {
		cands = append(cands, c.(record))
	}
	if len(cands) == 0 { // a type known only by name: no key can be made
		d.add(Decode, "under", why+" (no witness: the key holds a type the tool knows only by name)", nil)
		d.add(Range, "under", why+" (no witness: the key holds a type the tool knows only by name)", nil)
		return
	}
	if w := f.findDecode(cands); w != nil {
		d.add(Decode, "under", why, w)
	} else {
		d.add(Decode, "under", why+": "+noWitness, nil)
	}
	if w := f.findRange(cands, 0); w != nil {
		d.add(Range, "under", why, w)
	}
}

// prefixName is a prefix as a schema writes it, or "none".
func prefixName(p []byte) string {
	if len(p) == 0 {
		return "none"
	}
	return tuple.PrefixText(p)
}
