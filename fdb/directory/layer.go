package directory

import (
	"math/rand/v2"
	"slices"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/subspace"
)

// Options configures a directory layer made by NewDirectoryLayerWith.
type Options struct {
	// AllowManualPrefixes lets CreatePrefix give a directory a prefix of
	// the caller's choice. The default layer does not allow it.
	AllowManualPrefixes bool

	// Rand returns a uniform random integer in [0, n). The prefix
	// allocator calls it exactly once per candidate prefix it tries, with
	// n the size of the current window (64, 1024 or 8192), and nowhere
	// else, so that a scripted source reproduces FoundationDB's
	// allocations draw for draw. A result outside [0, n) fails the
	// operation with ErrInvalidArgument. Nil means math/rand/v2. The
	// partitions of the layer use it too. It is called with the
	// transaction's directory lock held, never concurrently for one
	// transaction, but it may be called concurrently for different ones.
	Rand func(n int64) int64
}

// layer is one directory layer: the root layer of a store (Root,
// NewDirectoryLayer) or the layer inside a partition.
type layer struct {
	node    []byte // N, the node subspace's prefix
	content []byte // C, the content subspace's prefix
	root    []byte // node(N), the root node
	hca     hcaKeys
	manual  bool
	rand    func(n int64) int64
	// path is the absolute path of the partition this layer runs, nil
	// for a root layer.
	path []string
	// parent is the layer holding the partition, nil for a root layer.
	parent *layer
}

// NewDirectoryLayer returns a directory layer that keeps its metadata in
// nodeSS and allocates prefixes for its directories in contentSS, as the
// official package's NewDirectoryLayer does. The default layer (Root) is
// NewDirectoryLayer(subspace.FromBytes([]byte{0xFE}), subspace.AllKeys(),
// false).
func NewDirectoryLayer(nodeSS, contentSS subspace.Subspace, allowManualPrefixes bool) Directory {
	return NewDirectoryLayerWith(nodeSS, contentSS, Options{AllowManualPrefixes: allowManualPrefixes})
}

// NewDirectoryLayerWith is NewDirectoryLayer with Options: manual
// prefixes and the allocator's random source.
func NewDirectoryLayerWith(nodeSS, contentSS subspace.Subspace, o Options) Directory {
	return newLayer(nodeSS.Bytes(), contentSS.Bytes(), o.AllowManualPrefixes, o.Rand, nil, nil)
}

func newLayer(node, content []byte, manual bool, rnd func(int64) int64, path []string, parent *layer) *layer {
	if rnd == nil {
		rnd = rand.Int64N
	}
	l := &layer{
		node:    clone(node),
		content: clone(content),
		manual:  manual,
		rand:    rnd,
		path:    path,
		parent:  parent,
	}
	l.root = nodeOf(l.node, l.node)
	l.hca = newHCAKeys(l.root)
	return l
}

// partitionLayer returns the layer inside the partition with prefix p
// and absolute path abs: node subspace p ‖ FE, content subspace p, no
// manual prefixes, this layer's random source.
func (l *layer) partitionLayer(p []byte, abs []string) *layer {
	return newLayer(append(slices.Clip(p), 0xFE), p, false, l.rand, abs, l)
}

// abs returns the absolute path of a path relative to the layer, in new
// memory.
func (l *layer) abs(rel []string) []string {
	out := make([]string, 0, len(l.path)+len(rel))
	return append(append(out, l.path...), rel...)
}

// relative returns the path relative to the layer of a directory whose
// absolute path is abs, followed by rel: the official partitionSubpath.
func (l *layer) relative(abs, rel []string) []string {
	out := make([]string, 0, len(abs)-len(l.path)+len(rel))
	return append(append(out, abs[len(l.path):]...), rel...)
}

