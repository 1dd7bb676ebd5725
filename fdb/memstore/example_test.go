package memstore_test

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/memstore"
)

// Open a store, write in one transaction, read in another.
func Example() {
	db := memstore.New(nil)
	_, err := db.Transact(func(tr fdb.Transaction) (any, error) {
		if err := tr.Set(fdb.Key("hello"), []byte("world")); err != nil {
			return nil, err
		}
		return nil, tr.Set(fdb.Key("empty"), nil) // present, with an empty value
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	v, err := db.ReadTransact(func(rt fdb.ReadTransaction) (any, error) {
		v, ok, err := rt.Get(fdb.Key("empty"))
		return fmt.Sprintf("%q present=%v", v, ok), err
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(v)
	// Output: "" present=true
}

// A range read with a limit, from the end: the greatest keys of the
// range, in descending order.
func ExampleDB_ReadTransact() {
	db := memstore.New(nil)
	err := db.Load([]fdb.KeyValue{
		{Key: fdb.Key("log/1"), Value: []byte("a")},
		{Key: fdb.Key("log/2"), Value: []byte("b")},
		{Key: fdb.Key("log/3"), Value: []byte("c")},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	logs, err := fdb.PrefixRange([]byte("log/"))
	if err != nil {
		fmt.Println(err)
		return
	}
	v, err := db.ReadTransact(func(rt fdb.ReadTransaction) (any, error) {
		return rt.GetRange(logs, fdb.RangeOptions{Limit: 2, Reverse: true})
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, kv := range v.([]fdb.KeyValue) {
		fmt.Printf("%s=%s\n", kv.Key, kv.Value)
	}
	// Output:
	// log/3=c
	// log/2=b
}

// Add is a counter that concurrent transactions increment without
// conflicting: each adds 1 as an 8-byte little-endian integer, and a
// snapshot read sees the transaction's own add.
func ExampleTransaction_Add() {
	db := memstore.New(nil)
	one := binary.LittleEndian.AppendUint64(nil, 1)
	for range 3 {
		v, err := db.Transact(func(tr fdb.Transaction) (any, error) {
			if err := tr.Add(fdb.Key("visits"), one); err != nil {
				return nil, err
			}
			n, _, err := tr.Snapshot().Get(fdb.Key("visits"))
			return n, err
		})
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(binary.LittleEndian.Uint64(v.([]byte)))
	}
	// Output:
	// 1
	// 2
	// 3
}

// Begin runs transactions step by step, to script an interleaving: A
// reads k, B writes k and commits, and A's commit conflicts.
func ExampleDB_Begin() {
	db := memstore.New(nil)
	a, b := db.Begin(), db.Begin()
	if _, _, err := a.Get(fdb.Key("k")); err != nil {
		fmt.Println(err)
		return
	}
	if err := b.Set(fdb.Key("k"), []byte("B")); err != nil {
		fmt.Println(err)
		return
	}
	if err := b.Commit(); err != nil {
		fmt.Println(err)
		return
	}
	if err := a.Set(fdb.Key("other"), []byte("A")); err != nil {
		fmt.Println(err)
		return
	}
	err := a.Commit()
	fmt.Println(errors.Is(err, fdb.Error{Code: 1020}), fdb.IsRetryable(err))
	// Output: true true
}
