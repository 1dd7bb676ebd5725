// Package ordmap is an ordered map from byte-string keys to values whose
// versions share structure: a snapshot of a map costs nothing, and a change
// copies only the nodes on the paths it touches, so that a version taken
// earlier never sees it. fdb/memstore keeps every committed version of its
// store in one, and fdb/storekit a transaction's pending writes.
//
// The map is a treap (a binary search tree whose nodes are also a heap on
// a priority) in which each node's priority is a hash of its key: the shape
// of the tree depends only on its keys, its expected depth is logarithmic
// in its size, and a range of keys is cut out with two splits and one join.
//
// A Map owns the nodes it created since its last snapshot and changes them
// in place; every other node (one a snapshot or another map shares) is
// copied before it changes. Copying a Map value by assignment shares its
// owned nodes, so two copies changed independently corrupt each other:
// take copies with Snapshot, which freezes both.
//
// Place in the import DAG: a leaf, used by fdb/storekit and fdb/memstore.
package ordmap

import (
	"bytes"
	"hash/maphash"
	"iter"
)

// Map is an ordered map from byte-string keys to values of type V. Its
// zero value is an empty map, ready to use. A Map is not safe for
// concurrent changes; a frozen one (see Snapshot) may be read by any
// number of goroutines.
type Map[V any] struct {
	root *node[V]
	own  *owner // the token of the nodes this map may change in place; nil when frozen
}

// owner is an ownership token; it has a size so that each one allocated
// has an address of its own.
type owner struct{ _ byte }

type node[V any] struct {
	key         []byte
	val         V
	prio        uint64
	left, right *node[V]
	own         *owner
}

// seed makes priorities differ from run to run; nothing depends on the
// shape of a tree but its speed.
var seed = maphash.MakeSeed()

func priority(key []byte) uint64 { return maphash.Bytes(seed, key) }

// Snapshot returns a frozen map with m's contents, which no later change
// to m affects. m stays usable and copies every node before changing it.
func (m *Map[V]) Snapshot() Map[V] {
	m.own = nil
	return Map[V]{root: m.root}
}

// Empty reports whether the map holds no key.
func (m *Map[V]) Empty() bool { return m.root == nil }

// Get returns the value stored under key.
func (m *Map[V]) Get(key []byte) (V, bool) {
	for t := m.root; t != nil; {
		switch c := bytes.Compare(key, t.key); {
		case c < 0:
			t = t.left
		case c > 0:
			t = t.right
		default:
			return t.val, true
		}
	}
	var zero V
	return zero, false
}

// Floor returns the greatest key at or below key, with its value.
func (m *Map[V]) Floor(key []byte) ([]byte, V, bool) {
	var best *node[V]
	for t := m.root; t != nil; {
		switch c := bytes.Compare(key, t.key); {
		case c < 0:
			t = t.left
		case c > 0:
			best, t = t, t.right
		default:
			return t.key, t.val, true
		}
	}
	if best == nil {
		var zero V
		return nil, zero, false
	}
	return best.key, best.val, true
}

// Set stores val under key. The map keeps key, in place of an equal key it
// held: the caller must not change its bytes afterwards. (A store that
// allocates a key with its value lets the old pair go so.)
func (m *Map[V]) Set(key []byte, val V) {
	m.claim()
	m.root = m.set(m.root, key, val, priority(key))
}

// set inserts or replaces key in the subtree t. A key's priority is a
// function of the key, so a subtree whose root has a lower priority than
// the key's cannot hold the key: the key goes in at that root, by a split.
func (m *Map[V]) set(t *node[V], key []byte, val V, prio uint64) *node[V] {
	if t == nil {
		return &node[V]{key: key, val: val, prio: prio, own: m.own}
	}
	c := bytes.Compare(key, t.key)
	if c == 0 {
		t = m.mut(t)
		t.key, t.val = key, val
		return t
	}
	if prio > t.prio {
		n := &node[V]{key: key, val: val, prio: prio, own: m.own}
		n.left, n.right = m.split(t, key)
		return n
	}
	t = m.mut(t)
	if c < 0 {
		t.left = m.set(t.left, key, val, prio)
	} else {
		t.right = m.set(t.right, key, val, prio)
	}
	return t
}

// Delete removes key, if it is present.
func (m *Map[V]) Delete(key []byte) {
	if _, ok := m.Get(key); !ok {
		return // copy no path for nothing
	}
	m.claim()
	m.root = m.delete(m.root, key)
}

