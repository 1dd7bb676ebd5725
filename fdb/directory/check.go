package directory

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"slices"
	"strings"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
)

// Problem is the kind of a Finding of Check.
type Problem int

const (
	// ProblemKey: a key in a node subspace that no directory layer
	// writes (also a layer key on a root node, or an entry under a
	// partition's node in the layer that holds the partition).
	ProblemKey Problem = iota + 1
	// ProblemVersion: a version value other than the 12 bytes of 1.0.0,
	// or directory metadata without a version key.
	ProblemVersion
	// ProblemName: a subdirectory entry whose name is not a valid UTF-8
	// string (Java can write a null name).
	ProblemName
	// ProblemDangling: a subdirectory entry that names a node without a
	// layer key.
	ProblemDangling
	// ProblemShared: two entries naming one node, or an entry naming the
	// root node.
	ProblemShared
	// ProblemOrphan: node keys that no entry reaches from the root.
	ProblemOrphan
	// ProblemPrefix: a directory prefix that is empty, starts with 0xFF,
	// lies in the node subspace or holds it, lies outside the content
	// subspace of a layer without manual prefixes, or starts with another
	// directory's prefix.
	ProblemPrefix
	// ProblemAllocator: allocator state that the allocator cannot leave:
	// a counter that is not 8 bytes, a recent candidate with a value, the
	// newest counter below the number of recent candidates in its window,
	// a recent candidate beyond its window.
	ProblemAllocator
)

var problemNames = [...]string{
	ProblemKey:       "unknown key",
	ProblemVersion:   "version",
	ProblemName:      "bad name",
	ProblemDangling:  "dangling entry",
	ProblemShared:    "shared node",
	ProblemOrphan:    "orphan node",
	ProblemPrefix:    "prefix",
	ProblemAllocator: "allocator",
}

// String returns the problem's short name, "orphan node" for instance.
func (p Problem) String() string {
	if p > 0 && int(p) < len(problemNames) {
		return problemNames[p]
	}
	return fmt.Sprintf("Problem(%d)", int(p))
}

// Finding is one problem Check found in the directory metadata.
type Finding struct {
	Problem Problem
	// Path is the absolute path of the directory concerned, when it is
	// known: the path of the entry at fault, the partition whose layer
	// holds the allocator or version at fault; nil for the root layer's.
	Path []string
	// Key is the stored key at fault.
	Key fdb.Key
	// Detail says what is wrong, in a sentence.
	Detail string
}

// String returns "<problem>: <path>: <detail> (key <printable>)", the
// path written by FormatPath.
func (f Finding) String() string {
	var b strings.Builder
	b.WriteString(f.Problem.String())
	b.WriteString(": ")
	b.WriteString(FormatPath(f.Path))
	b.WriteString(": ")
	b.WriteString(f.Detail)
	if f.Key != nil {
		b.WriteString(" (key ")
		b.WriteString(fdb.Printable(f.Key))
		b.WriteByte(')')
	}
	return b.String()
}

// Check reads the whole metadata of the directory layer d (Root, a layer
// of NewDirectoryLayer, or a partition's), in one transaction of rt, and
// returns what is wrong with it, nil if nothing. It checks, in each layer
// and recursively in every partition:
//
//   - every key of the node subspace is a layer key, a subdirectory
//     entry, the version or the allocator's;
//   - the version, if present, is the 12 bytes of 1.0.0, and present if
//     any other metadata is;
//   - every entry's name is a valid UTF-8 string and it names a node with
//     a layer key, reached by no other entry;
//   - every node is reached from the root;
//   - the prefixes are pairwise prefix-free, none empty, none starting
//     with 0xFF, none inside the node subspace or holding it, and inside
//     the content subspace unless the layer allows manual prefixes;
//   - the allocator's newest counter is at least the number of recent
//     candidates at or above its start, and none lies beyond its window
//     (older counters and candidates are legal: a transaction that
//     allocated in a window another one advanced past leaves them; the
//     next advance clears them).
//
// It reads the node subspaces whole, in range reads of at most 1,000
// pairs each (so that a store that bounds the size of one read serves
// them), all in the one transaction, whose view the findings describe: on
// a store whose transactions are bounded in time or in the bytes they
// read, give it a transaction that can hold the metadata. Errors are the
// store's, or ErrInvalidArgument for a d that is not a layer or partition
// of this package.
func Check(rt fdb.ReadTransactor, d Directory) ([]Finding, error) {
	l, err := layerArg(d, "check", "Check")
	if err != nil {
		return nil, err
	}
	return readOp(rt, "check", l.abs(nil), func(rtr fdb.ReadTransaction) ([]Finding, error) {
		var out []Finding
		err := l.check(rtr, &out, readPage)
		return out, err
	})
}

// nodeFacts are the keys of one node of a layer's node subspace.
type nodeFacts struct {
	firstKey fdb.Key
	layer    []byte // nil: no layer key
	entries  []entryFact
}

