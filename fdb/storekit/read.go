package storekit

import (
	"bytes"
	"iter"

	"github.com/fdbtuple/fdbtuple/fdb"
)

// A Reader reads a store at a transaction's read version, without the
// transaction's own writes: what a WriteBuffer merges its writes over.
//
// The pairs and values it returns may share memory with the store: the
// buffer neither changes nor keeps them, and hands its callers copies. It
// keeps no slice GetRange returns past the call, so a Reader may reuse one
// slice for all its range reads.
type Reader interface {
	// Get returns the value stored under key; present is false only for
	// an absent key.
	Get(key fdb.Key) (value []byte, present bool, err error)
	// GetRange returns the pairs whose keys lie in [begin, end) in
	// ascending order, or descending if reverse, at most limit of them
	// if limit is positive. begin is below end.
	GetRange(begin, end fdb.Key, limit int, reverse bool) ([]fdb.KeyValue, error)
}

// Get returns the value of key as the transaction sees it: its own write
// of the key, or the stored value under its pending adds, or the stored
// value. The value is the caller's.
func (b *WriteBuffer) Get(r Reader, key fdb.Key) (value []byte, present bool, err error) {
	if err := CheckKey(key); err != nil {
		return nil, false, err
	}
	if e, ok := b.points.Get(key); ok {
		switch e.op {
		case OpSet:
			return cloneValue(e.value), true, nil
		case OpClear:
			return nil, false, nil
		}
		stored, _, err := r.Get(key)
		if err != nil {
			return nil, false, err
		}
		return applyAdds(stored, e.params), true, nil
	}
	if b.covered(key) {
		return nil, false, nil
	}
	v, ok, err := r.Get(key)
	if err != nil || !ok {
		return nil, false, err
	}
	return cloneValue(v), true, nil
}

// cloneValue copies a present value; the copy is never nil, even empty.
func cloneValue(v []byte) []byte {
	c := make([]byte, len(v))
	copy(c, v)
	return c
}

// GetRange returns the pairs of [begin, end) as the transaction sees
// them, in ascending order or descending if opt.Reverse, at most opt.Limit
// of them if it is positive: the stored pairs, less the keys the
// transaction cleared, with the values it set, and with its pending adds
// applied (a pending add of a key the store does not hold makes the key
// present). A begin at or above the end is an empty range. The pairs are
// the caller's.
//
// It reads the store once for each part of the range that no cleared range
// covers, asking for no more pairs than the limit and the transaction's
// point clears there can need, and stops at the limit.
func (b *WriteBuffer) GetRange(r Reader, begin, end fdb.Key, opt fdb.RangeOptions) ([]fdb.KeyValue, error) {
	if err := CheckRange(begin, end); err != nil {
		return nil, err
	}
	if err := CheckLimit(opt.Limit); err != nil {
		return nil, err
	}
	if bytes.Compare(begin, end) >= 0 {
		return []fdb.KeyValue{}, nil
	}
	if b.Empty() {
		kvs, err := r.GetRange(begin, end, opt.Limit, opt.Reverse)
		if err != nil {
			return nil, err
		}
		return ClonePairs(kvs), nil
	}
	var out []fdb.KeyValue
	for seg := range b.segments(begin, end, opt.Reverse) {
		var err error
		var full bool
		if seg.cleared {
			out, full = b.readCleared(seg.begin, seg.end, opt, out)
		} else {
			out, full, err = b.readSegment(r, seg.begin, seg.end, opt, out)
		}
		if err != nil {
			return nil, err
		}
		if full {
			break
		}
	}
	return ClonePairs(out), nil
}

// readCleared appends the pairs of [sb, se), a range the transaction
// cleared, to out, up to the limit, and reports whether out is full: only
// what the transaction wrote there since.
func (b *WriteBuffer) readCleared(sb, se fdb.Key, opt fdb.RangeOptions, out []fdb.KeyValue) ([]fdb.KeyValue, bool) {
	for k, e := range b.points.Range(sb, se, opt.Reverse) {
		if opt.Limit > 0 && len(out) >= opt.Limit {
			break
		}
		switch e.op {
		case OpSet:
			out = append(out, fdb.KeyValue{Key: k, Value: e.value})
		case OpAdd: // not left pending over a cleared base, but its meaning is plain
			out = append(out, fdb.KeyValue{Key: k, Value: applyAdds(nil, e.params)})
		}
	}
	return out, opt.Limit > 0 && len(out) >= opt.Limit
}

