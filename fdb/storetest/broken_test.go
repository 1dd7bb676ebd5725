package storetest

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/memstore"
)

// brokenDB is memstore with its transactions wrapped in a broken one.
type brokenDB struct {
	*memstore.DB
	wrap func(fdb.Transaction) fdb.Transaction
}

func (b brokenDB) Transact(f func(fdb.Transaction) (any, error)) (any, error) {
	return b.DB.Transact(func(tr fdb.Transaction) (any, error) { return f(b.wrap(tr)) })
}

// stepOf is a broken transaction that the suite drives step by step: the
// broken calls, and the real transaction's commit.
type stepOf struct {
	fdb.Transaction
	real *memstore.Transaction
}

func (s stepOf) Commit() error { return s.real.Commit() }
func (s stepOf) Cancel()       { s.real.Cancel() }

// beginBroken is Options.Begin for the stores of these tests: memstore's
// transactions, wrapped as brokenDB wraps them.
func beginBroken(db fdb.Transactor) StepTransaction {
	switch d := db.(type) {
	case brokenDB:
		tr := d.DB.Begin()
		return stepOf{d.wrap(tr), tr}
	case interface{ Begin() *memstore.Transaction }:
		return d.Begin()
	}
	panic(fmt.Sprintf("no step-by-step transactions on %T", db))
}

// Each broken transaction embeds the real one and gets one thing wrong.

// losesEmpty stores an empty value as a clear: the bbolt trap (a nil put).
type losesEmpty struct{ fdb.Transaction }

func (l losesEmpty) Set(k fdb.Key, v []byte) error {
	if len(v) == 0 {
		return l.Transaction.Clear(k)
	}
	return l.Transaction.Set(k, v)
}

// reverseOffByOne misses the last key of the range in a limited reverse
// read (a cursor sought to the end and stepped back once too often).
type reverseOffByOne struct{ fdb.Transaction }

func (r reverseOffByOne) GetRange(kr fdb.ExactRange, opt fdb.RangeOptions) ([]fdb.KeyValue, error) {
	if !opt.Reverse || opt.Limit == 0 {
		return r.Transaction.GetRange(kr, opt)
	}
	kvs, err := r.Transaction.GetRange(kr, fdb.RangeOptions{Limit: opt.Limit + 1, Reverse: true})
	if len(kvs) > 0 {
		kvs = kvs[1:]
	}
	return kvs, err
}

// addKeepsLength adds without cutting a longer stored value to the
// parameter's length, by reading and writing.
type addKeepsLength struct{ fdb.Transaction }

func (a addKeepsLength) Add(k fdb.Key, param []byte) error {
	v, _, err := a.Transaction.Get(k)
	if err != nil {
		return err
	}
	p := slices.Clone(param)
	for len(p) < len(v) {
		p = append(p, 0)
	}
	sum := make([]byte, len(p))
	carry := 0
	for i := range p {
		s := int(p[i]) + carry
		if i < len(v) {
			s += int(v[i])
		}
		sum[i], carry = byte(s), s>>8
	}
	return a.Transaction.Set(k, sum)
}

// noKeyLimit accepts a key over FoundationDB's limit and drops it.
type noKeyLimit struct{ fdb.Transaction }

func (n noKeyLimit) Set(k fdb.Key, v []byte) error {
	if len(k) > keyLimit && len(k) < 2*keyLimit && k[0] != 0xff {
		return nil
	}
	return n.Transaction.Set(k, v)
}

// snapshotMissesAdds answers a snapshot's Get of a key the transaction
// added to from the store, without the pending add.
type snapshotMissesAdds struct {
	fdb.Transaction
	db    *memstore.DB
	added map[string]bool
}

func (s *snapshotMissesAdds) Add(k fdb.Key, param []byte) error {
	s.added[string(k)] = true
	return s.Transaction.Add(k, param)
}

func (s *snapshotMissesAdds) Snapshot() fdb.ReadTransaction { return snapshotOfMissesAdds{s} }

type snapshotOfMissesAdds struct{ s *snapshotMissesAdds }

