package kvpage

import (
	"iter"

	"github.com/fdbtuple/fdbtuple/fdb"
)

// Pairs yields the pairs of r in key order (descending with o.Reverse),
// at most o.Limit of them, reading o.PageSize at a time from rt: in one
// transaction if rt is one, else each page in a read transaction of its
// own (see the package doc for what that means with concurrent writers).
// It reads nothing until the loop starts, and each time the loop is run
// it reads r again from the start. The pairs are the caller's. An error
// is yielded once, with a zero pair, and ends the iteration.
func Pairs(rt fdb.ReadTransactor, r fdb.ExactRange, o Options) iter.Seq2[fdb.KeyValue, error] {
	return func(yield func(fdb.KeyValue, error) bool) {
		w, err := open(r, o, "Pairs")
		if err != nil {
			yield(fdb.KeyValue{}, err)
			return
		}
		begin, end := w.begin, w.end
		left := o.Limit // 0: no limit
		for {
			ask, lookahead := w.size, 1
			if o.Limit > 0 && left <= ask {
				ask, lookahead = left, 0 // the last page: nothing to look past
			}
			kvs, err := fetch(rt, begin, end, ask+lookahead, o.Reverse)
			if err != nil {
				yield(fdb.KeyValue{}, err)
				return
			}
			more := len(kvs) > ask
			if more {
				kvs = kvs[:ask]
				begin, end = beyond(begin, end, kvs[ask-1].Key, o.Reverse)
			}
			for _, kv := range kvs {
				if !yield(kv, nil) {
					return
				}
			}
			left -= len(kvs)
			if !more { // the range ended, or the Limit did: its last page looks past nothing
				return
			}
		}
	}
}
