package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/directory"
)

// The directory layer under concurrent clients on the 3-member cluster,
// with the Raft leader stopped and restarted in the middle of the run.

// Sizes of the concurrent run: clients (each with its own etcd client,
// talking to one member only), the directory operations each completes,
// and the bound on the whole run.
const (
	dirClients      = 9
	dirOpsPerClient = 60
	dirRunBound     = 3 * time.Minute
	dirDowntime     = 3 * time.Second
)

// dirNames collide on purpose: few names, so that clients create, move
// and remove the same directories at once.
var dirNames = []string{"a", "b", "c", "d"}

// dirClient is one client of the run.
type dirClient struct {
	id     int
	member int
	store  *EtcdStore
	dl     directory.Directory
	rng    *rand.Rand

	created     []createdDir // every directory a Create of this client made
	byKind      map[string]int
	unavailable int // operations that failed on the cluster (the member was stopped)
}

// createdDir is the prefix a successful Create returned.
type createdDir struct {
	client int
	path   []string
	prefix []byte
}

func (c *dirClient) path() []string {
	p := make([]string, 1+c.rng.IntN(3))
	for i := range p {
		p[i] = dirNames[c.rng.IntN(len(dirNames))]
	}
	return p
}

// op runs one random directory operation. It returns false when the
// operation failed on the cluster rather than in the directory layer (no
// answer from the member within the timeout, no quorum): the operation may
// or may not have been applied.
func (c *dirClient) op() bool {
	p := c.path()
	var kind string
	var err error
	switch r := c.rng.IntN(20); {
	case r < 7:
		kind = "create"
		var layer []byte
		if len(p) == 1 && c.rng.IntN(6) == 0 {
			layer = []byte("partition")
		}
		var d directory.DirectorySubspace
		if d, err = c.dl.Create(c.store, p, layer); err == nil && !directory.IsPartition(d) {
			c.created = append(c.created, createdDir{c.id, p, d.Bytes()})
		}
	case r < 10:
		kind = "createOrOpen"
		_, err = c.dl.CreateOrOpen(c.store, p, nil)
	case r < 13:
		kind = "open"
		_, err = c.dl.Open(c.store, p, nil)
	case r < 16:
		kind = "move"
		to := c.path()
		to = to[:1+c.rng.IntN(min(2, len(to)))] // mostly where the parent exists
		_, err = c.dl.Move(c.store, p, to)
	case r < 18:
		kind = "remove"
		_, err = c.dl.Remove(c.store, p)
	case r < 19:
		kind = "list"
		_, err = c.dl.List(c.store, p)
	default:
		kind = "exists"
		_, err = c.dl.Exists(c.store, p)
	}
	var de *directory.Error
	switch {
	case err == nil:
		c.byKind[kind]++
	case errors.As(err, &de):
		c.byKind[kind+" refused"]++ // the layer's own answer: exists already, missing, ...
	default:
		c.unavailable++
		return false
	}
	return true
}

