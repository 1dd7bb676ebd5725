package directory

import (
	"encoding/binary"
	"fmt"
	"iter"
	"slices"

	"github.com/fdbtuple/fdbtuple/fdb"
)

// LayerState is what a directory layer keeps beside its directories, as
// ReadLayerState reads it: the version of its metadata and its prefix
// allocator's newest window. It reports what is stored, sound or not;
// Check says what is wrong with it.
type LayerState struct {
	// NodeSubspace is the prefix of the layer's node subspace, which
	// holds its metadata: FE for Root, P ‖ FE for a partition of prefix P.
	NodeSubspace []byte
	// Empty reports that no key lies under NodeSubspace: no directory
	// layer has written there (a store whose layer was made with other
	// subspaces, for instance).
	Empty bool
	// Version is the stored version value, nil if there is none (a layer
	// that was never written to). VersionNumbers reads it.
	Version []byte
	// Allocator is the prefix allocator's newest window, nil if the
	// allocator never counted an allocation.
	Allocator *AllocatorWindow
}

// VersionNumbers returns the stored version, 1.0.0 in every layer any
// binding has written; ok is false when there is no version, or a value
// that is not 12 bytes (which Check reports).
func (s LayerState) VersionNumbers() (major, minor, micro uint32, ok bool) {
	if s.Version == nil {
		return 0, 0, 0, false
	}
	return parseVersion(s.Version)
}

// AllocatorWindow is the window the prefix allocator draws candidates
// from: [Start, Start+Size), where Size depends on Start (64 below 255,
// 1024 below 65535, 8192 above), with the window's counter and the
// recent candidates recorded in it.
type AllocatorWindow struct {
	Start, Size int64
	// Counter is the window's counter as stored, 8 bytes little-endian
	// in a sound layer: the allocations counted in the window. Count
	// reads it.
	Counter []byte
	// Recent is the number of recent candidates at or above Start (in a
	// sound layer they all lie in the window, and are at most Count).
	Recent int
}

// Count returns the window's counter; ok is false when the stored value
// is not 8 bytes (which Check reports).
func (w AllocatorWindow) Count() (count int64, ok bool) {
	if len(w.Counter) != 8 {
		return 0, false
	}
	return int64(binary.LittleEndian.Uint64(w.Counter)), true
}

// ReadLayerState reads the state of the directory layer d (Root, a layer
// of NewDirectoryLayer, or a partition's own layer) in one transaction
// of rt: its version and its allocator's newest window, reading the
// allocator's recent candidates in pages. It writes nothing and changes
// nothing: the allocator's rules decide what it reads (the window's size
// is the allocator's).
//
// A counter key that is not one integer is ErrInvalidMetadata naming the
// key, as it is for the allocator; other values are reported as stored.
// Errors are the store's, or ErrInvalidArgument for a d that is not a
// layer or a partition of this package.
func ReadLayerState(rt fdb.ReadTransactor, d Directory) (LayerState, error) {
	l, err := layerArg(d, "layer state", "ReadLayerState")
	if err != nil {
		return LayerState{}, err
	}
	return readOp(rt, "layer state", l.abs(nil), func(rtr fdb.ReadTransaction) (LayerState, error) {
		return l.state(rtr)
	})
}

// state is ReadLayerState in a transaction.
func (l *layer) state(rt fdb.ReadTransaction) (LayerState, error) {
	s := LayerState{NodeSubspace: clone(l.node)}
	all, err := fdb.PrefixRange(l.node)
	if err != nil {
		return s, newError(ErrInvalidArgument, l.abs(nil), fmt.Sprintf("%s: a node subspace %s has no end", ErrInvalidArgument, fdb.Printable(l.node)))
	}
	first, err := rt.GetRange(all, fdb.RangeOptions{Limit: 1})
	if err != nil {
		return s, err
	}
	s.Empty = len(first) == 0
	if s.Empty {
		return s, nil
	}
	v, present, err := rt.Get(l.versionKey())
	if err != nil {
		return s, err
	}
	if present {
		s.Version = clone(v)
	}
	start, count, found, err := l.hca.newestWindow(rt, l.abs(nil))
	if err != nil || !found {
		return s, err
	}
	w := &AllocatorWindow{Start: start, Size: windowSize(start), Counter: clone(count)}
	recent := fdb.KeyRange{Begin: l.hca.recentKey(start), End: fdb.Key(append(slices.Clip(l.hca.recent), 0xFF))}
	if w.Recent, err = countRange(rt, recent); err != nil {
		return s, err
	}
	s.Allocator = w
	return s, nil
}

// countRange counts the keys of r, in reads of at most readPage pairs.
func countRange(rt fdb.ReadTransaction, r fdb.KeyRange) (int, error) {
	n := 0
	for kvs, err := range pages(rt, r, readPage) {
		if err != nil {
			return n, err
		}
		n += len(kvs)
	}
	return n, nil
}

// readPage is the most pairs one range read of a whole-tree read asks
// for (Check, ReadLayerState, Walk within a node): enough to make few
// reads, few enough for a store that bounds the size of one read.
const readPage = 1000

// pages yields the pairs of r in ascending order, a range read of at
// most size pairs at a time, all in rt; it stops at the first error.
func pages(rt fdb.ReadTransaction, r fdb.KeyRange, size int) iter.Seq2[[]fdb.KeyValue, error] {
	return func(yield func([]fdb.KeyValue, error) bool) {
		for begin := r.Begin; ; {
			kvs, err := rt.GetRange(fdb.KeyRange{Begin: begin, End: r.End}, fdb.RangeOptions{Limit: size})
			if err != nil {
				yield(nil, err)
				return
			}
			if len(kvs) > 0 && !yield(kvs, nil) {
				return
			}
			if len(kvs) < size {
				return
			}
			begin = append(slices.Clip(kvs[len(kvs)-1].Key), 0)
		}
	}
}

// layerArg returns the directory layer that d stands for, in the calls
// that take a layer (Check, ReadLayerState): a layer, or the layer inside
// a partition.
func layerArg(d Directory, op, call string) (*layer, *Error) {
	switch d := d.(type) {
	case *layer:
		return d, nil
	case *partition:
		return d.inner, nil
	}
	e := newError(ErrInvalidArgument, nil, fmt.Sprintf("%s: %s takes a directory layer or a partition, not a %T", ErrInvalidArgument, call, d))
	e.Op = op
	return nil, e
}
