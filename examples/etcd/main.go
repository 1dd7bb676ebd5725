// Command etcd runs this repository's timeline demo on a 3-member etcd
// cluster started in this process on 127.0.0.1, each member with its own
// data directory and write-ahead log: the same tuple-layer keys and the
// same queries as "fdbtuple demo" on bbolt, through the same fdb
// transaction interfaces (EtcdStore: FoundationDB's transactions on etcd),
// and the same listings.
//
//	cd examples/etcd && go run .
package main

import (
	"context"
	"fmt"
	"os"

	"github.com/fdbtuple/fdbtuple/nested/timeline"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "etcd example:", err)
		os.Exit(1)
	}
}

func run() error {
	dir, err := os.MkdirTemp("", "fdbtuple-etcd")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	cluster, err := StartCluster(dir, 3)
	if err != nil {
		return err
	}
	defer cluster.Close()
	cl, err := cluster.Client()
	if err != nil {
		return err
	}
	defer cl.Close()
	fmt.Printf("Started a 3-member etcd cluster on %v.\n", cluster.Endpoints())
	return timeline.Print(context.Background(), os.Stdout, NewEtcdStore(cl, nil), "etcd")
}
