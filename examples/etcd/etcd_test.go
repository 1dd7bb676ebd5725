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

	"github.com/fdbtuple/fdbtuple/nested"
	"github.com/fdbtuple/fdbtuple/nested/timeline"
	"github.com/google/uuid"
	bolt "go.etcd.io/bbolt"
)

// startCluster starts a 3-member cluster for one test and an EtcdKV on
// all of it.
func startCluster(t testing.TB) (*Cluster, *EtcdKV) {
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
	kv := &EtcdKV{Client: cl, Timeout: 3 * time.Second}
	t.Cleanup(func() { kv.Close() })
	return c, kv
}

func openBolt(t testing.TB) *timeline.BoltKV {
	t.Helper()
	kv, err := timeline.OpenBolt(filepath.Join(t.TempDir(), "b.db"), &bolt.Options{NoSync: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { kv.Close() })
	return kv
}

// TestSameListings: the demo's queries print the same listings on the
// etcd cluster as on bbolt, byte for byte (the first line names the
// store).
func TestSameListings(t *testing.T) {
	_, kv := startCluster(t)
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
func load(ctx context.Context, kv timeline.KV, rs []timeline.Record) (acked, failed []timeline.Record, firstErr error) {
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
func listing(t *testing.T, kv timeline.KV) []timeline.Pair {
	t.Helper()
	out, err := timeline.Listing(context.Background(), kv)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// memberKV reads what one member itself holds.
func memberKV(t *testing.T, c *Cluster, m *Member) *EtcdKV {
	t.Helper()
	cl, err := c.Client(m.Endpoint())
	if err != nil {
		t.Fatal(err)
	}
	kv := &EtcdKV{Client: cl, Timeout: 3 * time.Second, Serializable: true}
	t.Cleanup(func() { kv.Close() })
	return kv
}

// converged waits, a bounded time, until every running member holds
// exactly want.
func converged(t *testing.T, c *Cluster, want []timeline.Pair) {
	t.Helper()
	for i, m := range c.Members {
		kv := memberKV(t, c, m)
		deadline := time.Now().Add(20 * time.Second)
		for {
			err := timeline.DiffListings(listing(t, kv), want)
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
// stopped, writes fail with an error within the request timeout; after
// recovery no acknowledged write is missing and no failed batch is half
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
	// and a second, with the key it concerned.
	c.Members[0].Stop()
	c.Members[2].Stop()
	extra := records(1, 3, 2) // a batch no one has acknowledged
	start := time.Now()
	_, lost, err := load(ctx, kv, extra)
	elapsed := time.Since(start)
	var ke *timeline.KeyError
	if err == nil || !errors.As(err, &ke) || len(lost) != len(extra) {
		t.Fatalf("a write without a quorum: %v", err)
	}
	if elapsed > kv.Timeout+time.Second {
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
		v, err := kv.Get(ctx, key)
		if err != nil {
			t.Fatal(err)
		}
		if v != nil {
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
