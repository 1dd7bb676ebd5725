package boltstore_test

import (
	"bytes"
	"errors"
	"path/filepath"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/boltstore"
	"github.com/fdbtuple/fdbtuple/fdb/storekit"
	bolt "go.etcd.io/bbolt"
)

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func set(t *testing.T, db fdb.Transactor, k string, v []byte) {
	t.Helper()
	_, err := db.Transact(func(tr fdb.Transaction) (any, error) { return nil, tr.Set(fdb.Key(k), v) })
	must(t, err)
}

// TestReopen checks that the data, empty values included, outlives the
// file's closing, in the bucket the options name, and that a store from
// New over an open bbolt database leaves it open.
func TestReopen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.db")
	db, err := boltstore.Open(path, &boltstore.Options{Bucket: "mine"})
	must(t, err)
	set(t, db, "empty", []byte{})
	set(t, db, "full", []byte("v"))
	must(t, db.Close())

	b, err := bolt.Open(path, 0o600, nil)
	must(t, err)
	defer b.Close()
	err = b.View(func(tx *bolt.Tx) error {
		if tx.Bucket([]byte(boltstore.DefaultBucket)) != nil {
			t.Error("the default bucket was created beside the named one")
		}
		if v := tx.Bucket([]byte("mine")).Get([]byte("empty")); v == nil || len(v) != 0 {
			t.Errorf("bbolt reads the empty value as %v", v)
		}
		return nil
	})
	must(t, err)
	db2, err := boltstore.New(b, &boltstore.Options{Bucket: "mine"})
	must(t, err)
	v, err := db2.ReadTransact(func(rt fdb.ReadTransaction) (any, error) {
		return rt.GetRange(fdb.KeyRange{Begin: fdb.Key{}, End: fdb.Key{0xff}}, fdb.RangeOptions{})
	})
	must(t, err)
	if kvs := v.([]fdb.KeyValue); len(kvs) != 2 || len(kvs[0].Value) != 0 || string(kvs[1].Value) != "v" {
		t.Errorf("after reopening: %v", kvs)
	}
	must(t, db2.Close())
	if err := b.View(func(*bolt.Tx) error { return nil }); err != nil {
		t.Errorf("Close of a store from New closed the caller's database: %v", err)
	}
	if db2.Bolt() != b {
		t.Error("Bolt() is not the database given to New")
	}
}

// TestEmptyKey checks the one divergence from FoundationDB: the empty key
// is refused with ErrEmptyKey, read as absent, and ranges from it work.
func TestEmptyKey(t *testing.T) {
	db, err := boltstore.Open(filepath.Join(t.TempDir(), "s.db"), nil)
	must(t, err)
	defer db.Close()
	set(t, db, "a", nil)
	_, err = db.Transact(func(tr fdb.Transaction) (any, error) {
		if err := tr.Set(fdb.Key{}, nil); !errors.Is(err, boltstore.ErrEmptyKey) {
			t.Errorf("Set of the empty key: %v", err)
		}
		if err := tr.Add(fdb.Key{}, []byte{1}); !errors.Is(err, boltstore.ErrEmptyKey) {
			t.Errorf("Add to the empty key: %v", err)
		}
		if err := tr.Clear(fdb.Key{}); err != nil {
			t.Errorf("Clear of the empty key: %v", err)
		}
		if _, ok, err := tr.Get(fdb.Key{}); ok || err != nil {
			t.Errorf("Get of the empty key: %v, %v", ok, err)
		}
		kvs, err := tr.GetRange(fdb.KeyRange{Begin: fdb.Key{}, End: fdb.Key("b")}, fdb.RangeOptions{Reverse: true, Limit: 5})
		if err != nil || len(kvs) != 1 {
			t.Errorf("GetRange from the empty key: %v, %v", kvs, err)
		}
		return nil, nil
	})
	must(t, err)
}

// TestTransactionTooLarge checks FoundationDB's commit size limit on
// bbolt: over 10,000,000 bytes of writes is refused with 2101 and writes
// nothing.
func TestTransactionTooLarge(t *testing.T) {
	db, err := boltstore.Open(filepath.Join(t.TempDir(), "s.db"), nil)
	must(t, err)
	defer db.Close()
	value := bytes.Repeat([]byte{'v'}, storekit.ValueSizeLimit)
	_, err = db.Transact(func(tr fdb.Transaction) (any, error) {
		for i := range 101 {
			if err := tr.Set(fdb.Key{'k', byte(i)}, value); err != nil {
				return nil, err
			}
		}
		return nil, nil
	})
	if !errors.Is(err, fdb.Error{Code: 2101}) {
		t.Fatalf("a commit of 101 values of 100,000 bytes: %v", err)
	}
	v, err := db.ReadTransact(func(rt fdb.ReadTransaction) (any, error) {
		return rt.GetRange(fdb.KeyRange{Begin: fdb.Key{}, End: fdb.Key{0xff}}, fdb.RangeOptions{Limit: 1})
	})
	must(t, err)
	if len(v.([]fdb.KeyValue)) != 0 {
		t.Error("a refused commit wrote something")
	}
}
