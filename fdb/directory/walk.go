package directory

import (
	"errors"
	"fmt"
	"iter"
	"slices"

	"github.com/fdbtuple/fdbtuple/fdb"
)

// Entry is one directory of a Walk.
type Entry struct {
	// Path is the directory's absolute path, as its GetPath returns it.
	Path []string
	// Depth is how far below the walk's start the directory lies: 1 for
	// the start's subdirectories, 2 for theirs.
	Depth int
	// Layer is the layer the directory was created with, empty for none
	// ("partition" for a partition; empty too for an entry whose node has
	// no layer key, which Check reports as dangling).
	Layer []byte
	// Prefix is the directory's prefix, a partition's included (see
	// Prefix).
	Prefix []byte
	// Partition reports whether the directory is a partition. The walk
	// goes on into partitions: their subdirectories follow them.
	Partition bool
	// Directory is the directory, as Open would return it at Path (its
	// Subspace methods panic for a partition), made without a read.
	Directory DirectorySubspace
	// Seen reports that the walk met this directory's node before, at
	// SeenAt (the start's path, or a directory it yielded): the metadata
	// has two entries naming one node, which Check reports as a shared
	// node, or a directory moved between two transactions of a walk that
	// runs in several. The walk does not go into it again, so that it
	// ends whatever the metadata holds.
	Seen   bool
	SeenAt []string
}

// WalkOptions configures a Walk. The zero value reads pages of 100
// entries and goes to every depth.
type WalkOptions struct {
	// PageSize is the most subdirectory entries the walk reads at a time:
	// one range read, and a read of the layer of each directory it names.
	// A walk that runs in a store (not in a transaction) reads each page
	// in a transaction of its own. 0 means 100.
	PageSize int
	// MaxDepth is the deepest Depth the walk yields: 1 yields the start's
	// subdirectories only, as List. 0 means no limit.
	MaxDepth int
}

// defaultWalkPage is WalkOptions.PageSize when it is 0.
const defaultWalkPage = 100

// Walk yields every directory below the directory at path (relative to
// d; nil for d itself), depth first: each directory, then its
// subdirectories, siblings in the order of List, partitions included and
// gone into. Each Entry gives the directory's path, depth, layer, prefix
// and kind, and the directory itself, so that a tree can be listed,
// exported or copied without knowing its keys.
//
// The walk reads a page of a directory's subdirectory entries at a time
// (WalkOptions.PageSize), never a directory's whole list at once. The
// transaction model is Children's: given a transaction, the whole walk
// runs in it and sees one consistent view of the store; given a store,
// each page runs in a transaction of its own (the first also finds the
// start), so that no transaction grows with the tree, and the pages are
// each consistent but not together: a directory created, moved or
// removed during the walk may be missed or met twice (then Seen), and each
// entry is what the store held when its page was read. To export a
// consistent tree, pass a transaction:
//
//	_, err := db.ReadTransact(func(rt fdb.ReadTransaction) (any, error) {
//		for e, err := range directory.Walk(rt, directory.Root(), nil, nil) {
//			if err != nil {
//				return nil, err
//			}
//			export(e.Path, e.Layer, e.Prefix)
//		}
//		return nil, nil
//	})
//
// The loop's body runs between reads, never inside one, so it may call
// other directory operations on the same transaction.
//
// Errors: an error that concerns the start (d not made by this package,
// a path that does not exist, a name that is not UTF-8, a version this
// package cannot read, a PageSize or MaxDepth below 0) or that the store
// returns is yielded with a zero Entry and ends the walk. Damaged
// metadata below the start ends nothing: an entry whose name is not a
// string, or a partition whose own layer has a version this package
// cannot read, is yielded as an *Error (ErrInvalidMetadata, ErrVersion,
// naming the path and the key) with an Entry that holds only the Depth
// it lies at, and the walk goes on with the next entry. Stop at the first
// error, or go on to see what else is there; Check says what is wrong.
//
// The walk remembers the node of each directory it yielded, to notice
// a node met twice: its memory grows with the number of directories.
func Walk(rt fdb.ReadTransactor, d Directory, path []string, o *WalkOptions) iter.Seq2[Entry, error] {
	path = slices.Clone(path)
	var opts WalkOptions
	if o != nil {
		opts = *o
	}
	return func(yield func(Entry, error) bool) {
		l, rel, e := target(d, path)
		switch {
		case e != nil:
		case opts.PageSize < 0 || opts.MaxDepth < 0:
			e = newError(ErrInvalidArgument, l.abs(rel), fmt.Sprintf("%s: a PageSize of %d and a MaxDepth of %d, not at least 0", ErrInvalidArgument, opts.PageSize, opts.MaxDepth))
		}
		if e != nil {
			e.Op = "walk"
			yield(Entry{}, e)
			return
		}
		if opts.PageSize == 0 {
			opts.PageSize = defaultWalkPage
		}
		w := &walker{rt: rt, opts: opts, seen: map[nodeID]*pathLink{}}
		w.run(l, rel, yield)
	}
}

// walker is the state of one Walk.
type walker struct {
	rt   fdb.ReadTransactor
	opts WalkOptions
	// seen maps the node of each directory yielded (and of the start) to
	// its path.
	seen map[nodeID]*pathLink
}

// nodeID is a directory's node: the node subspace of the layer holding
// its subdirectories, and the node under which they lie. Two entries
// naming one node give one nodeID.
type nodeID struct{ nodeSS, node string }

// pathLink is a path kept as a link to its parent's, so that remembering
// a directory's path costs one name.
type pathLink struct {
	name string
	up   *pathLink
	root []string // the path of the start, for the link with no up
}

