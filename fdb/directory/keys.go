package directory

// The keys of the directory metadata (the Layout section of the
// package doc). A layer has a node subspace N and a content subspace
// C. The node of a directory with prefix P is node(P) = N ‖ pack((P,)),
// P as a tuple byte string; the root node is node(N). Under a node:
//
//	node(P) ‖ pack(("layer",))    the layer bytes (not on the root node)
//	node(P) ‖ pack((0, name))     a subdirectory: its raw prefix
//	node(N) ‖ pack(("version",))  12 bytes: 1, 0, 0 as uint32 LE
//	node(N) ‖ pack(("hca", 0, s)) the allocator's counter of window s
//	node(N) ‖ pack(("hca", 1, c)) the allocator's recent candidate c
//
// "layer", "version" and "hca" are byte strings (code 01), the
// subdirectory marker is the integer 0 (code 14), names are Unicode
// strings (code 02).

import (
	"bytes"
	"slices"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
)

var (
	layerWord     = []byte("layer")
	versionWord   = []byte("version")
	hcaWord       = []byte("hca")
	partitionName = []byte("partition")
)

// subdirsMarker is the code of the packed integer 0 that starts every
// subdirectory entry of a node.
const subdirsMarker = 0x14

// isPartition reports whether a stored layer is the partition layer.
func isPartition(layer []byte) bool { return bytes.Equal(layer, partitionName) }

// nodeOf returns node(p) in the node subspace n.
func nodeOf(n, p []byte) []byte {
	return tuplewire.AppendBytes(slices.Clip(n), p)
}

// layerKey returns the key of a node's layer.
func layerKey(node []byte) fdb.Key {
	return tuplewire.AppendBytes(slices.Clip(node), layerWord)
}

// entryKey returns the key of the subdirectory name of node.
func entryKey(node []byte, name string) fdb.Key {
	return tuplewire.AppendString(subdirs(node), name)
}

// subdirs returns the prefix of a node's subdirectory entries.
func subdirs(node []byte) []byte {
	return append(slices.Clip(node), subdirsMarker)
}

// subdirsRange returns the range of a node's subdirectory entries,
// [node 14 00, node 14 FF).
func subdirsRange(node []byte) fdb.KeyRange {
	s := subdirs(node)
	return fdb.KeyRange{Begin: fdb.Key(append(slices.Clip(s), 0x00)), End: fdb.Key(append(slices.Clip(s), 0xFF))}
}

// nodeRange returns the range of every key under a node, [node 00,
// node FF): its layer key and its entries.
func nodeRange(node []byte) fdb.KeyRange {
	return fdb.KeyRange{Begin: fdb.Key(append(slices.Clip(node), 0x00)), End: fdb.Key(append(slices.Clip(node), 0xFF))}
}

// prefixOfNodeKey returns the prefix P of a key node(P) ‖ rest in the node
// subspace n, and rest. ok is false for a key that does not start with n
// followed by a tuple byte string.
func prefixOfNodeKey(n, key []byte) (p, rest []byte, ok bool) {
	if !bytes.HasPrefix(key, n) {
		return nil, nil, false
	}
	p, used, err := tuplewire.ConsumeBytes(key[len(n):])
	if err != nil {
		return nil, nil, false
	}
	return p, key[len(n)+used:], true
}

// nameOfEntry decodes the name of a subdirectory entry key under node:
// exactly one valid UTF-8 string after the marker. ok is false for
// anything else (a null name written by Java, bytes, invalid UTF-8).
func nameOfEntry(node, key []byte) (name string, ok bool) {
	s := subdirs(node)
	if !bytes.HasPrefix(key, s) {
		return "", false
	}
	name, used, err := tuplewire.ConsumeString(key[len(s):])
	if err != nil || len(s)+used != len(key) {
		return "", false
	}
	return name, true
}

// clone returns a copy of b that is never nil.
func clone(b []byte) []byte { return append([]byte{}, b...) }
