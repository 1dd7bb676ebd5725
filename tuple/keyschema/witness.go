package keyschema

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
)

// A levelFrame is where witnesses for one level (or one field) are made:
// the schemas whose keys they show (the whole schemas, or the level
// alone), how a record of the level becomes a record of each, and the
// NEW value of a level's OLD record.
type levelFrame struct {
	old, new     *Schema
	oldAt, newAt func(record) record
	// toNew is the NEW record for an OLD one, with fields NEW adds at
	// their base values; false when NEW cannot hold a value.
	toNew func(record) (record, bool)
	// exact is the NEW record equal to an OLD one; false also when NEW
	// adds or drops fields.
	exact func(record) (record, bool)
	// alone is set when new is not NEW itself (see Witness.Alone); part
	// when the schemas are the changed field or level alone.
	alone, part bool
}

// encodeKey returns the key of r under s.
func encodeKey(s *Schema, r record) ([]byte, error) {
	t, err := recordElements(s.Items, r)
	if err != nil {
		return nil, err
	}
	return codecFor(s).AppendTuple(append([]byte{}, s.Prefix...), t)
}

// prefixKey returns the key prefix of r's first n items under s: what a
// prefix or range query over them starts from.
func prefixKey(s *Schema, r record, n int) ([]byte, error) {
	t, err := recordElements(s.Items[:n], r[:n])
	if err != nil {
		return nil, err
	}
	return codecFor(s).AppendTuple(append([]byte{}, s.Prefix...), t)
}

func equalRecords(items []Item, a, b record) bool {
	return equalValues(&Type{Kind: KindStruct, Items: items}, a, b)
}

// newValue is the whole NEW record for a level's OLD record r, by conv;
// nil when NEW cannot hold it.
func (f levelFrame) newValue(r record, conv func(record) (record, bool)) record {
	v, ok := conv(r)
	if !ok {
		return nil
	}
	// A value NEW's encoder refuses (a desc element inside a desc(tuple))
	// is none NEW can hold.
	if _, err := encodeKey(f.new, f.newAt(v)); err != nil {
		return nil
	}
	return f.newAt(v)
}

// safeOn reports whether every candidate has one key under OLD and NEW
// and decodes under NEW to its NEW value: what a SAFE claim rests on.
func (f levelFrame) safeOn(cands []record) bool {
	for _, r := range cands {
		a, na := f.oldAt(r), f.newValue(r, f.exact)
		if na == nil {
			return false
		}
		ko, err1 := encodeKey(f.old, a)
		kn, err2 := encodeKey(f.new, na)
		if err1 != nil || err2 != nil || !bytes.Equal(ko, kn) {
			return false
		}
		got, err := decodeKey(f.new, ko)
		if err != nil || !equalRecords(f.new.Items, got, na) {
			return false
		}
	}
	return true
}

// findDecode returns a witness that a key written under OLD does not
// decode under NEW, or decodes to another value.
// A value NEW can hold makes the plainer witness, so those come first.
func (f levelFrame) findDecode(cands []record) *Witness {
	for _, holds := range []bool{true, false} {
		if w := f.findDecodeOf(cands, holds); w != nil {
			return w
		}
	}
	return nil
}

func (f levelFrame) findDecodeOf(cands []record, holds bool) *Witness {
	for _, r := range cands {
		w := &Witness{a: f.oldAt(r), na: f.newValue(r, f.toNew)}
		if (w.na != nil) != holds {
			continue
		}
		oldKey, err := encodeKey(f.old, w.a)
		if err != nil {
			continue
		}
		got, err := decodeKey(f.new, oldKey)
		switch {
		case err != nil:
			w.claim = decodeFails
			w.Effect = "under NEW, a's OLD key does not decode: " + err.Error()
		case w.na == nil:
			w.claim, w.nb = decodeDiffers, got
			w.Effect = "under NEW, a's OLD key decodes as b, though NEW cannot hold a"
		case !equalRecords(f.new.Items, w.na, got):
			w.claim, w.nb = decodeDiffers, got
			w.Effect = "under NEW, a's OLD key decodes as b, not as a"
		default:
			continue
		}
		if w.nb != nil {
			// b as OLD writes it, when OLD can: a's OLD key is b's NEW key.
			if b, ok := convert(&Type{Kind: KindStruct, Items: f.new.Items}, &Type{Kind: KindStruct, Items: f.old.Items}, w.nb); ok {
				w.b = b.(record)
			}
		}
		if f.finish(w) == nil {
			return w
		}
	}
	return nil
}

