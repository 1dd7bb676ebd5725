package boltstore_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/boltstore"
)

// Open a store on a file, write, close; open it again and read.
func Example() {
	dir, err := os.MkdirTemp("", "boltstore")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "data.db")

	db, err := boltstore.Open(path, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	_, err = db.Transact(func(tr fdb.Transaction) (any, error) {
		return nil, tr.Set(fdb.Key("hello"), []byte("world"))
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := db.Close(); err != nil {
		fmt.Println(err)
		return
	}

	db, err = boltstore.Open(path, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	v, err := db.ReadTransact(func(rt fdb.ReadTransaction) (any, error) {
		v, _, err := rt.Get(fdb.Key("hello"))
		return v, err
	})
	if err != nil {
		fmt.Println(err)
	} else {
		fmt.Printf("%s\n", v)
	}
	if err := db.Close(); err != nil {
		fmt.Println(err)
	}
	// Output: world
}
