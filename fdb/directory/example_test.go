package directory_test

import (
	"errors"
	"fmt"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/directory"
	"github.com/fdbtuple/fdbtuple/fdb/memstore"
	"github.com/fdbtuple/fdbtuple/subspace"
	"github.com/fdbtuple/fdbtuple/tuple"
)

// Create, open, list, move and remove directories on an in-memory store,
// and write keys under one.
func Example() {
	db := memstore.New(nil)
	users, err := directory.CreateOrOpen(db, []string{"app", "users"}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	// A directory is a subspace: keys go under its prefix.
	_, err = db.Transact(func(tr fdb.Transaction) (any, error) {
		return nil, tr.Set(users.Pack(tuple.Tuple{42, "name"}), []byte("Ada"))
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	if _, err := directory.Create(db, []string{"app", "orders"}, nil); err != nil {
		fmt.Println(err)
		return
	}
	names, err := directory.List(db, []string{"app"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(names)

	// Moving changes the name only: the keys stay under the same prefix.
	moved, err := directory.Move(db, []string{"app", "users"}, []string{"app", "people"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(moved.GetPath(), string(moved.Bytes()) == string(users.Bytes()))

	removed, err := directory.Root().Remove(db, []string{"app", "orders"})
	if err != nil {
		fmt.Println(err)
		return
	}
	exists, err := directory.Exists(db, []string{"app", "orders"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(removed, exists)
	// Output:
	// [orders users]
	// [app people] true
	// true false
}

// Directory calls given a transaction run in it: the directory and the
// keys written under it commit together, or not at all.
func Example_inOneTransaction() {
	db := memstore.New(nil)
	_, err := db.Transact(func(tr fdb.Transaction) (any, error) {
		logs, err := directory.CreateOrOpen(tr, []string{"logs"}, []byte("log-v1"))
		if err != nil {
			return nil, err
		}
		return nil, tr.Set(logs.Pack(tuple.Tuple{1}), []byte("started"))
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	logs, err := directory.Open(db, []string{"logs"}, []byte("log-v1"))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s\n", logs.GetLayer())
	// Output:
	// log-v1
}

// Errors say which operation failed on which path, and errors.Is tells
// the cases apart.
func Example_errors() {
	db := memstore.New(nil)
	_, err := directory.Open(db, []string{"missing", "dir"}, nil)
	fmt.Println(err)
	fmt.Println(errors.Is(err, directory.ErrDirNotExists))
	var e *directory.Error
	if errors.As(err, &e) {
		fmt.Println(e.Op, e.Path)
	}
	if _, err := directory.Create(db, []string{"d"}, []byte("x")); err != nil {
		fmt.Println(err)
		return
	}
	_, err = directory.Open(db, []string{"d"}, []byte("y"))
	fmt.Println(errors.Is(err, directory.ErrLayerMismatch))
	// Output:
	// directory: open ("missing", "dir"): the directory does not exist
	// true
	// open [missing dir]
	// true
}

// A layer with a scripted random source allocates the prefixes
// FoundationDB's own layers allocate for the same draws: here the draws
// 21, 42 and 61 give w, v and u (deepest first) 15 15, 15 2A and 15 3D.
func ExampleNewDirectoryLayerWith() {
	draws := []int64{21, 42, 61}
	dl := directory.NewDirectoryLayerWith(subspace.FromBytes([]byte{0xFE}), subspace.AllKeys(), directory.Options{
		Rand: func(n int64) int64 {
			v := draws[0]
			draws = draws[1:]
			return v
		},
	})
	db := memstore.New(nil)
	w, err := dl.Create(db, []string{"u", "v", "w"}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(w)
	for _, kv := range db.Dump() {
		fmt.Printf("%s = '%s'\n", kv.Key, fdb.Printable(kv.Value))
	}
	// Output:
	// DirectorySubspace((u,v,w), \x15\x15)
	// \xfe\x01\x15\x15\x00\x01layer\x00 = ''
	// \xfe\x01\x15*\x00\x01layer\x00 = ''
	// \xfe\x01\x15*\x00\x14\x02w\x00 = '\x15\x15'
	// \xfe\x01\x15=\x00\x01layer\x00 = ''
	// \xfe\x01\x15=\x00\x14\x02v\x00 = '\x15*'
	// \xfe\x01\xfe\x00\x01hca\x00\x14\x14 = '\x03\x00\x00\x00\x00\x00\x00\x00'
	// \xfe\x01\xfe\x00\x01hca\x00\x15\x01\x15\x15 = ''
	// \xfe\x01\xfe\x00\x01hca\x00\x15\x01\x15* = ''
	// \xfe\x01\xfe\x00\x01hca\x00\x15\x01\x15= = ''
	// \xfe\x01\xfe\x00\x01version\x00 = '\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00'
	// \xfe\x01\xfe\x00\x14\x02u\x00 = '\x15='
}

// A partition keeps its subdirectories under its own prefix; its root is
// not a subspace.
func Example_partition() {
	db := memstore.New(nil)
	tenant, err := directory.CreateOrOpen(db, []string{"tenant-1"}, []byte("partition"))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(directory.IsPartition(tenant))
	orders, err := tenant.CreateOrOpen(db, []string{"orders"}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(orders.GetPath())
	// A move out of the partition is refused.
	_, err = directory.Move(db, []string{"tenant-1", "orders"}, []string{"orders"})
	fmt.Println(errors.Is(err, directory.ErrMoveBetweenPartitions))
	// Removing the partition removes everything in it.
	if _, err := tenant.Remove(db, nil); err != nil {
		fmt.Println(err)
		return
	}
	exists, err := directory.Exists(db, []string{"tenant-1", "orders"})
	fmt.Println(exists, err)
	// Output:
	// true
	// [tenant-1 orders]
	// true
	// false <nil>
}

// A layer with manual prefixes: CreatePrefix takes the prefix, and
// refuses one that overlaps another directory's.
func ExampleDirectory_createPrefix() {
	db := memstore.New(nil)
	dl := directory.NewDirectoryLayer(subspace.FromBytes([]byte{0xFE}), subspace.AllKeys(), true)
	config, err := dl.CreatePrefix(db, []string{"config"}, nil, []byte("cfg"))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(config)
	_, err = dl.CreatePrefix(db, []string{"other"}, nil, []byte("cfg2"))
	fmt.Println(errors.Is(err, directory.ErrPrefixInUse))
	// Output:
	// DirectorySubspace((config), cfg)
	// true
}

// A cache opens a directory with one read, and notices another client's
// removal.
func ExampleCache() {
	db := memstore.New(nil)
	if _, err := directory.CreateOrOpen(db, []string{"a", "b", "c"}, nil); err != nil {
		fmt.Println(err)
		return
	}
	cache := directory.NewCache(directory.Root(), directory.CacheOptions{})
	for range 3 {
		if _, err := cache.Open(db, []string{"a", "b", "c"}, nil); err != nil {
			fmt.Println(err)
			return
		}
	}
	fmt.Printf("%+v\n", cache.Stats())
	// Another client removes it: the cache's check fails and Open tells.
	if _, err := directory.Root().Remove(db, []string{"a", "b"}); err != nil {
		fmt.Println(err)
		return
	}
	_, err := cache.Open(db, []string{"a", "b", "c"}, nil)
	fmt.Println(errors.Is(err, directory.ErrDirNotExists))
	// Output:
	// {Hits:2 Misses:1 Stale:0}
	// true
}

// ListPage reads a large directory a page at a time.
func ExampleListPage() {
	db := memstore.New(nil)
	for _, name := range []string{"ant", "bee", "cat", "dog", "eel"} {
		if _, err := directory.CreateOrOpen(db, []string{"animals", name}, nil); err != nil {
			fmt.Println(err)
			return
		}
	}
	for from := ""; ; {
		page, err := directory.ListPage(db, directory.Root(), []string{"animals"}, from, 2)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(page.Names)
		if !page.More {
			break
		}
		from = page.Next
	}
	// Output:
	// [ant bee]
	// [cat dog]
	// [eel]
}

// Children iterates over every subdirectory, reading a page at a time.
func ExampleChildren() {
	db := memstore.New(nil)
	for _, name := range []string{"x", "y", "z"} {
		if _, err := directory.CreateOrOpen(db, []string{"top", name}, nil); err != nil {
			fmt.Println(err)
			return
		}
	}
	for name, err := range directory.Children(db, directory.Root(), []string{"top"}, 2) {
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(name)
	}
	// Output:
	// x
	// y
	// z
}

// Check reports what is wrong with a store's directory metadata.
func ExampleCheck() {
	db := memstore.New(nil)
	if _, err := directory.CreateOrOpen(db, []string{"a", "b"}, nil); err != nil {
		fmt.Println(err)
		return
	}
	findings, err := directory.Check(db, directory.Root())
	fmt.Println(len(findings), err)
	// Corrupt it: drop the entry that names a (its node stays behind).
	_, err = db.Transact(func(tr fdb.Transaction) (any, error) {
		return nil, tr.Clear(fdb.Key("\xfe\x01\xfe\x00\x14\x02a\x00"))
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	findings, err = directory.Check(db, directory.Root())
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, f := range findings {
		fmt.Println(f.Problem)
	}
	// Output:
	// 0 <nil>
	// orphan node
	// orphan node
}
