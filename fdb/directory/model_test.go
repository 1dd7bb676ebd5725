package directory_test

// A random sequence of directory operations, several per transaction,
// against a model of the tree. The model knows paths, layers and
// partitions, and which errors the official algorithm gives; it learns
// prefixes by reading the subdirectory entries straight from the store,
// with keys built here from the layout. After every committed
// transaction: Check finds nothing, every path opens to its prefix and
// layer, lists its children, prefixes are distinct and where their layer
// puts them, and both caches agree with Open.

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/directory"
	"github.com/fdbtuple/fdbtuple/subspace"
	"github.com/fdbtuple/fdbtuple/tuple"
	"pgregory.net/rapid"
)

type mnode struct {
	layer    []byte
	prefix   []byte // nil until learned from the store
	manual   bool
	children map[string]*mnode
}

func (n *mnode) isPartition() bool { return string(n.layer) == "partition" }

func (n *mnode) clone() *mnode {
	c := &mnode{layer: n.layer, prefix: n.prefix, manual: n.manual, children: map[string]*mnode{}}
	for k, v := range n.children {
		c.children[k] = v.clone()
	}
	return c
}

// model is the tree of a layer: root is the layer's root node.
type model struct {
	root    *mnode
	manual  bool
	node    []byte // the layer's node subspace
	content []byte
	// learned, set while an operation is checked, learns the prefixes of
	// the model's nodes from the store, as learn does, and reports
	// whether every node is there.
	learned func() bool
}

// mfind walks rel from the layer root L as the official find does: it
// stops at a missing name (nil) or at a partition.
func mfind(L *mnode, rel []string) (*mnode, int) {
	n := L
	for i, name := range rel {
		c := n.children[name]
		if c == nil {
			return nil, i + 1
		}
		n = c
		if n.isPartition() {
			return n, i + 1
		}
	}
	return n, len(rel)
}

// inPartition: the node found is a partition that rel goes into (or is).
func inPartition(n *mnode, depth int, rel []string, includeSelf bool) bool {
	return n != nil && depth > 0 && n.isPartition() && (includeSelf || depth < len(rel))
}

func isPrefixOf(a, b []string) bool { return len(a) <= len(b) && slices.Equal(a, b[:len(a)]) }

func (m *model) createOrOpen(L *mnode, manualOK bool, rel []string, layer, prefix []byte, allowCreate, allowOpen bool) (*mnode, error) {
	if prefix != nil {
		if !manualOK {
			return nil, directory.ErrManualPrefixes
		}
		if len(prefix) > 0 && prefix[0] == 0xFF {
			return nil, directory.ErrInvalidPrefix
		}
	}
	if len(rel) == 0 {
		return nil, directory.ErrRootDirectory
	}
	n, depth := mfind(L, rel)
	if n != nil {
		if inPartition(n, depth, rel, false) {
			return m.createOrOpen(n, false, rel[depth:], layer, prefix, allowCreate, allowOpen)
		}
		if !allowOpen {
			return nil, directory.ErrDirAlreadyExists
		}
		if layer != nil && !bytes.Equal(layer, n.layer) {
			return nil, directory.ErrLayerMismatch
		}
		return n, nil
	}
	if !allowCreate {
		return nil, directory.ErrDirNotExists
	}
	if prefix != nil && !m.prefixFree(prefix) {
		return nil, directory.ErrPrefixInUse
	}
	parent := L
	if len(rel) > 1 {
		var err error
		if parent, err = m.createOrOpen(L, manualOK, rel[:len(rel)-1], nil, nil, true, true); err != nil {
			panic(err) // the model never fails here
		}
		// Parents were missing: their automatic prefixes, now in the
		// store, may have taken the manual prefix, which is then refused
		// (the parents stay in the transaction). learned is false when
		// the allocator refused to create them (see allocatorBlocked).
		if prefix != nil && depth < len(rel) && m.learned != nil && m.learned() && !m.prefixFree(prefix) {
			return nil, directory.ErrPrefixInUse
		}
	}
	if layer == nil {
		layer = []byte{}
	}
	c := &mnode{layer: layer, prefix: prefix, manual: prefix != nil, children: map[string]*mnode{}}
	parent.children[rel[len(rel)-1]] = c
	return c, nil
}

