package directory

import (
	"slices"

	"github.com/fdbtuple/fdbtuple/fdb"
)

// move is Move (Java's move, in its order of reads and writes): it links
// the source's node under the destination's name and unlinks it from its
// old parent. The prefix, the layer key and the contents stay where they
// are, so a directory opened before the move keeps working.
func (l *layer) move(tr fdb.Transaction, oldPath, newPath []string) (DirectorySubspace, error) {
	oldAbs, newAbs := l.abs(oldPath), l.abs(newPath)
	fail := func(sentinel error, text string) (DirectorySubspace, error) {
		e := newError(sentinel, oldAbs, text)
		e.To = newAbs
		return nil, e
	}
	if err := l.checkVersion(tr, tr, oldAbs); err != nil {
		return nil, err
	}
	// The only guard that keeps the root from moving: the empty path is a
	// prefix of every path.
	if len(oldPath) <= len(newPath) && slices.Equal(oldPath, newPath[:len(oldPath)]) {
		return fail(ErrMoveIntoSubdirectory, "")
	}
	oldNode, err := l.find(tr, oldPath, nil)
	if err != nil {
		return nil, err
	}
	newNode, err := l.find(tr, newPath, nil)
	if err != nil {
		return nil, err
	}
	if !oldNode.exists {
		return fail(ErrDirNotExists, "the source directory does not exist")
	}
	if oldNode.inPartition(false) || newNode.inPartition(false) {
		if !oldNode.inPartition(false) || !newNode.inPartition(false) || !slices.Equal(oldNode.path, newNode.path) {
			return fail(ErrMoveBetweenPartitions, "")
		}
		return l.partitionOf(newNode).move(tr, oldNode.subpath(), newNode.subpath())
	}
	if newNode.exists {
		return fail(ErrDirAlreadyExists, "the destination directory already exists. Remove it first")
	}
	parent, err := l.find(tr, newPath[:len(newPath)-1], nil)
	if err != nil {
		return nil, err
	}
	if !parent.exists {
		return fail(ErrParentDirDoesNotExist, "the parent of the destination directory does not exist. Create it first")
	}
	if err := tr.Set(entryKey(parent.key, newPath[len(newPath)-1]), oldNode.prefix); err != nil {
		return nil, err
	}
	if err := l.removeFromParent(tr, oldPath); err != nil {
		return nil, err
	}
	return l.contents(oldNode.prefix, newPath, oldNode.layer), nil
}

// moveTo is MoveTo of the directory at abs (absolute) whose parent layer
// is l: the destination must lie in the same layer.
func (l *layer) moveTo(t fdb.Transactor, abs, newAbs []string) (DirectorySubspace, error) {
	n := len(l.path)
	if len(newAbs) < n || !slices.Equal(newAbs[:n], l.path) {
		// The official Go slices newAbs[:n] and panics when it is shorter.
		e := newError(ErrMoveBetweenPartitions, slices.Clone(abs), "")
		e.Op, e.To = "move", slices.Clone(newAbs)
		return nil, e
	}
	return l.Move(t, abs[n:], newAbs[n:])
}
