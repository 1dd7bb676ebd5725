package directory_test

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/directory"
	"github.com/fdbtuple/fdbtuple/tuple"
	"pgregory.net/rapid"
)

// TestReadLayerState: the state of the default layer over stores loaded
// with allocator keys of each shape, sound and not.
func TestReadLayerState(t *testing.T) {
	version := fdb.KeyValue{Key: versionKey, Value: versionBytes(1, 0, 0)}
	recent := func(c int64) fdb.KeyValue { return fdb.KeyValue{Key: recentKey(c), Value: []byte{}} }
	counter := func(start int64, v []byte) fdb.KeyValue { return fdb.KeyValue{Key: counterKey(start), Value: v} }
	for _, c := range []struct {
		name    string
		pairs   []fdb.KeyValue
		want    string
		wantErr error
	}{
		{"an empty store", nil, "empty", nil},
		{"a version only", []fdb.KeyValue{version}, "version 1.0.0 (12 bytes), no allocator", nil},
		{"the first window", []fdb.KeyValue{version, counter(0, le64(2)), recent(5), recent(9)},
			"version 1.0.0 (12 bytes), window [0, 64) count 2 (8 bytes), 2 recent", nil},
		{"the newest of three counters, recent keys below its start not counted", []fdb.KeyValue{version,
			counter(0, le64(32)), counter(64, le64(32)), counter(65792, le64(7)), recent(100), recent(65792), recent(65800), recent(99999)},
			"version 1.0.0 (12 bytes), window [65792, 73984) count 7 (8 bytes), 3 recent", nil},
		{"a window of 1024", []fdb.KeyValue{version, counter(320, le64(1)), recent(321)},
			"version 1.0.0 (12 bytes), window [320, 1344) count 1 (8 bytes), 1 recent", nil},
		{"a counter of 4 bytes", []fdb.KeyValue{version, counter(0, []byte{3, 0, 0, 0})},
			"version 1.0.0 (12 bytes), window [0, 64) count ? (4 bytes), 0 recent", nil},
		{"a version of 14 bytes", []fdb.KeyValue{{Key: versionKey, Value: make([]byte, 14)}}, "version ? (14 bytes), no allocator", nil},
		{"version 1.2.3", []fdb.KeyValue{{Key: versionKey, Value: versionBytes(1, 2, 3)}}, "version 1.2.3 (12 bytes), no allocator", nil},
		{"no version", []fdb.KeyValue{counter(0, le64(1)), recent(1)}, "no version, window [0, 64) count 1 (8 bytes), 1 recent", nil},
		{"a counter key that is not an integer", []fdb.KeyValue{version, {Key: fdb.Key(hcaPrefix + "\x14\x02x\x00"), Value: le64(1)}},
			"", directory.ErrInvalidMetadata},
	} {
		s := newStore()
		if err := s.Load(c.pairs); err != nil {
			t.Fatal(err)
		}
		st, err := directory.ReadLayerState(s, defaultLayer(script(t), false))
		switch {
		case c.wantErr != nil:
			var de *directory.Error
			if !errors.Is(err, c.wantErr) || !errors.As(err, &de) || de.Key == nil {
				t.Errorf("%s: %v, want %v naming the key", c.name, err, c.wantErr)
			}
		case err != nil:
			t.Errorf("%s: %v", c.name, err)
		case describeState(st) != c.want:
			t.Errorf("%s: %s, want %s", c.name, describeState(st), c.want)
		case !bytes.Equal(st.NodeSubspace, []byte{0xFE}):
			t.Errorf("%s: node subspace %X", c.name, st.NodeSubspace)
		}
	}
	if _, err := directory.ReadLayerState(newStore(), nil); !errors.Is(err, directory.ErrInvalidArgument) {
		t.Errorf("ReadLayerState of a nil Directory: %v", err)
	}
}