// prefixFree: manual prefixes exist only in a root layer with the
// default keys, whose nodes' prefixes the model has learned.
func (m *model) prefixFree(p []byte) bool {
	if len(p) == 0 || bytes.HasPrefix(p, m.node) || bytes.HasPrefix(m.node, p) {
		return false
	}
	free := true
	var walk func(n *mnode)
	walk = func(n *mnode) {
		for _, c := range n.children {
			if bytes.HasPrefix(p, c.prefix) || bytes.HasPrefix(c.prefix, p) {
				free = false
			}
			if !c.isPartition() {
				walk(c)
			}
		}
	}
	walk(m.root)
	return free
}

func (m *model) move(L *mnode, old, new []string) error {
	if isPrefixOf(old, new) {
		return directory.ErrMoveIntoSubdirectory
	}
	on, od := mfind(L, old)
	nn, nd := mfind(L, new)
	if on == nil {
		return directory.ErrDirNotExists
	}
	oin, nin := inPartition(on, od, old, false), inPartition(nn, nd, new, false)
	if oin || nin {
		if !oin || !nin || od != nd || !slices.Equal(old[:od], new[:nd]) {
			return directory.ErrMoveBetweenPartitions
		}
		return m.move(on, old[od:], new[nd:])
	}
	if nn != nil {
		return directory.ErrDirAlreadyExists
	}
	np, _ := mfind(L, new[:len(new)-1])
	if np == nil {
		return directory.ErrParentDirDoesNotExist
	}
	np.children[new[len(new)-1]] = on
	op, _ := mfind(L, old[:len(old)-1])
	delete(op.children, old[len(old)-1])
	return nil
}

func (m *model) remove(L *mnode, rel []string) (bool, error) {
	if len(rel) == 0 {
		return false, directory.ErrRootDirectory
	}
	n, depth := mfind(L, rel)
	if n == nil {
		return false, nil
	}
	if inPartition(n, depth, rel, false) {
		return m.remove(n, rel[depth:])
	}
	p, _ := mfind(L, rel[:len(rel)-1])
	delete(p.children, rel[len(rel)-1])
	return true, nil
}

func (m *model) exists(L *mnode, rel []string) bool {
	n, depth := mfind(L, rel)
	if n == nil {
		return false
	}
	if inPartition(n, depth, rel, false) {
		return m.exists(n, rel[depth:])
	}
	return true
}

func (m *model) list(L *mnode, rel []string) ([]string, error) {
	n, depth := mfind(L, rel)
	if n == nil {
		return nil, directory.ErrDirNotExists
	}
	if inPartition(n, depth, rel, true) {
		return m.list(n, rel[depth:])
	}
	return slices.Sorted(maps.Keys(n.children)), nil
}

// layerByPrefix returns the layer whose inner prefix is p: the model root
// for nil, else the live partition with prefix p; nil if none. A handle of
// a removed partition whose prefix a plain directory took since has no
// layer: its writes land in that directory's keys, which the model does
// not follow.
func (m *model) layerByPrefix(p []byte) *mnode {
	if n := m.byPrefix(p); n != nil && (p == nil || n.isPartition()) {
		return n
	}
	return nil
}

// byPrefix returns the live node with prefix p (the model root for nil);
// nil if no live node has it.
func (m *model) byPrefix(p []byte) *mnode {
	if p == nil {
		return m.root
	}
	var found *mnode
	var walk func(n *mnode)
	walk = func(n *mnode) {
		for _, c := range n.children {
			if bytes.Equal(c.prefix, p) {
				found = c
			}
			walk(c)
		}
	}
	walk(m.root)
	return found
}

// learn reads the prefix of every node from its entry in the store, with
// keys built from the layout, and fails if a node has no entry or a known
// prefix changed.
func (m *model) learn(t *rapid.T, tr fdb.ReadTransaction) {
	missing, err := m.learnFrom(t, tr)
	if err != nil {
		t.Fatal(err)
	}
	if missing != nil {
		t.Logf("tree:\n%s", dumpTree(m.root, ""))
		t.Fatalf("no entry %X", missing)
	}
}