func (m *Map[V]) delete(t *node[V], key []byte) *node[V] {
	c := bytes.Compare(key, t.key)
	if c == 0 {
		return m.join(t.left, t.right)
	}
	t = m.mut(t)
	if c < 0 {
		t.left = m.delete(t.left, key)
	} else {
		t.right = m.delete(t.right, key)
	}
	return t
}

// DeleteRange removes every key from lo (inclusive) to hi (exclusive).
func (m *Map[V]) DeleteRange(lo, hi []byte) {
	if bytes.Compare(lo, hi) >= 0 {
		return
	}
	empty := true
	for range m.Range(lo, hi, false) {
		empty = false
		break
	}
	if empty {
		return // copy no path for nothing
	}
	m.claim()
	left, rest := m.split(m.root, lo)
	_, right := m.split(rest, hi)
	m.root = m.join(left, right)
}

// split cuts t into the keys below key and the keys at or above it.
func (m *Map[V]) split(t *node[V], key []byte) (below, above *node[V]) {
	if t == nil {
		return nil, nil
	}
	t = m.mut(t)
	if bytes.Compare(t.key, key) < 0 {
		t.right, above = m.split(t.right, key)
		return t, above
	}
	below, t.left = m.split(t.left, key)
	return below, t
}

// join merges two trees whose keys are all below (a) and all above (b)
// each other.
func (m *Map[V]) join(a, b *node[V]) *node[V] {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	case a.prio > b.prio:
		a = m.mut(a)
		a.right = m.join(a.right, b)
		return a
	default:
		b = m.mut(b)
		b.left = m.join(a, b.left)
		return b
	}
}

// claim gives m an ownership token before a change.
func (m *Map[V]) claim() {
	if m.own == nil {
		m.own = new(owner)
	}
}

// mut returns t if m owns it, or m's copy of it.
func (m *Map[V]) mut(t *node[V]) *node[V] {
	if t.own == m.own && m.own != nil {
		return t
	}
	c := *t
	c.own = m.own
	return &c
}

// Range yields the keys from lo (inclusive) to hi (exclusive) with their
// values, in ascending order, or descending if reverse. The map must not
// change while the loop runs.
func (m *Map[V]) Range(lo, hi []byte, reverse bool) iter.Seq2[[]byte, V] {
	root := m.root
	return func(yield func([]byte, V) bool) {
		if reverse {
			descend(root, lo, hi, true, yield)
		} else {
			ascend(root, lo, hi, true, yield)
		}
	}
}

// From yields the keys at or above lo with their values, in ascending
// order.
func (m *Map[V]) From(lo []byte) iter.Seq2[[]byte, V] {
	root := m.root
	return func(yield func([]byte, V) bool) { ascend(root, lo, nil, false, yield) }
}

// Below yields the keys below hi with their values, in descending order.
func (m *Map[V]) Below(hi []byte) iter.Seq2[[]byte, V] {
	root := m.root
	return func(yield func([]byte, V) bool) { descend(root, nil, hi, true, yield) }
}

// All yields every key with its value, in ascending order.
func (m *Map[V]) All() iter.Seq2[[]byte, V] { return m.From(nil) }

// stackSize is the depth an iteration holds without allocating; a treap of
// a million keys is about 40 deep on average.
const stackSize = 64

// ascend yields the keys of t from lo up to hi (if bounded) in order. The
// stack holds the nodes whose key and right subtree are still to come.
func ascend[V any](t *node[V], lo, hi []byte, bounded bool, yield func([]byte, V) bool) {
	var buf [stackSize]*node[V]
	stack := buf[:0]
	for t != nil {
		if bytes.Compare(t.key, lo) >= 0 {
			stack = append(stack, t)
			t = t.left
		} else {
			t = t.right
		}
	}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if bounded && bytes.Compare(n.key, hi) >= 0 {
			return
		}
		if !yield(n.key, n.val) {
			return
		}
		for t := n.right; t != nil; t = t.left {
			stack = append(stack, t)
		}
	}
}

// descend yields the keys of t below hi and at or above lo, in descending
// order. The stack holds the nodes whose key and left subtree are still to
// come.
func descend[V any](t *node[V], lo, hi []byte, bounded bool, yield func([]byte, V) bool) {
	var buf [stackSize]*node[V]
	stack := buf[:0]
	for t != nil {
		if !bounded || bytes.Compare(t.key, hi) < 0 {
			stack = append(stack, t)
			t = t.right
		} else {
			t = t.left
		}
	}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if bytes.Compare(n.key, lo) < 0 {
			return
		}
		if !yield(n.key, n.val) {
			return
		}
		for t := n.left; t != nil; t = t.right {
			stack = append(stack, t)
		}
	}
}
