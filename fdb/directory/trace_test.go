package directory_test

// A transaction wrapper that logs every call a layer makes, in the
// notation of the golden files: "get K", "snap get K", "range B E limit
// L reverse", "set K = V", "clear K", "clear B..E", "add K V", "nwc"
// (next write without conflict range), "wck K" (write conflict key).

import (
	"fmt"

	"github.com/fdbtuple/fdbtuple/fdb"
)

type tracer struct {
	tr   fdb.Transaction
	log  *[]string
	snap bool
}

func traced(tr fdb.Transaction, log *[]string) *tracer { return &tracer{tr: tr, log: log} }

func (t *tracer) logf(format string, args ...any) {
	s := fmt.Sprintf(format, args...)
	if t.snap {
		s = "snap " + s
	}
	*t.log = append(*t.log, s)
}

func hexKey(k fdb.KeyConvertible) string { return fmt.Sprintf("%X", []byte(k.FDBKey())) }

func (t *tracer) Get(key fdb.Key) ([]byte, bool, error) {
	t.logf("get %s", hexKey(key))
	if t.snap {
		return t.tr.Snapshot().Get(key)
	}
	return t.tr.Get(key)
}

func (t *tracer) GetRange(r fdb.ExactRange, opt fdb.RangeOptions) ([]fdb.KeyValue, error) {
	b, e := r.FDBRangeKeys()
	s := fmt.Sprintf("range %s %s", hexKey(b), hexKey(e))
	if opt.Limit > 0 {
		s += fmt.Sprintf(" limit %d", opt.Limit)
	}
	if opt.Reverse {
		s += " reverse"
	}
	t.logf("%s", s)
	if t.snap {
		return t.tr.Snapshot().GetRange(r, opt)
	}
	return t.tr.GetRange(r, opt)
}

func (t *tracer) Snapshot() fdb.ReadTransaction { return &tracer{tr: t.tr, log: t.log, snap: true} }

func (t *tracer) Set(key fdb.Key, value []byte) error {
	t.logf("set %s = %X", hexKey(key), value)
	return t.tr.Set(key, value)
}

func (t *tracer) Clear(key fdb.Key) error {
	t.logf("clear %s", hexKey(key))
	return t.tr.Clear(key)
}

func (t *tracer) ClearRange(r fdb.ExactRange) error {
	b, e := r.FDBRangeKeys()
	t.logf("clear %s..%s", hexKey(b), hexKey(e))
	return t.tr.ClearRange(r)
}

func (t *tracer) Add(key fdb.Key, param []byte) error {
	t.logf("add %s %X", hexKey(key), param)
	return t.tr.Add(key, param)
}

func (t *tracer) AddWriteConflictKey(key fdb.Key) error {
	t.logf("wck %s", hexKey(key))
	if cr, ok := t.tr.(fdb.ConflictRanges); ok {
		return cr.AddWriteConflictKey(key)
	}
	return nil
}

func (t *tracer) SetNextWriteNoWriteConflictRange() error {
	t.logf("nwc")
	if cr, ok := t.tr.(fdb.ConflictRanges); ok {
		return cr.SetNextWriteNoWriteConflictRange()
	}
	return nil
}

func (t *tracer) Transact(f func(fdb.Transaction) (any, error)) (any, error) { return f(t) }
func (t *tracer) ReadTransact(f func(fdb.ReadTransaction) (any, error)) (any, error) {
	return f(t)
}
