package storetest

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/fdbtuple/fdbtuple/fdb"
)

// key and rng spell keys and ranges as Go strings, for short cases.
func key(s string) fdb.Key { return fdb.Key(s) }

func rng(begin, end string) fdb.KeyRange { return fdb.KeyRange{Begin: key(begin), End: key(end)} }

// everything is the range of every legal key.
var everything = fdb.KeyRange{Begin: fdb.Key{}, End: fdb.Key{0xff}}

// show prints pairs as k=hex, in fdb.Printable form.
func show(kvs []fdb.KeyValue) string {
	var b strings.Builder
	b.WriteString("[")
	for i, kv := range kvs {
		if i > 0 {
			b.WriteString(" ")
		}
		fmt.Fprintf(&b, "%s=%x", fdb.Printable(kv.Key), kv.Value)
	}
	b.WriteString("]")
	return b.String()
}

func sameKVs(a, b []fdb.KeyValue) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !bytes.Equal(a[i].Key, b[i].Key) || !bytes.Equal(a[i].Value, b[i].Value) {
			return false
		}
	}
	return true
}

// fataler is the part of a test the helpers below fail through: a tb, or
// the *rapid.T of a property.
type fataler interface {
	Helper()
	Fatalf(format string, args ...any)
}

// must fails the test on an error.
func must(t fataler, what string, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// put commits pairs, given as key, value, key, value...
func put(t fataler, db fdb.Transactor, kv ...string) {
	t.Helper()
	_, err := db.Transact(func(tr fdb.Transaction) (any, error) {
		for i := 0; i+1 < len(kv); i += 2 {
			if err := tr.Set(key(kv[i]), []byte(kv[i+1])); err != nil {
				return nil, err
			}
		}
		return nil, nil
	})
	must(t, "setting up the store", err)
}

// dump reads every pair of the store in a read-only transaction.
func dump(t fataler, db fdb.Transactor) []fdb.KeyValue {
	t.Helper()
	v, err := db.ReadTransact(func(rt fdb.ReadTransaction) (any, error) {
		return rt.GetRange(everything, fdb.RangeOptions{})
	})
	must(t, "reading the whole store", err)
	return v.([]fdb.KeyValue)
}

// wantDump fails the test unless the store holds exactly want.
func wantDump(t tb, db fdb.Transactor, what string, want []fdb.KeyValue) {
	t.Helper()
	if got := dump(t, db); !sameKVs(got, want) {
		t.Errorf("%s: the store holds %s, want %s", what, show(got), show(want))
	}
}

// pairs builds pairs from key, value, key, value...
func pairs(kv ...string) []fdb.KeyValue {
	var out []fdb.KeyValue
	for i := 0; i+1 < len(kv); i += 2 {
		out = append(out, fdb.KeyValue{Key: key(kv[i]), Value: []byte(kv[i+1])})
	}
	return out
}

// wantCode fails the test unless err is or wraps fdb.Error{code}.
func wantCode(t tb, what string, err error, code int) {
	t.Helper()
	var fe fdb.Error
	if !errors.As(err, &fe) || fe.Code != code {
		t.Errorf("%s: got %v, want an error wrapping fdb.Error{%d}", what, err, code)
	}
}

// errStop is a transaction function's own failure, which the store must
// return as it is and not retry.
var errStop = errors.New("storetest: the function fails on purpose")
