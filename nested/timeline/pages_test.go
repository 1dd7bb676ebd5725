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
	if timeline.PageSize >= len(pairs) {
		t.Fatalf("PageSize %d: the range must take several pages", timeline.PageSize)
	}
	for _, reverse := range []bool{false, true} {
		seq := timeline.Pages(ctx, kv, []byte("k"), []byte("l"), reverse)
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