// contents returns the directory with prefix p found at rel (relative to
// the layer) with the given stored layer: a partition if the layer is
// "partition", a directory subspace otherwise.
func (l *layer) contents(p []byte, rel []string, stored []byte) DirectorySubspace {
	abs := l.abs(rel)
	if isPartition(stored) {
		return &partition{inner: l.partitionLayer(p, abs), parent: l}
	}
	return &dirSubspace{Subspace: subspace.FromBytes(p), dl: l, path: abs, layer: clone(stored)}
}

// The public methods of a layer: each runs in one transaction of t (or in
// t itself, if t is a transaction), holding the transaction's directory
// lock.

func (l *layer) CreateOrOpen(t fdb.Transactor, path []string, layer []byte) (DirectorySubspace, error) {
	return writeOp(t, "create or open", l.abs(path), func(tr fdb.Transaction) (DirectorySubspace, error) {
		return l.createOrOpen(tr, tr, path, layer, nil, true, true)
	})
}

func (l *layer) Create(t fdb.Transactor, path []string, layer []byte) (DirectorySubspace, error) {
	return writeOp(t, "create", l.abs(path), func(tr fdb.Transaction) (DirectorySubspace, error) {
		return l.createOrOpen(tr, tr, path, layer, nil, true, false)
	})
}

func (l *layer) CreatePrefix(t fdb.Transactor, path []string, layer []byte, prefix []byte) (DirectorySubspace, error) {
	if prefix == nil {
		prefix = []byte{} // as the official package: nil is the empty prefix, not "allocate"
	}
	return writeOp(t, "create", l.abs(path), func(tr fdb.Transaction) (DirectorySubspace, error) {
		return l.createOrOpen(tr, tr, path, layer, prefix, true, false)
	})
}

func (l *layer) Open(rt fdb.ReadTransactor, path []string, layer []byte) (DirectorySubspace, error) {
	return readOp(rt, "open", l.abs(path), func(rtr fdb.ReadTransaction) (DirectorySubspace, error) {
		return l.createOrOpen(rtr, nil, path, layer, nil, false, true)
	})
}

func (l *layer) Move(t fdb.Transactor, oldPath []string, newPath []string) (DirectorySubspace, error) {
	if err := checkNames(l.abs(newPath)); err != nil {
		err.Op, err.Path, err.To = "move", l.abs(oldPath), l.abs(newPath)
		return nil, err
	}
	ds, err := writeOp(t, "move", l.abs(oldPath), func(tr fdb.Transaction) (DirectorySubspace, error) {
		return l.move(tr, oldPath, newPath)
	})
	return ds, withTo(err, l.abs(newPath))
}

// MoveTo of a layer fails: the root directory cannot be moved.
func (l *layer) MoveTo(t fdb.Transactor, newAbsolutePath []string) (DirectorySubspace, error) {
	e := newError(ErrRootDirectory, l.abs(nil), "the root directory cannot be moved")
	e.Op, e.To = "move", slices.Clone(newAbsolutePath)
	return nil, e
}

func (l *layer) Remove(t fdb.Transactor, path []string) (bool, error) {
	return writeOp(t, "remove", l.abs(path), func(tr fdb.Transaction) (bool, error) {
		return l.remove(tr, path)
	})
}

func (l *layer) Exists(rt fdb.ReadTransactor, path []string) (bool, error) {
	return readOp(rt, "exists", l.abs(path), func(rtr fdb.ReadTransaction) (bool, error) {
		return l.exists(rtr, path)
	})
}

func (l *layer) List(rt fdb.ReadTransactor, path []string) ([]string, error) {
	return readOp(rt, "list", l.abs(path), func(rtr fdb.ReadTransaction) ([]string, error) {
		return l.list(rtr, path)
	})
}

// GetLayer returns the empty layer: a root layer has none.
func (l *layer) GetLayer() []byte { return []byte{} }

// GetPath returns the layer's path: nil for a root layer.
func (l *layer) GetPath() []string { return slices.Clone(l.path) }
