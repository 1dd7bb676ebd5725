package main

import (
	"fmt"
	"slices"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/directory"
	"github.com/fdbtuple/fdbtuple/tuple"
)

// dirNode is one directory as the dir commands show it, with what it
// takes to go below it. The tree is walked through fdb/directory's public
// API (List, Open, GetLayer, Bytes), except for what that API does not
// give: a partition's prefix, which its root cannot return (its Bytes
// panics), is read from the entry that names it (see partitionPrefix).
type dirNode struct {
	path      []string            // absolute, from the root of the store's directory layer
	dir       directory.Directory // lists and opens below it
	layer     []byte              // the layer it was created with; nil for the root
	prefix    []byte              // nil for the root
	partition bool
	// nodeSS is the node subspace of the directory layer that holds the
	// directory's subdirectory entries, and node the node they lie under:
	// the directory's prefix, or nodeSS itself for the root of a layer
	// (the store's root, or a partition, whose inner layer has node
	// subspace prefix ‖ FE).
	nodeSS, node []byte
	// entrySS is the node subspace of the layer holding the entry that
	// names the directory: nodeSS, but for a partition the outer layer's.
	entrySS []byte
}

// rootNode is the root of the directory layer d, whose node subspace has
// the prefix nodeSS.
func rootNode(d directory.Directory, nodeSS []byte) dirNode {
	return dirNode{dir: d, nodeSS: nodeSS, node: nodeSS}
}

// nodeID identifies the node of a directory in the store: two entries
// that name one node (a corrupt tree, which check reports) give one
// nodeID, so that a walk never loops.
type nodeID struct{ nodeSS, node string }

func (n dirNode) key() nodeID { return nodeID{string(n.nodeSS), string(n.node)} }

// layerKey identifies the directory layer holding n's subdirectories.
func (n dirNode) layerKey() string { return string(n.nodeSS) }

// child opens the subdirectory name of n.
func (n dirNode) child(rt fdb.ReadTransaction, name string) (dirNode, error) {
	sub, err := n.dir.Open(rt, []string{name}, nil)
	if err != nil {
		return dirNode{}, err
	}
	c := dirNode{path: append(slices.Clone(n.path), name), dir: sub, layer: sub.GetLayer(), nodeSS: n.nodeSS, entrySS: n.nodeSS}
	if !directory.IsPartition(sub) {
		c.prefix = sub.Bytes()
		c.node = c.prefix
		return c, nil
	}
	p, err := partitionPrefix(rt, n, name)
	if err != nil {
		return dirNode{}, err
	}
	c.partition = true
	c.prefix = p
	c.nodeSS = append(slices.Clip(p), 0xFE)
	c.node = c.nodeSS
	return c, nil
}

// children lists the names of n's subdirectories.
func (n dirNode) children(rt fdb.ReadTransaction) ([]string, error) {
	return n.dir.List(rt, nil)
}

// resolve opens the directory at path from n, one element at a time.
func (n dirNode) resolve(rt fdb.ReadTransaction, path []string) (dirNode, error) {
	for _, name := range path {
		c, err := n.child(rt, name)
		if err != nil {
			return dirNode{}, err
		}
		n = c
	}
	return n, nil
}

// The keys below are the directory layer's layout (FoundationDB's, in
// fdb/directory's layout notes), read here because fdb/directory has no
// public call that returns them: a partition's prefix, the version and
// the allocator's state of a layer. Each is a read, never a write.

// nodeKey is the node of prefix p in the node subspace nodeSS:
// nodeSS ‖ pack((p,)).
func nodeKey(nodeSS, p []byte) []byte {
	return append(slices.Clip(nodeSS), tuple.Tuple{p}.Pack()...)
}

// partitionPrefix reads the prefix of the partition name under parent
// from the subdirectory entry that names it: node(parent) ‖ pack((0,
// name)), whose value is the prefix.
func partitionPrefix(rt fdb.ReadTransaction, parent dirNode, name string) ([]byte, error) {
	entry := append(nodeKey(parent.nodeSS, parent.node), tuple.Tuple{int64(0), name}.Pack()...)
	p, ok, err := rt.Get(entry)
	switch {
	case err != nil:
		return nil, err
	case !ok:
		return nil, fmt.Errorf("partition %s: no subdirectory entry at %s", directory.FormatPath(append(slices.Clone(parent.path), name)), tuple.Printable(entry))
	}
	return p, nil
}

