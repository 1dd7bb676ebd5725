package directory

import (
	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/subspace"
)

// Directory is the official package's Directory: a directory layer (Root,
// NewDirectoryLayer), a directory (a DirectorySubspace) or a partition.
// Paths are relative to it. Every method runs in one transaction of the
// Transactor it is given; given a transaction, it runs in that
// transaction and commits nothing, so directory calls compose with the
// caller's other reads and writes.
type Directory interface {
	// CreateOrOpen opens the directory at path, creating it and any
	// missing parent (with an empty layer) if it does not exist. A new
	// directory records layer (nil is the empty layer); an existing one
	// is compared with a non-nil layer, even an empty one, and
	// ErrLayerMismatch returned if they differ.
	CreateOrOpen(t fdb.Transactor, path []string, layer []byte) (DirectorySubspace, error)

	// Open opens the directory at path, or returns ErrDirNotExists (also
	// when a parent is missing). A non-nil layer, even an empty one, must
	// equal the stored one (ErrLayerMismatch). It only reads.
	Open(rt fdb.ReadTransactor, path []string, layer []byte) (DirectorySubspace, error)

	// Create creates the directory at path and any missing parent, or
	// returns ErrDirAlreadyExists. The directory records layer (nil is
	// the empty layer).
	Create(t fdb.Transactor, path []string, layer []byte) (DirectorySubspace, error)

	// CreatePrefix is Create with the directory's prefix given instead of
	// allocated. The layer must allow manual prefixes
	// (ErrManualPrefixes; never inside a partition); the prefix must not
	// overlap another directory's prefix or the node subspace, nor be
	// empty (ErrPrefixInUse; a nil prefix is the empty one), nor start
	// with 0xFF (ErrInvalidPrefix). Missing parents get automatic
	// prefixes; one that overlaps the manual prefix fails the call with
	// ErrPrefixInUse after the parents were written (fail the transaction
	// with it). Automatic allocation is Create.
	CreatePrefix(t fdb.Transactor, path []string, layer []byte, prefix []byte) (DirectorySubspace, error)

	// Move moves the directory at oldPath to newPath and returns it at
	// its new path. It fails if oldPath does not exist (ErrDirNotExists),
	// newPath exists (ErrDirAlreadyExists), newPath's parent does not
	// (ErrParentDirDoesNotExist), newPath is oldPath or below it
	// (ErrMoveIntoSubdirectory), or the two lie in different partitions
	// (ErrMoveBetweenPartitions). Only the entries of the two parents
	// change: the prefix and the contents stay, and a DirectorySubspace
	// opened before keeps working.
	Move(t fdb.Transactor, oldPath []string, newPath []string) (DirectorySubspace, error)

	// MoveTo moves this directory to newAbsolutePath, a path from the
	// root of its directory layer (not of its partition). A layer cannot
	// be moved (ErrRootDirectory); a path outside this directory's
	// partition is ErrMoveBetweenPartitions (the official Go panics when
	// it is shorter than the partition's path).
	MoveTo(t fdb.Transactor, newAbsolutePath []string) (DirectorySubspace, error)

	// Remove removes the directory at path, its contents and every
	// subdirectory. It reports whether a directory was there: a missing
	// one is false with a nil error (Java's removeIfExists; for Java's
	// remove, treat false as ErrDirNotExists). The root cannot be removed
	// (ErrRootDirectory). Remove writes the version key if it is absent,
	// even when nothing is removed, as every binding does. A
	// DirectorySubspace opened before can still write into the removed
	// prefix: use a Cache, or open again, to notice.
	Remove(t fdb.Transactor, path []string) (bool, error)

	// Exists reports whether a directory exists at path; the empty path
	// (this directory itself, or a layer's root) exists.
	Exists(rt fdb.ReadTransactor, path []string) (bool, error)

	// List returns the names of the subdirectories of the directory at
	// path, in UTF-8 byte order, all of them in one range read; an empty
	// directory gives an empty slice (the official Go gives nil).
	// ListPage reads a page at a time.
	List(rt fdb.ReadTransactor, path []string) ([]string, error)

	// GetLayer returns the layer recorded when the directory was created:
	// "partition" for a partition, empty for a directory layer.
	GetLayer() []byte

	// GetPath returns the directory's path from the root of its directory
	// layer; nil for a root layer, the partition's path for the layer of a
	// partition.
	GetPath() []string
}

// DirectorySubspace is a directory that is also the subspace of its
// prefix: keys under it belong to the directory. The root of a partition
// is a DirectorySubspace whose Subspace methods panic (ErrPartitionRoot);
// IsPartition tells it apart.
type DirectorySubspace interface {
	subspace.Subspace
	Directory
}

// root is the default directory layer: node subspace FE, content subspace
// the whole key space, no manual prefixes.
var root = NewDirectoryLayer(subspace.FromBytes([]byte{0xFE}), subspace.AllKeys(), false)

// Root returns the default directory layer, the one the package functions
// use: node subspace 0xFE, contents anywhere else, no manual prefixes.
// The official bindings' default layers (Go's Root, Java's
// DirectoryLayer.getDefault, Python's fdb.directory) share its keys.
func Root() Directory { return root }

// CreateOrOpen opens the directory at path in the default layer, creating
// it and its missing parents if needed: Root().CreateOrOpen (see
// Directory.CreateOrOpen for the layer rule).
func CreateOrOpen(t fdb.Transactor, path []string, layer []byte) (DirectorySubspace, error) {
	return root.CreateOrOpen(t, path, layer)
}

// Open opens the directory at path in the default layer, or returns
// ErrDirNotExists: Root().Open (see Directory.Open).
func Open(rt fdb.ReadTransactor, path []string, layer []byte) (DirectorySubspace, error) {
	return root.Open(rt, path, layer)
}

// Create creates the directory at path in the default layer, or returns
// ErrDirAlreadyExists: Root().Create (see Directory.Create).
func Create(t fdb.Transactor, path []string, layer []byte) (DirectorySubspace, error) {
	return root.Create(t, path, layer)
}

// Move moves the directory at oldPath to newPath in the default layer,
// without moving its keys: only the two parents' entries change, its
// prefix and contents stay. It is Root().Move; Directory.Move lists its
// errors.
func Move(t fdb.Transactor, oldPath []string, newPath []string) (DirectorySubspace, error) {
	return root.Move(t, oldPath, newPath)
}

// Exists reports whether a directory exists at path in the default
// layer: Root().Exists.
func Exists(rt fdb.ReadTransactor, path []string) (bool, error) {
	return root.Exists(rt, path)
}

// List returns the names of the subdirectories at path in the default
// layer, in UTF-8 byte order: Root().List (ListPage reads a page at a
// time).
func List(rt fdb.ReadTransactor, path []string) ([]string, error) {
	return root.List(rt, path)
}

// IsPartition reports whether d is the root of a partition, whose
// Subspace methods panic.
func IsPartition(d Directory) bool {
	_, ok := d.(*partition)
	return ok
}
