package main

import (
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"testing"
)

// The cluster most tests share: started by the first test that asks for
// it, stopped when every test has run. Tests that stop members start
// their own.
var shared struct {
	once    sync.Once
	cluster *Cluster
	dir     string
	err     error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if shared.cluster != nil {
		shared.cluster.Close()
		os.RemoveAll(shared.dir)
	}
	os.Exit(code)
}

// sharedCluster returns the shared cluster, starting it if needed.
func sharedCluster(t testing.TB) *Cluster {
	t.Helper()
	shared.once.Do(func() {
		shared.dir, shared.err = os.MkdirTemp("", "fdbtuple-etcd-shared")
		if shared.err == nil {
			shared.cluster, shared.err = StartCluster(shared.dir, 3)
		}
	})
	if shared.err != nil {
		t.Fatal(shared.err)
	}
	return shared.cluster
}

var prefixSeq atomic.Int64

// newPrefix returns a key prefix no other store of the test binary uses.
func newPrefix() string { return fmt.Sprintf("t%d/", prefixSeq.Add(1)) }

// etcdStore returns a store on the shared cluster under a new prefix (an
// empty store), through a client of its own.
func etcdStore(t testing.TB, opts EtcdOptions) *EtcdStore {
	t.Helper()
	c := sharedCluster(t)
	cl, err := c.Client()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cl.Close() })
	if opts.Prefix == "" {
		opts.Prefix = newPrefix()
	}
	return NewEtcdStore(cl, &opts)
}
