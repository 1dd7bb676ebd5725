package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"path/filepath"
	"strings"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"
	"go.etcd.io/etcd/server/v3/embed"
)

// Cluster is a cluster of etcd members run in this process, each with its
// own data directory and write-ahead log on disk and its own peer and
// client ports on 127.0.0.1: real Raft replication between them, over
// loopback only.
type Cluster struct {
	Members []*Member
}

// Member is one etcd member, which can be stopped and started again on
// the same data directory and ports.
type Member struct {
	cfg  *embed.Config
	etcd *embed.Etcd
}

// StartTimeout bounds how long a member may take to be ready.
const StartTimeout = 30 * time.Second

// StartCluster starts n members under dir on free loopback ports and
// waits until they have elected a leader.
func StartCluster(dir string, n int) (*Cluster, error) {
	ports, err := freePorts(2 * n)
	if err != nil {
		return nil, err
	}
	var initial []string
	c := &Cluster{}
	for i := range n {
		name := fmt.Sprintf("m%d", i)
		cfg := embed.NewConfig()
		cfg.Name = name
		cfg.Dir = filepath.Join(dir, name)
		cfg.WalDir = filepath.Join(dir, name, "wal")
		peer := loopback(ports[2*i])
		client := loopback(ports[2*i+1])
		cfg.ListenPeerUrls, cfg.AdvertisePeerUrls = []url.URL{peer}, []url.URL{peer}
		cfg.ListenClientUrls, cfg.AdvertiseClientUrls = []url.URL{client}, []url.URL{client}
		cfg.InitialClusterToken = "fdbtuple-example"
		cfg.ClusterState = embed.ClusterStateFlagNew
		// Each member logs to a file in its data directory: a member that
		// is stopped logs its shutdown at error level, which is noise on a
		// console.
		cfg.LogLevel = "warn"
		cfg.LogOutputs = []string{filepath.Join(dir, name+".log")}
		cfg.TickMs, cfg.ElectionMs = 50, 500 // quick elections on one machine
		initial = append(initial, name+"="+peer.String())
		c.Members = append(c.Members, &Member{cfg: cfg})
	}
	for _, m := range c.Members {
		m.cfg.InitialCluster = strings.Join(initial, ",")
	}
	// Members of a new cluster wait for each other: start them together.
	errs := make(chan error, n)
	for _, m := range c.Members {
		go func() { errs <- m.Start() }()
	}
	for range n {
		if err := <-errs; err != nil {
			c.Close()
			return nil, err
		}
	}
	return c, nil
}

// freePorts asks the system for n free loopback ports. Another process
// could take one before etcd binds it; StartCluster then fails with the
// port named, and a second run picks others.
func freePorts(n int) ([]int, error) {
	var ports []int
	var ls []net.Listener
	defer func() {
		for _, l := range ls {
			l.Close()
		}
	}()
	for range n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, fmt.Errorf("no free port on 127.0.0.1: %w", err)
		}
		ls = append(ls, l)
		ports = append(ports, l.Addr().(*net.TCPAddr).Port)
	}
	return ports, nil
}

func loopback(port int) url.URL {
	return url.URL{Scheme: "http", Host: fmt.Sprintf("127.0.0.1:%d", port)}
}

// Start starts the member (again) and waits until it is ready.
func (m *Member) Start() error {
	e, err := embed.StartEtcd(m.cfg)
	if err != nil {
		return fmt.Errorf("etcd member %s (peer %s, client %s): %w; if a port is taken, run again to pick others",
			m.cfg.Name, m.cfg.ListenPeerUrls[0].Host, m.cfg.ListenClientUrls[0].Host, err)
	}
	select {
	case <-e.Server.ReadyNotify():
	case err := <-e.Err():
		e.Close()
		return fmt.Errorf("etcd member %s: %w", m.cfg.Name, err)
	case <-time.After(StartTimeout):
		e.Close()
		return fmt.Errorf("etcd member %s was not ready within %v", m.cfg.Name, StartTimeout)
	}
	m.etcd = e
	// A restarted member rejoins the cluster it left.
	m.cfg.ClusterState = embed.ClusterStateFlagExisting
	return nil
}

// Stop stops the member, as a crash of its process would: its data stays
// on disk.
func (m *Member) Stop() {
	if m.etcd != nil {
		m.etcd.Close()
		m.etcd = nil
	}
}

// IsLeader reports whether the member is running and the Raft leader, as
// it sees itself.
func (m *Member) IsLeader() bool {
	return m.etcd != nil && m.etcd.Server.Leader() == m.etcd.Server.MemberID()
}

// Running reports whether the member is started.
func (m *Member) Running() bool { return m.etcd != nil }

// Endpoint is the member's client URL.
func (m *Member) Endpoint() string { return m.cfg.ListenClientUrls[0].String() }

// Endpoints are every member's client URLs.
func (c *Cluster) Endpoints() []string {
	var out []string
	for _, m := range c.Members {
		out = append(out, m.Endpoint())
	}
	return out
}

// Client connects to the given endpoints (every member's if none).
func (c *Cluster) Client(endpoints ...string) (*clientv3.Client, error) {
	if len(endpoints) == 0 {
		endpoints = c.Endpoints()
	}
	cl, err := clientv3.New(clientv3.Config{Endpoints: endpoints, DialTimeout: 5 * time.Second})
	if err != nil {
		return nil, fmt.Errorf("etcd client for %v: %w", endpoints, err)
	}
	return cl, nil
}

// Close stops every member.
func (c *Cluster) Close() {
	for _, m := range c.Members {
		m.Stop()
	}
}

// waitHealthy waits until a read through the member's own endpoint
// succeeds with linearizable consistency, or ctx ends.
func waitHealthy(ctx context.Context, c *Cluster, m *Member) error {
	cl, err := c.Client(m.Endpoint())
	if err != nil {
		return err
	}
	defer cl.Close()
	for {
		rctx, cancel := context.WithTimeout(ctx, time.Second)
		_, err := cl.Get(rctx, "health")
		cancel()
		if err == nil {
			return nil
		}
		if ctx.Err() != nil {
			return errors.Join(ctx.Err(), err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
