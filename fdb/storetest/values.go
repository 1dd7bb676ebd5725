package storetest

import "github.com/fdbtuple/fdbtuple/fdb"

// checkPresent checks, through every way of reading, that k holds want
// (present, possibly empty) and that absent is absent.
func checkPresent(t tb, where string, rt fdb.ReadTransaction, k fdb.Key, want []byte, absent fdb.Key) {
	t.Helper()
	for name, r := range map[string]fdb.ReadTransaction{"": rt, "snapshot ": rt.Snapshot()} {
		v, ok, err := r.Get(k)
		if err != nil || !ok || string(v) != string(want) {
			t.Errorf("%s: %sGet(%s) = %x, %v, %v; want %x, present", where, name, k, v, ok, err, want)
		}
		if v, ok, err := r.Get(absent); err != nil || ok {
			t.Errorf("%s: %sGet(%s) of an absent key = %x, %v, %v; want absent", where, name, absent, v, ok, err)
		}
		kvs, err := r.GetRange(fdb.KeyRange{Begin: k, End: append(append(fdb.Key{}, k...), 0xff)}, fdb.RangeOptions{})
		if err != nil || len(kvs) != 1 || string(kvs[0].Key) != string(k) || string(kvs[0].Value) != string(want) {
			t.Errorf("%s: %sGetRange from %s = %s, %v; want the one pair", where, name, k, show(kvs), err)
		}
	}
}

// emptyValue: a key stored with an empty value is present, inside the
// writing transaction and after its commit, through Get, a snapshot's Get
// and GetRange; a key never written is absent.
func (s *suite) emptyValue(t tb) {
	db := s.open(t)
	_, err := db.Transact(func(tr fdb.Transaction) (any, error) {
		if err := tr.Set(key("e"), []byte{}); err != nil {
			return nil, err
		}
		checkPresent(t, "in the writing transaction", tr, key("e"), []byte{}, key("e\x00"))
		return nil, nil
	})
	must(t, "Transact", err)
	_, err = db.ReadTransact(func(rt fdb.ReadTransaction) (any, error) {
		checkPresent(t, "after the commit", rt, key("e"), []byte{}, key("e\x00"))
		return nil, nil
	})
	must(t, "ReadTransact", err)
	_, err = db.Transact(func(tr fdb.Transaction) (any, error) {
		checkPresent(t, "in a later read-write transaction", tr, key("e"), []byte{}, key("d"))
		return nil, nil
	})
	must(t, "Transact", err)
}

// nilValue: Set with a nil value stores an empty value, over an absent key
// and over a longer value; it never clears.
func (s *suite) nilValue(t tb) {
	db := s.open(t)
	put(t, db, "old", "value")
	_, err := db.Transact(func(tr fdb.Transaction) (any, error) {
		for _, k := range []string{"new", "old"} {
			if err := tr.Set(key(k), nil); err != nil {
				return nil, err
			}
			checkPresent(t, "in the writing transaction", tr, key(k), []byte{}, key("zz"))
		}
		return nil, nil
	})
	must(t, "Transact", err)
	wantDump(t, db, "after Set(nil) of a new and an old key", pairs("new", "", "old", ""))
}

// emptyKey: the empty key is a key like any other, or, on a store that
// cannot hold it, a write of it is refused and stores nothing.
func (s *suite) emptyKey(t tb) {
	db := s.open(t)
	_, err := db.Transact(func(tr fdb.Transaction) (any, error) {
		if err := tr.Set(fdb.Key{}, []byte("v")); err != nil {
			return nil, err
		}
		checkPresent(t, "in the writing transaction", tr, fdb.Key{}, []byte("v"), key("\x00"))
		return nil, nil
	})
	if s.opts.NoEmptyKey {
		if err == nil {
			t.Fatal("Set of the empty key was accepted by a store with Options.NoEmptyKey")
		}
		wantDump(t, db, "after a refused Set of the empty key", nil)
		return
	}
	must(t, "Transact", err)
	wantDump(t, db, "after Set of the empty key", pairs("", "v"))
}
