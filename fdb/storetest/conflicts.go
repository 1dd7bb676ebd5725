package storetest

import (
	"fmt"

	"github.com/fdbtuple/fdbtuple/fdb"
)

// race runs transaction A, and inside its function, after A's reads, a
// whole transaction B on the same store; A then writes and commits. It
// returns how many times A's function ran: 1 if A committed at once, 2 if
// B's commit made A's conflict and the store ran A again (B runs only
// during A's first run).
func race(t tb, db fdb.Transactor, read func(tr fdb.Transaction) error, b func(tr fdb.Transaction) error, write func(tr fdb.Transaction) error) int {
	t.Helper()
	runs := 0
	_, err := db.Transact(func(tr fdb.Transaction) (any, error) {
		runs++
		if err := read(tr); err != nil {
			return nil, err
		}
		if runs == 1 {
			if _, err := db.Transact(func(tr fdb.Transaction) (any, error) { return nil, b(tr) }); err != nil {
				return nil, fmt.Errorf("transaction B: %w", err)
			}
		}
		return nil, write(tr)
	})
	must(t, "transaction A", err)
	return runs
}

func setK(k, v string) func(fdb.Transaction) error {
	return func(tr fdb.Transaction) error { return tr.Set(key(k), []byte(v)) }
}

func getK(k string, snapshot bool) func(fdb.Transaction) error {
	return func(tr fdb.Transaction) error {
		r := fdb.ReadTransaction(tr)
		if snapshot {
			r = tr.Snapshot()
		}
		_, _, err := r.Get(key(k))
		return err
	}
}

func nothing(fdb.Transaction) error { return nil }

// wantRuns fails the test unless A ran as often as expected.
func wantRuns(t tb, what string, got, want int) {
	t.Helper()
	if got != want {
		verdict := map[int]string{1: "commit at once", 2: "conflict and run again"}
		t.Errorf("%s: A ran %d times; want it to %s", what, got, verdict[want])
	}
}