func (v snapshotOfMissesAdds) Get(k fdb.Key) ([]byte, bool, error) {
	if !v.s.added[string(k)] {
		return v.s.Transaction.Snapshot().Get(k)
	}
	val, err := v.s.db.ReadTransact(func(rt fdb.ReadTransaction) (any, error) {
		val, ok, err := rt.Get(k)
		if !ok {
			return []byte(nil), err
		}
		return val, err
	})
	b, _ := val.([]byte)
	return b, b != nil, err
}

func (v snapshotOfMissesAdds) GetRange(r fdb.ExactRange, opt fdb.RangeOptions) ([]fdb.KeyValue, error) {
	return v.s.Transaction.Snapshot().GetRange(r, opt)
}
func (v snapshotOfMissesAdds) Snapshot() fdb.ReadTransaction { return v }
func (v snapshotOfMissesAdds) ReadTransact(f func(fdb.ReadTransaction) (any, error)) (any, error) {
	return f(v)
}

// readsThroughSnapshot records no read conflict: every read is a
// snapshot's.
type readsThroughSnapshot struct{ fdb.Transaction }

func (r readsThroughSnapshot) Get(k fdb.Key) ([]byte, bool, error) {
	return r.Transaction.Snapshot().Get(k)
}

func (r readsThroughSnapshot) GetRange(kr fdb.ExactRange, opt fdb.RangeOptions) ([]fdb.KeyValue, error) {
	return r.Transaction.Snapshot().GetRange(kr, opt)
}

// limitReadsWhole reads the whole range and cuts it to the limit, so that
// its read conflict covers the whole range.
type limitReadsWhole struct{ fdb.Transaction }

func (l limitReadsWhole) GetRange(kr fdb.ExactRange, opt fdb.RangeOptions) ([]fdb.KeyValue, error) {
	kvs, err := l.Transaction.GetRange(kr, fdb.RangeOptions{Reverse: opt.Reverse})
	if opt.Limit > 0 && len(kvs) > opt.Limit {
		kvs = kvs[:opt.Limit]
	}
	return kvs, err
}

// limitConflictCutShort records the read conflict of a limited range
// read that returned as many pairs as its limit one key short: up to the
// last key returned, without it.
type limitConflictCutShort struct{ fdb.Transaction }

func (l limitConflictCutShort) GetRange(kr fdb.ExactRange, opt fdb.RangeOptions) ([]fdb.KeyValue, error) {
	kvs, err := l.Transaction.Snapshot().GetRange(kr, opt)
	if err != nil || opt.Limit == 0 || len(kvs) < opt.Limit {
		return l.Transaction.GetRange(kr, opt) // the whole range was read
	}
	b, e := kr.FDBRangeKeys()
	read := fdb.KeyRange{Begin: b.FDBKey(), End: kvs[len(kvs)-1].Key}
	if opt.Reverse {
		read = fdb.KeyRange{Begin: append(slices.Clone(kvs[len(kvs)-1].Key), 0), End: e.FDBKey()}
	}
	if _, err := l.Transaction.GetRange(read, fdb.RangeOptions{}); err != nil {
		return nil, err
	}
	return kvs, nil
}

// rangeConflictsOnKeys records the read conflict of a range read on the
// keys it returned only, not on the gaps between them: a key inserted in
// the range goes unnoticed (a phantom), as when etcd's compare over the
// range, or DynamoStore's check of the table's commit counter, is left
// out.
type rangeConflictsOnKeys struct{ fdb.Transaction }

func (r rangeConflictsOnKeys) GetRange(kr fdb.ExactRange, opt fdb.RangeOptions) ([]fdb.KeyValue, error) {
	kvs, err := r.Transaction.Snapshot().GetRange(kr, opt)
	for _, kv := range kvs {
		if _, _, err := r.Transaction.Get(kv.Key); err != nil {
			return nil, err
		}
	}
	return kvs, err
}

// rangeReadsNoConflict records no read conflict for a range read.
type rangeReadsNoConflict struct{ fdb.Transaction }

func (r rangeReadsNoConflict) GetRange(kr fdb.ExactRange, opt fdb.RangeOptions) ([]fdb.KeyValue, error) {
	return r.Transaction.Snapshot().GetRange(kr, opt)
}

