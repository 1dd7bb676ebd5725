package memstore

import (
	"bytes"
	"errors"
	"testing"
	"time"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/storekit"
)

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func wantCode(t *testing.T, what string, err error, code int) {
	t.Helper()
	if !errors.Is(err, fdb.Error{Code: code}) {
		t.Errorf("%s: %v, want fdb.Error{%d}", what, err, code)
	}
}

// TestInterleaving scripts the directory layer's case step by step: A
// reads k, B writes k and commits, A writes and commits and is refused
// with 1020, and writes nothing; A's reads kept seeing its read version
// after B's commit.
func TestInterleaving(t *testing.T) {
	db := New(nil)
	must(t, db.Load([]fdb.KeyValue{{Key: fdb.Key("k"), Value: []byte("0")}}))
	a, b := db.Begin(), db.Begin()
	if v, _, err := a.Get(fdb.Key("k")); err != nil || string(v) != "0" {
		t.Fatalf("A reads %q, %v", v, err)
	}
	must(t, b.Set(fdb.Key("k"), []byte("B")))
	must(t, b.Commit())
	if v, _, err := a.Get(fdb.Key("k")); err != nil || string(v) != "0" {
		t.Errorf("A reads %q after B's commit, want its read version's 0", v)
	}
	must(t, a.Set(fdb.Key("a"), []byte("A")))
	wantCode(t, "A's commit", a.Commit(), 1020)
	if got := db.Dump(); len(got) != 1 || string(got[0].Value) != "B" {
		t.Errorf("after A's refused commit the store holds %v", got)
	}
	wantCode(t, "A after its commit", a.Set(fdb.Key("x"), nil), 2017)

	// Three transactions: C commits first, D and E read what C wrote
	// only after C's commit, so both commit.
	c, d := db.Begin(), db.Begin()
	must(t, c.Set(fdb.Key("c"), nil))
	must(t, c.Commit())
	e := db.Begin()
	if _, ok, _ := e.Get(fdb.Key("c")); !ok {
		t.Error("E, begun after C's commit, does not see C's write")
	}
	if _, ok, _ := d.Get(fdb.Key("c")); ok {
		t.Error("D, begun before C's commit, sees C's write")
	}
	must(t, e.Set(fdb.Key("e"), nil))
	must(t, e.Commit())
	must(t, d.Set(fdb.Key("d"), nil))
	wantCode(t, "D read c (absent), which C wrote after D began", d.Commit(), 1020)
	d.Cancel() // nothing after a commit
}

// TestCommitLogTrimmed checks that the commit log holds only what a live
// transaction may conflict with, and nothing once none is live; and that
// an old transaction still reads its version after many commits.
func TestCommitLogTrimmed(t *testing.T) {
	db := New(nil)
	old := db.Begin()
	for i := range 50 {
		tr := db.Begin()
		must(t, tr.Set(fdb.Key{byte(i)}, []byte{byte(i)}))
		must(t, tr.Commit())
	}
	if n := len(db.log); n != 50 {
		t.Errorf("%d commit records kept for a transaction that began before 50 commits", n)
	}
	if kvs, err := old.GetRange(fdb.KeyRange{Begin: fdb.Key{}, End: fdb.Key{0xff}}, fdb.RangeOptions{}); err != nil || len(kvs) != 0 {
		t.Errorf("the old transaction reads %d pairs, want its empty version", len(kvs))
	}
	mid := db.Begin()
	must(t, old.Commit()) // read-only
	if n := len(db.log); n != 0 {
		t.Errorf("%d records kept after the oldest transaction ended, with one live at the newest version", n)
	}
	tr := db.Begin()
	must(t, tr.Set(fdb.Key("x"), nil))
	must(t, tr.Commit())
	if n := len(db.log); n != 1 {
		t.Errorf("%d records for one live transaction older than one commit", n)
	}
	mid.Cancel()
	if len(db.log) != 0 || len(db.live) != 0 {
		t.Errorf("log %d, live %v after every transaction ended", len(db.log), db.live)
	}
}

