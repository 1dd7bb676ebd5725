package main

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/memstore"
	"github.com/fdbtuple/fdbtuple/fdb/storetest"
	"github.com/fdbtuple/fdbtuple/tuple"
)

// stepTxn is a transaction the suite drives step by step (its
// serializability property interleaves several).
type stepTxn struct{ *dynamoTxn }

func (s stepTxn) Commit() error { return s.commit() }
func (s stepTxn) Cancel()       { s.cancel() }

// TestSuite runs the stores' suite on DynamoDB Local, each case on a table
// of its own, with the empty key, which the raw partition holds, and with
// conflicts as this store detects them: its range checks are coarser than
// FoundationDB's (CoarseRanges: any commit after a transaction's first
// read aborts a range reader), and its reads see the newest data, checked
// at the commit (FreshReads); store.go says why, and TestConflicts checks
// each conflict it detects. Its transactions run step by step for the
// serializability property.
func TestSuite(t *testing.T) {
	storetest.Run(t, func(t *testing.T) fdb.Transactor {
		return newStore(t, 0)
	}, storetest.Options{Conflicts: true, CoarseRanges: true, FreshReads: true,
		Begin: func(db fdb.Transactor) storetest.StepTransaction { return stepTxn{db.(*DynamoStore).begin()} }})
}

// race runs transaction A, and inside its function, after A's reads, a
// whole transaction B on the same store (only during A's first run); A
// then writes and commits. It returns how many times A's function ran.
func race(t *testing.T, db fdb.Transactor, read, b, write func(tr fdb.Transaction) error) int {
	t.Helper()
	runs := 0
	_, err := db.Transact(func(tr fdb.Transaction) (any, error) {
		runs++
		if err := read(tr); err != nil {
			return nil, err
		}
		if runs == 1 {
			if _, err := db.Transact(func(tr fdb.Transaction) (any, error) { return nil, b(tr) }); err != nil {
				return nil, fmt.Errorf("transaction B: %w", err)
			}
		}
		return nil, write(tr)
	})
	if err != nil {
		t.Fatalf("transaction A: %v", err)
	}
	return runs
}

func setK(k, v string) func(fdb.Transaction) error {
	return func(tr fdb.Transaction) error { return tr.Set(fdb.Key(k), []byte(v)) }
}

func getK(k string) func(fdb.Transaction) error {
	return func(tr fdb.Transaction) error { _, _, err := tr.Get(fdb.Key(k)); return err }
}

func nothing(fdb.Transaction) error { return nil }

