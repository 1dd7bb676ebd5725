package directory_test

import (
	"fmt"
	"strings"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/directory"
	"github.com/fdbtuple/fdbtuple/fdb/memstore"
	"github.com/fdbtuple/fdbtuple/subspace"
)

// inOrder is a random source for examples: it draws 1, 2, 3, ... so that
// the prefixes printed stay the same.
func inOrder() func(int64) int64 {
	next := int64(0)
	return func(n int64) int64 {
		next++
		return next % n
	}
}

// Walk exports a tree: every directory with its depth, prefix and kind,
// partitions included, read in one transaction for a consistent view.
func ExampleWalk() {
	db := memstore.New(nil)
	dl := directory.NewDirectoryLayerWith(subspace.FromBytes([]byte{0xFE}), subspace.AllKeys(), directory.Options{Rand: inOrder()})
	for _, p := range [][]string{{"app", "users"}, {"app", "orders"}, {"tenant"}, {"tenant", "logs"}} {
		var layer []byte
		if p[len(p)-1] == "tenant" {
			layer = []byte("partition")
		}
		if _, err := dl.CreateOrOpen(db, p, layer); err != nil {
			fmt.Println(err)
			return
		}
	}
	_, err := db.ReadTransact(func(rt fdb.ReadTransaction) (any, error) {
		for e, err := range directory.Walk(rt, dl, nil, nil) {
			if err != nil {
				return nil, err
			}
			kind := "dir"
			if e.Partition {
				kind = "partition"
			}
			fmt.Printf("%s%s %s %x\n", strings.Repeat("  ", e.Depth-1), directory.QuoteName(e.Path[len(e.Path)-1]), kind, e.Prefix)
		}
		return nil, nil
	})
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// "app" dir 1502
	//   "orders" dir 1503
	//   "users" dir 1501
	// "tenant" partition 1504
	//   "logs" dir 15041505
}

// Prefix gives a partition's prefix, which its Bytes cannot: every key of
// the partition lies under it.
func ExamplePrefix() {
	db := memstore.New(nil)
	dl := directory.NewDirectoryLayerWith(subspace.FromBytes([]byte{0xFE}), subspace.AllKeys(), directory.Options{Rand: inOrder()})
	tenant, err := dl.CreateOrOpen(db, []string{"tenant"}, []byte("partition"))
	if err != nil {
		fmt.Println(err)
		return
	}
	logs, err := tenant.CreateOrOpen(db, []string{"logs"}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	p, err := directory.Prefix(tenant)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("tenant %x, logs %x\n", p, logs.Bytes())
	// Output:
	// tenant 1501, logs 15011502
}

// ReadLayerState reads a layer's version and its prefix allocator's
// window.
func ExampleReadLayerState() {
	db := memstore.New(nil)
	for _, name := range []string{"a", "b", "c"} {
		if _, err := directory.CreateOrOpen(db, []string{name}, nil); err != nil {
			fmt.Println(err)
			return
		}
	}
	s, err := directory.ReadLayerState(db, directory.Root())
	if err != nil {
		fmt.Println(err)
		return
	}
	major, minor, micro, _ := s.VersionNumbers()
	fmt.Printf("version %d.%d.%d\n", major, minor, micro)
	w := s.Allocator
	count, _ := w.Count()
	fmt.Printf("window [%d, %d): %d allocated, %d recent\n", w.Start, w.Start+w.Size, count, w.Recent)
	// Output:
	// version 1.0.0
	// window [0, 64): 3 allocated, 3 recent
}

// QuoteName prints names so that two different names never look alike:
// "café" in NFC and in NFD are two directories.
func ExampleQuoteName() {
	fmt.Println(directory.QuoteName("caf\u00e9"), directory.QuoteName("cafe\u0301"))
	fmt.Println(directory.FormatPath([]string{"app", "", "a/b"}))
	// Output:
	// "café" "cafe\u0301"
	// ("app", "", "a/b")
}
