package storetest

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"slices"

	"github.com/fdbtuple/fdbtuple/fdb"
	"pgregory.net/rapid"
)

// state is the reference model: a plain map, sorted when read.
type state map[string][]byte

func (m state) sorted() []fdb.KeyValue {
	var out []fdb.KeyValue
	for _, k := range slices.Sorted(maps.Keys(m)) {
		out = append(out, fdb.KeyValue{Key: key(k), Value: m[k]})
	}
	return out
}

// step is one operation of a random transaction, drawn before the
// transaction runs, so that a store that runs the function again runs the
// same steps.
type step struct {
	op       string
	k, end   fdb.Key
	value    []byte
	limit    int
	reverse  bool
	snapshot bool
	nilValue bool
}

// apply runs a step on the store's transaction and on the model, and
// returns a mismatch between the two as an error.
func (st step) apply(rt fdb.ReadTransaction, m state) error {
	r := rt
	if st.snapshot {
		r = rt.Snapshot()
	}
	switch st.op {
	case "get":
		v, ok, err := r.Get(st.k)
		want, wantOK := m[string(st.k)]
		if err != nil || ok != wantOK || !bytes.Equal(v, want) {
			return fmt.Errorf("%+v: Get = %x, %v, %v; want %x, %v", st, v, ok, err, want, wantOK)
		}
		return nil
	case "range":
		opt := fdb.RangeOptions{Limit: st.limit, Reverse: st.reverse}
		got, err := r.GetRange(fdb.KeyRange{Begin: st.k, End: st.end}, opt)
		want := expectRange(m.sorted(), st.k, st.end, opt)
		if err != nil || !sameKVs(got, want) {
			return fmt.Errorf("%+v: GetRange = %s, %v; want %s", st, show(got), err, show(want))
		}
		return nil
	}
	tr := rt.(fdb.Transaction)
	var err error
	switch st.op {
	case "set":
		v := st.value
		if st.nilValue {
			v = nil
		}
		err = tr.Set(st.k, v)
		m[string(st.k)] = slices.Clone(st.value)
	case "clear":
		err = tr.Clear(st.k)
		delete(m, string(st.k))
	case "clearRange":
		err = tr.ClearRange(fdb.KeyRange{Begin: st.k, End: st.end})
		for k := range m {
			if k >= string(st.k) && k < string(st.end) {
				delete(m, k)
			}
		}
	case "add":
		err = tr.Add(st.k, st.value)
		m[string(st.k)] = addModel(m[string(st.k)], st.value)
	}
	if err != nil {
		return fmt.Errorf("%+v: %w", st, err)
	}
	return nil
}

// model: random transactions of random steps (sets, nil sets, clears,
// clear ranges, adds, and Gets and limited, reverse range reads, plain and
// snapshot) checked against a plain sorted map, each read as it runs and
// the whole store after each transaction; some transactions fail on
// purpose after their steps and must leave nothing, and some are read-only.
func (s *suite) model(t tb) {
	minKey := 0
	if s.opts.NoEmptyKey {
		minKey = 1
	}
	keyGen := rapid.Custom(func(t *rapid.T) fdb.Key {
		return fdb.Key(rapid.SliceOfN(rapid.SampledFrom([]byte{0x00, 0x01, 'a', 'b', 0xfe}), minKey, 3).Draw(t, "key"))
	})
	boundGen := rapid.Custom(func(t *rapid.T) fdb.Key {
		if rapid.IntRange(0, 9).Draw(t, "edge") == 0 {
			return rapid.SampledFrom([]fdb.Key{{}, {0xff}}).Draw(t, "bound")
		}
		return fdb.Key(rapid.SliceOfN(rapid.SampledFrom([]byte{0x00, 0x01, 'a', 'b', 0xfe}), 0, 3).Draw(t, "bound"))
	})
	stepGen := func(readOnly bool) *rapid.Generator[step] {
		ops := []string{"get", "range", "range", "set", "set", "clear", "clearRange", "add"}
		if readOnly {
			ops = ops[:3]
		}
		return rapid.Custom(func(t *rapid.T) step {
			st := step{op: rapid.SampledFrom(ops).Draw(t, "op"), k: keyGen.Draw(t, "k"), snapshot: rapid.Bool().Draw(t, "snapshot")}
			switch st.op {
			case "range", "clearRange":
				st.k, st.end = boundGen.Draw(t, "begin"), boundGen.Draw(t, "end")
				if st.op == "clearRange" && bytes.Compare(st.k, st.end) > 0 {
					st.k, st.end = st.end, st.k
				}
				st.limit = rapid.IntRange(0, 4).Draw(t, "limit")
				st.reverse = rapid.Bool().Draw(t, "reverse")
			case "set":
				st.value = rapid.SliceOfN(rapid.Byte(), 0, 3).Draw(t, "value")
				st.nilValue = len(st.value) == 0 && rapid.Bool().Draw(t, "nil")
			case "add":
				st.value = rapid.SliceOfN(rapid.SampledFrom([]byte{0x00, 0x01, 0xff}), 0, 3).Draw(t, "param")
			}
			return st
		})
	}
	rapid.Check(t, func(rt *rapid.T) {
		db := s.open(t)
		committed := state{}
		for range rapid.IntRange(1, 8).Draw(rt, "transactions") {
			readOnly := rapid.IntRange(0, 4).Draw(rt, "readOnly") == 0
			fail := !readOnly && rapid.IntRange(0, 4).Draw(rt, "fail") == 0
			steps := rapid.SliceOfN(stepGen(readOnly), 1, 12).Draw(rt, "steps")
			var err error
			if readOnly {
				_, err = db.ReadTransact(func(r fdb.ReadTransaction) (any, error) {
					m := maps.Clone(committed)
					for _, st := range steps {
						if err := st.apply(r, m); err != nil {
							return nil, err
						}
					}
					return nil, nil
				})
			} else {
				var m state
				_, err = db.Transact(func(tr fdb.Transaction) (any, error) {
					m = maps.Clone(committed)
					for _, st := range steps {
						if err := st.apply(tr, m); err != nil {
							return nil, err
						}
					}
					if fail {
						return nil, errStop
					}
					return nil, nil
				})
				if err == nil {
					committed = m
				}
			}
			if err != nil && !errors.Is(err, errStop) {
				rt.Fatalf("transaction (read-only: %v): %v", readOnly, err)
			}
			if got, want := dump(rt, db), committed.sorted(); !sameKVs(got, want) {
				rt.Fatalf("after a transaction (failed on purpose: %v) the store holds %s, want %s", fail, show(got), show(want))
			}
		}
	})
}