// learnFrom is learn, returning the key of the first entry missing.
func (m *model) learnFrom(t *rapid.T, tr fdb.ReadTransaction) (missing fdb.Key, err error) {
	var walk func(n *mnode, nodeSS, nodeKey []byte)
	walk = func(n *mnode, nodeSS, nodeKey []byte) {
		for name, c := range n.children {
			if missing != nil || err != nil {
				return
			}
			key := append(append(slices.Clip(nodeKey), 0x14), tuple.Tuple{name}.Pack()...)
			v, ok, e := tr.Get(key)
			if e != nil || !ok {
				missing, err = key, e
				return
			}
			if c.prefix != nil && !bytes.Equal(c.prefix, v) {
				t.Fatalf("the prefix of %q changed from %X to %X", name, c.prefix, v)
			}
			c.prefix = v
			if c.isPartition() {
				inner := append(slices.Clip(v), 0xFE)
				walk(c, inner, keyOfNode(inner, inner))
			} else {
				walk(c, nodeSS, keyOfNode(nodeSS, v))
			}
		}
	}
	walk(m.root, m.node, keyOfNode(m.node, m.node))
	return missing, err
}

// allocatorBlocked reports whether the root layer's allocator may refuse
// a candidate (ErrPrefixInUse, ErrPrefixNotEmpty): a manual prefix of the layer starts with
// 14 to 1C, as the allocator's candidates do, and the model cannot know
// which candidates the seeded source draws.
func (m *model) allocatorBlocked() bool {
	if !m.manual || len(m.content) > 0 {
		return false
	}
	blocked := false
	var walk func(n *mnode)
	walk = func(n *mnode) {
		for _, c := range n.children {
			if c.manual && len(c.prefix) > 0 && c.prefix[0] >= 0x14 && c.prefix[0] <= 0x1C {
				blocked = true
			}
			if !c.isPartition() {
				walk(c)
			}
		}
	}
	walk(m.root)
	return blocked
}

func keyOfNode(nodeSS, p []byte) []byte {
	return append(slices.Clip(nodeSS), tuple.Tuple{p}.Pack()...)
}

// handle is a directory obtained earlier, with what decides how its
// operations run: the layer that holds it (by that partition's prefix,
// nil for the root layer) and that partition's path when obtained.
type handle struct {
	d         directory.DirectorySubspace
	layerPref []byte
	layerPath []string
	ownPref   []byte // a partition's own prefix: its inner layer
}

// pathNodes returns the nodes on the way to rel from L that exist, rel's
// own included.
func pathNodes(L *mnode, rel []string) []*mnode {
	var out []*mnode
	n := L
	for _, name := range rel {
		if n = n.children[name]; n == nil {
			break
		}
		out = append(out, n)
	}
	return out
}

// walkTo returns the node at rel from L, through partitions.
func walkTo(L *mnode, rel []string) *mnode {
	n := L
	for _, name := range rel {
		if n = n.children[name]; n == nil {
			return nil
		}
	}
	return n
}

// layerRootOf returns the innermost partition on the way to rel from L
// (not counting rel's own node), with its path: the layer a directory
// found at rel lives in.
func layerRootOf(L *mnode, base, rel []string) (*mnode, []string) {
	n, path := L, base
	cur := L
	for i, name := range rel[:len(rel)-1] {
		cur = cur.children[name]
		if cur == nil {
			break
		}
		if cur.isPartition() {
			n, path = cur, append(slices.Clone(base), rel[:i+1]...)
		}
	}
	return n, path
}

type dirRun struct {
	t      *rapid.T
	s      testStore
	dl     directory.Directory
	m      *model
	h      []handle
	caches [2]*directory.Cache
	// nextDraw peeks at the root layer's random source: the offset its
	// next draw in a window of 64 gives, without drawing it.
	nextDraw func() int64
}

func TestRandomOperations(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := &dirRun{t: t, s: newStore()}
		seed := rapid.Uint64().Draw(t, "seed")
		switch rapid.IntRange(0, 3).Draw(t, "layer kind") {
		case 0, 1:
			manual := rapid.Bool().Draw(t, "manual")
			src := rand.NewPCG(seed, 0x5eed) // seeded(seed), peeked at
			r.nextDraw = func() int64 {
				peek := *src
				return rand.New(&peek).Int64N(64)
			}
			r.dl = directory.NewDirectoryLayerWith(subspace.FromBytes([]byte{0xFE}), subspace.AllKeys(), directory.Options{AllowManualPrefixes: manual, Rand: rand.New(src).Int64N})
			r.m = &model{manual: manual, node: []byte{0xFE}}
		case 2:
			r.dl = directory.NewDirectoryLayerWith(subspace.Sub("dirs"), subspace.Sub("data"), directory.Options{Rand: seeded(seed)})
			r.m = &model{node: subspace.Sub("dirs").Bytes(), content: subspace.Sub("data").Bytes()}
		case 3:
			r.dl = directory.NewDirectoryLayerWith(subspace.FromBytes([]byte{0x10, 0x00, 0x01}), subspace.FromBytes([]byte{0x30}), directory.Options{Rand: seeded(seed)})
			r.m = &model{node: []byte{0x10, 0x00, 0x01}, content: []byte{0x30}}
		}
		r.m.root = &mnode{children: map[string]*mnode{}}
		r.caches = [2]*directory.Cache{directory.NewCache(r.dl, directory.CacheOptions{}), directory.NewCache(r.dl, directory.CacheOptions{Exact: true})}
		steps := rapid.IntRange(1, 25).Draw(t, "transactions")
		for range steps {
			r.transaction()
			r.verify()
		}
	})
}