// absentReadsNoConflict records no read conflict for a Get of an absent
// key, so that a key inserted after the read goes unnoticed (etcd's
// compare that the key was never created, left out).
type absentReadsNoConflict struct{ fdb.Transaction }

func (a absentReadsNoConflict) Get(k fdb.Key) ([]byte, bool, error) {
	v, ok, err := a.Transaction.Snapshot().Get(k)
	if err != nil || !ok {
		return v, ok, err
	}
	return a.Transaction.Get(k)
}

// freshGets answers a Get of a key the transaction has not written with
// the newest committed value, not the one at its read version (a store
// that reads each key at the newest revision): its conflict is still
// recorded, so that a writer that read a changed key aborts, but a
// transaction's reads are no longer one state.
type freshGets struct {
	fdb.Transaction
	db      *memstore.DB
	written bool
}

func (f *freshGets) Get(k fdb.Key) ([]byte, bool, error) {
	v, ok, err := f.Transaction.Get(k)
	if err != nil || f.written {
		return v, ok, err
	}
	got, err := f.db.ReadTransact(func(rt fdb.ReadTransaction) (any, error) {
		v, ok, err := rt.Get(k)
		return fdb.KeyValue{Key: fdb.Key(fmt.Sprint(ok)), Value: v}, err
	})
	if err != nil {
		return nil, false, err
	}
	kv := got.(fdb.KeyValue)
	return kv.Value, string(kv.Key) == "true", nil
}

func (f *freshGets) Set(k fdb.Key, v []byte) error { f.written = true; return f.Transaction.Set(k, v) }
func (f *freshGets) Clear(k fdb.Key) error         { f.written = true; return f.Transaction.Clear(k) }
func (f *freshGets) Add(k fdb.Key, p []byte) error { f.written = true; return f.Transaction.Add(k, p) }
func (f *freshGets) ClearRange(r fdb.ExactRange) error {
	f.written = true
	return f.Transaction.ClearRange(r)
}

// blindWritesConflict records a read conflict on every key it sets, as if
// a Set read the key first: transactions that only write conflict.
type blindWritesConflict struct{ fdb.Transaction }

func (b blindWritesConflict) Set(k fdb.Key, v []byte) error {
	if _, _, err := b.Transaction.Get(k); err != nil {
		return err
	}
	return b.Transaction.Set(k, v)
}

// coarseRanges makes a range read conflict with every commit after it, as
// DynamoStore's table-wide commit counter does: it reads every key too.
type coarseRanges struct{ fdb.Transaction }

func (c coarseRanges) GetRange(kr fdb.ExactRange, opt fdb.RangeOptions) ([]fdb.KeyValue, error) {
	if _, err := c.Transaction.GetRange(everything, fdb.RangeOptions{}); err != nil {
		return nil, err
	}
	return c.Transaction.GetRange(kr, opt)
}

// keepsFailed commits what a failing function wrote.
type keepsFailed struct{ *memstore.DB }

func (k keepsFailed) Transact(f func(fdb.Transaction) (any, error)) (any, error) {
	var ferr error
	v, err := k.DB.Transact(func(tr fdb.Transaction) (any, error) {
		v, err := f(tr)
		ferr = err
		return v, nil
	})
	if err != nil {
		return nil, err
	}
	return v, ferr
}

// writableReadOnly hands ReadTransact's function a read-write transaction.
type writableReadOnly struct{ *memstore.DB }

func (w writableReadOnly) ReadTransact(f func(fdb.ReadTransaction) (any, error)) (any, error) {
	return w.DB.Transact(func(tr fdb.Transaction) (any, error) { return f(tr) })
}

// panicsAfterEnd panics on a Get after its Transact returned.
type panicsAfterEnd struct {
	fdb.Transaction
	ended *bool
}

func (p panicsAfterEnd) Get(k fdb.Key) ([]byte, bool, error) {
	if *p.ended {
		panic("use after end")
	}
	return p.Transaction.Get(k)
}

type panicsAfterEndDB struct{ *memstore.DB }

