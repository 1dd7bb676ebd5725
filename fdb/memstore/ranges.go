package memstore

import (
	"bytes"
	"slices"

	"github.com/fdbtuple/fdbtuple/fdb"
)

// keyRange is a conflict range: the keys from begin (inclusive) to end
// (exclusive).
type keyRange struct {
	begin, end fdb.Key
}

// pointRange is the range of one key, in one allocation.
func pointRange(key []byte) keyRange {
	k := fdb.KeyAfter(key)
	return keyRange{k[:len(key):len(key)], k}
}

// normalize sorts ranges by begin and merges those that overlap or touch,
// dropping empty ones.
func normalize(rs []keyRange) []keyRange {
	rs = slices.DeleteFunc(rs, func(r keyRange) bool { return bytes.Compare(r.begin, r.end) >= 0 })
	slices.SortFunc(rs, func(a, b keyRange) int { return bytes.Compare(a.begin, b.begin) })
	out := rs[:0]
	for _, r := range rs {
		if n := len(out); n > 0 && bytes.Compare(r.begin, out[n-1].end) <= 0 {
			if bytes.Compare(r.end, out[n-1].end) > 0 {
				out[n-1].end = r.end
			}
			continue
		}
		out = append(out, r)
	}
	return out
}

// intersect reports whether two normalized lists of ranges share a key.
func intersect(a, b []keyRange) bool {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case bytes.Compare(a[i].end, b[j].begin) <= 0:
			i++
		case bytes.Compare(b[j].end, a[i].begin) <= 0:
			j++
		default:
			return true
		}
	}
	return false
}

// size is what the ranges count toward the transaction size limit: both
// ends of each.
func size(rs []keyRange) int {
	n := 0
	for _, r := range rs {
		n += len(r.begin) + len(r.end)
	}
	return n
}
