package directory

import (
	"slices"
	"strings"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/subspace"
)

// dirSubspace is a directory that is not a partition: the subspace of its
// prefix, and a Directory whose paths are relative to it, handled by the
// layer that holds it.
type dirSubspace struct {
	subspace.Subspace
	dl    *layer
	path  []string // absolute
	layer []byte
}

// String returns the official form, DirectorySubspace((a,b), \x15\x06):
// the path's names joined by commas (nil for the empty path) and the
// printable prefix.
func (d *dirSubspace) String() string {
	return "DirectorySubspace(" + officialPath(d.path) + ", " + fdb.Printable(d.Bytes()) + ")"
}

func officialPath(path []string) string {
	if len(path) == 0 {
		return "nil"
	}
	return "(" + strings.Join(path, ",") + ")"
}

func (d *dirSubspace) CreateOrOpen(t fdb.Transactor, path []string, layer []byte) (DirectorySubspace, error) {
	return d.dl.CreateOrOpen(t, d.dl.relative(d.path, path), layer)
}

func (d *dirSubspace) Create(t fdb.Transactor, path []string, layer []byte) (DirectorySubspace, error) {
	return d.dl.Create(t, d.dl.relative(d.path, path), layer)
}

func (d *dirSubspace) CreatePrefix(t fdb.Transactor, path []string, layer []byte, prefix []byte) (DirectorySubspace, error) {
	return d.dl.CreatePrefix(t, d.dl.relative(d.path, path), layer, prefix)
}

func (d *dirSubspace) Open(rt fdb.ReadTransactor, path []string, layer []byte) (DirectorySubspace, error) {
	return d.dl.Open(rt, d.dl.relative(d.path, path), layer)
}

func (d *dirSubspace) Move(t fdb.Transactor, oldPath []string, newPath []string) (DirectorySubspace, error) {
	return d.dl.Move(t, d.dl.relative(d.path, oldPath), d.dl.relative(d.path, newPath))
}

func (d *dirSubspace) MoveTo(t fdb.Transactor, newAbsolutePath []string) (DirectorySubspace, error) {
	return d.dl.moveTo(t, d.path, newAbsolutePath)
}

func (d *dirSubspace) Remove(t fdb.Transactor, path []string) (bool, error) {
	return d.dl.Remove(t, d.dl.relative(d.path, path))
}

func (d *dirSubspace) Exists(rt fdb.ReadTransactor, path []string) (bool, error) {
	return d.dl.Exists(rt, d.dl.relative(d.path, path))
}

func (d *dirSubspace) List(rt fdb.ReadTransactor, path []string) ([]string, error) {
	return d.dl.List(rt, d.dl.relative(d.path, path))
}

// GetLayer returns a copy of the stored layer.
func (d *dirSubspace) GetLayer() []byte { return clone(d.layer) }

// GetPath returns a copy of the absolute path.
func (d *dirSubspace) GetPath() []string { return slices.Clone(d.path) }
