package storetest

import (
	"errors"
	"fmt"

	"github.com/fdbtuple/fdbtuple/fdb"
)

// failedTransaction: a transaction whose function fails, or panics, after
// writing leaves nothing of its writes; its error comes back as it is,
// unretried.
func (s *suite) failedTransaction(t tb) {
	db := s.open(t)
	put(t, db, "a", "1", "b", "2", "c", "3")
	before := pairs("a", "1", "b", "2", "c", "3")
	writeAll := func(tr fdb.Transaction) error {
		for _, err := range []error{
			tr.Set(key("new"), []byte("x")), tr.Set(key("a"), []byte("changed")), tr.Clear(key("b")),
			tr.ClearRange(rng("c", "d")), tr.Add(key("n"), []byte{1}),
		} {
			if err != nil {
				return err
			}
		}
		return nil
	}
	runs := 0
	_, err := db.Transact(func(tr fdb.Transaction) (any, error) {
		runs++
		if err := writeAll(tr); err != nil {
			return nil, err
		}
		return nil, fmt.Errorf("after writing: %w", errStop)
	})
	if !errors.Is(err, errStop) || runs != 1 {
		t.Errorf("Transact of a failing function: %v after %d runs; want its error after 1 run", err, runs)
	}
	wantDump(t, db, "after a failed transaction", before)

	panicked := func() (p any) {
		defer func() { p = recover() }()
		_, err := db.Transact(func(tr fdb.Transaction) (any, error) {
			if err := writeAll(tr); err != nil {
				return nil, err
			}
			panic(errStop)
		})
		t.Errorf("Transact returned (%v) from a function that panicked", err)
		return nil
	}()
	if panicked != errStop {
		t.Errorf("the panic of the function came back as %v", panicked)
	}
	wantDump(t, db, "after a transaction that panicked", before)
	put(t, db, "d", "4")
	wantDump(t, db, "a transaction after the panic", pairs("a", "1", "b", "2", "c", "3", "d", "4"))
}

// readOnlyByType: what ReadTransact and Snapshot hand out cannot be
// asserted to fdb.Transaction, so a read-only path cannot write.
func (s *suite) readOnlyByType(t tb) {
	db := s.open(t)
	_, err := db.ReadTransact(func(rt fdb.ReadTransaction) (any, error) {
		if _, ok := rt.(fdb.Transaction); ok {
			t.Errorf("ReadTransact's transaction (%T) is an fdb.Transaction", rt)
		}
		if sn, ok := rt.Snapshot().(fdb.Transaction); ok {
			t.Errorf("a read-only transaction's Snapshot (%T) is an fdb.Transaction", sn)
		}
		return nil, nil
	})
	must(t, "ReadTransact", err)
	_, err = db.Transact(func(tr fdb.Transaction) (any, error) {
		if sn, ok := tr.Snapshot().(fdb.Transaction); ok {
			t.Errorf("a transaction's Snapshot (%T) is an fdb.Transaction", sn)
		}
		return nil, nil
	})
	must(t, "Transact", err)
}

// nestedTransact: Transact and ReadTransact on a transaction run in it: the
// nested writes are seen at once by the outer transaction and commit with
// it, never on their own; a nested error comes back as it is.
func (s *suite) nestedTransact(t tb) {
	db := s.open(t)
	nested := func(tr fdb.Transaction, fail bool) error {
		v, err := tr.Transact(func(inner fdb.Transaction) (any, error) {
			if err := inner.Set(key("inner"), []byte("1")); err != nil {
				return nil, err
			}
			if fail {
				return nil, errStop
			}
			return "result", nil
		})
		if fail {
			if !errors.Is(err, errStop) {
				t.Errorf("a nested Transact's error came back as %v", err)
			}
			return nil
		}
		if err != nil || v != "result" {
			t.Errorf("nested Transact = %v, %v", v, err)
		}
		_, err = tr.ReadTransact(func(rt fdb.ReadTransaction) (any, error) {
			v, ok, err := rt.Get(key("inner"))
			if err != nil || !ok || string(v) != "1" {
				t.Errorf("a nested ReadTransact reads %q, %v, %v; want the nested write", v, ok, err)
			}
			return nil, nil
		})
		return err
	}
	_, err := db.Transact(func(tr fdb.Transaction) (any, error) {
		if err := nested(tr, false); err != nil {
			return nil, err
		}
		return nil, errStop // the outer transaction fails: the nested write goes with it
	})
	if !errors.Is(err, errStop) {
		t.Fatalf("outer Transact: %v", err)
	}
	wantDump(t, db, "after an outer transaction failed", nil)
	_, err = db.Transact(func(tr fdb.Transaction) (any, error) {
		if err := nested(tr, true); err != nil {
			return nil, err
		}
		return nil, nested(tr, false)
	})
	must(t, "outer Transact", err)
	wantDump(t, db, "after the outer transaction committed", pairs("inner", "1"))
}

// useAfterEnd: a transaction used after its Transact returned refuses every
// call with an error (fdb.Error 2017 after a commit, 1025 after a
// failure), never a panic, and writes nothing.
func (s *suite) useAfterEnd(t tb) {
	db := s.open(t)
	for _, fail := range []bool{false, true} {
		var kept fdb.Transaction
		var keptRead fdb.ReadTransaction
		_, err := db.Transact(func(tr fdb.Transaction) (any, error) {
			kept, keptRead = tr, tr.Snapshot()
			if err := tr.Set(key("k"), []byte("v")); err != nil {
				return nil, err
			}
			if fail {
				return nil, errStop
			}
			return nil, nil
		})
		if fail != errors.Is(err, errStop) {
			t.Fatalf("Transact: %v", err)
		}
		var rtKept fdb.ReadTransaction
		_, err = db.ReadTransact(func(rt fdb.ReadTransaction) (any, error) { rtKept = rt; return nil, nil })
		must(t, "ReadTransact", err)
		calls := map[string]func() error{
			"Get":          func() error { _, _, err := kept.Get(key("k")); return err },
			"GetRange":     func() error { _, err := kept.GetRange(everything, fdb.RangeOptions{}); return err },
			"snapshot Get": func() error { _, _, err := keptRead.Get(key("k")); return err },
			"Set":          func() error { return kept.Set(key("late"), nil) },
			"Clear":        func() error { return kept.Clear(key("k")) },
			"ClearRange":   func() error { return kept.ClearRange(everything) },
			"Add":          func() error { return kept.Add(key("late"), []byte{1}) },
			"Transact": func() error {
				_, err := kept.Transact(func(fdb.Transaction) (any, error) { return nil, nil })
				return err
			},
			"read-only Get": func() error { _, _, err := rtKept.Get(key("k")); return err },
		}
		for name, call := range calls {
			func() {
				defer func() {
					if p := recover(); p != nil {
						t.Errorf("%s after Transact returned (failed: %v) panicked: %v", name, fail, p)
					}
				}()
				err := call()
				var fe fdb.Error
				if !errors.As(err, &fe) || (fe.Code != 2017 && fe.Code != 1025) {
					t.Errorf("%s after Transact returned (failed: %v): %v; want an error wrapping fdb.Error 2017 or 1025", name, fail, err)
				}
			}()
		}
	}
	wantDump(t, db, "after late writes", pairs("k", "v"))
}