var (
	modelNames   = []string{"a", "a", "b", "b", "c", "", "café", "cafe\u0301", "\U0001F600", "a\x00b", "/"}
	createLayers = [][]byte{nil, nil, []byte(""), []byte("x"), []byte("partition"), []byte("partition")}
	openLayers   = [][]byte{nil, nil, nil, []byte(""), []byte("x"), []byte("partition")}
	// Manual prefixes: in use, in the node subspace, in the system keys,
	// free, inside or around each other; and among the allocator's (14 is
	// candidate 0, 15 holds every candidate from 1 to 255), which a
	// create's missing parents may draw.
	manualPrefix = [][]byte{{}, {0xFE, 0x01}, {0xFF, 0x01}, {0xFF}, {0x70}, {0x70, 0x71}, {0x6F, 0x00}, {0x71}, {0x70, 0x00}, {0x70, 0xFF}, {0x20, 0x20},
		{0x15}, {0x15}, {0x14}, {0x15, 0x01}}
)

// path draws a path of up to max names, rarely empty (the root's errors
// need few draws).
func (r *dirRun) path(label string, max int) []string {
	min := 1
	if rapid.IntRange(0, 9).Draw(r.t, label+" may be empty") == 0 {
		min = 0
	}
	return rapid.SliceOfN(rapid.SampledFrom(modelNames), min, max).Draw(r.t, label)
}

// existing draws a path that exists below L (through partitions), or any
// path when there is none; with fresh, a new name under an existing
// directory, so that moves often succeed.
func (r *dirRun) existing(label string, L *mnode, fresh bool) []string {
	var paths [][]string
	var walk func(n *mnode, path []string)
	walk = func(n *mnode, path []string) {
		for _, name := range slices.Sorted(maps.Keys(n.children)) {
			cp := append(slices.Clone(path), name)
			paths = append(paths, cp)
			walk(n.children[name], cp)
		}
	}
	if L != nil {
		walk(L, nil)
	}
	if fresh {
		paths = append(paths, nil)
	}
	if len(paths) == 0 || rapid.IntRange(0, 3).Draw(r.t, label+" is drawn") == 0 {
		return r.path(label, 3)
	}
	p := slices.Clone(rapid.SampledFrom(paths).Draw(r.t, label))
	if fresh {
		p = append(p, rapid.SampledFrom(modelNames).Draw(r.t, label+" new name"))
	}
	return p
}

// transaction runs 1 to 4 operations in one transaction, on a copy of the
// model that replaces it if the transaction commits; one in six is rolled
// back on purpose.
func (r *dirRun) transaction() {
	t := r.t
	n := rapid.IntRange(1, 4).Draw(t, "ops")
	rollback := rapid.IntRange(0, 5).Draw(t, "rollback") == 0
	saved := r.m.root.clone()
	savedHandles := len(r.h)
	errRollback := errors.New("rolled back on purpose")
	_, err := r.s.Transact(func(tr fdb.Transaction) (any, error) {
		r.m.root = saved.clone() // a retried function starts over
		r.h = r.h[:savedHandles]
		for range n {
			r.op(tr)
			r.m.learn(t, tr)
		}
		if rollback {
			return nil, errRollback
		}
		return nil, nil
	})
	if rollback {
		if !errors.Is(err, errRollback) {
			t.Fatalf("rolled-back transaction: %v", err)
		}
		r.m.root = saved
		// Handles obtained in it stay if they work by path (the root
		// layer's directories); a partition's prefix, or one inside a
		// partition, may be handed out again once its transaction is rolled
		// back, to another directory, so those go.
		kept := r.h[:savedHandles]
		for _, h := range r.h[savedHandles:] {
			if h.layerPref == nil && !directory.IsPartition(h.d) {
				kept = append(kept, h)
			}
		}
		r.h = kept
		return
	}
	if err != nil {
		t.Fatalf("transaction: %v", err)
	}
}