// TestConflicts: what the store detects, as its documentation says: a
// key read that another commit wrote, created or deleted; an add to a
// counter another commit added to; a range read or a clear range, when any
// other commit came after the transaction's first read (coarser than
// FoundationDB: a write outside the range too). A clear range reads what
// it clears at the commit, so a key inserted before is cleared. It does
// not abort for a
// snapshot read, nor for blind writes, nor for a key read that another
// commit left alone while writing others.
func TestConflicts(t *testing.T) {
	db := newStore(t, 0)
	put := func(kv ...string) {
		t.Helper()
		if _, err := db.Transact(func(tr fdb.Transaction) (any, error) {
			for i := 0; i < len(kv); i += 2 {
				if err := tr.Set(fdb.Key(kv[i]), []byte(kv[i+1])); err != nil {
					return nil, err
				}
			}
			return nil, nil
		}); err != nil {
			t.Fatal(err)
		}
	}
	put("a", "1", "b", "2", "k", "v")
	rangeAB := func(tr fdb.Transaction) error {
		_, err := tr.GetRange(fdb.KeyRange{Begin: fdb.Key("a"), End: fdb.Key("c")}, fdb.RangeOptions{})
		return err
	}
	for _, c := range []struct {
		what          string
		read, b, tail func(fdb.Transaction) error
		runs          int
	}{
		{"A reads k, B writes k", getK("k"), setK("k", "B"), setK("out", "A"), 2},
		{"A reads absent x, B writes x", getK("x"), setK("x", "B"), setK("out", "A"), 2},
		{"A reads k, B deletes k", getK("k"), func(tr fdb.Transaction) error { return tr.Clear(fdb.Key("k")) }, setK("out", "A"), 2},
		{"A reads k, B writes j", getK("k"), setK("j", "B"), setK("out", "A"), 1},
		{"A reads k through a snapshot, B writes k", func(tr fdb.Transaction) error { _, _, err := tr.Snapshot().Get(fdb.Key("k")); return err },
			setK("k", "B2"), setK("out", "A"), 1},
		{"A only writes k, B writes k", nothing, setK("k", "B3"), setK("k", "A"), 1},
		{"A reads [a, c), B inserts aa", rangeAB, setK("aa", "B"), setK("out", "A"), 2},
		{"A reads [a, c), B writes z (coarse)", rangeAB, setK("z", "B"), setK("out", "A"), 2},
		// A clear range reads its keys at the commit: B's insert, before
		// it, is cleared too (A serializes after B).
		{"A clears [a, c), B inserts ab", func(tr fdb.Transaction) error {
			return tr.ClearRange(fdb.KeyRange{Begin: fdb.Key("a"), End: fdb.Key("c")})
		},
			setK("ab", "B"), nothing, 1},
		{"A adds to n, B adds to n", func(tr fdb.Transaction) error { return tr.Add(fdb.Key("n"), []byte{1}) },
			func(tr fdb.Transaction) error { return tr.Add(fdb.Key("n"), []byte{1}) }, nothing, 2},
	} {
		if runs := race(t, db, c.read, c.b, c.tail); runs != c.runs {
			t.Errorf("%s: A ran %d times, want %d", c.what, runs, c.runs)
		}
	}
	v, err := db.ReadTransact(func(rt fdb.ReadTransaction) (any, error) {
		kvs, err := rt.GetRange(fdb.KeyRange{Begin: fdb.Key("a"), End: fdb.Key("c")}, fdb.RangeOptions{})
		if err != nil {
			return nil, err
		}
		n, _, err := rt.Get(fdb.Key("n"))
		return fmt.Sprintf("%d keys in [a, c), n = %x", len(kvs), n), err
	})
	if err != nil || v != "0 keys in [a, c), n = 02" {
		t.Errorf("after the races: %v, %v; want the range cleared after B's insert, and both adds", v, err)
	}
}

// TestReadOnlyChecks: a read-only transaction's reads are checked at its
// end: one Get is a moment of its own and never runs again; two Gets with
// a commit between that changed the first run again; and a function that
// fails on a view no moment had (x != y, which every commit keeps equal)
// runs again instead of returning its error.
func TestReadOnlyChecks(t *testing.T) {
	db := newStore(t, 0)
	setXY := func(v string) {
		t.Helper()
		if _, err := db.Transact(func(tr fdb.Transaction) (any, error) {
			if err := tr.Set(fdb.Key("x"), []byte(v)); err != nil {
				return nil, err
			}
			return nil, tr.Set(fdb.Key("y"), []byte(v))
		}); err != nil {
			t.Fatal(err)
		}
	}
	setXY("1")
	runs := 0
	if _, err := db.ReadTransact(func(rt fdb.ReadTransaction) (any, error) {
		runs++
		_, _, err := rt.Get(fdb.Key("x"))
		if runs == 1 {
			setXY("2")
		}
		return nil, err
	}); err != nil || runs != 1 {
		t.Fatalf("one Get, then a commit: %v after %d runs, want 1", err, runs)
	}
	errUnequal := errors.New("x and y differ")
	for _, readOnly := range []bool{true, false} {
		runs = 0
		f := func(rt fdb.ReadTransaction) (any, error) {
			runs++
			x, _, err := rt.Get(fdb.Key("x"))
			if err != nil {
				return nil, err
			}
			if runs == 1 {
				setXY(fmt.Sprint(runs, readOnly)) // between the two reads
			}
			y, _, err := rt.Get(fdb.Key("y"))
			if err != nil {
				return nil, err
			}
			if string(x) != string(y) {
				return nil, errUnequal
			}
			return nil, nil
		}
		var err error
		if readOnly {
			_, err = db.ReadTransact(f)
		} else {
			_, err = db.Transact(func(tr fdb.Transaction) (any, error) { return f(tr) })
		}
		if err != nil || runs != 2 {
			t.Errorf("read-only %v: a view no moment had: %v after %d runs; want success after 2", readOnly, err, runs)
		}
	}
}