// readSegment appends the pairs of [sb, se), a range no cleared range
// covers, to out, up to the limit, and reports whether out is full.
//
// Why one read of the store is enough: the read asks for the pairs still
// wanted (n) plus the point clears met in the buffer (c), so that even if
// every clear hides one of them, n stored pairs survive at or before the
// last one read, and the first n pairs of the merge lie there too. The
// buffer is walked only until n of its own writes (sets and adds, each a
// pair) are found, and the store only up to the last of them, since n pairs
// lie at or before it.
func (b *WriteBuffer) readSegment(r Reader, sb, se fdb.Key, opt fdb.RangeOptions, out []fdb.KeyValue) ([]fdb.KeyValue, bool, error) {
	limited := opt.Limit > 0
	rev := opt.Reverse
	for {
		want := opt.Limit - len(out)
		var writes []pointWrite
		clears, pairs := 0, 0
		var bound fdb.Key // the last write walked, when the walk stopped at n pairs
		for k, e := range b.points.Range(sb, se, rev) {
			writes = append(writes, pointWrite{k, e})
			if e.op == OpClear {
				clears++
				continue
			}
			if pairs++; limited && pairs == want {
				bound = k
				break
			}
		}
		rb, re := sb, se
		if bound != nil {
			if rev {
				rb = bound
			} else {
				re = fdb.KeyAfter(bound)
			}
		}
		ask := 0
		if limited {
			ask = want + clears
		}
		stored, err := r.GetRange(rb, re, ask, rev)
		if err != nil {
			return nil, false, err
		}
		whole := ask == 0 || len(stored) < ask // the store has nothing more in [rb, re)
		var last fdb.Key                       // else the last stored key read: merge no write past it
		if !whole {
			last = stored[len(stored)-1].Key
		}
		before := func(a, b []byte) bool { // a comes before b in the reading order
			if rev {
				return bytes.Compare(a, b) > 0
			}
			return bytes.Compare(a, b) < 0
		}
		i, j := 0, 0
		for !limited || len(out) < opt.Limit {
			wOK := i < len(writes) && (whole || !before(last, writes[i].key))
			sOK := j < len(stored)
			if !wOK && !sOK {
				break
			}
			if sOK && (!wOK || before(stored[j].Key, writes[i].key)) {
				out = append(out, stored[j])
				j++
				continue
			}
			w := writes[i]
			i++
			var base []byte
			if sOK && bytes.Equal(stored[j].Key, w.key) {
				base = stored[j].Value
				j++
			}
			switch w.e.op {
			case OpSet:
				out = append(out, fdb.KeyValue{Key: w.key, Value: w.e.value})
			case OpAdd:
				out = append(out, fdb.KeyValue{Key: w.key, Value: applyAdds(base, w.e.params)})
			}
		}
		if limited && len(out) >= opt.Limit {
			return out, true, nil
		}
		if whole {
			return out, false, nil
		}
		// Not reached when the store returns what it is asked for (see
		// above); read on past the last stored key if it returned less.
		if rev {
			se = last
		} else {
			sb = fdb.KeyAfter(last)
		}
	}
}

// pointWrite is a point write met in a range.
type pointWrite struct {
	key fdb.Key
	e   entry
}

// segment is a part of a range: one that a cleared range covers, where
// only the transaction's own writes are to be read, or one that no cleared
// range touches.
type segment struct {
	begin, end fdb.Key
	cleared    bool
}

// segments cuts [begin, end) at the ends of the cleared ranges, and yields
// the parts in the reading order.
func (b *WriteBuffer) segments(begin, end fdb.Key, reverse bool) iter.Seq[segment] {
	return func(yield func(segment) bool) {
		if reverse {
			pos := end
			for cb, ce := range b.clears.Below(end) {
				if bytes.Compare(ce, begin) <= 0 {
					break
				}
				if bytes.Compare(ce, pos) < 0 {
					if !yield(segment{ce, pos, false}) {
						return
					}
					pos = ce
				}
				lo := maxKey(cb, begin)
				if !yield(segment{lo, pos, true}) {
					return
				}
				if pos = lo; bytes.Compare(pos, begin) <= 0 {
					return
				}
			}
			if bytes.Compare(begin, pos) < 0 {
				yield(segment{begin, pos, false})
			}
			return
		}
		pos := begin
		if _, fe, ok := b.clears.Floor(begin); ok && bytes.Compare(fe, pos) > 0 {
			hi := minKey(fe, end)
			if !yield(segment{pos, hi, true}) {
				return
			}
			pos = hi
		}
		for cb, ce := range b.clears.From(begin) {
			if bytes.Compare(pos, end) >= 0 || bytes.Compare(cb, end) >= 0 {
				break
			}
			if bytes.Compare(pos, cb) < 0 {
				if !yield(segment{pos, cb, false}) {
					return
				}
				pos = cb
			}
			hi := minKey(ce, end)
			if bytes.Compare(pos, hi) < 0 {
				if !yield(segment{pos, hi, true}) {
					return
				}
				pos = hi
			}
		}
		if bytes.Compare(pos, end) < 0 {
			yield(segment{pos, end, false})
		}
	}
}

func minKey(a, b fdb.Key) fdb.Key {
	if bytes.Compare(a, b) <= 0 {
		return a
	}
	return b
}

func maxKey(a, b fdb.Key) fdb.Key {
	if bytes.Compare(a, b) >= 0 {
		return a
	}
	return b
}

// copyOut copies the pairs into a new slice and their bytes into one
// allocation, so that the caller owns them and shares nothing with the
// store or the buffer. Each key and value is capped at its length, so that
// appending to one does not overwrite the next.
func ClonePairs(kvs []fdb.KeyValue) []fdb.KeyValue {
	n := 0
	for _, kv := range kvs {
		n += len(kv.Key) + len(kv.Value)
	}
	buf := make([]byte, n)
	out := make([]fdb.KeyValue, len(kvs))
	for i, kv := range kvs {
		k := copy(buf, kv.Key)
		v := copy(buf[k:], kv.Value)
		out[i] = fdb.KeyValue{Key: fdb.Key(buf[:k:k]), Value: buf[k : k+v : k+v]}
		buf = buf[k+v:]
	}
	return out
}
