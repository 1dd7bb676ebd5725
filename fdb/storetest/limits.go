package storetest

import (
	"bytes"

	"github.com/fdbtuple/fdbtuple/fdb"
)

// FoundationDB's limits, written here again rather than taken from the
// stores' kit, so that the suite checks them apart from the code under
// test.
const (
	keyLimit   = 10_000
	valueLimit = 100_000
)

// limits: FoundationDB's key and value limits and legal key range, refused
// with its codes: a key over 10,000 bytes (2102), a value or Add parameter
// over 100,000 bytes (2103), a key at or above FF (2004) to every write and
// to Get, a range beyond FF (2004), an inverted clear range (2005), a
// negative limit (2012). The largest legal key and value are accepted, a
// refused write leaves the transaction usable and stores nothing.
func (s *suite) limits(t tb) {
	db := s.open(t)
	longKey := bytes.Repeat([]byte{'k'}, keyLimit)
	longValue := bytes.Repeat([]byte{'v'}, valueLimit)
	_, err := db.Transact(func(tr fdb.Transaction) (any, error) {
		wantCode(t, "Set of a key over 10,000 bytes", tr.Set(append(fdb.Key{}, append(longKey, 'k')...), nil), 2102)
		wantCode(t, "Add to a key over 10,000 bytes", tr.Add(append(fdb.Key{}, append(longKey, 'k')...), []byte{1}), 2102)
		wantCode(t, "Set of a value over 100,000 bytes", tr.Set(key("v"), append(longValue, 'v')), 2103)
		wantCode(t, "Add of a parameter over 100,000 bytes", tr.Add(key("v"), append(longValue, 'v')), 2103)
		for _, k := range []fdb.Key{{0xff}, {0xff, 0x00}, {0xff, 0xff, 'x'}} {
			wantCode(t, "Set of "+k.String(), tr.Set(k, nil), 2004)
			wantCode(t, "Clear of "+k.String(), tr.Clear(k), 2004)
			wantCode(t, "Add to "+k.String(), tr.Add(k, []byte{1}), 2004)
			_, _, err := tr.Get(k)
			wantCode(t, "Get of "+k.String(), err, 2004)
			_, _, err = tr.Snapshot().Get(k)
			wantCode(t, "snapshot Get of "+k.String(), err, 2004)
		}
		wantCode(t, "Set of a long key at or above FF", tr.Set(append(fdb.Key{0xff}, longKey...), nil), 2004)
		_, err := tr.GetRange(fdb.KeyRange{Begin: key("a"), End: fdb.Key{0xff, 0x00}}, fdb.RangeOptions{})
		wantCode(t, "GetRange ending beyond FF", err, 2004)
		wantCode(t, "ClearRange ending beyond FF", tr.ClearRange(fdb.KeyRange{Begin: key("a"), End: fdb.Key{0xff, 0x00}}), 2004)
		wantCode(t, "inverted ClearRange", tr.ClearRange(rng("b", "a")), 2005)
		_, err = tr.GetRange(rng("a", "b"), fdb.RangeOptions{Limit: -1})
		wantCode(t, "GetRange with a negative limit", err, 2012)

		// The largest legal key and value, and a range up to FF.
		if err := tr.Set(longKey, longValue); err != nil {
			t.Errorf("Set of a 10,000-byte key and a 100,000-byte value: %v", err)
		}
		if err := tr.Set(fdb.Key{0xfe, 0xff, 0xff}, []byte("top")); err != nil {
			t.Errorf("Set of FE FF FF, the top of the legal keys: %v", err)
		}
		kvs, err := tr.GetRange(fdb.KeyRange{Begin: fdb.Key{0xfe}, End: fdb.Key{0xff}}, fdb.RangeOptions{})
		if err != nil || len(kvs) != 1 {
			t.Errorf("GetRange up to FF = %s, %v", show(kvs), err)
		}
		if err := tr.ClearRange(fdb.KeyRange{Begin: fdb.Key{0xff}, End: fdb.Key{0xff}}); err != nil {
			t.Errorf("ClearRange of the empty range at FF: %v", err)
		}
		return nil, nil
	})
	must(t, "Transact after refused writes", err)
	wantDump(t, db, "after the refused writes and two legal ones", []fdb.KeyValue{{Key: longKey, Value: longValue}, {Key: fdb.Key{0xfe, 0xff, 0xff}, Value: []byte("top")}})
}
