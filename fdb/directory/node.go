package directory

import (
	"github.com/fdbtuple/fdbtuple/fdb"
)

// node is what find learns about a path: the node it reached, the part
// of the path that led there, and the node's layer.
type node struct {
	exists bool
	prefix []byte   // the directory's prefix; the layer's N for the root
	key    []byte   // node(prefix)
	layer  []byte   // the stored layer; nil when absent (the root)
	path   []string // the path, relative to the layer, of the node found
	target []string // the path looked for
}

// inPartition reports whether the node is a partition that the target
// path goes into (or, with includeSelf, is).
func (n node) inPartition(includeSelf bool) bool {
	return n.exists && isPartition(n.layer) && (includeSelf || len(n.target) > len(n.path))
}

// subpath returns the rest of the target path below the node.
func (n node) subpath() []string { return n.target[len(n.path):] }

// partitionLayer returns the layer inside the partition n.
func (l *layer) partitionOf(n node) *layer {
	return l.partitionLayer(n.prefix, l.abs(n.path))
}

// link is one subdirectory entry read on the way down a path: its key
// and the prefix it held. The cache keeps them to check a path later.
type link struct {
	key    fdb.Key
	prefix []byte
}

// find walks path from the root node: per element, a get of the
// subdirectory entry and a get of the layer of the node it names. It
// stops at a missing entry or at a partition (whose layer handles the
// rest of the path). For the empty path it reads the root node's layer
// key (absent), as every binding does. When links is not nil, every
// entry read is appended to it.
func (l *layer) find(rt fdb.ReadTransaction, path []string, links *[]link) (node, error) {
	n := node{exists: true, prefix: l.node, key: l.root, target: path, path: path[:0]}
	for i, name := range path {
		ek := entryKey(n.key, name)
		p, present, err := rt.Get(ek)
		if err != nil {
			return node{}, err
		}
		n = node{exists: present, target: path, path: path[:i+1]}
		if !present {
			return n, nil
		}
		if links != nil {
			*links = append(*links, link{key: ek, prefix: clone(p)})
		}
		n.prefix, n.key = p, nodeOf(l.node, p)
		if n.layer, err = l.loadLayer(rt, n.key); err != nil {
			return node{}, err
		}
		if isPartition(n.layer) {
			return n, nil
		}
	}
	if len(path) == 0 {
		var err error
		if n.layer, err = l.loadLayer(rt, n.key); err != nil {
			return node{}, err
		}
	}
	return n, nil
}

// loadLayer reads the layer of a node; nil if it has none.
func (l *layer) loadLayer(rt fdb.ReadTransaction, nodeKey []byte) ([]byte, error) {
	v, present, err := rt.Get(layerKey(nodeKey))
	if err != nil || !present {
		return nil, err
	}
	return clone(v), nil
}