// conflicts: for a store that detects conflicts (Options.Conflicts), a
// commit conflicts exactly when a transaction that committed after its
// reads wrote what it read: a Get, a whole range (a key inserted in it
// too), or the part of a limited range read up to its last pair, in both
// directions; snapshot reads, read-only transactions and blind writes
// never conflict (with Options.CoarseRanges, a range reader may conflict
// beyond the part it read, and A's committed run must then have read
// after B). With fdb.ConflictRanges: AddWriteConflictKey makes a
// reader conflict, and the write after SetNextWriteNoWriteConflictRange
// does not. With Options.BlindAdds: concurrent adds all commit, and each
// counts.
func (s *suite) conflicts(t tb) {
	if !s.opts.Conflicts {
		t.Skip("the store does not detect conflicts (Options.Conflicts)")
	}
	fresh := func(t tb) fdb.Transactor {
		db := s.open(t)
		put(t, db, "a", "1", "b", "2", "c", "3", "d", "4", "k", "v")
		return db
	}
	t.Run("Reads", func(t tb) {
		db := fresh(t)
		wantRuns(t, "A reads k, B writes k", race(t, db, getK("k", false), setK("k", "B"), setK("out", "A")), 2)
		wantRuns(t, "A reads k, B writes k2", race(t, db, getK("k", false), setK("k2", "B"), setK("out", "A")), 1)
		wantRuns(t, "A reads absent x, B writes x", race(t, db, getK("x", false), setK("x", "B"), setK("out", "A")), 2)
		wantRuns(t, "A reads k through a snapshot, B writes k", race(t, db, getK("k", true), setK("k", "B"), setK("out", "A")), 1)
		wantRuns(t, "A only writes k, B writes k", race(t, db, nothing, setK("k", "B"), setK("k", "A")), 1)
		wantRuns(t, "A reads k and writes nothing, B writes k", race(t, db, getK("k", false), setK("k", "B"), nothing), 1)
		wantRuns(t, "A writes k then reads it, B writes k", race(t, db, func(tr fdb.Transaction) error {
			if err := tr.Set(key("k"), []byte("A")); err != nil {
				return err
			}
			_, _, err := tr.Get(key("k"))
			return err
		}, setK("k", "B"), nothing), 1)
		wantDump(t, db, "after the races", pairs("a", "1", "b", "2", "c", "3", "d", "4", "k", "A", "k2", "B", "out", "A", "x", "B"))
	})
	t.Run("ReadOnly", func(t tb) {
		db := fresh(t)
		runs := 0
		_, err := db.ReadTransact(func(rt fdb.ReadTransaction) (any, error) {
			runs++
			if _, _, err := rt.Get(key("k")); err != nil {
				return nil, err
			}
			_, err := db.Transact(func(tr fdb.Transaction) (any, error) { return nil, tr.Set(key("k"), []byte("B")) })
			return nil, err
		})
		must(t, "ReadTransact", err)
		if runs != 1 {
			t.Errorf("a read-only transaction ran %d times after a write to what it read", runs)
		}
	})
	t.Run("Ranges", func(t tb) {
		for _, c := range []struct {
			what    string
			limit   int
			reverse bool
			b       string
			runs    int
		}{
			{"whole range, B changes b", 0, false, "b", 2},
			{"whole range, B inserts bb", 0, false, "bb", 2},
			{"whole range, B writes past the end", 0, false, "e", 1},
			{"limit 2 reads a and b, B changes b", 2, false, "b", 2},
			{"limit 2 reads a and b, B inserts a0", 2, false, "a0", 2},
			{"limit 2 reads a and b, B inserts bb", 2, false, "bb", 1},
			{"limit 2 reads a and b, B changes c", 2, false, "c", 1},
			{"reverse limit 2 reads d and c, B changes c", 2, true, "c", 2},
			{"reverse limit 2 reads d and c, B inserts cc", 2, true, "cc", 2},
			{"reverse limit 2 reads d and c, B inserts bb", 2, true, "bb", 1},
			{"reverse limit 2 reads d and c, B changes a", 2, true, "a", 1},
			{"limit 10 reads all, B inserts bb", 10, false, "bb", 2},
		} {
			db := fresh(t)
			opt := fdb.RangeOptions{Limit: c.limit, Reverse: c.reverse}
			var read []fdb.KeyValue // what A read in the run that committed
			runs := race(t, db, func(tr fdb.Transaction) (err error) {
				read, err = tr.GetRange(rng("a", "e"), opt)
				return err
			}, setK(c.b, "B"), setK("out", "A"))
			if c.runs == 1 && runs == 2 && s.opts.CoarseRanges {
				c.runs = 2 // a coarse store may abort a reader FoundationDB lets commit
			}
			wantRuns(t, c.what, runs, c.runs)
			// A commits after B: what it read must be what it reads
			// after B, in commit order.
			after := state{"a": []byte("1"), "b": []byte("2"), "c": []byte("3"), "d": []byte("4"), "k": []byte("v"), c.b: []byte("B")}
			if want := expectRange(after.sorted(), key("a"), key("e"), opt); !sameKVs(read, want) {
				t.Errorf("%s: A committed after B, having read %s; after B the range holds %s", c.what, show(read), show(want))
			}
		}
		db := fresh(t)
		wantRuns(t, "snapshot range read, B changes b", race(t, db, func(tr fdb.Transaction) error {
			_, err := tr.Snapshot().GetRange(rng("a", "e"), fdb.RangeOptions{})
			return err
		}, setK("b", "B"), setK("out", "A")), 1)
	})
	t.Run("ConflictRanges", func(t tb) {
		db := fresh(t)
		var cr bool
		_, err := db.Transact(func(tr fdb.Transaction) (any, error) { _, cr = tr.(fdb.ConflictRanges); return nil, nil })
		must(t, "Transact", err)
		if !cr {
			t.Skip("the store's transactions do not implement fdb.ConflictRanges")
		}
		conflictKey := func(k string) func(fdb.Transaction) error {
			return func(tr fdb.Transaction) error {
				if err := tr.(fdb.ConflictRanges).AddWriteConflictKey(key(k)); err != nil {
					return err
				}
				return tr.Set(key("other"), []byte("B"))
			}
		}
		wantRuns(t, "A reads k, B adds a write conflict on k", race(t, db, getK("k", false), conflictKey("k"), setK("out", "A")), 2)
		wantRuns(t, "A reads k, B adds a write conflict on j", race(t, db, getK("k", false), conflictKey("j"), setK("out", "A")), 1)
		noConflict := func(writes ...func(fdb.Transaction) error) func(fdb.Transaction) error {
			return func(tr fdb.Transaction) error {
				if err := tr.(fdb.ConflictRanges).SetNextWriteNoWriteConflictRange(); err != nil {
					return err
				}
				for _, w := range writes {
					if err := w(tr); err != nil {
						return err
					}
				}
				return nil
			}
		}
		wantRuns(t, "A reads k, B writes k with no write conflict", race(t, db, getK("k", false), noConflict(setK("k", "B1")), setK("out", "A")), 1)
		wantRuns(t, "A reads k, B clears a range over k with no write conflict", race(t, db, getK("k", false),
			noConflict(func(tr fdb.Transaction) error { return tr.ClearRange(rng("j", "l")) }), setK("out", "A")), 1)
		wantRuns(t, "A reads k, B writes x with no write conflict, then k", race(t, db, getK("k", false), noConflict(setK("x", "B"), setK("k", "B2")), setK("out", "A")), 2)
		wantDump(t, db, "the writes without conflict ranges are written", pairs("a", "1", "b", "2", "c", "3", "d", "4", "k", "B2", "other", "B", "out", "A", "x", "B"))
	})
	t.Run("BlindAdds", func(t tb) {
		if !s.opts.BlindAdds {
			t.Skip("the store's Add reads (Options.BlindAdds)")
		}
		one := []byte{1, 0, 0, 0, 0, 0, 0, 0}
		add := func(tr fdb.Transaction) error { return tr.Add(key("n"), one) }
		db := s.open(t)
		wantRuns(t, "A adds to n, B adds to n", race(t, db, add, add, nothing), 1)
		wantRuns(t, "A adds to n and reads it through a snapshot, B adds", race(t, db, func(tr fdb.Transaction) error {
			if err := add(tr); err != nil {
				return err
			}
			_, _, err := tr.Snapshot().Get(key("n"))
			return err
		}, add, nothing), 1)
		wantRuns(t, "A adds to n and reads it, B adds", race(t, db, func(tr fdb.Transaction) error {
			if err := add(tr); err != nil {
				return err
			}
			_, _, err := tr.Get(key("n"))
			return err
		}, add, nothing), 2)
		// Two adds committed by each race (A's first run in the last one
		// conflicted and left nothing): 6.
		wantDump(t, db, "after the concurrent adds", []fdb.KeyValue{{Key: key("n"), Value: []byte{6, 0, 0, 0, 0, 0, 0, 0}}})
	})
}