type entryFact struct {
	key   fdb.Key
	name  string
	valid bool // the name is a valid UTF-8 string
	child []byte
}

type allocFact struct {
	key   fdb.Key
	n     int64
	value []byte
}

// check appends the findings of layer l, and of its partitions, to out,
// reading the node subspaces page pairs at a time.
func (l *layer) check(rt fdb.ReadTransaction, out *[]Finding, page int) error {
	end, err := fdb.Strinc(l.node)
	if err != nil {
		return newError(ErrInvalidArgument, l.abs(nil), fmt.Sprintf("%s: a node subspace %s has no end", ErrInvalidArgument, fdb.Printable(l.node)))
	}
	add := func(p Problem, path []string, key fdb.Key, format string, args ...any) {
		*out = append(*out, Finding{Problem: p, Path: path, Key: key, Detail: fmt.Sprintf(format, args...)})
	}
	here := l.abs(nil)
	if len(here) == 0 {
		here = nil
	}

	nodes := map[string]*nodeFacts{}
	var order []string // prefixes of non-root nodes, in key order
	var version *fdb.KeyValue
	var counters, recent []allocFact
	for kvs, err := range pages(rt, fdb.KeyRange{Begin: fdb.Key(l.node), End: fdb.Key(end)}, page) {
		if err != nil {
			return err
		}
		for _, kv := range kvs {
			p, rest, ok := prefixOfNodeKey(l.node, kv.Key)
			if !ok || len(rest) == 0 {
				add(ProblemKey, here, kv.Key, "a key of the node subspace that is not under a node")
				continue
			}
			isRoot := bytes.Equal(p, l.node)
			nf := nodes[string(p)]
			if nf == nil {
				nf = &nodeFacts{firstKey: kv.Key}
				nodes[string(p)] = nf
				if !isRoot {
					order = append(order, string(p))
				}
			}
			if rest[0] == subdirsMarker {
				name, valid := nameOfEntry(nodeOf(l.node, p), kv.Key)
				if !valid {
					name = fdb.Printable(rest[1:])
				}
				nf.entries = append(nf.entries, entryFact{key: kv.Key, name: name, valid: valid, child: kv.Value})
				continue
			}
			word, used, err := tuplewire.ConsumeBytes(rest)
			if err != nil {
				add(ProblemKey, here, kv.Key, "a key under a node that is neither its layer nor a subdirectory entry")
				continue
			}
			tail := rest[used:]
			switch {
			case bytes.Equal(word, layerWord) && len(tail) == 0:
				if isRoot {
					add(ProblemKey, here, kv.Key, "a layer key on the root node")
					continue
				}
				nf.layer = clone(kv.Value)
			case isRoot && bytes.Equal(word, versionWord) && len(tail) == 0:
				version = &fdb.KeyValue{Key: kv.Key, Value: kv.Value}
			case isRoot && bytes.Equal(word, hcaWord):
				which, n1, err1 := tuplewire.ConsumeInt(tail)
				var num int64
				var n2 int
				var err2 error
				if err1 == nil {
					num, n2, err2 = tuplewire.ConsumeInt(tail[n1:])
				}
				if err1 != nil || err2 != nil || n1+n2 != len(tail) || (which != 0 && which != 1) {
					add(ProblemKey, here, kv.Key, "an allocator key that is not (\"hca\", 0 or 1, an integer)")
					continue
				}
				f := allocFact{key: kv.Key, n: num, value: kv.Value}
				if which == 0 {
					counters = append(counters, f)
				} else {
					recent = append(recent, f)
				}
			default:
				add(ProblemKey, here, kv.Key, "a key under a node that no directory layer writes")
			}
		}
	}

	// The version.
	if version != nil && !bytes.Equal(version.Value, versionValue) {
		add(ProblemVersion, here, version.Key, "the version is %X, not the 12 bytes of 1.0.0", version.Value)
	}
	if version == nil && (len(order) > 0 || len(counters) > 0 || len(recent) > 0 || (nodes[string(l.node)] != nil && len(nodes[string(l.node)].entries) > 0)) {
		add(ProblemVersion, here, l.versionKey(), "directory metadata without a version key")
	}

	// The tree, from the root.
	type visit struct {
		prefix string
		path   []string
	}
	pathOf := map[string][]string{}
	entryOf := map[string]fdb.Key{}
	var partitions []visit
	stack := []visit{{string(l.node), here}}
	reached := map[string]bool{string(l.node): true}
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		nf := nodes[v.prefix]
		if nf == nil {
			continue
		}
		if v.prefix != string(l.node) && isPartition(nf.layer) {
			for _, e := range nf.entries {
				add(ProblemKey, v.path, e.key, "a subdirectory entry under a partition's node, in the layer that holds the partition")
			}
			continue
		}
		// Children pushed in reverse so that they are visited in key
		// order, and findings come out in a stable order.
		for i := len(nf.entries) - 1; i >= 0; i-- {
			e := nf.entries[i]
			childPath := append(slices.Clone(v.path), e.name)
			if !e.valid {
				add(ProblemName, childPath, e.key, "a subdirectory name that is not a valid UTF-8 string")
			}
			child := string(e.child)
			if reached[child] {
				if child == string(l.node) {
					add(ProblemShared, childPath, e.key, "an entry naming the root node")
				} else {
					add(ProblemShared, childPath, e.key, "an entry naming the node of %s, which another entry names", FormatPath(pathOf[child]))
				}
				continue
			}
			reached[child] = true
			pathOf[child] = childPath
			entryOf[child] = e.key
			cf := nodes[child]
			if cf == nil || cf.layer == nil {
				add(ProblemDangling, childPath, e.key, "an entry naming prefix %s, whose node has no layer key", fdb.Printable(e.child))
			}
			if cf != nil && isPartition(cf.layer) {
				partitions = append(partitions, visit{child, childPath})
			}
			stack = append(stack, visit{child, childPath})
		}
	}
	for _, p := range order {
		if !reached[p] {
			add(ProblemOrphan, here, nodes[p].firstKey, "the node of prefix %s, which no entry reaches", fdb.Printable([]byte(p)))
		}
	}

	// The prefixes: every node's and every entry's target.
	prefixes := slices.Clone(order)
	for p := range pathOf {
		if nodes[p] == nil {
			prefixes = append(prefixes, p)
		}
	}
	slices.Sort(prefixes)
	where := func(p string) ([]string, fdb.Key) {
		if path, ok := pathOf[p]; ok {
			return path, entryOf[p]
		}
		return here, nodes[p].firstKey
	}
	for i, p := range prefixes {
		path, key := where(p)
		pb := []byte(p)
		switch {
		case len(pb) == 0:
			add(ProblemPrefix, path, key, "an empty prefix")
		case pb[0] == 0xFF:
			add(ProblemPrefix, path, key, "prefix %s starts with 0xff, in FoundationDB's system keys", fdb.Printable(pb))
		case bytes.HasPrefix(pb, l.node):
			add(ProblemPrefix, path, key, "prefix %s lies in the node subspace %s", fdb.Printable(pb), fdb.Printable(l.node))
		case bytes.HasPrefix(l.node, pb):
			add(ProblemPrefix, path, key, "prefix %s holds the node subspace %s", fdb.Printable(pb), fdb.Printable(l.node))
		case !l.manual && !bytes.HasPrefix(pb, l.content):
			add(ProblemPrefix, path, key, "prefix %s lies outside the content subspace %s of a layer without manual prefixes", fdb.Printable(pb), fdb.Printable(l.content))
		}
		for _, q := range prefixes[i+1:] {
			if p == "" || !strings.HasPrefix(q, p) {
				break
			}
			qpath, qkey := where(q)
			add(ProblemPrefix, qpath, qkey, "prefix %s starts with prefix %s of %s", fdb.Printable([]byte(q)), fdb.Printable(pb), FormatPath(path))
		}
	}

	// The allocator.
	l.checkAllocator(counters, recent, func(key fdb.Key, format string, args ...any) {
		add(ProblemAllocator, here, key, format, args...)
	})

	for _, p := range partitions {
		if err := l.partitionLayer([]byte(p.prefix), p.path).check(rt, out, page); err != nil {
			return err
		}
	}
	return nil
}

