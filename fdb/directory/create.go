package directory

import (
	"bytes"
	"fmt"

	"github.com/fdbtuple/fdbtuple/fdb"
)

// createOrOpen is CreateOrOpen, Open, Create and CreatePrefix (Java's
// createOrOpenInternal, openInternal and createInternal, in their order
// of reads and writes). w is nil for Open. A nil prefix allocates one; a
// non-nil prefix is a manual one.
func (l *layer) createOrOpen(rt fdb.ReadTransaction, w fdb.Transaction, path []string, lay, prefix []byte, allowCreate, allowOpen bool) (DirectorySubspace, error) {
	abs := l.abs(path)
	// Arguments first, before any read, as Java does (Go reads the
	// version first; only which error comes first can differ).
	if prefix != nil {
		if !l.manual {
			if len(l.path) == 0 {
				return nil, newError(ErrManualPrefixes, abs, "")
			}
			return nil, newError(ErrManualPrefixes, abs, "cannot specify a prefix in a partition")
		}
		if len(prefix) > 0 && prefix[0] == 0xFF {
			return nil, newError(ErrInvalidPrefix, abs, fmt.Sprintf("%s: %s is in FoundationDB's system keys", ErrInvalidPrefix, fdb.Printable(prefix)))
		}
	}
	if err := l.checkVersion(rt, nil, abs); err != nil {
		return nil, err
	}
	if len(path) == 0 {
		return nil, newError(ErrRootDirectory, abs, "the root directory cannot be opened")
	}
	n, err := l.find(rt, path, nil)
	if err != nil {
		return nil, err
	}
	if n.exists {
		if n.inPartition(false) {
			return l.partitionOf(n).createOrOpen(rt, w, n.subpath(), lay, prefix, allowCreate, allowOpen)
		}
		if !allowOpen {
			return nil, newError(ErrDirAlreadyExists, abs, "")
		}
		// Go's rule: a nil layer opens anything, a non-nil one (even
		// empty) must equal the stored layer. Java and Python skip the
		// check for an empty layer too.
		if lay != nil && !bytes.Equal(lay, n.layer) {
			return nil, layerMismatch(abs, n.layer, lay)
		}
		return l.contents(n.prefix, path, n.layer), nil
	}
	if !allowCreate {
		return nil, newError(ErrDirNotExists, abs, "")
	}
	if err := l.checkVersion(rt, w, abs); err != nil {
		return nil, err
	}
	manual := prefix != nil
	if !manual {
		if prefix, err = l.allocatePrefix(w, abs); err != nil {
			return nil, err
		}
	} else {
		free, err := l.isPrefixFree(rt, prefix, abs)
		if err != nil {
			return nil, err
		}
		if !free {
			return nil, newError(ErrPrefixInUse, abs, fmt.Sprintf("%s: %s", ErrPrefixInUse, fdb.Printable(prefix)))
		}
	}
	parent := l.root
	if len(path) > 1 {
		pd, err := l.createOrOpen(rt, w, path[:len(path)-1], nil, nil, true, true)
		if err != nil {
			return nil, err
		}
		parent = nodeOf(l.node, prefixOf(pd))
		// n.path ends at the first missing name: above the last one, a
		// parent was missing and has just been created.
		if manual && len(n.path) < len(path) {
			if err := l.manualStillFree(rt, prefix, abs); err != nil {
				return nil, err
			}
		}
	}
	if lay == nil {
		lay = []byte{}
	}
	if err := w.Set(entryKey(parent, path[len(path)-1]), prefix); err != nil {
		return nil, err
	}
	if err := w.Set(layerKey(nodeOf(l.node, prefix)), lay); err != nil {
		return nil, err
	}
	return l.contents(prefix, path, lay), nil
}

// manualStillFree checks a manual prefix again after the missing parents
// of its directory were created. The first check comes before them, in
// FoundationDB's order (Java's and the official Go's), and their
// automatic prefixes may then take the manual one, or a prefix of it or
// an extension (a manual 15 01 is the allocator's candidate 1): the
// official layers then give two directories overlapping prefixes, a
// corrupt tree. Here the create fails with ErrPrefixInUse instead; the
// parents are written in the transaction by then, so a caller that
// composes the call into its own transaction should fail it too (as a
// Transactor's Transact does with the error). Where the parents did not
// take the prefix, nothing differs from the official layers but these
// two reads, which read what the first check read.
func (l *layer) manualStillFree(rt fdb.ReadTransaction, prefix []byte, abs []string) error {
	free, err := l.isPrefixFree(rt, prefix, abs)
	if err != nil {
		return err
	}
	if !free {
		return newError(ErrPrefixInUse, abs, fmt.Sprintf("%s: %s, taken by the automatic prefix of a parent created for it", ErrPrefixInUse, fdb.Printable(prefix)))
	}
	return nil
}

// allocatePrefix draws a prefix with the allocator and checks it, in
// Java's order: nothing stored under it (a non-snapshot read of [P,
// strinc P)), then free of every other directory's prefix (snapshot
// reads).
func (l *layer) allocatePrefix(w fdb.Transaction, abs []string) ([]byte, error) {
	packed, err := l.allocate(w, abs)
	if err != nil {
		return nil, err
	}
	prefix := append(clone(l.content), packed...)
	if prefix[0] == 0xFF {
		return nil, newError(ErrInvalidPrefix, abs, fmt.Sprintf("%s: the allocator chose %s, in FoundationDB's system keys", ErrInvalidPrefix, fdb.Printable(prefix)))
	}
	r, err := fdb.PrefixRange(prefix)
	if err != nil {
		return nil, err
	}
	kvs, err := w.GetRange(r, fdb.RangeOptions{Limit: 1})
	if err != nil {
		return nil, err
	}
	if len(kvs) > 0 {
		e := newError(ErrPrefixNotEmpty, abs, fmt.Sprintf("%s: %s", ErrPrefixNotEmpty, fdb.Printable(prefix)))
		e.Key = kvs[0].Key
		return nil, e
	}
	free, err := l.isPrefixFree(w.Snapshot(), prefix, abs)
	if err != nil {
		return nil, err
	}
	if !free {
		return nil, newError(ErrPrefixInUse, abs, fmt.Sprintf("the directory layer has manually allocated prefixes that conflict with the automatic prefix allocator: %s", fdb.Printable(prefix)))
	}
	return prefix, nil
}

// layerMismatch is the error of Open or CreateOrOpen with another layer
// than the stored one.
func layerMismatch(abs []string, stored, given []byte) *Error {
	return newError(ErrLayerMismatch, abs, fmt.Sprintf("%s: stored \"%s\", opened with \"%s\"", ErrLayerMismatch, fdb.Printable(stored), fdb.Printable(given)))
}
