package compat

import (
	"bytes"
	"encoding/hex"
	"errors"
	"testing"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/vectors"
)

// TestGeneratedVectors runs every row of the vectors regenerated from the
// official Python binding (vectors/generated): pack both ways, each list
// ascending as bytes and by Compare, and each non-minimal integer refused
// strictly and read leniently as the binding reads it.
func TestGeneratedVectors(t *testing.T) {
	packs := mustRowsFrom[vectors.PackRow](t, vectors.Generated, "generated/pack.jsonl")
	for _, r := range packs {
		tup := mustTuple(t, r.Name, r.Tuple)
		want := unhex(t, r.Packed)
		if got, err := (tuple.Codec{}).Pack(tup); err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: pack = %x, %v; want %s", r.Name, got, err, r.Packed)
		}
		if back, err := tuple.Unpack(want); err != nil || !vectors.Identical(back, tup) {
			t.Errorf("%s: unpack = %v, %v", r.Name, back, err)
		}
	}
	orders := mustRowsFrom[vectors.OrderRow](t, vectors.Generated, "generated/order.jsonl")
	for _, r := range orders {
		var prev []byte
		var prevT tuple.Tuple
		for i, raw := range r.Sorted {
			tup := mustTuple(t, r.Name, raw)
			key := tup.Pack()
			if i > 0 && (bytes.Compare(prev, key) >= 0 || tuple.Compare(prevT, tup) != -1) {
				t.Errorf("%s[%d]: %x does not sort after %x", r.Name, i, key, prev)
			}
			prev, prevT = key, tup
		}
	}
	lenient := mustRowsFrom[vectors.LenientRow](t, vectors.Generated, "generated/decode_lenient.jsonl")
	for _, r := range lenient {
		b := unhex(t, r.Packed)
		reference := mustTuple(t, r.Name, r.Tuple)
		if _, err := tuple.Unpack(b); !errors.Is(err, tuple.ErrNonCanonical) {
			t.Errorf("%s: strict unpack: %v, want a non-canonical integer refused", r.Name, err)
		}
		if got, err := (tuple.Codec{Lenient: true}).Unpack(b); err != nil || !vectors.Identical(got, reference) {
			t.Errorf("%s: lenient unpack = %v, %v; the binding read %s", r.Name, got, err, reference.Text())
		}
		if r.PythonRepacksTo == nil || reference.Pack() == nil || hex.EncodeToString(reference.Pack()) != *r.PythonRepacksTo {
			t.Errorf("%s: %s packs to %x, the binding to %v", r.Name, reference.Text(), reference.Pack(), r.PythonRepacksTo)
		}
	}
	t.Logf("%d pack rows, %d order lists, %d lenient rows", len(packs), len(orders), len(lenient))
}