// describeState writes a LayerState in a line.
func describeState(s directory.LayerState) string {
	if s.Empty {
		return "empty"
	}
	out := "no version"
	if s.Version != nil {
		if major, minor, micro, ok := s.VersionNumbers(); ok {
			out = fmt.Sprintf("version %d.%d.%d (%d bytes)", major, minor, micro, len(s.Version))
		} else {
			out = fmt.Sprintf("version ? (%d bytes)", len(s.Version))
		}
	}
	if s.Allocator == nil {
		return out + ", no allocator"
	}
	w := s.Allocator
	count := "?"
	if n, ok := w.Count(); ok {
		count = fmt.Sprint(n)
	}
	return out + fmt.Sprintf(", window [%d, %d) count %s (%d bytes), %d recent", w.Start, w.Start+w.Size, count, len(w.Counter), w.Recent)
}

// rawLayerState reads a layer's state from a dump of the store, with
// keys built here from the layout: the version under the root node, the
// greatest counter under ("hca", 0), the recent keys under ("hca", 1) at
// or above its start, the window's size from windowsFrom.
func rawLayerState(t *rapid.T, dump []fdb.KeyValue, nodeSS []byte) string {
	root := keyOfNode(nodeSS, nodeSS)
	version := append(slices.Clip(root), tuple.Tuple{[]byte("version")}.Pack()...)
	hca := append(slices.Clip(root), tuple.Tuple{[]byte("hca")}.Pack()...)
	s := directory.LayerState{Empty: true}
	var newest *fdb.KeyValue
	var recent []int64
	for i, kv := range dump {
		if !bytes.HasPrefix(kv.Key, nodeSS) {
			continue
		}
		s.Empty = false
		switch {
		case bytes.Equal(kv.Key, version):
			s.Version = kv.Value
		case bytes.HasPrefix(kv.Key, hca):
			el, err := tuple.Unpack(kv.Key[len(hca):])
			if err != nil || len(el) != 2 {
				t.Fatalf("allocator key %X", kv.Key)
			}
			if el[0] == int64(0) {
				newest = &dump[i]
			} else {
				recent = append(recent, el[1].(int64))
			}
		}
	}
	if newest != nil {
		el, _ := tuple.Unpack(newest.Key[len(hca):])
		start := el[1].(int64)
		_, sizes := windowsFrom(start, 1)
		w := &directory.AllocatorWindow{Start: start, Size: sizes[0], Counter: newest.Value}
		for _, c := range recent {
			if c >= start {
				w.Recent++
			}
		}
		s.Allocator = w
	}
	return describeState(s)
}

// verifyLayerStates checks ReadLayerState of the run's layer and of each
// partition against the keys read from a dump, and that a sound layer's
// counter is at least its recent candidates.
func (r *dirRun) verifyLayerStates() {
	t := r.t
	dump := r.s.Dump()
	check := func(d directory.Directory, nodeSS []byte, what string) {
		st, err := directory.ReadLayerState(r.s, d)
		if err != nil {
			t.Fatalf("ReadLayerState of %s: %v", what, err)
		}
		if got, want := describeState(st), rawLayerState(t, dump, nodeSS); got != want {
			t.Fatalf("ReadLayerState of %s: %s; the keys say %s", what, got, want)
		}
		if !bytes.Equal(st.NodeSubspace, nodeSS) {
			t.Fatalf("ReadLayerState of %s: node subspace %X, want %X", what, st.NodeSubspace, nodeSS)
		}
		if w := st.Allocator; w != nil {
			if n, ok := w.Count(); !ok || n < int64(w.Recent) {
				t.Fatalf("ReadLayerState of %s, a sound layer: counter %X below %d recent", what, w.Counter, w.Recent)
			}
		}
	}
	check(r.dl, r.m.node, "the layer")
	var walk func(n *mnode, path []string)
	walk = func(n *mnode, path []string) {
		for name, c := range n.children {
			p := append(slices.Clone(path), name)
			if c.isPartition() {
				d, err := r.dl.Open(r.s, p, nil)
				if err != nil {
					t.Fatal(err)
				}
				check(d, append(slices.Clone(c.prefix), 0xFE), fmt.Sprintf("partition %q", p))
			}
			walk(c, p)
		}
	}
	walk(r.m.root, nil)
}
