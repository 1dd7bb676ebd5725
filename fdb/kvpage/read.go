package kvpage

import (
	"fmt"

	"github.com/fdbtuple/fdbtuple/fdb"
)

// fetch reads at most limit pairs of [begin, end), in one ReadTransact of
// rt: a transaction of its own on a store, the transaction itself when rt
// is one.
func fetch(rt fdb.ReadTransactor, begin, end fdb.Key, limit int, reverse bool) ([]fdb.KeyValue, error) {
	v, err := rt.ReadTransact(func(tr fdb.ReadTransaction) (any, error) {
		return tr.GetRange(fdb.KeyRange{Begin: begin, End: end}, fdb.RangeOptions{Limit: limit, Reverse: reverse})
	})
	if err != nil {
		return nil, fmt.Errorf("kvpage: read of [%s, %s): %w", fdb.Printable(begin), fdb.Printable(end), err)
	}
	kvs, _ := v.([]fdb.KeyValue)
	return kvs, nil
}

// beyond narrows [begin, end) to the keys beyond key in the direction of
// reading: after it forward, before it in reverse. The bounds do not
// share memory with key, which the caller owns once it is yielded.
func beyond(begin, end, key fdb.Key, reverse bool) (fdb.Key, fdb.Key) {
	if reverse {
		return begin, append(fdb.Key(nil), key...)
	}
	return fdb.KeyAfter(key), end
}
