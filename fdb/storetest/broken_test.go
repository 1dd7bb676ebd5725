package storetest

import (
	"errors"
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
	noFailFiles(t)
	wrapped := func(wrap func(db *memstore.DB, tr fdb.Transaction) fdb.Transaction) func(tb) fdb.Transactor {
		return func(tb) fdb.Transactor {
			db := memstore.New(nil)
			return brokenDB{db, func(tr fdb.Transaction) fdb.Transaction { return wrap(db, tr) }}
		}
	}
	all := Options{Conflicts: true, BlindAdds: true}
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
			[]string{"Conflicts"}},
		{"NoKeyLimit", wrapped(func(_ *memstore.DB, tr fdb.Transaction) fdb.Transaction { return noKeyLimit{tr} }), all,
			[]string{"Limits"}},
		{"SnapshotMissesAdds", wrapped(func(db *memstore.DB, tr fdb.Transaction) fdb.Transaction {
			return &snapshotMissesAdds{tr, db, map[string]bool{}}
		}), all, []string{"Add"}},
		{"NoReadConflicts", wrapped(func(_ *memstore.DB, tr fdb.Transaction) fdb.Transaction { return readsThroughSnapshot{tr} }), all,
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
	r := newRecorder()
	run(r, func(tb) fdb.Transactor { return memstore.New(nil) }, all)
	if len(*r.failures) > 0 {
		t.Errorf("memstore fails the suite through the recorder: %q", *r.failures)
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
