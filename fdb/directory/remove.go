package directory

import (
	"fmt"

	"github.com/fdbtuple/fdbtuple/fdb"
)

// remove is Remove (Java's removeInternal with mustExist false): the
// directory's contents, its node and every subdirectory's, then its entry
// in its parent. It reports false, having written only the version key if
// it was absent, when nothing is at path.
func (l *layer) remove(tr fdb.Transaction, path []string) (bool, error) {
	abs := l.abs(path)
	if err := l.checkVersion(tr, tr, abs); err != nil {
		return false, err
	}
	if len(path) == 0 {
		return false, newError(ErrRootDirectory, abs, "the root directory cannot be removed")
	}
	n, err := l.find(tr, path, nil)
	if err != nil {
		return false, err
	}
	if !n.exists {
		return false, nil
	}
	if n.inPartition(false) {
		return l.partitionOf(n).remove(tr, n.subpath())
	}
	if err := l.removeRecursive(tr, n.prefix, abs); err != nil {
		return false, err
	}
	if err := l.removeFromParent(tr, path); err != nil {
		return false, err
	}
	return true, nil
}

// removeRecursive clears a directory's contents [P, strinc P) and its
// node [node(P) 00, node(P) FF), then does the same for each
// subdirectory, in Java's order (the subdirectories are read first).
func (l *layer) removeRecursive(tr fdb.Transaction, p []byte, abs []string) error {
	nk := nodeOf(l.node, p)
	children, err := tr.GetRange(subdirsRange(nk), fdb.RangeOptions{})
	if err != nil {
		return err
	}
	contents, err := fdb.PrefixRange(p)
	if err != nil {
		e := newError(ErrInvalidMetadata, abs, fmt.Sprintf("a directory prefix with no end, %s", fdb.Printable(p)))
		e.Key = nk
		return e
	}
	if err := tr.ClearRange(contents); err != nil {
		return err
	}
	if err := tr.ClearRange(nodeRange(nk)); err != nil {
		return err
	}
	for _, kv := range children {
		if err := l.removeRecursive(tr, kv.Value, abs); err != nil {
			return err
		}
	}
	return nil
}

// removeFromParent clears the entry of path in its parent.
func (l *layer) removeFromParent(tr fdb.Transaction, path []string) error {
	parent, err := l.find(tr, path[:len(path)-1], nil)
	if err != nil {
		return err
	}
	return tr.Clear(entryKey(parent.key, path[len(path)-1]))
}
