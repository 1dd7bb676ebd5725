package directory

import (
	"bytes"

	"github.com/fdbtuple/fdbtuple/fdb"
)

// opTransaction is the transaction one directory operation sees: the
// caller's, with the values its Gets returned remembered until the
// operation ends. The official algorithm reads some keys again within one
// operation (the version before and after deciding to create; every entry
// and layer of the parent path when it creates the parents; the parent
// entries a move and a remove find twice): on a store where each read is
// a round trip, that doubles the cost of a deep create. Remembered values
// change neither the set of keys read nor the conflicts (a key's read
// conflict is recorded by its first read), nor any write: writes go to the
// transaction and update what is remembered. Snapshot reads and range
// reads are never remembered. The memory lives only while the operation
// holds the transaction's directory lock. Operations that only read never
// read a key twice and go without, but for a Cache's Open, which reads a
// path again to remember it.
type opTransaction struct {
	rt  fdb.ReadTransaction
	w   fdb.Transaction // nil for an operation that only reads
	got map[string]remembered
}

type remembered struct {
	value   []byte
	present bool
}

func newOpTransaction(tr fdb.Transaction) *opTransaction {
	return &opTransaction{rt: tr, w: tr, got: map[string]remembered{}}
}

// newOpReads is an opTransaction for an operation that only reads.
func newOpReads(rt fdb.ReadTransaction) *opTransaction {
	return &opTransaction{rt: rt, got: map[string]remembered{}}
}

func (t *opTransaction) Get(key fdb.Key) ([]byte, bool, error) {
	if r, ok := t.got[string(key)]; ok {
		return r.value, r.present, nil
	}
	v, present, err := t.rt.Get(key)
	if err == nil {
		t.got[string(key)] = remembered{v, present}
	}
	return v, present, err
}

func (t *opTransaction) GetRange(r fdb.ExactRange, opt fdb.RangeOptions) ([]fdb.KeyValue, error) {
	return t.rt.GetRange(r, opt)
}

func (t *opTransaction) Snapshot() fdb.ReadTransaction { return t.rt.Snapshot() }

func (t *opTransaction) ReadTransact(f func(fdb.ReadTransaction) (any, error)) (any, error) {
	return f(t)
}

func (t *opTransaction) Transact(f func(fdb.Transaction) (any, error)) (any, error) {
	return f(t)
}

func (t *opTransaction) Set(key fdb.Key, value []byte) error {
	if err := t.w.Set(key, value); err != nil {
		return err
	}
	t.got[string(key)] = remembered{clone(value), true}
	return nil
}

func (t *opTransaction) Clear(key fdb.Key) error {
	if err := t.w.Clear(key); err != nil {
		return err
	}
	t.got[string(key)] = remembered{nil, false}
	return nil
}

func (t *opTransaction) ClearRange(r fdb.ExactRange) error {
	if err := t.w.ClearRange(r); err != nil {
		return err
	}
	b, e := r.FDBRangeKeys()
	begin, end := b.FDBKey(), e.FDBKey()
	for k := range t.got {
		if bytes.Compare([]byte(k), begin) >= 0 && bytes.Compare([]byte(k), end) < 0 {
			delete(t.got, k)
		}
	}
	return nil
}

func (t *opTransaction) Add(key fdb.Key, param []byte) error {
	delete(t.got, string(key))
	return t.w.Add(key, param)
}

// conflictRanges returns the caller's transaction's conflict ranges, if
// it has them: the allocator asks the operation's transaction, which
// passes the calls on.
func (t *opTransaction) conflictRanges() fdb.ConflictRanges {
	cr, _ := t.w.(fdb.ConflictRanges)
	return cr
}
