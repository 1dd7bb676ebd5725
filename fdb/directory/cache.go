package directory

import (
	"bytes"
	"container/list"
	"sync"
	"sync/atomic"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
)

// A Cache remembers the directories it opened, so that opening one again
// costs one read instead of two per path element plus the version, and
// checks each remembered directory in the transaction that uses it, so
// that a directory another client moved or removed is never handed out.
// It adds no key to the layout: the check reads the keys the directory
// layer already has.
//
// What is checked, and what that guarantees:
//
//   - By default, one get: the subdirectory entry that names the
//     directory in its parent must still hold the remembered prefix. A
//     directory that was moved, renamed, removed, or removed and created
//     again (with a new prefix) fails the check, and so does every
//     directory under a removed ancestor (Remove clears every node below
//     it, entries included), a partition that was removed included. A
//     failed check opens the path afresh in the same transaction, as Open
//     does, and remembers the new answer. What one get cannot see is the
//     move or rename of an ancestor: the directory itself is untouched
//     (same prefix, same parent entry, its contents where they were), so
//     the cache goes on handing out that live directory for its old path,
//     as a DirectorySubspace opened before the move goes on working in
//     the official bindings. It never hands out the prefix of a directory
//     that no longer exists.
//   - With CacheOptions.Exact, the get of every entry along the path and
//     of the directory's layer key: one get per path element, plus one.
//     A remembered directory is then handed out only if Open would open
//     the same one, with the same layer, at that moment of the
//     transaction: ancestors' moves are seen too.
//
// In both modes the version key is not read again (Open and the first
// opening through the cache check it): a store upgraded meanwhile to a
// newer directory layer version goes unnoticed by the cached opens. The
// layout makes it impossible to see an ancestor's move in a number of
// reads that does not grow with the depth: the entries of a path live in
// the nodes of its ancestors, whose prefixes are unrelated, and a move
// writes nothing else (no key is common to all moves).
//
// The reads of the check are ordinary reads of the transaction, so a
// concurrent move or removal that commits before the transaction makes
// it conflict, on a store that detects conflicts. A Cache is safe for
// concurrent use by several goroutines and transactions. It keeps at
// most CacheOptions.MaxPaths directories, dropping the least recently
// used.
type Cache struct {
	d     Directory
	exact bool
	max   int

	mu      sync.Mutex
	entries map[string]*list.Element // of *cached
	order   *list.List               // most recently used first

	hits, misses, stale atomic.Int64
}

// CacheOptions configures a Cache.
type CacheOptions struct {
	// MaxPaths bounds the directories remembered; 0 means 10,000.
	MaxPaths int
	// Exact checks every entry along the path and the directory's layer
	// (one read per path element, plus one), instead of the one entry
	// that names the directory.
	Exact bool
}

// CacheStats counts what a Cache did.
type CacheStats struct {
	Hits   int64 // opens answered from the cache after the check
	Misses int64 // opens of paths the cache did not hold
	Stale  int64 // remembered directories whose check failed
}

// cached is one remembered directory.
type cached struct {
	key      string
	dir      DirectorySubspace
	layer    []byte
	links    []link  // the entries from the layer's root down to the directory
	layerKey fdb.Key // the directory's layer key
}

// NewCache returns a cache of the directories under d (a directory layer,
// a directory or a partition), opened by paths relative to d.
func NewCache(d Directory, o CacheOptions) *Cache {
	if o.MaxPaths <= 0 {
		o.MaxPaths = 10000
	}
	return &Cache{d: d, exact: o.Exact, max: o.MaxPaths, entries: map[string]*list.Element{}, order: list.New()}
}

// Open is Directory.Open through the cache: the remembered directory if
// its check passes, else Open's answer, remembered. The layer is compared
// as Open compares it.
func (c *Cache) Open(rt fdb.ReadTransactor, path []string, layer []byte) (DirectorySubspace, error) {
	l, rel, terr := target(c.d, path)
	if terr != nil {
		terr.Op = "open"
		return nil, terr
	}
	return readOp(rt, "open", l.abs(rel), func(rtr fdb.ReadTransaction) (DirectorySubspace, error) {
		return c.open(rtr, nil, l, rel, path, layer)
	})
}

