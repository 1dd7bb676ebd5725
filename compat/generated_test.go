package compat

import (
	"bytes"
	"testing"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/vectors"
)

// TestGeneratedVectors runs every row of the vectors regenerated from the
// official Python binding (vectors/generated): pack both ways, and each
// list ascending as bytes and by Compare.
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
	t.Logf("%d pack rows, %d order lists", len(packs), len(orders))
}
