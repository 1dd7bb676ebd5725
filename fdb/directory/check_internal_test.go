package directory

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/memstore"
	"pgregory.net/rapid"
)

// TestCheckPagesAgree: on random trees (partitions included) with random
// damage (keys of the metadata removed, values replaced, keys added
// under the node subspaces), Check reading the node subspaces in pages
// of 1, 2, 3 or 7 pairs finds exactly what it finds in one read of each:
// the pages change no finding, nor their order.
func TestCheckPagesAgree(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		db := memstore.New(nil)
		dl := newLayer([]byte{0xFE}, nil, false, rapidRand(t), nil, nil)
		names := []string{"a", "b", "", "p", "q"}
		var made [][]string
		for range rapid.IntRange(1, 12).Draw(t, "creates") {
			var path []string
			if len(made) > 0 && rapid.Bool().Draw(t, "nested") {
				path = slices.Clone(rapid.SampledFrom(made).Draw(t, "parent"))
			}
			path = append(path, rapid.SampledFrom(names).Draw(t, "name"))
			var layer []byte
			if rapid.IntRange(0, 3).Draw(t, "partition") == 0 {
				layer = partitionName
			}
			if _, err := dl.CreateOrOpen(db, path, layer); err == nil {
				made = append(made, path)
			}
		}
		pairs := db.Dump()
		_, err := db.Transact(func(tr fdb.Transaction) (any, error) {
			for range rapid.IntRange(0, 4).Draw(t, "damage") {
				kv := pairs[rapid.IntRange(0, len(pairs)-1).Draw(t, "victim")]
				var err error
				switch rapid.IntRange(0, 2).Draw(t, "how") {
				case 0:
					err = tr.Clear(kv.Key)
				case 1:
					err = tr.Set(kv.Key, rapid.SliceOfN(rapid.SampledFrom([]byte{0, 1, 0x14, 0x15, 0xFE}), 0, 3).Draw(t, "value"))
				default:
					key := append(slices.Clip(kv.Key), rapid.SliceOfN(rapid.SampledFrom([]byte{0, 1, 2, 0x14, 0x15, 0xFF}), 1, 3).Draw(t, "tail")...)
					err = tr.Set(key, []byte{0x15, 0x09})
				}
				if err != nil {
					return nil, err
				}
			}
			return nil, nil
		})
		if err != nil {
			t.Fatal(err)
		}
		findings := func(page int) string {
			var out []Finding
			_, err := db.ReadTransact(func(rt fdb.ReadTransaction) (any, error) {
				return nil, dl.check(rt, &out, page)
			})
			if err != nil {
				t.Fatal(err)
			}
			return fmt.Sprint(out)
		}
		whole := findings(math.MaxInt32)
		for _, page := range []int{1, 2, 3, 7} {
			if got := findings(page); got != whole {
				t.Fatalf("pages of %d: %s\nin one read: %s", page, got, whole)
			}
		}
	})
}

// rapidRand is an allocator source drawn by rapid.
func rapidRand(t *rapid.T) func(int64) int64 {
	return func(n int64) int64 { return rapid.Int64Range(0, n-1).Draw(t, "draw") }
}