func (p panicsAfterEndDB) Transact(f func(fdb.Transaction) (any, error)) (any, error) {
	ended := false
	defer func() { ended = true }()
	return p.DB.Transact(func(tr fdb.Transaction) (any, error) { return f(panicsAfterEnd{tr, &ended}) })
}

// nestedCommits commits a nested Transact on its own, in a transaction of
// its own.
type nestedCommits struct {
	fdb.Transaction
	db *memstore.DB
}

func (n nestedCommits) Transact(f func(fdb.Transaction) (any, error)) (any, error) {
	return n.db.Transact(f)
}

// TestSuiteCatchesBrokenStores runs the suite against stores that each get
// one thing wrong, and requires the suite to fail, in the case that covers
// the defect at least; and against memstore itself, which must pass
// through the same recorder.
func TestSuiteCatchesBrokenStores(t *testing.T) {
	rapidForBrokenStores(t)
	wrapped := func(wrap func(db *memstore.DB, tr fdb.Transaction) fdb.Transaction) func(tb) fdb.Transactor {
		return func(tb) fdb.Transactor {
			db := memstore.New(nil)
			return brokenDB{db, func(tr fdb.Transaction) fdb.Transaction { return wrap(db, tr) }}
		}
	}
	all := Options{Conflicts: true, BlindAdds: true, Begin: beginBroken}
	with := func(o Options, change func(*Options)) Options { change(&o); return o }
	coarse := with(all, func(o *Options) { o.CoarseRanges = true })
	wrap := func(f func(fdb.Transaction) fdb.Transaction) func(tb) fdb.Transactor {
		return wrapped(func(_ *memstore.DB, tr fdb.Transaction) fdb.Transaction { return f(tr) })
	}
	for _, c := range []struct {
		name     string
		open     func(tb) fdb.Transactor
		opts     Options
		mustFail []string
	}{
		{"LosesEmptyValues", wrapped(func(_ *memstore.DB, tr fdb.Transaction) fdb.Transaction { return losesEmpty{tr} }), all,
			[]string{"EmptyValue", "NilValue", "Model"}},
		{"ReverseLimitOffByOne", wrapped(func(_ *memstore.DB, tr fdb.Transaction) fdb.Transaction { return reverseOffByOne{tr} }), all,
			[]string{"RangeEnds", "RangeOverOwnWrites", "Model"}},
		{"AddKeepsLongerBase", wrapped(func(_ *memstore.DB, tr fdb.Transaction) fdb.Transaction { return addKeepsLength{tr} }), Options{Conflicts: true},
			[]string{"Add", "Model"}},
		{"AddReads", wrapped(func(_ *memstore.DB, tr fdb.Transaction) fdb.Transaction { return addKeepsLength{tr} }), all,
			[]string{"Conflicts", "Serializable"}},
		{"NoKeyLimit", wrapped(func(_ *memstore.DB, tr fdb.Transaction) fdb.Transaction { return noKeyLimit{tr} }), all,
			[]string{"Limits"}},
		{"SnapshotMissesAdds", wrapped(func(db *memstore.DB, tr fdb.Transaction) fdb.Transaction {
			return &snapshotMissesAdds{tr, db, map[string]bool{}}
		}), all, []string{"Add"}},
		{"NoReadConflicts", wrapped(func(_ *memstore.DB, tr fdb.Transaction) fdb.Transaction { return readsThroughSnapshot{tr} }), all,
			[]string{"Conflicts", "Serializable"}},
		{"LimitedReadConflictCutShort", wrap(func(tr fdb.Transaction) fdb.Transaction { return limitConflictCutShort{tr} }), all,
			[]string{"Conflicts", "Serializable"}},
		{"RangeConflictsOnKeysOnly", wrap(func(tr fdb.Transaction) fdb.Transaction { return rangeConflictsOnKeys{tr} }), all,
			[]string{"Conflicts", "Serializable"}},
		{"RangeConflictsOnKeysOnlyCoarse", wrap(func(tr fdb.Transaction) fdb.Transaction { return rangeConflictsOnKeys{tr} }), coarse,
			[]string{"Conflicts", "Serializable"}},
		{"NoRangeConflictsCoarse", wrap(func(tr fdb.Transaction) fdb.Transaction { return rangeReadsNoConflict{tr} }), coarse,
			[]string{"Conflicts", "Serializable"}},
		{"AbsentReadsNoConflict", wrap(func(tr fdb.Transaction) fdb.Transaction { return absentReadsNoConflict{tr} }), all,
			[]string{"Conflicts", "Serializable"}},
		{"ReadsNotAtOneVersion", wrapped(func(db *memstore.DB, tr fdb.Transaction) fdb.Transaction { return &freshGets{Transaction: tr, db: db} }), all,
			[]string{"Serializable"}},
		{"FreshReadsReadOnlyUnchecked", wrapped(func(db *memstore.DB, tr fdb.Transaction) fdb.Transaction { return &freshGets{Transaction: tr, db: db} }),
			with(all, func(o *Options) { o.FreshReads = true }), []string{"Serializable"}},
		{"BlindWritesConflict", wrap(func(tr fdb.Transaction) fdb.Transaction { return blindWritesConflict{tr} }), all,
			[]string{"Conflicts", "Serializable"}},
		{"CoarseRangesWithoutTheOption", wrap(func(tr fdb.Transaction) fdb.Transaction { return coarseRanges{tr} }), all,
			[]string{"Conflicts"}},
		{"LimitedReadConflictsOnWholeRange", wrapped(func(_ *memstore.DB, tr fdb.Transaction) fdb.Transaction { return limitReadsWhole{tr} }), all,
			[]string{"Conflicts"}},
		{"NestedTransactCommits", wrapped(func(db *memstore.DB, tr fdb.Transaction) fdb.Transaction { return nestedCommits{tr, db} }), all,
			[]string{"NestedTransact"}},
		{"KeepsFailedWrites", func(tb) fdb.Transactor { return keepsFailed{memstore.New(nil)} }, all,
			[]string{"FailedTransaction", "Model"}},
		{"WritableReadOnly", func(tb) fdb.Transactor { return writableReadOnly{memstore.New(nil)} }, all,
			[]string{"ReadOnlyByType"}},
		{"PanicsAfterEnd", func(tb) fdb.Transactor { return panicsAfterEndDB{memstore.New(nil)} }, all,
			[]string{"UseAfterEnd"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newRecorder()
			run(r, c.open, c.opts)
			failed := r.failedCases()
			t.Logf("failed cases: %v", failed)
			for _, want := range c.mustFail {
				if !failed[want] {
					t.Errorf("the suite's case %s passed a store that is broken so (failures: %q)", want, *r.failures)
				}
			}
		})
	}
	// Stores that must pass: memstore itself, and a store with coarse
	// range conflicts given the option.
	for _, c := range []struct {
		name string
		open func(tb) fdb.Transactor
		opts Options
	}{
		{"memstore", func(tb) fdb.Transactor { return memstore.New(nil) }, all},
		{"memstore with coarse range conflicts", wrap(func(tr fdb.Transaction) fdb.Transaction { return coarseRanges{tr} }), coarse},
	} {
		r := newRecorder()
		run(r, c.open, c.opts)
		if len(*r.failures) > 0 {
			t.Errorf("%s fails the suite through the recorder: %q", c.name, *r.failures)
		}
	}
}

// TestRecorder checks the recorder itself: a failure is recorded with its
// subtest, a fatal failure ends only its subtest, a panic is a failure.
func TestRecorder(t *testing.T) {
	r := newRecorder()
	ran := false
	r.Run("A", func(t tb) { t.Fatalf("stop %d", 1); ran = true })
	r.Run("B", func(t tb) { t.Run("inner", func(t tb) { panic(errors.New("boom")) }) })
	r.Run("C", func(t tb) { t.Skip("skipped") })
	if ran || !r.Failed() || len(*r.failures) != 2 {
		t.Fatalf("ran after Fatalf: %v; failures %q", ran, *r.failures)
	}
	if got := r.failedCases(); !got["A"] || !got["B"] || got["C"] {
		t.Errorf("failed cases %v", got)
	}
}
