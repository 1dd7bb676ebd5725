package main

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/boltstore"
	"github.com/fdbtuple/fdbtuple/nested"
	"github.com/fdbtuple/fdbtuple/nested/timeline"
)

// The same data on both stores, on the same machine: 20,020 records (20
// users, each with 100 posts, each with 9 comments), in transactions of
// 40 records (each with its naive key and, for comments, its index
// entry), durable on both (bbolt syncs each commit, etcd its WAL).

// BenchmarkLoad reports records/s.
func BenchmarkLoad(b *testing.B) {
	rs := records(20, 100, 9)
	stores := map[string]func(b *testing.B, i int) fdb.Transactor{
		"bbolt": func(b *testing.B, i int) fdb.Transactor {
			db, err := boltstore.Open(filepath.Join(b.TempDir(), fmt.Sprint(i, ".db")), nil)
			if err != nil {
				b.Fatal(err)
			}
			b.Cleanup(func() { db.Close() })
			return db
		},
		"etcd-3-members": func(b *testing.B, _ int) fdb.Transactor {
			return etcdStore(b, EtcdOptions{})
		},
	}
	for _, name := range []string{"bbolt", "etcd-3-members"} {
		b.Run(name, func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				b.StopTimer()
				kv := stores[name](b, i)
				b.StartTimer()
				if err := timeline.Load(context.Background(), kv, rs, batch); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(len(rs))*float64(b.N)/b.Elapsed().Seconds(), "records/s")
		})
	}
}

// BenchmarkScanUser reads one user's subtree (1,001 keys) in pages of
// kvpage.DefaultPageSize (timeline.Scan's) and decodes every key to its
// path; reports keys/s.
func BenchmarkScanUser(b *testing.B) {
	rs := records(20, 100, 9)
	var user nested.Path
	for _, r := range rs {
		if r.Path.Len() == 1 {
			user = r.Path
			break
		}
	}
	begin, end, err := user.Subtree()
	if err != nil {
		b.Fatal(err)
	}
	for name, kv := range map[string]fdb.Transactor{"bbolt": openBolt(b), "etcd-3-members": etcdStore(b, EtcdOptions{})} {
		b.Run(name, func(b *testing.B) {
			if err := timeline.Load(context.Background(), kv, rs, batch); err != nil {
				b.Fatal(err)
			}
			n := 0
			for b.Loop() {
				es, err := timeline.Scan(context.Background(), kv, begin, end, false, 0, 0)
				if err != nil || len(es) != 1001 {
					b.Fatalf("%d keys, %v", len(es), err)
				}
				n += len(es)
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "keys/s")
		})
	}
}