// TestLongKeys: keys whose sort keys DynamoDB could not hold (over
// longSK bytes; up to FoundationDB's 10,000) sit in groups in hash order,
// which reads sort: every range read among them, both ways, at every
// limit, with pages of 2 items (a group split across pages), returns
// what memstore returns, in the raw partition and in a tuple partition.
func TestLongKeys(t *testing.T) {
	db := newStore(t, 2)
	mem := memstore.New(nil)
	var keys []fdb.Key
	for _, head := range [][]byte{[]byte("a"), tuple.Tuple{"p"}.Pack()} {
		long := append(bytes.Clone(head), bytes.Repeat([]byte{'x'}, longSK)...)
		for _, tail := range []string{"", "\x00", "a", "b", "b\x00", "c", strings.Repeat("z", 8990)} {
			keys = append(keys, append(bytes.Clone(long), tail...))
		}
		keys = append(keys, head, append(bytes.Clone(head), 'w'), append(bytes.Clone(long[:len(long)-1]), 'y'))
	}
	for _, s := range []fdb.Transactor{db, mem} {
		if _, err := s.Transact(func(tr fdb.Transaction) (any, error) {
			for i, k := range keys {
				if err := tr.Set(k, []byte{byte(i)}); err != nil {
					return nil, err
				}
			}
			return nil, nil
		}); err != nil {
			t.Fatal(err)
		}
	}
	read := func(s fdb.Transactor, r fdb.KeyRange, opt fdb.RangeOptions) []fdb.KeyValue {
		v, err := s.ReadTransact(func(rt fdb.ReadTransaction) (any, error) { return rt.GetRange(r, opt) })
		if err != nil {
			t.Fatal(err)
		}
		return v.([]fdb.KeyValue)
	}
	checked := 0
	for i, b := range keys {
		for j, e := range append(slices.Clone(keys), fdb.Key{0xff}) {
			if bytes.Compare(b, e) >= 0 || (i+j)%2 == 1 {
				continue
			}
			r := fdb.KeyRange{Begin: b, End: e}
			for _, reverse := range []bool{false, true} {
				for _, limit := range []int{0, 2} {
					opt := fdb.RangeOptions{Limit: limit, Reverse: reverse}
					got, want := read(db, r, opt), read(mem, r, opt)
					if !slices.EqualFunc(got, want, func(a, b fdb.KeyValue) bool { return bytes.Equal(a.Key, b.Key) && bytes.Equal(a.Value, b.Value) }) {
						t.Fatalf("[%.12x…, %.12x…) reverse %v limit %d: %d pairs unlike memstore's %d", []byte(b), []byte(e), reverse, limit, len(got), len(want))
					}
					checked++
				}
			}
		}
	}
	for _, k := range keys {
		v, err := db.ReadTransact(func(rt fdb.ReadTransaction) (any, error) {
			v, ok, err := rt.Get(k)
			if !ok {
				return nil, err
			}
			return v, err
		})
		if err != nil || v == nil {
			t.Fatalf("Get of a key of %d bytes: %v, %v", len(k), v, err)
		}
	}
	t.Logf("%d range reads over keys of up to %d bytes", checked, len(keys[6]))
}
