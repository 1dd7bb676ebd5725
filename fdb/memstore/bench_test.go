package memstore_test

import (
	"encoding/binary"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/memstore"
)

// benchKeys is the size of the store the benchmarks read: the directory
// layer's benchmarks hold 100,000 keys.
const benchKeys = 100_000

// benchKey is key i of the benchmark store: 8 bytes after a prefix, so
// that keys sort by i.
func benchKey(i int) fdb.Key {
	return binary.BigEndian.AppendUint64([]byte("bench/"), uint64(i))
}

func loaded(b *testing.B) *memstore.DB {
	b.Helper()
	db := memstore.New(nil)
	pairs := make([]fdb.KeyValue, benchKeys)
	for i := range pairs {
		pairs[i] = fdb.KeyValue{Key: benchKey(i), Value: []byte("value of sixteen")}
	}
	if err := db.Load(pairs); err != nil {
		b.Fatal(err)
	}
	return db
}

// BenchmarkGet reads one key of 100,000 in a transaction that stays open.
func BenchmarkGet(b *testing.B) {
	db := loaded(b)
	tr := db.Begin()
	defer tr.Cancel()
	keys := make([]fdb.Key, 1024)
	for i := range keys {
		keys[i] = benchKey(i * 97 % benchKeys)
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, ok, err := tr.Snapshot().Get(keys[i%len(keys)]); err != nil || !ok {
			b.Fatal(ok, err)
		}
		i++
	}
}

// BenchmarkGetRange reads 100 consecutive pairs of 100,000.
func BenchmarkGetRange(b *testing.B) {
	db := loaded(b)
	tr := db.Begin()
	defer tr.Cancel()
	ranges := make([]fdb.ExactRange, 1024)
	for i := range ranges {
		start := i * 997 % (benchKeys - 100)
		ranges[i] = fdb.KeyRange{Begin: benchKey(start), End: benchKey(start + 100)}
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		kvs, err := tr.Snapshot().GetRange(ranges[i%len(ranges)], fdb.RangeOptions{})
		if err != nil || len(kvs) != 100 {
			b.Fatal(len(kvs), err)
		}
		i++
	}
}

// BenchmarkSetCommit runs a transaction that sets one key of 100,000
// (its Get included, as a read-modify-write) and commits.
func BenchmarkSetCommit(b *testing.B) {
	db := loaded(b)
	keys := make([]fdb.Key, 1024)
	for i := range keys {
		keys[i] = benchKey(i * 997 % benchKeys)
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		k := keys[i%len(keys)]
		_, err := db.Transact(func(tr fdb.Transaction) (any, error) {
			if _, _, err := tr.Get(k); err != nil {
				return nil, err
			}
			return nil, tr.Set(k, []byte("new value"))
		})
		if err != nil {
			b.Fatal(err)
		}
		i++
	}
}