// findOrder returns a witness that two OLD keys sort otherwise than
// their NEW values, or failing that, that a value has another key under
// NEW than under OLD.
func (f levelFrame) findOrder(cands []record, pairs [][2]record) *Witness {
	for _, p := range pairs {
		w := &Witness{claim: orderFlips, a: f.oldAt(p[0]), b: f.oldAt(p[1]), na: f.newValue(p[0], f.toNew), nb: f.newValue(p[1], f.toNew)}
		// Two values NEW cannot tell apart (a field it dropped) are a
		// Decode matter, not an order.
		if w.na == nil || w.nb == nil || equalRecords(f.new.Items, w.na, w.nb) || f.finish(w) != nil {
			continue
		}
		w.Effect = fmt.Sprintf("OLD's keys order a %s b, NEW's order a %s b: keys written under OLD are out of NEW's order",
			orderWord(w.OldA, w.OldB), orderWord(w.NewA, w.NewB))
		return w
	}
	for _, r := range cands {
		w := &Witness{claim: bytesDiffer, a: f.oldAt(r), na: f.newValue(r, f.exact)}
		if w.na == nil || f.finish(w) != nil {
			continue
		}
		w.Effect = "a has another key under NEW than under OLD: old and new keys of one record coexist, and a lookup by NEW's key misses OLD's"
		return w
	}
	return nil
}

func orderWord(a, b []byte) string {
	return [...]string{"before", "equal to", "after"}[bytes.Compare(a, b)+1]
}

// findRange returns a witness that a query over the first n items with
// the values of a stored record does not select its OLD key under NEW.
func (f levelFrame) findRange(cands []record, n int) *Witness {
	for _, r := range cands {
		w := &Witness{claim: rangeMisses, n: n, a: f.oldAt(r), na: f.newValue(r, f.toNew)}
		if w.na == nil || f.finish(w) != nil {
			continue
		}
		po, _ := prefixKey(f.old, w.a, n)
		pn, _ := prefixKey(f.new, w.na, n)
		w.Effect = fmt.Sprintf("a query over the first %d items (OLD: %s; NEW: %s) with a's values starts at %x under OLD, which holds a's stored key, and at %x under NEW, which does not",
			n, itemList(f.old.Items[:n]), itemList(f.new.Items[:n]), po, pn)
		if n == 0 {
			w.Effect = fmt.Sprintf("OLD's keys are the range under %x, which holds a's stored key; NEW's the range under %x, which does not", po, pn)
		}
		return w
	}
	return nil
}

func itemList(items []Item) string {
	return (&Schema{Items: items}).String()
}

// finish fills in the witness's keys and texts from its records, and
// checks its claim by encoding and decoding; a witness whose claim does
// not hold is an error.
func (f levelFrame) finish(w *Witness) error {
	w.old, w.new, w.Alone, w.part = f.old, f.new, f.alone, f.part
	var err error
	if w.OldA, err = encodeKey(f.old, w.a); err != nil {
		return err
	}
	w.A = formatRecord(f.old.Items, w.a)
	if w.na != nil {
		if w.NewA, err = encodeKey(f.new, w.na); err != nil {
			return err
		}
	}
	switch {
	case w.b != nil:
		w.B = formatRecord(f.old.Items, w.b)
		if w.OldB, err = encodeKey(f.old, w.b); err != nil {
			return err
		}
		if w.nb != nil {
			if w.NewB, err = encodeKey(f.new, w.nb); err != nil {
				return err
			}
		}
	case w.nb != nil:
		w.B = formatRecord(f.new.Items, w.nb)
		if w.NewB, err = encodeKey(f.new, w.nb); err != nil {
			return err
		}
	}
	return verify(f.old, f.new, w)
}

// verify checks a witness's claim on its keys, encoding and decoding
// again under the two schemas.
func verify(old, new *Schema, w *Witness) error {
	if k, err := encodeKey(old, w.a); err != nil || !bytes.Equal(k, w.OldA) {
		return fmt.Errorf("OldA is not a's key under OLD: %x, %v", k, err)
	}
	if w.na != nil {
		if k, err := encodeKey(new, w.na); err != nil || !bytes.Equal(k, w.NewA) {
			return fmt.Errorf("NewA is not a's key under NEW: %x, %v", k, err)
		}
	}
	switch w.claim {
	case decodeFails:
		if _, err := decodeKey(new, w.OldA); err == nil {
			return errors.New("a's OLD key decodes under NEW")
		}
	case decodeDiffers:
		got, err := decodeKey(new, w.OldA)
		if err != nil || !equalRecords(new.Items, got, w.nb) {
			return fmt.Errorf("a's OLD key does not decode under NEW as b: %v", err)
		}
		if w.na != nil && equalRecords(new.Items, got, w.na) {
			return errors.New("a's OLD key decodes under NEW as a")
		}
	case orderFlips:
		if w.na == nil || w.nb == nil {
			return errors.New("NEW cannot hold a or b")
		}
		if cmp.Compare(bytes.Compare(w.OldA, w.OldB), 0) == bytes.Compare(w.NewA, w.NewB) {
			return errors.New("OLD and NEW order a and b alike")
		}
	case bytesDiffer:
		if w.na == nil || bytes.Equal(w.OldA, w.NewA) {
			return errors.New("a has one key under both")
		}
	case rangeMisses:
		po, err := prefixKey(old, w.a, w.n)
		if err != nil {
			return err
		}
		pn, err := prefixKey(new, w.na, w.n)
		if err != nil {
			return err
		}
		if !bytes.HasPrefix(w.OldA, po) || bytes.HasPrefix(w.OldA, pn) || !bytes.HasPrefix(w.NewA, pn) {
			return errors.New("the queries select a's OLD key alike")
		}
	default:
		return errors.New("no claim")
	}
	return nil
}
