package timeline

import (
	"context"
	"iter"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/kvpage"
)

// Pages yields every pair of [begin, end), forward or in reverse, reading
// the store pageSize keys at a time (0: kvpage.DefaultPageSize), each page
// in a read-only transaction of its own and continuing just beyond the
// last key of the one before: it is kvpage.Pairs, with the context checked
// before each page and a failed read wrapped in a KeyError naming where
// the range began. Given a transaction instead of a store, every page is
// read in it. The sequence can be ranged over again: each range reads
// [begin, end) from the start. An error ends it.
func Pages(ctx context.Context, db fdb.ReadTransactor, begin, end []byte, reverse bool, pageSize int) iter.Seq2[fdb.KeyValue, error] {
	r := fdb.KeyRange{Begin: fdb.Key(begin), End: fdb.Key(end)}
	return func(yield func(fdb.KeyValue, error) bool) {
		for p, err := range kvpage.Pairs(contextReader{ctx, db}, r, kvpage.Options{PageSize: pageSize, Reverse: reverse}) {
			if err != nil {
				yield(fdb.KeyValue{}, &KeyError{"range", begin, err})
				return
			}
			if !yield(p, nil) {
				return
			}
		}
	}
}

// contextReader checks the context before each read transaction, so that
// a cancelled scan stops at the next page.
type contextReader struct {
	ctx context.Context
	db  fdb.ReadTransactor
}

func (r contextReader) ReadTransact(f func(fdb.ReadTransaction) (any, error)) (any, error) {
	if err := r.ctx.Err(); err != nil {
		return nil, err
	}
	return r.db.ReadTransact(f)
}
