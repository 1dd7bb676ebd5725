package timeline_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb/boltstore"
	"github.com/fdbtuple/fdbtuple/nested"
	"github.com/fdbtuple/fdbtuple/nested/timeline"
	"github.com/google/uuid"
	bolt "go.etcd.io/bbolt"
)

// bulk is 100,100 records: 100 users, each with 100 posts, each post with
// 9 comments keyed by timestamps, in a shuffled order.
func bulk() []timeline.Record {
	rng := rand.New(rand.NewPCG(7, 7))
	var rs []timeline.Record
	for u := range 100 {
		var id uuid.UUID
		for i := range id {
			id[i] = byte(rng.Uint32())
		}
		user := nested.New("user", id)
		rs = append(rs, timeline.Record{Path: user, Value: "u"})
		for p := range 100 {
			post := user.Child("post", int64(p*37+u))
			rs = append(rs, timeline.Record{Path: post, Value: "p"})
			for c := range 9 {
				rs = append(rs, timeline.Record{Path: post.Child("comment", int64(1_678_900_000+c*3600+p)), Value: "c"})
			}
		}
	}
	rng.Shuffle(len(rs), func(i, j int) { rs[i], rs[j] = rs[j], rs[i] })
	return rs
}

// BenchmarkBulkLoad writes the 100,100 records through Load (each with
// its naive key and, for comments, its index entry) in transactions of
// 10,000 records, and reports records/s and the mean key size of key paths
// and of the naive string keys for the same records.
func BenchmarkBulkLoad(b *testing.B) {
	rs := bulk()
	var pathBytes, naiveBytes int
	for _, r := range rs {
		pathBytes += len(r.Path.Pack())
		naiveBytes += len(timeline.NaiveKey(r.Path))
	}
	for i := 0; b.Loop(); i++ {
		kv, err := boltstore.Open(filepath.Join(b.TempDir(), fmt.Sprint("bulk", i, ".db")), &boltstore.Options{Bolt: &bolt.Options{NoSync: true}})
		if err != nil {
			b.Fatal(err)
		}
		if err := timeline.Load(context.Background(), kv, rs, 10_000); err != nil {
			b.Fatal(err)
		}
		kv.Close()
	}
	b.ReportMetric(float64(len(rs))*float64(b.N)/b.Elapsed().Seconds(), "records/s")
	b.ReportMetric(float64(pathBytes)/float64(len(rs)), "path-B/key")
	b.ReportMetric(float64(naiveBytes)/float64(len(rs)), "naive-B/key")
}

// BenchmarkScanUser scans one user's subtree (1,001 keys) out of the
// 100,100 and decodes every key to its path.
func BenchmarkScanUser(b *testing.B) {
	rs := bulk()
	kv, err := boltstore.Open(filepath.Join(b.TempDir(), "scan.db"), nil)
	if err != nil {
		b.Fatal(err)
	}
	defer kv.Close()
	if err := timeline.Load(context.Background(), kv, rs, 10_000); err != nil {
		b.Fatal(err)
	}
	var user nested.Path
	for _, r := range rs {
		if r.Path.Len() == 1 {
			user = r.Path
			break
		}
	}
	begin, end, _ := user.Subtree()
	n := 0
	for b.Loop() {
		es, err := timeline.Scan(context.Background(), kv, begin, end, false, 0, 0)
		if err != nil || len(es) != 1001 {
			b.Fatalf("%d keys, %v", len(es), err)
		}
		n += len(es)
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "keys/s")
}
