package directory

import (
	"github.com/fdbtuple/fdbtuple/fdb"
)

// exists is Exists: true for the layer's own root (the empty path).
func (l *layer) exists(rt fdb.ReadTransaction, path []string) (bool, error) {
	if err := l.checkVersion(rt, nil, l.abs(path)); err != nil {
		return false, err
	}
	n, err := l.find(rt, path, nil)
	if err != nil || !n.exists {
		return false, err
	}
	if n.inPartition(false) {
		return l.partitionOf(n).exists(rt, n.subpath())
	}
	return true, nil
}

// list is List: every subdirectory name, in key order (the UTF-8 bytes'
// order), in one unlimited range read. An empty directory gives an empty
// slice, not nil.
func (l *layer) list(rt fdb.ReadTransaction, path []string) ([]string, error) {
	n, err := l.resolveForList(rt, path)
	if err != nil {
		return nil, err
	}
	kvs, err := rt.GetRange(subdirsRange(n.key), fdb.RangeOptions{})
	if err != nil {
		return nil, err
	}
	return n.layerOf.names(n.key, kvs, n.abs)
}

// listTarget is the node whose subdirectories List reads, in the layer
// that holds them.
type listTarget struct {
	layerOf *layer
	key     []byte
	abs     []string
}

// resolveForList does what List and ListPage do before reading names:
// the version check, the node, and the delegation into a partition,
// including the partition's own root.
func (l *layer) resolveForList(rt fdb.ReadTransaction, path []string) (listTarget, error) {
	abs := l.abs(path)
	if err := l.checkVersion(rt, nil, abs); err != nil {
		return listTarget{}, err
	}
	n, err := l.find(rt, path, nil)
	if err != nil {
		return listTarget{}, err
	}
	if !n.exists {
		return listTarget{}, newError(ErrDirNotExists, abs, "")
	}
	if n.inPartition(true) {
		return l.partitionOf(n).resolveForList(rt, n.subpath())
	}
	return listTarget{layerOf: l, key: n.key, abs: abs}, nil
}

// names decodes the names of subdirectory entries of the node nodeKey. A
// name that is not a valid UTF-8 string (a null written by Java, bytes,
// invalid UTF-8) is ErrInvalidMetadata naming its key, where the official
// Go panics.
func (l *layer) names(nodeKey []byte, kvs []fdb.KeyValue, abs []string) ([]string, error) {
	out := make([]string, 0, len(kvs))
	for _, kv := range kvs {
		name, ok := nameOfEntry(nodeKey, kv.Key)
		if !ok {
			e := newError(ErrInvalidMetadata, abs, "a subdirectory entry whose name is not a valid UTF-8 string")
			e.Key = kv.Key
			return nil, e
		}
		out = append(out, name)
	}
	return out, nil
}