func (p *pathLink) path() []string {
	var names []string
	for ; p.up != nil; p = p.up {
		names = append(names, p.name)
	}
	slices.Reverse(names)
	return append(slices.Clone(p.root), names...)
}

// walkFrame is a directory whose subdirectories the walk is reading.
type walkFrame struct {
	l     *layer   // the layer holding the subdirectory entries
	node  []byte   // the node they lie under
	path  []string // the directory's absolute path
	link  *pathLink
	depth int // of the subdirectories
	// checkVersion: the directory is a partition whose layer's version
	// has not been read yet.
	checkVersion bool
	next         fdb.Key // where the next page begins; nil before the first
	done         bool    // every entry was read
	queue        []walkItem
}

// walkItem is an entry read and not yet yielded: a directory, or an
// error of damaged metadata.
type walkItem struct {
	e     Entry
	id    nodeID
	inner *walkFrame // the frame of its subdirectories
	err   error
}

// page is what one read of a frame gives; it is applied to the frame
// only once the transaction succeeded, so that a store that runs a read
// again after a transient failure changes nothing twice.
type page struct {
	items []walkItem
	next  fdb.Key
	done  bool
}

func (w *walker) run(l *layer, rel []string, yield func(Entry, error) bool) {
	// The first transaction finds the start and reads its first page.
	type first struct {
		f *walkFrame
		p page
	}
	r, err := readOp(w.rt, "walk", l.abs(rel), func(rtr fdb.ReadTransaction) (first, error) {
		t, err := l.resolveForList(rtr, rel)
		if err != nil {
			return first{}, err
		}
		f := &walkFrame{l: t.layerOf, node: t.key, path: t.abs, link: &pathLink{root: t.abs}, depth: 1}
		p, err := w.read(rtr, f)
		return first{f, p}, err
	})
	if err != nil {
		yield(Entry{}, err)
		return
	}
	w.seen[nodeID{string(r.f.l.node), string(r.f.node)}] = r.f.link
	r.f.apply(r.p)
	stack := []*walkFrame{r.f}
	for len(stack) > 0 {
		f := stack[len(stack)-1]
		if len(f.queue) == 0 {
			if f.done {
				stack = stack[:len(stack)-1]
				continue
			}
			p, err := readOp(w.rt, "walk", f.path, func(rtr fdb.ReadTransaction) (page, error) {
				return w.read(rtr, f)
			})
			if err != nil {
				yield(Entry{}, err)
				return
			}
			f.apply(p)
			continue
		}
		it := f.queue[0]
		f.queue = f.queue[1:]
		if it.err != nil {
			if !yield(Entry{Depth: f.depth}, it.err) {
				return
			}
			continue
		}
		if at, ok := w.seen[it.id]; ok {
			it.e.Seen, it.e.SeenAt = true, at.path()
			if !yield(it.e, nil) {
				return
			}
			continue
		}
		w.seen[it.id] = it.inner.link
		if !yield(it.e, nil) {
			return
		}
		if w.opts.MaxDepth == 0 || it.inner.depth <= w.opts.MaxDepth {
			stack = append(stack, it.inner)
		}
	}
}

func (f *walkFrame) apply(p page) {
	f.queue = append(f.queue, p.items...)
	f.next, f.done = p.next, p.done
	f.checkVersion = false
}

// read reads the next page of f's subdirectory entries, and the layer of
// each directory they name.
func (w *walker) read(rtr fdb.ReadTransaction, f *walkFrame) (page, error) {
	if f.checkVersion {
		if err := f.l.checkVersion(rtr, nil, f.path); err != nil {
			if e := (*Error)(nil); errors.As(err, &e) {
				e.Op = "walk"
				return page{items: []walkItem{{err: e}}, done: true}, nil
			}
			return page{}, err
		}
	}
	r := subdirsRange(f.node)
	if f.next != nil {
		r.Begin = f.next
	}
	kvs, err := rtr.GetRange(r, fdb.RangeOptions{Limit: w.opts.PageSize + 1})
	if err != nil {
		return page{}, err
	}
	p := page{done: len(kvs) <= w.opts.PageSize}
	if !p.done {
		p.next = kvs[w.opts.PageSize].Key
		kvs = kvs[:w.opts.PageSize]
	}
	for _, kv := range kvs {
		it, err := w.item(rtr, f, kv)
		if err != nil {
			return page{}, err
		}
		p.items = append(p.items, it)
	}
	return p, nil
}

// item makes the walk's item of one subdirectory entry of f.
func (w *walker) item(rtr fdb.ReadTransaction, f *walkFrame, kv fdb.KeyValue) (walkItem, error) {
	name, ok := nameOfEntry(f.node, kv.Key)
	if !ok {
		e := newError(ErrInvalidMetadata, f.path, "a subdirectory entry whose name is not a valid UTF-8 string")
		e.Op, e.Key = "walk", kv.Key
		return walkItem{err: e}, nil
	}
	prefix := kv.Value
	node := nodeOf(f.l.node, prefix)
	stored, err := f.l.loadLayer(rtr, node)
	if err != nil {
		return walkItem{}, err
	}
	abs := append(slices.Clone(f.path), name)
	d := f.l.contents(prefix, f.l.relative(abs, nil), stored)
	inner := &walkFrame{l: f.l, node: node, path: abs, link: &pathLink{name: name, up: f.link}, depth: f.depth + 1}
	if p, ok := d.(*partition); ok {
		inner.l, inner.node, inner.checkVersion = p.inner, p.inner.root, true
	}
	return walkItem{
		e: Entry{
			Path:      abs,
			Depth:     f.depth,
			Layer:     d.GetLayer(),
			Prefix:    clone(prefix),
			Partition: inner.checkVersion,
			Directory: d,
		},
		id:    nodeID{string(inner.l.node), string(inner.node)},
		inner: inner,
	}, nil
}
