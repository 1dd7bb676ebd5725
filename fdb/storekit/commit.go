package storekit

import (
	"bytes"
	"iter"

	"github.com/fdbtuple/fdbtuple/fdb"
)

// A Write is the pending write of one key, as a commit applies it.
type Write struct {
	Key fdb.Key
	Op  Op
	// Value is the value of an OpSet, never nil.
	Value []byte
	// Params are the parameters of an OpAdd, oldest first, to apply to
	// the value the key holds when the commit applies them. Adds of one
	// width in a row are one parameter, their sum (see WriteBuffer.Add):
	// applying Params gives what applying each add in turn gives.
	Params [][]byte
}

// Apply returns what the key holds after the write, given what it holds
// before: the set value, nothing, or the stored value (absent counting as
// empty) with the adds applied (see LittleEndianAdd). keep is false when
// the key is to be absent.
func (w Write) Apply(stored []byte) (value []byte, keep bool) {
	switch w.Op {
	case OpSet:
		return w.Value, true
	case OpAdd:
		return applyAdds(stored, w.Params), true
	}
	return nil, false
}

// ClearRanges yields the cleared ranges, begin and end, in key order. They
// are disjoint, and every point write (Writes) came after the clear ranges
// around it, so a commit applies the clear ranges first, then the point
// writes, in any order among each.
//
// The keys are the buffer's; a store may keep them once it drops the
// buffer. The buffer must not change while the loop runs.
func (b *WriteBuffer) ClearRanges() iter.Seq2[fdb.Key, fdb.Key] {
	return func(yield func(fdb.Key, fdb.Key) bool) {
		for cb, ce := range b.clears.All() {
			if !yield(cb, ce) {
				return
			}
		}
	}
}

// Writes yields the point writes in key order: sets, clears, and pending
// adds, whose base the transaction never knew.
//
// The keys, values and parameters are the buffer's; a store may keep them
// once it drops the buffer. The buffer must not change while the loop
// runs.
func (b *WriteBuffer) Writes() iter.Seq[Write] {
	return func(yield func(Write) bool) {
		for k, e := range b.points.All() {
			if !yield(Write{Key: k, Op: e.op, Value: e.value, Params: e.params}) {
				return
			}
		}
	}
}

// Size returns the bytes the writes count toward TransactionSizeLimit, as
// FoundationDB counts its mutations: key and value of a set, key and
// parameter of each add, and both ends of each clear (a point clear is the
// range from the key to the key followed by 00).
func (b *WriteBuffer) Size() int {
	n := 0
	for cb, ce := range b.clears.All() {
		n += len(cb) + len(ce)
	}
	for k, e := range b.points.All() {
		switch e.op {
		case OpSet:
			n += len(k) + len(e.value)
		case OpClear:
			n += 2*len(k) + 1
		case OpAdd:
			n += e.adds*len(k) + e.addBytes
		}
	}
	return n
}

// ReadsStore reports whether a read of key depends on the store: whether
// the transaction neither set, nor cleared, nor cleared a range over it
// (a pending add depends on the stored value). A store that detects
// conflicts records a read conflict only where a read depends on the
// store, as FoundationDB does: what the transaction wrote itself no other
// commit can change for it.
func (b *WriteBuffer) ReadsStore(key fdb.Key) bool {
	if e, ok := b.points.Get(key); ok {
		return e.op == OpAdd
	}
	return !b.covered(key)
}

// StoreRanges yields, in key order, the parts of [begin, end) where reads
// depend on the store (see ReadsStore): the range less the cleared ranges
// and less each key set or cleared.
func (b *WriteBuffer) StoreRanges(begin, end fdb.Key) iter.Seq2[fdb.Key, fdb.Key] {
	return func(yield func(fdb.Key, fdb.Key) bool) {
		if bytes.Compare(begin, end) >= 0 {
			return
		}
		for seg := range b.segments(begin, end, false) {
			if seg.cleared {
				continue
			}
			pos, se := seg.begin, seg.end
			for k, e := range b.points.Range(pos, se, false) {
				if e.op == OpAdd {
					continue
				}
				if bytes.Compare(pos, k) < 0 && !yield(pos, k) {
					return
				}
				pos = fdb.KeyAfter(k)
			}
			if bytes.Compare(pos, se) < 0 && !yield(pos, se) {
				return
			}
		}
	}
}
