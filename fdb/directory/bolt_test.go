package directory_test

import (
	"path/filepath"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/boltstore"
)

// boltDump is a bbolt store whose whole state can be read.
type boltDump struct{ *boltstore.DB }

func (b boltDump) Dump() []fdb.KeyValue {
	r, err := b.ReadTransact(func(tr fdb.ReadTransaction) (any, error) {
		return tr.GetRange(fdb.KeyRange{Begin: fdb.Key{0x00}, End: fdb.Key{0xFF}}, fdb.RangeOptions{})
	})
	if err != nil {
		panic(err)
	}
	return r.([]fdb.KeyValue)
}

// TestGoldenOnBolt: on bbolt, a store whose transactions have no conflict
// ranges and whose snapshot is the transaction itself, the same scenarios
// leave the same bytes as on memstore.
func TestGoldenOnBolt(t *testing.T) {
	db, err := boltstore.Open(filepath.Join(t.TempDir(), "dirs.bolt"), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := db.Close(); err != nil {
			t.Error(err)
		}
	})
	s := boltDump{db}
	if _, ok := any(s).(fdb.ConflictRanges); ok {
		t.Fatal("the bbolt store has conflict ranges: this test wants a store without")
	}
	dl := defaultLayer(script(t, 26, 26, 13, 2), false)
	if _, err := dl.Create(s, []string{"p"}, []byte("partition")); err != nil {
		t.Fatal(err)
	}
	if _, err := dl.CreateOrOpen(s, []string{"p", "x"}, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := dl.Create(s, []string{"p", "q"}, []byte("partition")); err != nil {
		t.Fatal(err)
	}
	if _, err := dl.CreateOrOpen(s, []string{"p", "q", "r"}, nil); err != nil {
		t.Fatal(err)
	}
	checkGolden(t, s, "partitions.txt")
	healthy(t, s, dl)
}
