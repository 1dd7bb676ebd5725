package dirdiff

import (
	"bytes"
	"errors"
	"maps"
	"slices"

	"github.com/fdbtuple/fdbtuple/fdb"
)

// standinDB is a plain in-memory store for the Go side until fdb/memstore
// is in this branch: each transaction works on a copy, installed when it
// commits; every read sees the transaction's writes.
type standinDB struct{ m map[string][]byte }

func newStandinDB() fdb.Transactor { return &standinDB{m: map[string][]byte{}} }

func (db *standinDB) Transact(f func(fdb.Transaction) (any, error)) (any, error) {
	tx := &standinTx{m: maps.Clone(db.m)}
	v, err := f(tx)
	if err == nil {
		db.m = tx.m
	}
	return v, err
}

func (db *standinDB) ReadTransact(f func(fdb.ReadTransaction) (any, error)) (any, error) {
	return f(&standinTx{m: maps.Clone(db.m)})
}

type standinTx struct{ m map[string][]byte }

var errOutside = errors.New("key outside legal range")

func (tx *standinTx) Get(key fdb.Key) ([]byte, bool, error) {
	v, ok := tx.m[string(key)]
	return bytes.Clone(v), ok, nil
}

func (tx *standinTx) GetRange(r fdb.ExactRange, opt fdb.RangeOptions) ([]fdb.KeyValue, error) {
	b, e := r.FDBRangeKeys()
	begin, end := string(b.FDBKey()), string(e.FDBKey())
	var keys []string
	for k := range tx.m {
		if k >= begin && k < end {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	if opt.Reverse {
		slices.Reverse(keys)
	}
	if opt.Limit > 0 && len(keys) > opt.Limit {
		keys = keys[:opt.Limit]
	}
	out := make([]fdb.KeyValue, len(keys))
	for i, k := range keys {
		out[i] = fdb.KeyValue{Key: fdb.Key(k), Value: bytes.Clone(tx.m[k])}
	}
	return out, nil
}

func (tx *standinTx) Snapshot() fdb.ReadTransaction { return tx }

func (tx *standinTx) ReadTransact(f func(fdb.ReadTransaction) (any, error)) (any, error) {
	return f(tx)
}

func (tx *standinTx) Transact(f func(fdb.Transaction) (any, error)) (any, error) { return f(tx) }

func (tx *standinTx) Set(key fdb.Key, value []byte) error {
	if len(key) > 0 && key[0] == 0xff {
		return errOutside
	}
	tx.m[string(key)] = bytes.Clone(value)
	return nil
}

func (tx *standinTx) Clear(key fdb.Key) error {
	delete(tx.m, string(key))
	return nil
}

func (tx *standinTx) ClearRange(r fdb.ExactRange) error {
	b, e := r.FDBRangeKeys()
	begin, end := string(b.FDBKey()), string(e.FDBKey())
	if end > "\xff" {
		return errOutside
	}
	for k := range tx.m {
		if k >= begin && k < end {
			delete(tx.m, k)
		}
	}
	return nil
}

func (tx *standinTx) Add(key fdb.Key, param []byte) error {
	old := tx.m[string(key)]
	out := make([]byte, len(param))
	carry := 0
	for i := range param {
		a := 0
		if i < len(old) {
			a = int(old[i])
		}
		s := a + int(param[i]) + carry
		out[i] = byte(s)
		carry = s >> 8
	}
	tx.m[string(key)] = out
	return nil
}
