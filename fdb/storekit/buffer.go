package storekit

import (
	"bytes"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/internal/ordmap"
)

// WriteBuffer holds a transaction's writes until its commit and gives
// every read of the transaction its own writes (read-your-writes), over a
// Reader of the store at the transaction's read version. A store whose
// native transactions do not see their own writes (a network store that
// commits a batch at the end) keeps one per transaction.
//
// It records sets, clears, clear ranges and adds. An add whose base it
// knows (the key was set or cleared, or lies in a cleared range, in this
// transaction) folds into a set of the sum; an add whose base is in the
// store stays pending: a read computes the sum over the stored value, and
// the commit applies the add to the value committed by then, as
// FoundationDB does, so that concurrent adds to one counter all count. A
// pending add stays pending after a read, because a read through a
// snapshot records no conflict and the stored value may still change
// before the commit. Pending adds of one width in a row are kept as one
// parameter, their sum (see Add), so that a read costs one addition however
// many adds a counter received.
//
// The write methods check their arguments against FoundationDB's rules
// (CheckSet, CheckKey, CheckClearRange) and change nothing when they
// refuse. Reads check theirs too.
//
// The zero value is an empty buffer, ready to use. A WriteBuffer is not
// safe for concurrent use: a store serializes the calls of a transaction.
type WriteBuffer struct {
	points ordmap.Map[entry]  // the point writes, by key
	clears ordmap.Map[[]byte] // the cleared ranges, begin to end: disjoint, not touching, holding no point write
}

// Op is the kind of a point write.
type Op uint8

// The kinds of point write.
const (
	OpSet   Op = iota + 1 // the key holds Write.Value
	OpClear               // the key is absent
	OpAdd                 // Write.Params are added to whatever the store holds at the commit
)

// entry is the write of one key.
type entry struct {
	op     Op
	value  []byte   // OpSet
	params [][]byte // OpAdd, oldest first, adds of one width in a row folded into one
	// adds and addBytes count the adds of an OpAdd and their parameters'
	// bytes, one by one, folded or not: what Size counts.
	adds, addBytes int
}

// Empty reports whether the buffer holds no write.
func (b *WriteBuffer) Empty() bool { return b.points.Empty() && b.clears.Empty() }

// Reset drops every write.
func (b *WriteBuffer) Reset() { *b = WriteBuffer{} }

// Set records that key holds value. A nil value is an empty value, not a
// clear. The buffer keeps copies of both.
func (b *WriteBuffer) Set(key fdb.Key, value []byte) error {
	if err := CheckSet(key, value); err != nil {
		return err
	}
	k, v := copyPair(key, value)
	b.points.Set(k, entry{op: OpSet, value: v})
	return nil
}

// Clear records that key is absent.
func (b *WriteBuffer) Clear(key fdb.Key) error {
	if err := CheckKey(key); err != nil {
		return err
	}
	if b.covered(key) {
		b.points.Delete(key) // the cleared range says it already
		return nil
	}
	k, _ := copyPair(key, nil)
	b.points.Set(k, entry{op: OpClear})
	return nil
}

// ClearRange records that every key from begin (inclusive) to end
// (exclusive) is absent, over any earlier write in the range.
func (b *WriteBuffer) ClearRange(begin, end fdb.Key) error {
	if err := CheckClearRange(begin, end); err != nil {
		return err
	}
	if bytes.Compare(begin, end) >= 0 {
		return nil
	}
	b.points.DeleteRange(begin, end)
	// Merge with the cleared ranges that overlap or touch [begin, end].
	var nb, ne []byte
	if fb, fe, ok := b.clears.Floor(begin); ok && bytes.Compare(fe, begin) >= 0 {
		nb, ne = fb, fe
	} else {
		nb, _ = copyPair(begin, nil)
	}
	if bytes.Compare(end, ne) > 0 {
		ne, _ = copyPair(end, nil)
	}
	var merged [][]byte
	for cb, ce := range b.clears.From(begin) {
		if bytes.Compare(cb, end) > 0 {
			break
		}
		merged = append(merged, cb)
		if bytes.Compare(ce, ne) > 0 {
			ne = ce
		}
	}
	for _, cb := range merged {
		b.clears.Delete(cb)
	}
	b.clears.Set(nb, ne)
	return nil
}

// Add records FoundationDB's ADD of param to the value of key (see
// LittleEndianAdd): folded into a set when the buffer knows the key's
// value, pending otherwise.
//
// A pending add of the width of the pending add before it is folded into
// it, as FoundationDB's write map folds two adds of one width
// (WriteMap::coalesceOver): adding p then q to any value of width n is
// adding their n-byte sum, since both cut the stored value to n bytes and
// addition modulo 2^8n is associative. Adds of different widths stay apart:
// between them the value is cut to one width and extended to the other,
// losing a carry that depends on the stored value, so that no single
// parameter can stand for both.
func (b *WriteBuffer) Add(key fdb.Key, param []byte) error {
	if err := CheckSet(key, param); err != nil {
		return err
	}
	e, ok := b.points.Get(key)
	switch {
	case ok && e.op == OpSet:
		e.value = LittleEndianAdd(e.value, param)
	case ok && e.op == OpClear, !ok && b.covered(key):
		e = entry{op: OpSet, value: LittleEndianAdd(nil, param)}
	case ok: // OpAdd
		if last := len(e.params) - 1; len(e.params[last]) == len(param) {
			e.params[last] = LittleEndianAdd(e.params[last], param)
		} else {
			_, p := copyPair(nil, param)
			e.params = append(e.params, p)
		}
		e.adds++
		e.addBytes += len(param)
	default:
		_, p := copyPair(nil, param)
		e = entry{op: OpAdd, params: [][]byte{p}, adds: 1, addBytes: len(param)}
	}
	k, _ := copyPair(key, nil) // the map keeps the key it is given
	b.points.Set(k, e)
	return nil
}

// covered reports whether key lies in a cleared range.
func (b *WriteBuffer) covered(key fdb.Key) bool {
	_, end, ok := b.clears.Floor(key)
	return ok && bytes.Compare(key, end) < 0
}

// copyPair copies a key and a value into one allocation; the value is
// never nil.
func copyPair(key, value []byte) (fdb.Key, []byte) {
	buf := make([]byte, len(key)+len(value))
	copy(buf, key)
	copy(buf[len(key):], value)
	return fdb.Key(buf[:len(key):len(key)]), buf[len(key):]
}
