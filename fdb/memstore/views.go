package memstore

import (
	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/internal/ordmap"
)

// snapshotView is a transaction's Snapshot: reads that record no conflict.
// It has no write method, so it cannot be asserted to fdb.Transaction.
type snapshotView struct{ tr *Transaction }

func (s snapshotView) Get(key fdb.Key) ([]byte, bool, error) { return s.tr.get(key, true) }

func (s snapshotView) GetRange(r fdb.ExactRange, opt fdb.RangeOptions) ([]fdb.KeyValue, error) {
	return s.tr.getRange(r, opt, true)
}

func (s snapshotView) Snapshot() fdb.ReadTransaction { return s }

func (s snapshotView) ReadTransact(f func(fdb.ReadTransaction) (any, error)) (any, error) {
	if err := s.tr.check("ReadTransact"); err != nil {
		return nil, err
	}
	return f(s)
}

// readView is a transaction seen through ReadTransact: its reads, which
// record conflicts, and no write method.
type readView struct{ tr *Transaction }

func (v readView) Get(key fdb.Key) ([]byte, bool, error) { return v.tr.get(key, false) }

func (v readView) GetRange(r fdb.ExactRange, opt fdb.RangeOptions) ([]fdb.KeyValue, error) {
	return v.tr.getRange(r, opt, false)
}

func (v readView) Snapshot() fdb.ReadTransaction { return snapshotView(v) }

func (v readView) ReadTransact(f func(fdb.ReadTransaction) (any, error)) (any, error) {
	return v.tr.ReadTransact(f)
}

// reader reads the store at a transaction's read version, for its write
// buffer. What it returns shares the store's memory, which nothing
// changes; the buffer copies it out. Its range reads reuse one slice,
// which the buffer keeps no longer than a call.
type reader struct {
	m       ordmap.Map[[]byte] // frozen
	scratch []fdb.KeyValue
}

func (r *reader) Get(key fdb.Key) ([]byte, bool, error) {
	v, ok := r.m.Get(key)
	return v, ok, nil
}

func (r *reader) GetRange(begin, end fdb.Key, limit int, reverse bool) ([]fdb.KeyValue, error) {
	out := r.scratch[:0]
	for k, v := range r.m.Range(begin, end, reverse) {
		out = append(out, fdb.KeyValue{Key: k, Value: v})
		if len(out) == limit {
			break
		}
	}
	r.scratch = out
	return out, nil
}