// layerState is what check's summary says of one directory layer: its
// version and its prefix allocator's newest window.
type layerState struct {
	version        []byte // nil: no version key
	counters       bool   // the allocator has a counter
	start, window  int64  // the newest window, [start, start+window)
	count          []byte // the newest counter's value (8 bytes little-endian, if sound)
	recentInWindow int    // recent candidates at or above start
	empty          bool   // the node subspace holds no key at all
}

// readLayerState reads the version key and the allocator of the layer
// with node subspace nodeSS. The allocator lives under the root node:
// root ‖ pack(("hca",)), its counters under (0, window start), its recent
// candidates under (1, candidate).
func readLayerState(rt fdb.ReadTransaction, nodeSS []byte) (layerState, error) {
	var s layerState
	end, err := fdb.Strinc(nodeSS)
	if err != nil {
		return s, err
	}
	first, err := rt.GetRange(fdb.KeyRange{Begin: fdb.Key(nodeSS), End: fdb.Key(end)}, fdb.RangeOptions{Limit: 1})
	if err != nil {
		return s, err
	}
	s.empty = len(first) == 0
	root := nodeKey(nodeSS, nodeSS)
	v, ok, err := rt.Get(append(slices.Clip(root), tuple.Tuple{[]byte("version")}.Pack()...))
	if err != nil {
		return s, err
	}
	if ok {
		s.version = v
	}
	hca := append(slices.Clip(root), tuple.Tuple{[]byte("hca")}.Pack()...)
	counters := append(slices.Clip(hca), tuple.Tuple{int64(0)}.Pack()...)
	begin, end := tuple.RangeUnder(counters)
	newest, err := rt.GetRange(fdb.KeyRange{Begin: fdb.Key(begin), End: fdb.Key(end)}, fdb.RangeOptions{Limit: 1, Reverse: true})
	if err != nil || len(newest) == 0 {
		return s, err
	}
	t, err := tuple.Unpack(newest[0].Key[len(counters):])
	start, isInt := int64(0), false
	if err == nil && len(t) == 1 {
		start, isInt = t[0].(int64)
	}
	if !isInt {
		return s, nil // check reports the key
	}
	s.counters, s.start, s.window, s.count = true, start, allocatorWindow(start), newest[0].Value
	recent := append(slices.Clip(hca), tuple.Tuple{int64(1)}.Pack()...)
	_, recentEnd := tuple.RangeUnder(recent)
	inWindow, err := rt.GetRange(fdb.KeyRange{Begin: fdb.Key(append(slices.Clip(recent), tuple.Tuple{start}.Pack()...)), End: fdb.Key(recentEnd)}, fdb.RangeOptions{})
	s.recentInWindow = len(inWindow)
	return s, err
}

// allocatorWindow is the size of the allocator's window that starts at
// start: 64 below 255, 1024 below 65535, 8192 above.
func allocatorWindow(start int64) int64 {
	switch {
	case start < 255:
		return 64
	case start < 65535:
		return 1024
	}
	return 8192
}

// countKeys counts the keys under prefix, in reads of a page each.
func countKeys(rt fdb.ReadTransaction, prefix []byte) (int, error) {
	end, err := fdb.Strinc(prefix)
	if err != nil {
		return 0, err
	}
	begin, n := fdb.Key(prefix), 0
	const page = 10000
	for {
		kvs, err := rt.GetRange(fdb.KeyRange{Begin: begin, End: fdb.Key(end)}, fdb.RangeOptions{Limit: page})
		if err != nil {
			return n, err
		}
		n += len(kvs)
		if len(kvs) < page {
			return n, nil
		}
		begin = append(slices.Clip(kvs[len(kvs)-1].Key), 0)
	}
}
