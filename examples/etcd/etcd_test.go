package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"
	"time"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/boltstore"
	"github.com/fdbtuple/fdbtuple/fdb/storekit"
	"github.com/fdbtuple/fdbtuple/nested"
	"github.com/fdbtuple/fdbtuple/nested/timeline"
	"github.com/google/uuid"
	bolt "go.etcd.io/bbolt"
	clientv3 "go.etcd.io/etcd/client/v3"
)

// startCluster starts a 3-member cluster for one test and a store on all
// of it, whose requests time out after 3 s.
func startCluster(t testing.TB) (*Cluster, *EtcdStore) {
	t.Helper()
	c, err := StartCluster(t.TempDir(), 3)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	cl, err := c.Client()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cl.Close() })
	return c, NewEtcdStore(cl, &EtcdOptions{Timeout: 3 * time.Second})
}

func openBolt(t testing.TB) *boltstore.DB {
	t.Helper()
	db, err := boltstore.Open(filepath.Join(t.TempDir(), "b.db"), &boltstore.Options{Bolt: &bolt.Options{NoSync: true}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// TestSameListings: the demo's queries print the same listings on the
// etcd cluster as on bbolt, byte for byte (the first line names the
// store).
func TestSameListings(t *testing.T) {
	kv := etcdStore(t, EtcdOptions{})
	ctx := context.Background()
	var onEtcd, onBolt bytes.Buffer
	if err := timeline.Print(ctx, &onEtcd, kv, "etcd"); err != nil {
		t.Fatal(err)
	}
	if err := timeline.Print(ctx, &onBolt, openBolt(t), "etcd"); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(onEtcd.Bytes(), onBolt.Bytes()) {
		t.Errorf("etcd:\n%s\nbbolt:\n%s", onEtcd.String(), onBolt.String())
	}
	if err := timeline.CheckIndex(ctx, kv); err != nil {
		t.Error(err)
	}
}

// records is a timeline of users, posts and comments: users × (1 + posts
// × (1 + comments)) records, shuffled.
func records(users, posts, comments int) []timeline.Record {
	rng := rand.New(rand.NewPCG(11, 11))
	var rs []timeline.Record
	for u := range users {
		var id uuid.UUID
		for i := range id {
			id[i] = byte(rng.Uint32())
		}
		user := nested.New("user", id)
		rs = append(rs, timeline.Record{Path: user, Value: fmt.Sprint("user ", u)})
		for p := range posts {
			post := user.Child("post", int64(p*37+u))
			rs = append(rs, timeline.Record{Path: post, Value: fmt.Sprint("post ", p)})
			for c := range comments {
				rs = append(rs, timeline.Record{Path: post.Child("comment", int64(1_678_900_000+c*3600+p)), Value: fmt.Sprint("comment ", c)})
			}
		}
	}
	rng.Shuffle(len(rs), func(i, j int) { rs[i], rs[j] = rs[j], rs[i] })
	return rs
}

// batch is how many records go in one transaction: with their naive keys
// and index entries, at most 120 writes, under etcd's 128.
const batch = 40

// load writes rs in batches and returns the records whose batch was
// acknowledged and those whose batch failed, with the first error.
func load(ctx context.Context, kv fdb.Transactor, rs []timeline.Record) (acked, failed []timeline.Record, firstErr error) {
	for start := 0; start < len(rs); start += batch {
		b := rs[start:min(start+batch, len(rs))]
		if err := timeline.Load(ctx, kv, b, 0); err != nil {
			failed = append(failed, b...)
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		acked = append(acked, b...)
	}
	return acked, failed, firstErr
}

// listing is every key and value of a store, in key order.
func listing(t *testing.T, kv fdb.ReadTransactor) []fdb.KeyValue {
	t.Helper()
	out, err := timeline.Listing(context.Background(), kv)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// memberListing is every key and value one member itself holds (a
// serializable read, which that member answers without the leader), in
// key order.
func memberListing(t *testing.T, c *Cluster, m *Member) []fdb.KeyValue {
	t.Helper()
	cl, err := c.Client(m.Endpoint())
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	resp, err := cl.Get(ctx, "\x00", clientv3.WithRange("\xff"), clientv3.WithSerializable())
	if err != nil {
		t.Fatal(err)
	}
	out := make([]fdb.KeyValue, len(resp.Kvs))
	for i, kv := range resp.Kvs {
		out[i] = fdb.KeyValue{Key: kv.Key, Value: kv.Value}
	}
	return out
}

// converged waits, a bounded time, until every running member holds
// exactly want.
func converged(t *testing.T, c *Cluster, want []fdb.KeyValue) {
	t.Helper()
	for i, m := range c.Members {
		deadline := time.Now().Add(20 * time.Second)
		for {
			err := timeline.DiffListings(memberListing(t, c, m), want)
			if err == nil {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("member %d does not hold the acknowledged writes: %v", i, err)
			}
			time.Sleep(200 * time.Millisecond)
		}
	}
}

// TestFaults: 20,020 records written in batches while one member is
// stopped and restarted lose nothing: every acknowledged write is on every
// member, whose listing equals bbolt's byte for byte. With two members
// stopped, a write fails within the request timeout, as a commit whose
// outcome is unknown (fdb.Error 1021); after recovery no acknowledged
// write is missing and the failed batch is whole or absent, never half
// applied.
func TestFaults(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a cluster and writes 20,020 records")
	}
	c, kv := startCluster(t)
	ctx := context.Background()
	rs := records(20, 100, 9)
	third := len(rs) / 3

	// With a quorum, every batch must be acknowledged.
	acked, _, err := load(ctx, kv, rs[:third])
	if err != nil {
		t.Fatalf("with every member up: %v", err)
	}
	c.Members[1].Stop()
	a, _, err := load(ctx, kv, rs[third:2*third])
	if err != nil {
		t.Fatalf("with one member stopped: %v", err)
	}
	acked = append(acked, a...)
	if err := c.Members[1].Start(); err != nil {
		t.Fatal(err)
	}
	a, _, err = load(ctx, kv, rs[2*third:])
	if err != nil {
		t.Fatalf("after the restart: %v", err)
	}
	acked = append(acked, a...)

	reference := openBolt(t)
	if err := timeline.Load(ctx, reference, acked, 1000); err != nil {
		t.Fatal(err)
	}
	want := listing(t, reference)
	converged(t, c, want)
	t.Logf("%d records acknowledged, %d keys on each of 3 members, equal to bbolt's", len(acked), len(want))

	// Two members stopped: no quorum. A write fails, within the timeout
	// and a second, with the key it concerned, as a commit whose outcome
	// is unknown; a store that tries once returns it at once.
	c.Members[0].Stop()
	c.Members[2].Stop()
	extra := records(1, 3, 2) // a batch no one has acknowledged
	once := NewEtcdStore(kv.Client(), &EtcdOptions{Timeout: kv.timeout, Retry: storekit.RetryPolicy{MaxAttempts: 1}})
	start := time.Now()
	_, lost, err := load(ctx, once, extra)
	elapsed := time.Since(start)
	var ke *timeline.KeyError
	if err == nil || !errors.As(err, &ke) || !errors.Is(err, fdb.Error{Code: 1021}) || len(lost) != len(extra) {
		t.Fatalf("a write without a quorum: %v", err)
	}
	if elapsed > kv.timeout+time.Second {
		t.Errorf("the failed write took %v", elapsed)
	}
	t.Logf("without a quorum: %v after %v", err, elapsed.Round(time.Millisecond))
	for _, i := range []int{0, 2} {
		if err := c.Members[i].Start(); err != nil {
			t.Fatal(err)
		}
	}
	healthy, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	for _, m := range c.Members {
		if err := waitHealthy(healthy, c, m); err != nil {
			t.Fatal(err)
		}
	}
	// The failed batch was one transaction: now either all of it is there
	// (a request that timed out can still commit) or none.
	got := listing(t, kv)
	present := 0
	for _, r := range extra {
		key, err := r.Path.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		ok, err := kv.ReadTransact(func(rt fdb.ReadTransaction) (any, error) {
			_, ok, err := rt.Get(key)
			return ok, err
		})
		if err != nil {
			t.Fatal(err)
		}
		if ok.(bool) {
			present++
		}
	}
	if present != 0 && present != len(extra) {
		t.Fatalf("%d of the %d records of the failed batch are stored", present, len(extra))
	}
	if present == len(extra) {
		if err := timeline.Load(ctx, reference, extra, 0); err != nil {
			t.Fatal(err)
		}
		want = listing(t, reference)
	}
	if err := timeline.DiffListings(got, want); err != nil {
		t.Fatalf("after recovery: %v", err)
	}
	converged(t, c, want)
	if err := timeline.CheckIndex(ctx, kv); err != nil {
		t.Fatal(err)
	}
	t.Logf("after recovery: %d keys on every member; the failed batch is %s", len(want), map[bool]string{true: "whole", false: "absent"}[present > 0])
}
