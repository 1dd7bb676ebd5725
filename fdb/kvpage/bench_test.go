package kvpage_test

import (
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/kvpage"
	"github.com/fdbtuple/fdbtuple/fdb/storekit"
	"github.com/fdbtuple/fdbtuple/tuple"
)

// benchKey is the key of the benchmarks' 100,000 pairs: ("EV", N).
type benchKey struct {
	_ struct{} `tuple:"EV,const"`
	N int64
}

var benchPlan = tuple.MustPlan[benchKey](tuple.Codec{})

const benchKeys = 100_000

// benchStore is a store of each kind holding the 100,000 pairs, the range
// of all of them, and the continuation of the page that starts at the
// 50,000th.
func benchStore(b *testing.B, s store) (db fdb.Transactor, stats *storekit.ReadStats, r fdb.KeyRange, mid string) {
	stats = new(storekit.ReadStats)
	db = s.open(b, stats)
	value := make([]byte, 100)
	for from := int64(0); from < benchKeys; from += 10_000 { // within a commit's 10 MB
		if _, err := db.Transact(func(tr fdb.Transaction) (any, error) {
			for n := from; n < from+10_000; n++ {
				key, err := benchPlan.Marshal(&benchKey{N: n})
				if err != nil {
					return nil, err
				}
				if err := tr.Set(key, value); err != nil {
					return nil, err
				}
			}
			return nil, nil
		}); err != nil {
			b.Fatal(err)
		}
	}
	begin, end, err := benchPlan.Range(&benchKey{}, "")
	if err != nil {
		b.Fatal(err)
	}
	r = fdb.KeyRange{Begin: fdb.Key(begin), End: fdb.Key(end)}
	p, err := kvpage.Read(db, r, "", kvpage.Options{PageSize: benchKeys / 2})
	if err != nil || p.Next == "" {
		b.Fatalf("the first half: %v", err)
	}
	return db, stats, r, p.Next
}

// report adds the reads and keys read per page.
func report(b *testing.B, stats *storekit.ReadStats, pages int) {
	reads := stats.Reads()
	b.ReportMetric(float64(reads.GetRanges)/float64(pages), "reads/page")
	b.ReportMetric(float64(reads.Keys)/float64(pages), "keys/page")
}

// BenchmarkReadPage: one page of 100 pairs in the middle of 100,000, from
// a continuation, as a web handler reads it.
func BenchmarkReadPage(b *testing.B) {
	for _, s := range stores {
		b.Run(s.name, func(b *testing.B) {
			db, stats, r, mid := benchStore(b, s)
			stats.Reset()
			b.ReportAllocs()
			pages := 0
			for b.Loop() {
				p, err := kvpage.Read(db, r, mid, kvpage.Options{PageSize: 100})
				if err != nil || len(p.Items) != 100 {
					b.Fatalf("%d items, %v", len(p.Items), err)
				}
				pages++
			}
			report(b, stats, pages)
		})
	}
}

// BenchmarkReadItemsPage: the same page, each key decoded through the
// plan.
func BenchmarkReadItemsPage(b *testing.B) {
	for _, s := range stores {
		b.Run(s.name, func(b *testing.B) {
			db, stats, r, mid := benchStore(b, s)
			stats.Reset()
			b.ReportAllocs()
			pages := 0
			for b.Loop() {
				p, err := kvpage.ReadItems(db, benchPlan, r, mid, kvpage.Options{PageSize: 100})
				if err != nil || len(p.Items) != 100 {
					b.Fatalf("%d items, %v", len(p.Items), err)
				}
				pages++
			}
			report(b, stats, pages)
		})
	}
}

// BenchmarkPairsPage: Pairs of the 100 pairs from the 50,000th on, one
// read with Limit 100.
func BenchmarkPairsPage(b *testing.B) {
	for _, s := range stores {
		b.Run(s.name, func(b *testing.B) {
			db, stats, _, _ := benchStore(b, s)
			begin, end, err := benchPlan.Between("N", tuple.From(&benchKey{N: benchKeys / 2}))
			if err != nil {
				b.Fatal(err)
			}
			r := fdb.KeyRange{Begin: fdb.Key(begin), End: fdb.Key(end)}
			stats.Reset()
			b.ReportAllocs()
			pages := 0
			for b.Loop() {
				n := 0
				for _, err := range kvpage.Pairs(db, r, kvpage.Options{PageSize: 100, Limit: 100}) {
					if err != nil {
						b.Fatal(err)
					}
					n++
				}
				if n != 100 {
					b.Fatalf("%d pairs", n)
				}
				pages++
			}
			report(b, stats, pages)
		})
	}
}

// BenchmarkGetRangeBaseline: the read a page makes, by hand: one range
// read of 101 pairs in a read transaction, for the cost of kvpage's own
// work (the continuations, the range arithmetic) beside it.
func BenchmarkGetRangeBaseline(b *testing.B) {
	for _, s := range stores {
		b.Run(s.name, func(b *testing.B) {
			db, stats, r, _ := benchStore(b, s)
			begin, _, err := benchPlan.Between("N", tuple.Above(&benchKey{N: benchKeys/2 - 1}))
			if err != nil {
				b.Fatal(err)
			}
			r.Begin = fdb.Key(begin)
			stats.Reset()
			b.ReportAllocs()
			pages := 0
			for b.Loop() {
				v, err := db.ReadTransact(func(tr fdb.ReadTransaction) (any, error) {
					return tr.GetRange(r, fdb.RangeOptions{Limit: 101})
				})
				if kvs, _ := v.([]fdb.KeyValue); err != nil || len(kvs) != 101 {
					b.Fatalf("%d pairs, %v", len(kvs), err)
				}
				pages++
			}
			report(b, stats, pages)
		})
	}
}
