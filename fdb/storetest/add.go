package storetest

import (
	"math/big"
	"slices"

	"github.com/fdbtuple/fdbtuple/fdb"
)

// addModel is FoundationDB's ADD computed with arbitrary precision, apart
// from any store's code: stored and param are unsigned little-endian
// integers, the sum is taken modulo 2^(8·len(param)), after cutting stored
// to len(param) bytes.
func addModel(stored, param []byte) []byte {
	n := len(param)
	le := func(b []byte) *big.Int {
		r := slices.Clone(b)
		slices.Reverse(r)
		return new(big.Int).SetBytes(r)
	}
	mod := new(big.Int).Lsh(big.NewInt(1), uint(8*n))
	sum := le(stored)
	sum.Mod(sum, mod)
	sum.Add(sum, le(param))
	sum.Mod(sum, mod)
	be := sum.FillBytes(make([]byte, n))
	slices.Reverse(be)
	return be
}

// add: FoundationDB's ADD in every situation: absent base, shorter and
// longer base, overflow, empty parameter, several adds, add then set, set
// then add, add after a clear range and after a clear; each read in the
// transaction (through Get, its snapshot and GetRange) and after the
// commit.
func (s *suite) add(t tb) {
	le := func(n uint64, width int) []byte {
		b := make([]byte, width)
		for i := range b {
			b[i] = byte(n >> (8 * i))
		}
		return b
	}
	type write struct {
		op    string // add, set, clear, clearRange
		param []byte
	}
	for _, c := range []struct {
		name   string
		stored []byte // nil: absent
		writes []write
		want   []byte
	}{
		{"AbsentBase", nil, []write{{"add", []byte{1, 0}}}, []byte{1, 0}},
		{"EmptyBase", []byte{}, []write{{"add", []byte{7}}}, []byte{7}},
		{"ShorterBase", []byte{0xff}, []write{{"add", []byte{1, 0, 0}}}, []byte{0, 1, 0}},
		{"LongerBase", []byte{1, 2, 3}, []write{{"add", []byte{1}}}, []byte{2}},
		{"OverflowWraps", []byte{0xff, 0xff}, []write{{"add", []byte{1, 0}}}, []byte{0, 0}},
		{"EmptyParam", []byte{1, 2}, []write{{"add", []byte{}}}, []byte{}},
		{"EmptyParamOnAbsent", nil, []write{{"add", nil}}, []byte{}},
		{"Counter", le(41, 8), []write{{"add", le(1, 8)}}, le(42, 8)},
		{"MinusOne", le(5, 8), []write{{"add", le(1<<64-1, 8)}}, le(4, 8)},
		{"SeveralAdds", le(5, 8), []write{{"add", le(1, 8)}, {"add", le(1, 8)}, {"add", le(1, 8)}}, le(8, 8)},
		{"AddsOfMixedWidths", []byte{0xff, 0x01}, []write{{"add", []byte{1}}, {"add", []byte{0, 1}}, {"add", []byte{0xff, 0xff, 0xff}}}, addModel(addModel(addModel([]byte{0xff, 0x01}, []byte{1}), []byte{0, 1}), []byte{0xff, 0xff, 0xff})},
		{"AddThenSet", le(5, 8), []write{{"add", le(1, 8)}, {"set", []byte("x")}}, []byte("x")},
		{"SetThenAdd", nil, []write{{"set", []byte{5}}, {"add", []byte{1}}}, []byte{6}},
		{"AddAfterClearRange", []byte{9, 9}, []write{{"clearRange", nil}, {"add", []byte{1, 0}}}, []byte{1, 0}},
		{"AddAfterClear", []byte{9, 9}, []write{{"clear", nil}, {"add", []byte{1, 0}}}, []byte{1, 0}},
		{"ClearAfterAdd", []byte{9}, []write{{"add", []byte{1}}, {"clear", nil}}, nil},
		{"ClearRangeAfterAdd", []byte{9}, []write{{"add", []byte{1}}, {"clearRange", nil}}, nil},
	} {
		t.Run(c.name, func(t tb) {
			db := s.open(t)
			k := key("counter")
			others := pairs("counter\x00", "after", "count", "before")
			_, err := db.Transact(func(tr fdb.Transaction) (any, error) {
				for _, kv := range others {
					if err := tr.Set(kv.Key, kv.Value); err != nil {
						return nil, err
					}
				}
				if c.stored != nil {
					return nil, tr.Set(k, c.stored)
				}
				return nil, nil
			})
			must(t, "setting up the store", err)
			check := func(where string, rt fdb.ReadTransaction) {
				t.Helper()
				for name, r := range map[string]fdb.ReadTransaction{"": rt, "snapshot ": rt.Snapshot()} {
					v, ok, err := r.Get(k)
					if err != nil || ok != (c.want != nil) || string(v) != string(c.want) {
						t.Errorf("%s: %sGet = %x, %v, %v; want %x (present: %v)", where, name, v, ok, err, c.want, c.want != nil)
					}
					kvs, err := r.GetRange(everything, fdb.RangeOptions{})
					want := slices.Clone(others)
					if c.want != nil {
						want = append(want, fdb.KeyValue{Key: k, Value: c.want})
					}
					slices.SortFunc(want, func(a, b fdb.KeyValue) int { return slices.Compare(a.Key, b.Key) })
					if err != nil || !sameKVs(kvs, want) {
						t.Errorf("%s: %sGetRange = %s, %v; want %s", where, name, show(kvs), err, show(want))
					}
				}
			}
			_, err = db.Transact(func(tr fdb.Transaction) (any, error) {
				for _, w := range c.writes {
					var err error
					switch w.op {
					case "add":
						err = tr.Add(k, w.param)
					case "set":
						err = tr.Set(k, w.param)
					case "clear":
						err = tr.Clear(k)
					case "clearRange":
						err = tr.ClearRange(rng("counte", "counter\x00")) // the key alone, from a key before it
					}
					if err != nil {
						return nil, err
					}
				}
				check("in the transaction", tr)
				return nil, nil
			})
			must(t, "Transact", err)
			_, err = db.ReadTransact(func(rt fdb.ReadTransaction) (any, error) {
				check("after the commit", rt)
				return nil, nil
			})
			must(t, "ReadTransact", err)
		})
	}
}