// TestConcurrentDirectories: nine clients (three per member, each with its
// own etcd client pointed at its member only) create, open, move, remove
// and list directories of a few colliding names at once, partitions
// included, with their default random allocators; once a third of the
// operations are done, the Raft leader is stopped, and restarted three
// seconds later. Afterwards:
//
//   - no prefix was handed out twice: every Create that succeeded returned
//     a prefix no other Create returned, whether the directory was removed
//     since or not;
//   - every path resolves to one prefix and layer for every client: each
//     directory, found by listing from the root, opens alike through each
//     member;
//   - the consistency check (directory.Check) finds nothing: no entry
//     dangles, no node is orphaned, prefixes are prefix-free, and the
//     allocator's state is one FoundationDB accepts.
func TestConcurrentDirectories(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a cluster of its own and stops its leader")
	}
	c, err := StartCluster(t.TempDir(), 3)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	const prefix = "dirs/"
	storeOn := func(endpoints ...string) *EtcdStore {
		cl, err := c.Client(endpoints...)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { cl.Close() })
		return NewEtcdStore(cl, &EtcdOptions{Prefix: prefix, Timeout: 2 * time.Second})
	}
	clients := make([]*dirClient, dirClients)
	for i := range clients {
		m := i % len(c.Members)
		clients[i] = &dirClient{id: i, member: m, store: storeOn(c.Members[m].Endpoint()),
			dl: directory.Root(), rng: rand.New(rand.NewPCG(uint64(i), 35)), byKind: map[string]int{}}
	}

	var done atomic.Int64
	deadline := time.Now().Add(dirRunBound)
	var wg sync.WaitGroup
	for _, cl := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := 0; n < dirOpsPerClient && time.Now().Before(deadline); {
				if cl.op() {
					n++
					done.Add(1)
				} else {
					time.Sleep(100 * time.Millisecond) // its member is away
				}
			}
		}()
	}
	// The fault: the leader stops once a third of the operations are done.
	stopped := -1
	var faultErr error
	faultDone := make(chan struct{})
	go func() {
		defer close(faultDone)
		for done.Load() < dirClients*dirOpsPerClient/3 && time.Now().Before(deadline) {
			time.Sleep(20 * time.Millisecond)
		}
		for i, m := range c.Members {
			if m.IsLeader() {
				stopped = i
			}
		}
		if stopped < 0 {
			faultErr = errors.New("no member is the leader")
			return
		}
		c.Members[stopped].Stop()
		time.Sleep(dirDowntime)
		if faultErr = c.Members[stopped].Start(); faultErr != nil {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		faultErr = waitHealthy(ctx, c, c.Members[stopped])
	}()
	wg.Wait()
	<-faultDone
	if faultErr != nil {
		t.Fatalf("stopping and restarting member %d: %v", stopped, faultErr)
	}
	if n := done.Load(); n < dirClients*dirOpsPerClient {
		t.Fatalf("only %d of %d operations completed within %v", n, dirClients*dirOpsPerClient, dirRunBound)
	}

	// No prefix handed out twice.
	seen := map[string]createdDir{}
	var counts EtcdCounts
	byKind := map[string]int{}
	unavailable := 0
	for _, cl := range clients {
		for _, d := range cl.created {
			if other, dup := seen[string(d.prefix)]; dup {
				t.Errorf("prefix %x handed out twice: to %q by client %d and to %q by client %d", d.prefix, other.path, other.client, d.path, d.client)
			}
			seen[string(d.prefix)] = d
		}
		k := cl.store.Counts()
		counts.Commits += k.Commits
		counts.Conflicts += k.Conflicts
		counts.Unknown += k.Unknown
		counts.Compacted += k.Compacted
		for kind, n := range cl.byKind {
			byKind[kind] += n
		}
		unavailable += cl.unavailable
	}

	// Every path resolves alike through every member.
	members := make([]*EtcdStore, len(c.Members))
	for i, m := range c.Members {
		members[i] = storeOn(m.Endpoint())
	}
	paths := 0
	var walk func(path []string)
	walk = func(path []string) {
		names, err := directory.Root().List(members[0], path)
		if err != nil {
			t.Fatalf("List(%q): %v", path, err)
		}
		for _, name := range names {
			p := append(slices.Clone(path), name)
			paths++
			var first string
			for i, s := range members {
				d, err := directory.Root().Open(s, p, nil)
				if err != nil {
					t.Fatalf("Open(%q) through member %d: %v", p, i, err)
				}
				got := fmt.Sprintf("layer %q", d.GetLayer())
				if !directory.IsPartition(d) {
					got += fmt.Sprintf(" prefix %x", d.Bytes())
				}
				if i == 0 {
					first = got
				} else if got != first {
					t.Errorf("%q opens as %s through member 0 and as %s through member %d", p, first, got, i)
				}
			}
			walk(p)
		}
	}
	walk(nil)

	// The consistency check, on the whole tree, partitions included.
	findings, err := directory.Check(members[0], directory.Root())
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range findings {
		t.Errorf("Check: %s", f)
	}
	// The run must have done what it claims: creates, moves and removes
	// that succeeded, and conflicts that the store retried.
	if len(seen) == 0 || byKind["move"] == 0 || byKind["remove"] == 0 || counts.Conflicts == 0 {
		t.Errorf("a run without contention: %d creates, %v, %+v", len(seen), byKind, counts)
	}
	t.Logf("%d clients, %d operations completed (%v), %d failed on the cluster while member %d (the leader) was stopped for %v",
		dirClients, done.Load(), byKind, unavailable, stopped, dirDowntime)
	t.Logf("%d prefixes from successful creates, all distinct; %d directories at the end, each opening alike through the 3 members; Check: %d findings",
		len(seen), paths, len(findings))
	t.Logf("store counts: %d commits, %d conflicts retried, %d commits of unknown outcome retried, %d reads at a compacted revision", counts.Commits, counts.Conflicts, counts.Unknown, counts.Compacted)
	if len(findings) > 0 {
		t.Logf("the tree: %s", treeOf(t, members[0]))
	}
}

// treeOf lists every key under the directory metadata, for a failure
// message.
func treeOf(t *testing.T, s *EtcdStore) string {
	v, err := s.ReadTransact(func(rt fdb.ReadTransaction) (any, error) {
		return rt.GetRange(fdb.KeyRange{Begin: fdb.Key{}, End: fdb.Key{0xff}}, fdb.RangeOptions{})
	})
	if err != nil {
		return err.Error()
	}
	var b bytes.Buffer
	for _, kv := range v.([]fdb.KeyValue) {
		fmt.Fprintf(&b, "\n  %s = %x", fdb.Printable(kv.Key), kv.Value)
	}
	return b.String()
}
