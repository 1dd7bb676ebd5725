package directory

import (
	"bytes"
	"fmt"
	"slices"

	"github.com/fdbtuple/fdbtuple/fdb"
)

// isPrefixFree reports whether a new directory may take prefix p: p is
// not empty, not inside the node subspace, and neither starts with an
// existing directory's prefix nor is the start of one. rt is the
// transaction for a manual prefix (its reads conflict) and its snapshot
// for an allocated one.
//
// Existing prefixes are pairwise prefix-free, so the only one that can
// hold p is the greatest node at or below node(p): one reverse read of
// [N 00, node(p) 00) with limit 1. Any node whose prefix starts with p
// lies in [node(p), node(strinc p)): one forward read with limit 1.
func (l *layer) isPrefixFree(rt fdb.ReadTransaction, p []byte, abs []string) (bool, error) {
	if len(p) == 0 || bytes.HasPrefix(p, l.node) {
		return false, nil
	}
	np := nodeOf(l.node, p)
	before := fdb.KeyRange{Begin: fdb.Key(append(slices.Clip(l.node), 0x00)), End: fdb.Key(append(slices.Clip(np), 0x00))}
	kvs, err := rt.GetRange(before, fdb.RangeOptions{Limit: 1, Reverse: true})
	if err != nil {
		return false, err
	}
	if len(kvs) == 1 {
		prev, _, ok := prefixOfNodeKey(l.node, kvs[0].Key)
		if !ok {
			e := newError(ErrInvalidMetadata, abs, "a key in the node subspace is not a node's")
			e.Key = kvs[0].Key
			return false, e
		}
		if bytes.HasPrefix(p, prev) {
			return false, nil
		}
	}
	end, err := fdb.Strinc(p)
	if err != nil {
		return false, newError(ErrInvalidPrefix, abs, fmt.Sprintf("%s: %s", err, fdb.Printable(p)))
	}
	after := fdb.KeyRange{Begin: fdb.Key(np), End: fdb.Key(nodeOf(l.node, end))}
	kvs, err = rt.GetRange(after, fdb.RangeOptions{Limit: 1})
	if err != nil {
		return false, err
	}
	return len(kvs) == 0, nil
}
