package keyschema

import (
	"fmt"
	"strings"
)

// A Category says what a change breaks.
type Category uint8

// The categories, after buf's breaking-change rules.
const (
	// Safe: keys written under OLD decode under NEW to the same values,
	// sort as NEW's values say, and equal values have the same bytes.
	Safe Category = iota
	// Decode: a key written under OLD does not decode under NEW, or
	// decodes to different values.
	Decode
	// Order: keys written under OLD do not sort as NEW's values say, or
	// OLD and NEW write different bytes for equal values, so that old
	// and new keys of one record coexist.
	Order
	// Range: a prefix or range query over the same leading items selects
	// a different set of keys.
	Range
)

// String returns the category's name as the tool prints it: SAFE,
// DECODE, ORDER or RANGE.
func (c Category) String() string {
	switch c {
	case Safe:
		return "SAFE"
	case Decode:
		return "DECODE"
	case Order:
		return "ORDER"
	case Range:
		return "RANGE"
	}
	return fmt.Sprintf("Category(%d)", c)
}

// A Change is one finding of Diff.
type Change struct {
	Category Category
	// Path is where: a field ("Post", "Meta.At" inside a nested struct,
	// with NEW's names), or an item by position ("[0]") for a constant.
	Path string
	// Why says what changed, e.g. "int64 → uint64".
	Why string
	// Witness shows the break on two values; nil for Safe, for a break
	// the tool cannot show because it cannot encode a type it only knows
	// by name (ext, custom), and for a change the values tried neither
	// show broken nor show safe (Why says which).
	Witness *Witness
}

// Breaking reports whether the change breaks stored keys.
func (c Change) Breaking() bool { return c.Category != Safe }

// String returns the change on one line: category, path, what changed,
// and the witness.
func (c Change) String() string {
	s := c.Category.String() + " " + c.Path + ": " + c.Why
	if c.Witness != nil {
		s += "; " + c.Witness.String()
	}
	return s
}

// Breaks reports whether any of the changes breaks stored keys.
func Breaks(changes []Change) bool {
	for _, c := range changes {
		if c.Breaking() {
			return true
		}
	}
	return false
}

// A Witness shows a breaking change on concrete values, made from the
// two schemas alone and checked by encoding and decoding: the keys are
// the bytes tuple.Codec (with DescExtension for descending fields)
// writes, and every claim of Effect was checked on them.
type Witness struct {
	// A and B are the values, in OLD's fields ({Name: value, ...}); B is
	// empty when one value shows the break. For a Decode witness B is
	// the value NEW reads from A's OLD key (in NEW's fields when OLD
	// cannot hold it).
	A, B string
	// The keys of A and B under OLD and NEW, nil where that schema
	// cannot hold the value.
	OldA, NewA, OldB, NewB []byte
	// Alone is set when the witness shows its change by itself, NEW
	// making others too: the NEW keys are then under OLD with this one
	// change made, so that no other change mixes into them. When the key
	// holds a type the tool cannot encode (ext, custom), the keys hold
	// the changed field's element (or the changed level's items) alone.
	Alone bool
	// Effect says what goes wrong.
	Effect string

	claim  claim
	a, b   record // the OLD values
	na, nb record // the NEW values, nil for none
	n      int    // a Range witness's number of leading items
	// old and new are the schemas the keys are under: the whole ones, or
	// the changed field alone (Alone).
	old, new *Schema
	part     bool // the keys hold the changed elements alone
}

// claim is what a witness shows, which verify checks.
type claim uint8

const (
	decodeFails   claim = iota + 1 // OldA does not decode under NEW
	decodeDiffers                  // OldA decodes under NEW to nb, not to A's NEW value na
	orderFlips                     // OldA, OldB sort one way, NewA, NewB the other
	bytesDiffer                    // A has a NEW value, with another key
	rangeMisses                    // NEW's prefix over the first n items of na does not start OldA
)

// String returns the witness on one line.
func (w *Witness) String() string {
	under := "under NEW"
	switch {
	case w.part:
		under = "under NEW (the changed elements alone: the key holds a type known only by name)"
	case w.Alone:
		under = "under NEW (this change alone)"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "a = %s, key %s under OLD, %s %s", w.A, hexOrNone(w.OldA), hexOrNone(w.NewA), under)
	if w.B != "" {
		fmt.Fprintf(&b, "; b = %s, key %s under OLD, %s %s", w.B, hexOrNone(w.OldB), hexOrNone(w.NewB), under)
	}
	b.WriteString(": " + w.Effect)
	return b.String()
}

func hexOrNone(k []byte) string {
	if k == nil {
		return "none"
	}
	return fmt.Sprintf("%x", k)
}
