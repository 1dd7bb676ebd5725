package timeline

import (
	"context"
	"iter"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/kvpage"
)

// Pages yields every pair of [begin, end), forward or in reverse, reading
// the store pageSize keys at a time (0: kvpage.DefaultPageSize), each page
// continuing just beyond the last key of the one before: it is
// kvpage.Pairs over the KV. The sequence can be ranged over again: each
// range reads [begin, end) from the start. An error ends it.
func Pages(ctx context.Context, kv KV, begin, end []byte, reverse bool, pageSize int) iter.Seq2[Pair, error] {
	r := fdb.KeyRange{Begin: fdb.Key(begin), End: fdb.Key(end)}
	return func(yield func(Pair, error) bool) {
		for p, err := range kvpage.Pairs(kvReader{ctx, kv}, r, kvpage.Options{PageSize: pageSize, Reverse: reverse}) {
			if !yield(Pair{Key: p.Key, Value: p.Value}, err) || err != nil {
				return
			}
		}
	}
}

// kvReader reads a KV through the fdb read interfaces, for kvpage. A KV
// has no read transactions: each read is one of its own, so that a
// ReadTransact runs f on the store as it stands, and the pages of a
// range are each a read of their own, as kvpage's pages on a store are.
type kvReader struct {
	ctx context.Context
	kv  KV
}

func (r kvReader) ReadTransact(f func(fdb.ReadTransaction) (any, error)) (any, error) {
	return f(r)
}

func (r kvReader) Get(key fdb.Key) ([]byte, bool, error) {
	v, err := r.kv.Get(r.ctx, key)
	return v, v != nil, err
}

func (r kvReader) GetRange(rg fdb.ExactRange, opt fdb.RangeOptions) ([]fdb.KeyValue, error) {
	b, e := rg.FDBRangeKeys()
	var out []fdb.KeyValue
	for p, err := range r.kv.Range(r.ctx, b.FDBKey(), e.FDBKey(), opt.Reverse, opt.Limit) {
		if err != nil {
			return nil, err
		}
		out = append(out, fdb.KeyValue{Key: p.Key, Value: p.Value})
	}
	return out, nil
}

func (r kvReader) Snapshot() fdb.ReadTransaction { return r }
