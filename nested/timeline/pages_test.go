package timeline_test

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/boltstore"
	"github.com/fdbtuple/fdbtuple/nested/timeline"
)

// TestPagesTwice: the sequence Pages returns reads the whole range each
// time it is ranged over, forward and reverse (it once moved its captured
// bounds, so a second range read only the last 50 of 250 pairs).
func TestPagesTwice(t *testing.T) {
	ctx := context.Background()
	kv, err := boltstore.Open(filepath.Join(t.TempDir(), "p.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { kv.Close() })
	pairs := make([]fdb.KeyValue, 250)
	_, err = kv.Transact(func(tr fdb.Transaction) (any, error) {
		for i := range pairs {
			pairs[i] = fdb.KeyValue{Key: fmt.Appendf(nil, "k%03d", i), Value: []byte{byte(i)}}
			if err := tr.Set(pairs[i].Key, pairs[i].Value); err != nil {
				return nil, err
			}
		}
		return nil, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, reverse := range []bool{false, true} {
		seq := timeline.Pages(ctx, kv, []byte("k"), []byte("l"), reverse, 100) // several pages
		var runs [2][]string
		for i := range runs {
			for p, err := range seq {
				if err != nil {
					t.Fatal(err)
				}
				runs[i] = append(runs[i], string(p.Key))
			}
		}
		if len(runs[0]) != len(pairs) || !slices.Equal(runs[0], runs[1]) {
			t.Errorf("reverse %v: first range %d pairs, second %d, equal %v", reverse, len(runs[0]), len(runs[1]), slices.Equal(runs[0], runs[1]))
		}
	}
}

// TestPagesEverySize: over the demo's store, Pages with every page size
// from 1 past the store's size, forward and reverse, yields what one range read
// of the whole store yields: the pages continue exactly after (or
// before) the last key of the one before.
func TestPagesEverySize(t *testing.T) {
	ctx := context.Background()
	kv := loaded(t)
	for _, reverse := range []bool{false, true} {
		var want []string
		all, err := kv.ReadTransact(func(rt fdb.ReadTransaction) (any, error) {
			return rt.GetRange(fdb.KeyRange{Begin: fdb.Key{0x00}, End: fdb.Key{0xff}}, fdb.RangeOptions{Reverse: reverse})
		})
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range all.([]fdb.KeyValue) {
			want = append(want, fmt.Sprintf("%x=%x", p.Key, p.Value))
		}
		for size := 1; size <= len(want)+1; size++ {
			var got []string
			for p, err := range timeline.Pages(ctx, kv, []byte{0x00}, []byte{0xff}, reverse, size) {
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, fmt.Sprintf("%x=%x", p.Key, p.Value))
			}
			if !slices.Equal(got, want) {
				t.Fatalf("reverse %v, pages of %d: %d pairs, want the store's %d", reverse, size, len(got), len(want))
			}
		}
	}
}
