package storetest

import (
	"bytes"
	"slices"

	"github.com/fdbtuple/fdbtuple/fdb"
)

// expectRange reads sorted pairs plainly, as GetRange must: the keys in
// [begin, end), reversed if asked, cut at the limit.
func expectRange(sorted []fdb.KeyValue, begin, end fdb.Key, opt fdb.RangeOptions) []fdb.KeyValue {
	var out []fdb.KeyValue
	for _, kv := range sorted {
		if bytes.Compare(kv.Key, begin) >= 0 && bytes.Compare(kv.Key, end) < 0 {
			out = append(out, kv)
		}
	}
	if opt.Reverse {
		slices.Reverse(out)
	}
	if opt.Limit > 0 && len(out) > opt.Limit {
		out = out[:opt.Limit]
	}
	return out
}

// checkRanges reads each range with limits 0 to 4 in both directions,
// through rt and its snapshot, against the pairs rt must see.
func checkRanges(t tb, where string, rt fdb.ReadTransaction, sees []fdb.KeyValue, ranges []fdb.KeyRange) {
	t.Helper()
	for name, r := range map[string]fdb.ReadTransaction{"": rt, "snapshot ": rt.Snapshot()} {
		for _, kr := range ranges {
			for limit := range 5 {
				for _, reverse := range []bool{false, true} {
					opt := fdb.RangeOptions{Limit: limit, Reverse: reverse}
					got, err := r.GetRange(kr, opt)
					want := expectRange(sees, kr.Begin.FDBKey(), kr.End.FDBKey(), opt)
					if err != nil || !sameKVs(got, want) {
						t.Errorf("%s: %sGetRange([%s, %s), limit %d, reverse %v) = %s, %v; want %s",
							where, name, kr.Begin, kr.End, limit, reverse, show(got), err, show(want))
					}
				}
			}
		}
	}
}

// rangeEnds: range reads at the ends of a range: the last key of the range
// (a limited reverse read returns it first), a key equal to the end
// (excluded), the begin (included), limits of 1, 2 and all, empty ranges,
// begin == end, begin > end (empty, no error), ranges ending past the last
// key and starting before the first.
func (s *suite) rangeEnds(t tb) {
	db := s.open(t)
	put(t, db, "a", "1", "b", "2", "c", "3", "d", "4", "d\x00", "5")
	stored := pairs("a", "1", "b", "2", "c", "3", "d", "4", "d\x00", "5")
	ranges := []fdb.KeyRange{
		rng("a", "d"), rng("b", "d"), rng("b", "c"), rng("a", "d\x00"), rng("a", "d\x00\x00"),
		rng("\x00", "z"), rng("c", "c"), rng("d", "b"), rng("e", "z"), rng("0", "a"), rng("b\x00", "c"),
		everything,
	}
	_, err := db.ReadTransact(func(rt fdb.ReadTransaction) (any, error) {
		checkRanges(t, "read-only transaction", rt, stored, ranges)
		return nil, nil
	})
	must(t, "ReadTransact", err)
	_, err = db.Transact(func(tr fdb.Transaction) (any, error) {
		checkRanges(t, "read-write transaction", tr, stored, ranges)
		return nil, nil
	})
	must(t, "Transact", err)
}

// rangeOverOwnWrites: a transaction's range reads merge its sets, clears
// and clear ranges (over keys the store still holds, and sets inside a
// cleared range) with the stored pairs, in both directions, at every
// limit; after the commit, the store holds the merge.
func (s *suite) rangeOverOwnWrites(t tb) {
	db := s.open(t)
	put(t, db, "a", "1", "b", "2", "c", "3", "d", "4", "e", "5", "f", "6", "g", "7")
	want := pairs("a", "new", "b", "2", "b2", "", "d5", "x", "e", "5", "g", "7")
	ranges := []fdb.KeyRange{everything, rng("b", "e"), rng("c", "e"), rng("b2", "d6"), rng("d", "e"), rng("a\x00", "g")}
	_, err := db.Transact(func(tr fdb.Transaction) (any, error) {
		for _, w := range []func() error{
			func() error { return tr.Set(key("b2"), nil) },
			func() error { return tr.Clear(key("c")) },
			func() error { return tr.ClearRange(rng("d", "e")) },
			func() error { return tr.Set(key("d5"), []byte("x")) },
			func() error { return tr.Set(key("a"), []byte("new")) },
			func() error { return tr.ClearRange(rng("f", "g")) },
			func() error { return tr.Clear(key("zz")) },
		} {
			if err := w(); err != nil {
				return nil, err
			}
		}
		checkRanges(t, "over the transaction's writes", tr, want, ranges)
		return nil, nil
	})
	must(t, "Transact", err)
	wantDump(t, db, "after the commit", want)
}

// writeWhileIterating: clearing and setting keys while walking the result
// of a range read leaves the result as it was read (the caller owns it:
// appending to a returned value must not overwrite the next pair, so a
// store that returns slices of one buffer caps each) and the next read
// sees the writes.
func (s *suite) writeWhileIterating(t tb) {
	db := s.open(t)
	put(t, db, "a", "1", "b", "2", "c", "3", "d", "4", "e", "5")
	_, err := db.Transact(func(tr fdb.Transaction) (any, error) {
		kvs, err := tr.GetRange(everything, fdb.RangeOptions{})
		if err != nil {
			return nil, err
		}
		before := show(kvs)
		for i, kv := range kvs {
			switch i % 3 {
			case 0:
				err = tr.ClearRange(fdb.KeyRange{Begin: kv.Key, End: append(append(fdb.Key{}, kv.Key...), 0)})
			case 1:
				err = tr.Set(kv.Key, append(kv.Value, '!'))
			case 2:
				err = tr.Clear(kv.Key)
			}
			if err != nil {
				return nil, err
			}
			if err := tr.Set(append(append(fdb.Key{}, kv.Key...), '+'), nil); err != nil {
				return nil, err
			}
		}
		if show(kvs) != before {
			t.Errorf("writes changed a range read's result: %s, was %s", show(kvs), before)
		}
		want := pairs("a+", "", "b", "2!", "b+", "", "c+", "", "d+", "", "e", "5!", "e+", "")
		checkRanges(t, "after writes during the walk", tr, want, []fdb.KeyRange{everything})
		return nil, nil
	})
	must(t, "Transact", err)
	wantDump(t, db, "after the commit", pairs("a+", "", "b", "2!", "b+", "", "c+", "", "d+", "", "e", "5!", "e+", ""))
	// The result of a read after the commit is the caller's too:
	// changing its bytes changes nothing stored.
	for _, kv := range dump(t, db) {
		for i := range kv.Value {
			kv.Value[i] = 'X'
		}
		for i := range kv.Key {
			kv.Key[i] = 'X'
		}
	}
	wantDump(t, db, "after changing a returned value's bytes", pairs("a+", "", "b", "2!", "b+", "", "c+", "", "d+", "", "e", "5!", "e+", ""))
}