// CreateOrOpen is Directory.CreateOrOpen through the cache: the
// remembered directory if its check passes, else CreateOrOpen's answer,
// remembered.
func (c *Cache) CreateOrOpen(t fdb.Transactor, path []string, layer []byte) (DirectorySubspace, error) {
	l, rel, terr := target(c.d, path)
	if terr != nil {
		terr.Op = "create or open"
		return nil, terr
	}
	return writeOp(t, "create or open", l.abs(rel), func(tr fdb.Transaction) (DirectorySubspace, error) {
		return c.open(tr, tr, l, rel, path, layer)
	})
}

// Forget drops the directory remembered for path, if any.
func (c *Cache) Forget(path []string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.entries[cacheKey(path)]; ok {
		c.order.Remove(e)
		delete(c.entries, cacheKey(path))
	}
}

// Len returns the number of directories remembered.
func (c *Cache) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.entries)
}

// Stats returns the counts of hits, misses and failed checks so far.
func (c *Cache) Stats() CacheStats {
	return CacheStats{Hits: c.hits.Load(), Misses: c.misses.Load(), Stale: c.stale.Load()}
}

// open answers Open (w nil) or CreateOrOpen in the transaction rt.
func (c *Cache) open(rt fdb.ReadTransaction, w fdb.Transaction, l *layer, rel, path []string, lay []byte) (DirectorySubspace, error) {
	key := cacheKey(path)
	if e := c.lookup(key); e != nil {
		ok, err := c.check(rt, e)
		if err != nil {
			return nil, err
		}
		if ok {
			c.hits.Add(1)
			if lay != nil && !bytes.Equal(lay, e.layer) {
				return nil, layerMismatch(l.abs(rel), e.layer, lay)
			}
			return e.dir, nil
		}
		c.stale.Add(1)
		c.Forget(path)
	} else {
		c.misses.Add(1)
	}
	if _, ok := rt.(*opTransaction); !ok {
		// Open, then remember: the second walk reads what the first read.
		rt = newOpReads(rt)
	}
	d, err := l.createOrOpen(rt, w, rel, lay, nil, w != nil, true)
	if err != nil {
		return nil, err
	}
	e, err := l.remember(rt, rel)
	if err != nil {
		return nil, err
	}
	e.key, e.dir = key, d
	c.store(e)
	return d, nil
}

// check reports whether a remembered directory is still the one at its
// path, reading what the cache's mode reads.
func (c *Cache) check(rt fdb.ReadTransaction, e *cached) (bool, error) {
	links := e.links
	if !c.exact {
		links = links[len(links)-1:]
	}
	for _, ln := range links {
		v, present, err := rt.Get(ln.key)
		if err != nil || !present || !bytes.Equal(v, ln.prefix) {
			return false, err
		}
	}
	if c.exact {
		v, present, err := rt.Get(e.layerKey)
		if err != nil || !present || !bytes.Equal(v, e.layer) {
			return false, err
		}
	}
	return true, nil
}

// remember walks path again, through partitions, recording the entries
// read on the way: what the cache checks later. The directory was just
// opened in this transaction, so every read hits what Open read.
func (l *layer) remember(rt fdb.ReadTransaction, path []string) (*cached, error) {
	e := &cached{}
	for {
		n, err := l.find(rt, path, &e.links)
		if err != nil {
			return nil, err
		}
		if n.inPartition(false) {
			l, path = l.partitionOf(n), n.subpath()
			continue
		}
		e.layer, e.layerKey = n.layer, layerKey(n.key)
		if e.layer == nil {
			e.layer = []byte{}
		}
		return e, nil
	}
}

func (c *Cache) lookup(key string) *cached {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.entries[key]
	if !ok {
		return nil
	}
	c.order.MoveToFront(el)
	return el.Value.(*cached)
}

func (c *Cache) store(e *cached) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.entries[e.key]; ok {
		el.Value = e
		c.order.MoveToFront(el)
		return
	}
	c.entries[e.key] = c.order.PushFront(e)
	for len(c.entries) > c.max {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.entries, last.Value.(*cached).key)
	}
}

// cacheKey is the packed path: one string per path, distinct for
// distinct paths.
func cacheKey(path []string) string {
	var b []byte
	for _, name := range path {
		b = tuplewire.AppendString(b, name)
	}
	return string(b)
}
