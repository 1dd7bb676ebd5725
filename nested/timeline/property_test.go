package timeline_test

import (
	"bytes"
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	"github.com/fdbtuple/fdbtuple/nested"
	"github.com/fdbtuple/fdbtuple/property_test/gen"
	bolt "go.etcd.io/bbolt"
	"pgregory.net/rapid"
)

// TestStoreOrderProperty: for random sets of paths written to a real bbolt
// store, the cursor's order is nested.Compare's order, and KindRange under
// any stored path returns exactly that path's children of that kind (with
// their descendants).
func TestStoreOrderProperty(t *testing.T) {
	db, err := bolt.Open(filepath.Join(t.TempDir(), "p.db"), 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	run := 0
	rapid.Check(t, func(t *rapid.T) {
		run++
		bucket := []byte(fmt.Sprint("b", run))
		ps := rapid.SliceOfN(gen.Path(4).Filter(func(p nested.Path) bool { return !p.IsRoot() }), 1, 40).Draw(t, "paths") // bbolt refuses the empty key
		err := db.Update(func(tx *bolt.Tx) error {
			b, err := tx.CreateBucket(bucket)
			if err != nil {
				return err
			}
			for _, p := range ps {
				if err := b.Put(p.Pack(), []byte{1}); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		defer db.Update(func(tx *bolt.Tx) error { return tx.DeleteBucket(bucket) })

		want := slices.Clone(ps)
		slices.SortFunc(want, nested.Compare)
		want = slices.CompactFunc(want, nested.Path.Equal)
		var got []nested.Path
		_ = db.View(func(tx *bolt.Tx) error {
			return tx.Bucket(bucket).ForEach(func(k, _ []byte) error {
				var p nested.Path
				if err := p.UnmarshalBinary(k); err != nil {
					t.Fatal(err)
				}
				got = append(got, p)
				return nil
			})
		})
		if !slices.EqualFunc(got, want, nested.Path.Equal) {
			t.Fatalf("store order %v, Compare order %v", got, want)
		}

		parent := rapid.SampledFrom(ps).Draw(t, "parent")
		parent = parent.Parent()
		kind := gen.Kind().Draw(t, "kind")
		begin, end, err := parent.KindRange(kind)
		if err != nil {
			t.Fatal(err)
		}
		var inRange, expected []nested.Path
		_ = db.View(func(tx *bolt.Tx) error {
			c := tx.Bucket(bucket).Cursor()
			for k, _ := c.Seek(begin); k != nil && bytes.Compare(k, end) < 0; k, _ = c.Next() {
				p, _, _ := nested.Decode(k)
				inRange = append(inRange, p)
			}
			return nil
		})
		for _, p := range want {
			if p.Len() > parent.Len() && isAncestor(parent, p) && p.Segment(parent.Len()).Kind == kind {
				expected = append(expected, p)
			}
		}
		if !slices.EqualFunc(inRange, expected, nested.Path.Equal) {
			t.Fatalf("KindRange(%s, %q) = %v, want %v", parent, kind, inRange, expected)
		}
	})
}

func isAncestor(a, p nested.Path) bool {
	for p.Len() > a.Len() {
		p = p.Parent()
	}
	return p.Equal(a)
}