// op draws and runs one operation in tr, checks its result against the
// model's, and updates the model.
func (r *dirRun) op(tr fdb.Transaction) {
	t := r.t
	kind := rapid.SampledFrom([]string{"create", "create", "createOrOpen", "createOrOpen", "open", "createPrefix", "createPrefix",
		"move", "move", "moveTo", "remove", "remove", "list", "exists", "listPage", "cachedOpen"}).Draw(t, "op")
	// Through the root layer, or through a handle obtained earlier.
	var h *handle
	if len(r.h) > 0 && rapid.IntRange(0, 2).Draw(t, "through a handle") == 0 {
		h = &r.h[rapid.IntRange(0, len(r.h)-1).Draw(t, "handle")]
	}
	via := r.dl
	L, Lpath, manualOK := r.m.root, []string(nil), r.m.manual
	base := []string(nil)
	if h != nil {
		via = h.d
		if directory.IsPartition(h.d) {
			L = r.m.layerByPrefix(h.ownPref)
			Lpath, manualOK = h.d.GetPath(), false
		} else {
			L = r.m.layerByPrefix(h.layerPref)
			Lpath, manualOK = h.layerPath, h.layerPref == nil && r.m.manual
			base = h.d.GetPath()[len(h.layerPath):]
		}
		if L == nil {
			return // the handle's layer was removed: its writes would land in a dead partition
		}
	}
	var p []string
	switch kind {
	case "move", "remove", "open", "cachedOpen", "list", "listPage", "exists":
		p = r.existing("path", walkTo(L, base), false)
	default:
		p = r.path("path", 3)
	}
	rel := append(slices.Clone(base), p...)
	// emptyTo: a partition handle's Remove, Exists and MoveTo of itself go
	// to the layer that holds it.
	parentLayer := func() (*mnode, []string, bool) {
		pl := r.m.layerByPrefix(h.layerPref)
		return pl, h.d.GetPath()[len(h.layerPath):], pl != nil
	}
	check := func(what string, got, want error) {
		if (want == nil) != (got == nil) || (want != nil && !errors.Is(got, want)) {
			t.Fatalf("%s %q via %q: error %v, want %v", what, p, via.GetPath(), got, want)
		}
	}
	switch kind {
	case "create", "createOrOpen", "open", "createPrefix", "cachedOpen":
		var layer, prefix []byte
		create, open := kind != "open" && kind != "cachedOpen", kind != "create" && kind != "createPrefix"
		if create {
			layer = rapid.SampledFrom(createLayers).Draw(t, "layer")
		} else {
			layer = rapid.SampledFrom(openLayers).Draw(t, "layer")
		}
		var d directory.DirectorySubspace
		var err error
		switch kind {
		case "create":
			d, err = via.Create(tr, p, layer)
		case "createOrOpen":
			d, err = via.CreateOrOpen(tr, p, layer)
		case "open":
			d, err = via.Open(tr, p, layer)
		case "cachedOpen":
			if h != nil {
				return
			}
			// The exact cache answers what Open does (the default one is
			// checked in verify, where an ancestor's move may show).
			d, err = r.caches[1].Open(tr, p, layer)
		case "createPrefix":
			prefix = rapid.SampledFrom(manualPrefix).Draw(t, "prefix")
			if r.nextDraw != nil && rapid.IntRange(0, 2).Draw(t, "the next candidate's prefix") == 0 {
				// The prefix the allocator's next draw gives in its first
				// window, which a missing parent takes (or another
				// create, later).
				prefix = tuple.Tuple{r.nextDraw()}.Pack()
			}
			if !r.m.manual || h != nil && h.layerPref != nil {
				prefix = []byte{0x70} // refused before reading anything
			}
			d, err = via.CreatePrefix(tr, p, layer, prefix)
		}
		before := r.m.root.clone()
		// A create in the root layer allocates there (a partition's
		// allocator draws inside the partition's prefix).
		allocates := walkTo(L, rel) == nil && !slices.ContainsFunc(pathNodes(L, rel), (*mnode).isPartition)
		r.m.learned = func() bool {
			missing, err := r.m.learnFrom(t, tr)
			if err != nil {
				t.Fatal(err)
			}
			return missing == nil
		}
		n, want := r.m.createOrOpen(L, manualOK, rel, layer, prefix, create, open)
		r.m.learned = nil
		if want == nil && allocates && (errors.Is(err, directory.ErrPrefixInUse) || errors.Is(err, directory.ErrPrefixNotEmpty)) &&
			L == r.m.root && r.m.allocatorBlocked() {
			// The allocator drew a candidate that overlaps a manual
			// prefix (in use) or holds keys under it (a manual
			// partition's, or a directory's inside a manual prefix): the
			// operation fails before writing any entry.
			r.m.root = before
			return
		}
		check(kind, err, want)
		if err != nil {
			return // the model is as before, or holds the parents a refused manual prefix left
		}
		if !bytes.Equal(d.GetLayer(), n.layer) || directory.IsPartition(d) != n.isPartition() {
			t.Fatalf("%s %q: layer %q (partition %v), model %q", kind, p, d.GetLayer(), directory.IsPartition(d), n.layer)
		}
		if want := append(slices.Clone(Lpath), rel...); h == nil && !slices.Equal(d.GetPath(), want) {
			t.Fatalf("%s %q: path %q, want %q", kind, p, d.GetPath(), want)
		}
		r.m.learn(t, tr)
		if prefix != nil && !bytes.Equal(walkTo(L, rel).prefix, prefix) {
			t.Fatalf("createPrefix %q: prefix %X, want %X", p, walkTo(L, rel).prefix, prefix)
		}
		r.remember(d, L, Lpath, rel)
	case "move", "moveTo":
		var err error
		var want error
		var d directory.DirectorySubspace
		newPath := r.existing("new path", walkTo(L, base), true)
		if kind == "move" {
			d, err = via.Move(tr, p, newPath)
			want = r.m.move(L, rel, append(slices.Clone(base), newPath...))
		} else {
			d, err = via.MoveTo(tr, newPath)
			switch {
			case h == nil:
				want = directory.ErrRootDirectory
			default:
				ML, from, rels := L, h.d.GetPath()[len(Lpath):], Lpath
				if directory.IsPartition(h.d) {
					var ok bool
					if ML, from, ok = parentLayer(); !ok {
						return
					}
					rels = h.layerPath
				}
				if !isPrefixOf(rels, newPath) {
					want = directory.ErrMoveBetweenPartitions
				} else {
					want = r.m.move(ML, from, newPath[len(rels):])
				}
			}
		}
		check(kind, err, want)
		if err == nil {
			r.m.learn(t, tr)
			if h == nil {
				r.remember(d, L, Lpath, append(slices.Clone(base), newPath...))
			}
		}
	case "remove":
		var ok bool
		var err error
		var want bool
		var wantErr error
		if h != nil && directory.IsPartition(h.d) && len(p) == 0 {
			ML, from, alive := parentLayer()
			if !alive {
				return
			}
			ok, err = via.Remove(tr, nil)
			want, wantErr = r.m.remove(ML, from)
		} else {
			ok, err = via.Remove(tr, p)
			want, wantErr = r.m.remove(L, rel)
		}
		check("remove", err, wantErr)
		if ok != want {
			t.Fatalf("remove %q via %q = %v, model %v", p, via.GetPath(), ok, want)
		}
	case "exists":
		var ok bool
		var err error
		var want bool
		if h != nil && directory.IsPartition(h.d) && len(p) == 0 {
			ML, from, alive := parentLayer()
			if !alive {
				return
			}
			ok, err = via.Exists(tr, nil)
			want = len(from) == 0 || r.m.exists(ML, from)
		} else {
			ok, err = via.Exists(tr, p)
			want = len(rel) == 0 || r.m.exists(L, rel)
		}
		check("exists", err, nil)
		if ok != want {
			t.Fatalf("exists %q via %q = %v, model %v", p, via.GetPath(), ok, want)
		}
	case "list", "listPage":
		var names []string
		var err error
		if kind == "list" {
			names, err = via.List(tr, p)
		} else {
			for name, e := range directory.Children(tr, via, p, rapid.IntRange(1, 3).Draw(t, "page")) {
				if err = e; e != nil {
					break
				}
				names = append(names, name)
			}
		}
		want, wantErr := r.m.list(L, rel)
		check(kind, err, wantErr)
		if err == nil && !slices.Equal(names, want) {
			t.Fatalf("%s %q via %q = %q, model %q", kind, p, via.GetPath(), names, want)
		}
	}
}

