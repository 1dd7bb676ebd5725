package directory

import (
	"slices"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/subspace"
	"github.com/fdbtuple/fdbtuple/tuple"
)

// partition is the root of a directory partition: a directory whose layer
// is "partition", inside which a directory layer of its own (node
// subspace P ‖ FE, content subspace P) holds the subdirectories. Paths
// given to it are relative to it and handled by the inner layer, except
// that Remove, Exists and MoveTo of the partition itself (the empty path)
// are answered by the layer that holds it.
type partition struct {
	inner  *layer
	parent *layer
}

// String returns DirectoryPartition((p), \x15\x1a), in the form of a
// DirectorySubspace's String (the official Go partition has none).
func (p *partition) String() string {
	return "DirectoryPartition(" + officialPath(p.inner.path) + ", " + fdb.Printable(p.inner.content) + ")"
}

// layerFor returns the layer that answers path, and path relative to it.
func (p *partition) layerFor(path []string) (*layer, []string) {
	if len(path) == 0 {
		return p.parent, p.parent.relative(p.inner.path, nil)
	}
	return p.inner, path
}

func (p *partition) CreateOrOpen(t fdb.Transactor, path []string, layer []byte) (DirectorySubspace, error) {
	return p.inner.CreateOrOpen(t, path, layer)
}

func (p *partition) Create(t fdb.Transactor, path []string, layer []byte) (DirectorySubspace, error) {
	return p.inner.Create(t, path, layer)
}

func (p *partition) CreatePrefix(t fdb.Transactor, path []string, layer []byte, prefix []byte) (DirectorySubspace, error) {
	return p.inner.CreatePrefix(t, path, layer, prefix)
}

func (p *partition) Open(rt fdb.ReadTransactor, path []string, layer []byte) (DirectorySubspace, error) {
	return p.inner.Open(rt, path, layer)
}

func (p *partition) Move(t fdb.Transactor, oldPath []string, newPath []string) (DirectorySubspace, error) {
	return p.inner.Move(t, oldPath, newPath)
}

func (p *partition) MoveTo(t fdb.Transactor, newAbsolutePath []string) (DirectorySubspace, error) {
	return p.parent.moveTo(t, p.inner.path, newAbsolutePath)
}

func (p *partition) Remove(t fdb.Transactor, path []string) (bool, error) {
	l, rel := p.layerFor(path)
	return l.Remove(t, rel)
}

func (p *partition) Exists(rt fdb.ReadTransactor, path []string) (bool, error) {
	l, rel := p.layerFor(path)
	return l.Exists(rt, rel)
}

func (p *partition) List(rt fdb.ReadTransactor, path []string) ([]string, error) {
	return p.inner.List(rt, path)
}

// GetLayer returns "partition".
func (p *partition) GetLayer() []byte { return clone(partitionName) }

// GetPath returns a copy of the partition's absolute path.
func (p *partition) GetPath() []string { return slices.Clone(p.inner.path) }

// The Subspace methods of a partition's root panic, as in every official
// binding, where their signatures cannot return an error: the partition's
// prefix holds its inner layer's metadata and its subdirectories, not
// keys of its own. The panic value is an *Error wrapping
// ErrPartitionRoot; IsPartition tells beforehand, and Prefix returns the
// prefix.

func (p *partition) refuse(method, what string) *Error {
	return &Error{Op: method, Path: slices.Clone(p.inner.path), Err: ErrPartitionRoot,
		text: "cannot " + what + " the root of a directory partition"}
}

func (p *partition) Sub(el ...tuple.TupleElement) subspace.Subspace {
	panic(p.refuse("Sub", "open a subspace in"))
}

func (p *partition) Bytes() []byte { panic(p.refuse("Bytes", "get the key of")) }

func (p *partition) Pack(t tuple.Tuple) fdb.Key { panic(p.refuse("Pack", "pack keys with")) }

// PackWithVersionstamp returns the error where the official Go panics.
func (p *partition) PackWithVersionstamp(t tuple.Tuple) (fdb.Key, error) {
	return nil, p.refuse("PackWithVersionstamp", "pack keys with")
}

// Unpack returns the error where the official Go panics.
func (p *partition) Unpack(k fdb.KeyConvertible) (tuple.Tuple, error) {
	return nil, p.refuse("Unpack", "unpack keys with")
}

func (p *partition) Contains(k fdb.KeyConvertible) bool {
	panic(p.refuse("Contains", "check whether a key belongs to"))
}

func (p *partition) FDBKey() fdb.Key { panic(p.refuse("FDBKey", "use as a key")) }

func (p *partition) FDBRangeKeys() (fdb.KeyConvertible, fdb.KeyConvertible) {
	panic(p.refuse("FDBRangeKeys", "get the range of"))
}

func (p *partition) FDBRangeKeySelectors() (fdb.Selectable, fdb.Selectable) {
	panic(p.refuse("FDBRangeKeySelectors", "get the range of"))
}
