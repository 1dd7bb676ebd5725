package directory_test

// A stand-in ordered store for the tests until fdb/memstore lands: a
// sorted slice of pairs, each transaction working on its own copy that
// replaces the store's on commit. No concurrency, no conflicts; reads
// counted.

import (
	"bytes"
	"slices"
	"sort"
	"sync"

	"github.com/fdbtuple/fdbtuple/fdb"
)

type kv struct{ k, v []byte }

type standin struct {
	mu    sync.Mutex
	data  []kv
	reads int
}

func newStandin() *standin { return &standin{} }

type standinTx struct {
	s    *standin
	data []kv
}

func (s *standin) Transact(f func(fdb.Transaction) (any, error)) (any, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	tx := &standinTx{s: s, data: slices.Clone(s.data)}
	r, err := f(tx)
	if err != nil {
		return nil, err
	}
	s.data = tx.data
	return r, nil
}

func (s *standin) ReadTransact(f func(fdb.ReadTransaction) (any, error)) (any, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	tx := &standinTx{s: s, data: s.data}
	return f(tx)
}

// Dump returns every pair in key order.
func (s *standin) Dump() []fdb.KeyValue {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]fdb.KeyValue, len(s.data))
	for i, p := range s.data {
		out[i] = fdb.KeyValue{Key: slices.Clone(p.k), Value: slices.Clone(p.v)}
	}
	return out
}

// Load replaces the store's contents.
func (s *standin) Load(kvs []fdb.KeyValue) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.data = nil
	for _, p := range kvs {
		s.data = append(s.data, kv{slices.Clone(p.Key), slices.Clone(p.Value)})
	}
	sort.Slice(s.data, func(i, j int) bool { return bytes.Compare(s.data[i].k, s.data[j].k) < 0 })
}

func (s *standin) Reads() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.reads
}

func (t *standinTx) find(k []byte) (int, bool) {
	return sort.Find(len(t.data), func(i int) int { return bytes.Compare(k, t.data[i].k) })
}

func (t *standinTx) Get(key fdb.Key) ([]byte, bool, error) {
	t.s.reads++
	i, ok := t.find(key)
	if !ok {
		return nil, false, nil
	}
	return slices.Clone(t.data[i].v), true, nil
}

func (t *standinTx) GetRange(r fdb.ExactRange, opt fdb.RangeOptions) ([]fdb.KeyValue, error) {
	t.s.reads++
	b, e := r.FDBRangeKeys()
	i, _ := t.find(b.FDBKey())
	j, _ := t.find(e.FDBKey())
	var out []fdb.KeyValue
	if j < i {
		return nil, nil
	}
	sel := t.data[i:j]
	if opt.Reverse {
		for x := len(sel) - 1; x >= 0; x-- {
			out = append(out, fdb.KeyValue{Key: slices.Clone(sel[x].k), Value: slices.Clone(sel[x].v)})
			if opt.Limit > 0 && len(out) == opt.Limit {
				break
			}
		}
		return out, nil
	}
	for _, p := range sel {
		out = append(out, fdb.KeyValue{Key: slices.Clone(p.k), Value: slices.Clone(p.v)})
		if opt.Limit > 0 && len(out) == opt.Limit {
			break
		}
	}
	return out, nil
}

func (t *standinTx) Snapshot() fdb.ReadTransaction { return t }

func (t *standinTx) Set(key fdb.Key, value []byte) error {
	i, ok := t.find(key)
	v := append([]byte{}, value...)
	if ok {
		t.data[i].v = v
		return nil
	}
	t.data = slices.Insert(t.data, i, kv{slices.Clone(key), v})
	return nil
}

func (t *standinTx) Clear(key fdb.Key) error {
	if i, ok := t.find(key); ok {
		t.data = slices.Delete(t.data, i, i+1)
	}
	return nil
}

func (t *standinTx) ClearRange(r fdb.ExactRange) error {
	b, e := r.FDBRangeKeys()
	i, _ := t.find(b.FDBKey())
	j, _ := t.find(e.FDBKey())
	if j > i {
		t.data = slices.Delete(t.data, i, j)
	}
	return nil
}

func (t *standinTx) Add(key fdb.Key, param []byte) error {
	cur, _, _ := t.Get(key)
	t.s.reads--
	out := make([]byte, len(param))
	copy(out, cur)
	var carry uint16
	for i := range out {
		s := uint16(out[i]) + uint16(param[i]) + carry
		out[i], carry = byte(s), s>>8
	}
	return t.Set(key, out)
}

func (t *standinTx) AddWriteConflictKey(fdb.Key) error       { return nil }
func (t *standinTx) SetNextWriteNoWriteConflictRange() error { return nil }

func (t *standinTx) Transact(f func(fdb.Transaction) (any, error)) (any, error) { return f(t) }
func (t *standinTx) ReadTransact(f func(fdb.ReadTransaction) (any, error)) (any, error) {
	return f(t)
}
