package timeline_test

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"

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

// BenchmarkBulkLoad writes the 100,100 keys in transactions of 10,000 and
// reports keys/s and the mean key size of key paths and of the naive
// string keys for the same records.
func BenchmarkBulkLoad(b *testing.B) {
	rs := bulk()
	var pathBytes, naiveBytes int
	for _, r := range rs {
		pathBytes += len(r.Path.Pack())
		naiveBytes += len(timeline.NaiveKey(r.Path))
	}
	for i := 0; b.Loop(); i++ {
		db, err := bolt.Open(filepath.Join(b.TempDir(), fmt.Sprint("bulk", i, ".db")), 0o600, &bolt.Options{NoSync: true})
		if err != nil {
			b.Fatal(err)
		}
		for start := 0; start < len(rs); start += 10_000 {
			err := db.Update(func(tx *bolt.Tx) error {
				bk, err := tx.CreateBucketIfNotExists(timeline.PathBucket)
				if err != nil {
					return err
				}
				for _, r := range rs[start:min(start+10_000, len(rs))] {
					if err := bk.Put(r.Path.Pack(), []byte(r.Value)); err != nil {
						return err
					}
				}
				return nil
			})
			if err != nil {
				b.Fatal(err)
			}
		}
		db.Close()
	}
	b.ReportMetric(float64(len(rs))*float64(b.N)/b.Elapsed().Seconds(), "keys/s")
	b.ReportMetric(float64(pathBytes)/float64(len(rs)), "path-B/key")
	b.ReportMetric(float64(naiveBytes)/float64(len(rs)), "naive-B/key")
}

// BenchmarkScanUser scans one user's subtree (1,001 keys) out of the
// 100,100 and decodes every key to its path.
func BenchmarkScanUser(b *testing.B) {
	rs := bulk()
	s, err := timeline.Open(filepath.Join(b.TempDir(), "scan.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	if err := s.Load(rs); err != nil {
		b.Fatal(err)
	}
	var user nested.Path
	for _, r := range rs {
		if r.Path.Len() == 1 {
			user = r.Path
			break
		}
	}
	begin, end, _ := user.Range()
	n := 0
	for b.Loop() {
		es, err := s.Scan(begin, end, false, 0, 0)
		if err != nil || len(es) != 1001 {
			b.Fatalf("%d keys, %v", len(es), err)
		}
		n += len(es)
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "keys/s")
}