// remember keeps a directory returned by an operation, with the layer
// that holds it.
func (r *dirRun) remember(d directory.DirectorySubspace, L *mnode, Lpath, rel []string) {
	hl, hp := layerRootOf(L, Lpath, rel)
	h := handle{d: d, layerPath: hp}
	if hl != r.m.root {
		h.layerPref = hl.prefix
	}
	if directory.IsPartition(d) {
		n := walkTo(L, rel)
		if n == nil || n.prefix == nil {
			r.t.Fatalf("partition %q not in the model", rel)
		}
		h.ownPref = n.prefix
	}
	r.h = append(r.h, h)
}

// verify checks the committed store against the model.
func (r *dirRun) verify() {
	t := r.t
	findings, err := directory.Check(r.s, r.dl)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range findings {
		t.Fatalf("Check: %s", f)
	}
	if _, err := r.s.ReadTransact(func(tr fdb.ReadTransaction) (any, error) {
		r.m.learn(t, tr)
		return nil, nil
	}); err != nil {
		t.Fatal(err)
	}
	seen := map[string][]string{}
	var walk func(n *mnode, path []string, layerContent []byte)
	walk = func(n *mnode, path []string, layerContent []byte) {
		children, err := r.dl.List(r.s, path)
		if err != nil || !slices.Equal(children, slices.Sorted(maps.Keys(n.children))) {
			t.Fatalf("List(%q) = %q, %v; model %q", path, children, err, slices.Sorted(maps.Keys(n.children)))
		}
		if ok, err := r.dl.Exists(r.s, append(slices.Clone(path), "\x01missing")); ok || err != nil {
			t.Fatalf("Exists of a missing child of %q = %v, %v", path, ok, err)
		}
		for name, c := range n.children {
			cp := append(slices.Clone(path), name)
			d, err := r.dl.Open(r.s, cp, nil)
			if err != nil {
				t.Fatalf("Open(%q): %v", cp, err)
			}
			if !bytes.Equal(d.GetLayer(), c.layer) || directory.IsPartition(d) != c.isPartition() {
				t.Fatalf("Open(%q): layer %q, model %q", cp, d.GetLayer(), c.layer)
			}
			if !directory.IsPartition(d) && !bytes.Equal(d.Bytes(), c.prefix) {
				t.Fatalf("Open(%q): prefix %X, the store's entry %X", cp, d.Bytes(), c.prefix)
			}
			if other, dup := seen[string(c.prefix)]; dup {
				t.Fatalf("prefix %X of %q and of %q", c.prefix, cp, other)
			}
			seen[string(c.prefix)] = cp
			if !c.manual && !bytes.HasPrefix(c.prefix, layerContent) {
				t.Fatalf("%q: prefix %X outside its layer's content %X", cp, c.prefix, layerContent)
			}
			exact, err := r.caches[1].Open(r.s, cp, nil)
			if err != nil || directory.IsPartition(exact) != c.isPartition() || !directory.IsPartition(d) && !bytes.Equal(exact.Bytes(), d.Bytes()) {
				t.Fatalf("the exact cache's %q: %v, %v; Open's %v", cp, exact, err, d)
			}
			// The default cache may answer a directory an ancestor's move
			// took elsewhere, but only a live one.
			loose, err := r.caches[0].Open(r.s, cp, nil)
			if err != nil {
				t.Fatalf("the default cache's %q: %v", cp, err)
			}
			if !directory.IsPartition(loose) && r.m.byPrefix(loose.Bytes()) == nil {
				t.Fatalf("the default cache's %q is %X, which no directory has", cp, loose.Bytes())
			}
			if c.isPartition() {
				walk(c, cp, c.prefix)
			} else {
				walk(c, cp, layerContent)
			}
		}
	}
	walk(r.m.root, nil, r.m.content)
	r.verifyWalk()
	r.verifyLayerStates()
}

func dumpTree(n *mnode, indent string) string {
	out := ""
	for _, name := range slices.Sorted(maps.Keys(n.children)) {
		c := n.children[name]
		out += fmt.Sprintf("%s%q layer %q prefix %X\n", indent, name, c.layer, c.prefix)
		out += dumpTree(c, indent+"  ")
	}
	return out
}