// checkAllocator checks what the bindingtester's validate_hca_state
// checks, and the shapes of the values.
func (l *layer) checkAllocator(counters, recent []allocFact, add func(fdb.Key, string, ...any)) {
	for _, c := range counters {
		if len(c.value) != 8 {
			add(c.key, "a counter of %d bytes, not 8", len(c.value))
		}
		if c.n < 0 {
			add(c.key, "a counter of a negative window start, %d", c.n)
		}
	}
	for _, r := range recent {
		if len(r.value) != 0 {
			add(r.key, "a recent candidate with a value, %X", r.value)
		}
		if r.n < 0 {
			add(r.key, "a negative recent candidate, %d", r.n)
		}
	}
	if len(counters) == 0 {
		if len(recent) > 0 {
			add(recent[0].key, "recent candidates without any counter")
		}
		return
	}
	newest := counters[len(counters)-1] // key order is numeric order
	count := int64(-1)
	if len(newest.value) == 8 {
		count = int64(binary.LittleEndian.Uint64(newest.value))
	}
	window := windowSize(newest.n)
	inWindow := 0
	for _, r := range recent {
		if r.n >= newest.n {
			inWindow++
		}
		if r.n >= newest.n+window {
			add(r.key, "recent candidate %d lies beyond the newest window [%d, %d)", r.n, newest.n, newest.n+window)
		}
	}
	if count >= 0 && count < int64(inWindow) {
		add(newest.key, "the newest counter (window %d) is %d, below the %d recent candidates at or above its start", newest.n, count, inWindow)
	}
}