// TestTransactionTooLarge checks the commit size limit: the sum of the
// writes and conflict ranges over 10,000,000 bytes is refused with 2101
// and commits nothing.
func TestTransactionTooLarge(t *testing.T) {
	db := New(nil)
	value := bytes.Repeat([]byte{'v'}, storekit.ValueSizeLimit)
	_, err := db.Transact(func(tr fdb.Transaction) (any, error) {
		for i := range 100 {
			if err := tr.Set(fdb.Key{'k', byte(i)}, value); err != nil {
				return nil, err
			}
		}
		return nil, nil
	})
	wantCode(t, "a commit of 100 values of 100,000 bytes and their keys", err, 2101)
	if n := len(db.Dump()); n != 0 {
		t.Errorf("%d pairs stored by a refused commit", n)
	}
	_, err = db.Transact(func(tr fdb.Transaction) (any, error) {
		for i := range 99 {
			if err := tr.Set(fdb.Key{'k', byte(i)}, value); err != nil {
				return nil, err
			}
		}
		return nil, nil
	})
	must(t, err)
}

// TestRetryGivesUp checks that Transact retries a conflict as the policy
// says and then returns the conflict, with the number of attempts.
func TestRetryGivesUp(t *testing.T) {
	db := New(&Options{Retry: storekit.RetryPolicy{MaxAttempts: 4, Sleep: func(time.Duration) {}}})
	runs := 0
	_, err := db.Transact(func(tr fdb.Transaction) (any, error) {
		runs++
		if _, _, err := tr.Get(fdb.Key("k")); err != nil {
			return nil, err
		}
		other := db.Begin()
		if err := other.Set(fdb.Key("k"), []byte{byte(runs)}); err != nil {
			return nil, err
		}
		if err := other.Commit(); err != nil {
			return nil, err
		}
		return nil, tr.Set(fdb.Key("mine"), nil)
	})
	wantCode(t, "a transaction that always conflicts", err, 1020)
	if runs != 4 {
		t.Errorf("ran %d times, want 4", runs)
	}
}

// TestDumpLoadStats checks that Dump copies, that Load refuses a bad pair
// and loads nothing then, and that the read counter counts calls and keys.
func TestDumpLoadStats(t *testing.T) {
	stats := new(storekit.ReadStats)
	db := New(&Options{Stats: stats})
	err := db.Load([]fdb.KeyValue{{Key: fdb.Key("a"), Value: nil}, {Key: fdb.Key{0xff}, Value: nil}})
	wantCode(t, "Load of a key at FF", err, 2004)
	if len(db.Dump()) != 0 {
		t.Fatal("a refused Load loaded something")
	}
	must(t, db.Load([]fdb.KeyValue{{Key: fdb.Key("b"), Value: []byte("2")}, {Key: fdb.Key("a"), Value: nil}}))
	d := db.Dump()
	if len(d) != 2 || string(d[0].Key) != "a" || d[0].Value == nil || string(d[1].Value) != "2" {
		t.Fatalf("Dump = %v", d)
	}
	d[1].Value[0] = 'X'
	if string(db.Dump()[1].Value) != "2" {
		t.Error("changing a dumped value changed the store")
	}
	copied := New(nil)
	must(t, copied.Load(db.Dump()))
	if len(copied.Dump()) != 2 {
		t.Error("Load(Dump()) does not copy")
	}
	_, err = db.ReadTransact(func(rt fdb.ReadTransaction) (any, error) {
		rt.Get(fdb.Key("a"))
		rt.Snapshot().Get(fdb.Key("zz"))
		return rt.GetRange(fdb.KeyRange{Begin: fdb.Key{}, End: fdb.Key{0xff}}, fdb.RangeOptions{Limit: 1})
	})
	must(t, err)
	if got := stats.Reads(); got != (storekit.Reads{Gets: 2, GetRanges: 1, Keys: 2}) {
		t.Errorf("counted %+v", got)
	}
}
