package directory

// The high-contention allocator (HCA): FoundationDB's way of giving each
// new directory a short prefix that no other directory has had, without
// making concurrent creations conflict with one another.
//
// Candidates are integers, drawn at random from a window [start, start +
// size). A counter per window counts the allocations made in it; once a
// window is half full, the next allocation moves to the following window
// (start + size), clearing the counters and recent candidates below it.
// Every candidate drawn is recorded as "recent", so a candidate is never
// handed out twice: a draw that finds its candidate recent draws again.
// Windows grow from 64 to 1024 to 8192 candidates as starts grow, so that
// prefixes stay short while there are few directories.
//
// Conflicts: counters are read at snapshot and incremented with ADD, so
// allocations never conflict on them. The candidate's recent key is read
// normally (a read conflict on that one key) and written without a write
// conflict range, with an explicit write conflict on it only once it is
// chosen: two concurrent allocations conflict only if they chose the same
// candidate. On a store without fdb.ConflictRanges, those two calls are
// skipped and the store's own conflict detection decides.

import (
	"encoding/binary"
	"fmt"
	"slices"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
)

// hcaKeys are the allocator's subspaces, under the layer's root node:
// H = node(N) ‖ pack(("hca",)), the counters H ‖ pack((0,)) and the recent
// candidates H ‖ pack((1,)).
type hcaKeys struct {
	counters []byte // H 14
	recent   []byte // H 15 01
}

func newHCAKeys(root []byte) hcaKeys {
	h := tuplewire.AppendBytes(slices.Clip(root), hcaWord)
	return hcaKeys{
		counters: tuplewire.AppendInt(slices.Clip(h), 0),
		recent:   tuplewire.AppendInt(slices.Clip(h), 1),
	}
}

func (h hcaKeys) counter(start int64) fdb.Key {
	return tuplewire.AppendInt(slices.Clip(h.counters), start)
}

func (h hcaKeys) recentKey(c int64) fdb.Key {
	return tuplewire.AppendInt(slices.Clip(h.recent), c)
}

// countersRange is [H 14 00, H 14 FF), every counter.
func (h hcaKeys) countersRange() fdb.KeyRange {
	return fdb.KeyRange{Begin: fdb.Key(append(slices.Clip(h.counters), 0x00)), End: fdb.Key(append(slices.Clip(h.counters), 0xFF))}
}

// littleEndianOne is the ADD operand that counts one allocation.
var littleEndianOne = []byte{1, 0, 0, 0, 0, 0, 0, 0}

// windowSize is the size of the window that starts at start.
func windowSize(start int64) int64 {
	switch {
	case start < 255:
		return 64
	case start < 65535:
		return 1024
	default:
		return 8192
	}
}

// allocate returns a new candidate, packed as a tuple integer (the
// directory's prefix is the content subspace's followed by it). Its reads
// and writes, in order, are the official allocator's, one draw of l.rand
// per candidate tried.
func (l *layer) allocate(tr fdb.Transaction, abs []string) ([]byte, error) {
	h := l.hca
	cr := conflictRangesOf(tr)
	snap := tr.Snapshot()
	for {
		// 1. The current window: the newest counter, at snapshot.
		start, _, err := h.newestCounter(snap, abs)
		if err != nil {
			return nil, err
		}
		// 2. Count this allocation in the window; move to the next window
		// while the current one is half full.
		var window int64
		for advanced := false; ; advanced = true {
			if advanced {
				if err := tr.ClearRange(fdb.KeyRange{Begin: fdb.Key(h.counters), End: h.counter(start)}); err != nil {
					return nil, err
				}
				if err := noWriteConflict(cr); err != nil {
					return nil, err
				}
				if err := tr.ClearRange(fdb.KeyRange{Begin: fdb.Key(h.recent), End: h.recentKey(start)}); err != nil {
					return nil, err
				}
			}
			key := h.counter(start)
			if err := tr.Add(key, littleEndianOne); err != nil {
				return nil, err
			}
			v, present, err := snap.Get(key)
			if err != nil {
				return nil, err
			}
			count := int64(0)
			if present {
				if len(v) != 8 {
					e := newError(ErrInvalidMetadata, abs, fmt.Sprintf("an allocator counter of %d bytes, not 8", len(v)))
					e.Key = key
					return nil, e
				}
				count = int64(binary.LittleEndian.Uint64(v))
			}
			window = windowSize(start)
			if count*2 < window {
				break
			}
			start += window
		}
		// 3. Draw candidates until one is not recent.
		for {
			off := l.rand(window)
			if off < 0 || off >= window {
				return nil, newError(ErrInvalidArgument, abs, fmt.Sprintf("%s: Options.Rand(%d) returned %d, outside [0, %d)", ErrInvalidArgument, window, off, window))
			}
			c := start + off
			key := h.recentKey(c)
			latest, found, err := h.newestCounter(snap, abs)
			if err != nil {
				return nil, err
			}
			_, taken, err := tr.Get(key)
			if err != nil {
				return nil, err
			}
			if err := noWriteConflict(cr); err != nil {
				return nil, err
			}
			if err := tr.Set(key, []byte{}); err != nil {
				return nil, err
			}
			if found && latest > start {
				// Another allocation in this transaction moved the window
				// meanwhile; start over in the new one.
				break
			}
			if !taken {
				if cr != nil {
					if err := cr.AddWriteConflictKey(key); err != nil {
						return nil, err
					}
				}
				return tuplewire.AppendInt(nil, c), nil
			}
		}
	}
}

// newestCounter returns the start of the newest window, the greatest
// counter key (0 and found false if there is none).
func (h hcaKeys) newestCounter(snap fdb.ReadTransaction, abs []string) (start int64, found bool, err error) {
	kvs, err := snap.GetRange(h.countersRange(), fdb.RangeOptions{Limit: 1, Reverse: true})
	if err != nil || len(kvs) == 0 {
		return 0, false, err
	}
	rest := kvs[0].Key[len(h.counters):]
	start, n, err := tuplewire.ConsumeInt(rest)
	if err != nil || n != len(rest) {
		e := newError(ErrInvalidMetadata, abs, "an allocator counter key that is not one integer")
		e.Key = kvs[0].Key
		return 0, false, e
	}
	return start, true, nil
}

// conflictRangesOf returns the conflict ranges of a transaction, or of
// the caller's transaction under an operation's; nil if it has none.
func conflictRangesOf(tr fdb.Transaction) fdb.ConflictRanges {
	if t, ok := tr.(*opTransaction); ok {
		return t.conflictRanges()
	}
	cr, _ := tr.(fdb.ConflictRanges)
	return cr
}

// noWriteConflict drops the write conflict range of the next write, on a
// store that has conflict ranges.
func noWriteConflict(cr fdb.ConflictRanges) error {
	if cr == nil {
		return nil
	}
	return cr.SetNextWriteNoWriteConflictRange()
}
