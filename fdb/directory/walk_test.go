package directory_test

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/directory"
	"pgregory.net/rapid"
)

// walkRow is what an Entry says, compared with what the model says.
type walkRow struct {
	path      string
	depth     int
	layer     string
	prefix    string
	partition bool
}

func (w walkRow) String() string {
	return fmt.Sprintf("%s depth %d layer %q prefix %X partition %v", w.path, w.depth, w.layer, w.prefix, w.partition)
}

// modelWalk is the walk the model expects below n (at path): depth
// first, names in byte order, down to maxDepth (0: all).
func modelWalk(n *mnode, path []string, depth, maxDepth int) []walkRow {
	var out []walkRow
	for _, name := range slices.Sorted(maps.Keys(n.children)) {
		c := n.children[name]
		p := append(slices.Clone(path), name)
		out = append(out, walkRow{directory.FormatPath(p), depth, string(c.layer), string(c.prefix), c.isPartition()})
		if maxDepth == 0 || depth < maxDepth {
			out = append(out, modelWalk(c, p, depth+1, maxDepth)...)
		}
	}
	return out
}

// collectWalk runs a walk to its end and checks each Entry's own
// consistency: its Directory is at its Path, with its Prefix and layer.
func collectWalk(t *rapid.T, rt fdb.ReadTransactor, d directory.Directory, path []string, o *directory.WalkOptions) []walkRow {
	var out []walkRow
	for e, err := range directory.Walk(rt, d, path, o) {
		if err != nil {
			t.Fatalf("Walk(%q, %+v): %v", path, o, err)
		}
		if e.Seen {
			t.Fatalf("Walk(%q) met %q twice (at %q) in a sound tree", path, e.Path, e.SeenAt)
		}
		p, err := directory.Prefix(e.Directory)
		if err != nil || !bytes.Equal(p, e.Prefix) || !slices.Equal(e.Directory.GetPath(), e.Path) ||
			!bytes.Equal(e.Directory.GetLayer(), e.Layer) || directory.IsPartition(e.Directory) != e.Partition {
			t.Fatalf("entry %q: Directory %v (prefix %X, %v) does not match the entry %+v", e.Path, e.Directory, p, err, e)
		}
		out = append(out, walkRow{directory.FormatPath(e.Path), e.Depth, string(e.Layer), string(e.Prefix), e.Partition})
	}
	return out
}

// verifyWalk checks Walk against the model, run in the store (a page per
// transaction, small pages) and in one transaction, from the root and
// from a directory drawn at random, with and without a depth limit; and
// Prefix of each directory Open returns against the prefix its entry
// holds.
func (r *dirRun) verifyWalk() {
	t := r.t
	want := modelWalk(r.m.root, nil, 1, 0)
	page := rapid.IntRange(1, 3).Draw(t, "walk page")
	if got := collectWalk(t, r.s, r.dl, nil, &directory.WalkOptions{PageSize: page}); !slices.Equal(got, want) {
		t.Fatalf("Walk in the store, pages of %d:\n%s\nthe model:\n%s", page, joinRows(got), joinRows(want))
	}
	var paths [][]string
	var nodes []*mnode
	var collect func(n *mnode, path []string)
	collect = func(n *mnode, path []string) {
		paths, nodes = append(paths, path), append(nodes, n)
		for name, c := range n.children {
			collect(c, append(slices.Clone(path), name))
		}
	}
	collect(r.m.root, nil)
	i := rapid.IntRange(0, len(paths)-1).Draw(t, "walk start")
	maxDepth := rapid.IntRange(0, 2).Draw(t, "walk depth")
	want = modelWalk(nodes[i], paths[i], 1, maxDepth)
	_, err := r.s.ReadTransact(func(rt fdb.ReadTransaction) (any, error) {
		got := collectWalk(t, rt, r.dl, paths[i], &directory.WalkOptions{PageSize: page, MaxDepth: maxDepth})
		if !slices.Equal(got, want) {
			t.Fatalf("Walk(%q) in one transaction, MaxDepth %d:\n%s\nthe model:\n%s", paths[i], maxDepth, joinRows(got), joinRows(want))
		}
		return nil, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for j, p := range paths[1:] {
		d, err := r.dl.Open(r.s, p, nil)
		if err != nil {
			t.Fatal(err)
		}
		got, err := directory.Prefix(d)
		if err != nil || !bytes.Equal(got, nodes[j+1].prefix) {
			t.Fatalf("Prefix of %q = %X, %v; its entry holds %X", p, got, err, nodes[j+1].prefix)
		}
	}
}

func joinRows(rows []walkRow) string {
	var b strings.Builder
	for _, r := range rows {
		b.WriteString(r.String())
		b.WriteByte('\n')
	}
	return b.String()
}

// TestWalkDamaged: over metadata with an entry naming its own ancestor, an
// entry naming another's node, a null name and a partition of version
// 2.0.0, the walk ends, yields each directory once, marks the entries
// that name a node met before with where, and yields the damage as
// errors where it lies, going on past them.
func TestWalkDamaged(t *testing.T) {
	s := newStore()
	dl := defaultLayer(script(t, 5, 6, 7, 8, 9), false)
	// a = 15 06 with b = 15 05 inside; p = 15 07 a partition, x in it.
	mustDo(t)(dl.Create(s, []string{"a", "b"}, nil))
	mustDo(t)(dl.Create(s, []string{"p"}, []byte("partition")))
	mustDo(t)(dl.Create(s, []string{"p", "x"}, nil))
	const root = "\xFE\x01\xFE\x00"
	nodeB := "\xFE\x01\x15\x05\x00"
	pRoot := "\x15\x07\xFE\x01\x15\x07\xFE\x00"
	setKey(t, s, fdb.Key(nodeB+"\x14\x02up\x00"), []byte("\x15\x06"))     // b/up names a
	setKey(t, s, fdb.Key(root+"\x14\x02z\x00"), []byte("\x15\x05"))       // z names b
	setKey(t, s, fdb.Key(root+"\x14\x00"), []byte("\x15\x30"))            // a null name
	setKey(t, s, fdb.Key(pRoot+"\x01version\x00"), versionBytes(2, 0, 0)) // p's layer is 2.0.0
	var got []string
	for e, err := range directory.Walk(s, dl, nil, &directory.WalkOptions{PageSize: 1}) {
		switch {
		case err != nil:
			var de *directory.Error
			if !errors.As(err, &de) {
				t.Fatalf("a store error: %v", err)
			}
			got = append(got, fmt.Sprintf("%d error %s", e.Depth, err))
		case e.Seen:
			got = append(got, fmt.Sprintf("%d %s seen at %s", e.Depth, directory.FormatPath(e.Path), directory.FormatPath(e.SeenAt)))
		default:
			got = append(got, fmt.Sprintf("%d %s %X", e.Depth, directory.FormatPath(e.Path), e.Prefix))
		}
	}
	want := []string{
		`1 error directory: walk (): a subdirectory entry whose name is not a valid UTF-8 string (key \xfe\x01\xfe\x00\x14\x00)`,
		`1 ("a") 1506`,
		`2 ("a", "b") 1505`,
		`3 ("a", "b", "up") seen at ("a")`,
		`1 ("p") 1507`,
		`2 error directory: walk ("p"): cannot load directory with version 2.0.0 using directory layer 1.0.0`,
		`1 ("z") seen at ("a", "b")`,
	}
	if !slices.Equal(got, want) {
		t.Fatalf("walk of damaged metadata:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestWalkErrors: what ends a walk at its start.
func TestWalkErrors(t *testing.T) {
	s := newStore()
	dl := defaultLayer(script(t, 5, 9), false)
	mustDo(t)(dl.Create(s, []string{"a"}, nil))
	for _, c := range []struct {
		name string
		d    directory.Directory
		path []string
		o    *directory.WalkOptions
		want error
	}{
		{"missing", dl, []string{"nope"}, nil, directory.ErrDirNotExists},
		{"not UTF-8", dl, []string{"\xff"}, nil, directory.ErrInvalidName},
		{"negative page", dl, nil, &directory.WalkOptions{PageSize: -1}, directory.ErrInvalidArgument},
		{"negative depth", dl, nil, &directory.WalkOptions{MaxDepth: -1}, directory.ErrInvalidArgument},
		{"foreign", nil, nil, nil, directory.ErrInvalidArgument},
	} {
		n := 0
		for e, err := range directory.Walk(s, c.d, c.path, c.o) {
			n++
			if !errors.Is(err, c.want) || e.Path != nil {
				t.Errorf("%s: %+v, %v; want %v", c.name, e, err, c.want)
			}
		}
		if n != 1 {
			t.Errorf("%s: %d yields, want the error alone", c.name, n)
		}
	}
	// Breaking out of the loop ends the walk; the next walk on the same
	// transaction is not blocked by it.
	_, err := s.Transact(func(tr fdb.Transaction) (any, error) {
		for range directory.Walk(tr, dl, nil, nil) {
			break
		}
		for _, err := range directory.Walk(tr, dl, nil, nil) {
			if err != nil {
				return nil, err
			}
			if _, err := dl.CreateOrOpen(tr, []string{"a", "in the loop"}, nil); err != nil {
				return nil, err
			}
		}
		return nil, nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestWalkAcrossTransactions: a walk that runs in the store reads a page
// per transaction, so a directory another client moves during the walk,
// from a part already walked to a part not yet walked, is met again:
// marked Seen, with where, and not gone into twice.
func TestWalkAcrossTransactions(t *testing.T) {
	s := newStore()
	dl := defaultLayer(script(t, 1, 2, 3, 4), false)
	mustDo(t)(dl.Create(s, []string{"a", "x", "deep"}, nil))
	mustDo(t)(dl.Create(s, []string{"b"}, nil))
	var got []string
	for e, err := range directory.Walk(s, dl, nil, &directory.WalkOptions{PageSize: 1}) {
		if err != nil {
			t.Fatal(err)
		}
		line := directory.FormatPath(e.Path)
		if e.Seen {
			line += " seen at " + directory.FormatPath(e.SeenAt)
		}
		got = append(got, line)
		if slices.Equal(e.Path, []string{"a", "x", "deep"}) {
			if _, err := dl.Move(s, []string{"a", "x"}, []string{"b", "x"}); err != nil {
				t.Fatal(err)
			}
		}
	}
	want := []string{`("a")`, `("a", "x")`, `("a", "x", "deep")`, `("b")`, `("b", "x") seen at ("a", "x")`}
	if !slices.Equal(got, want) {
		t.Fatalf("walk with a move between its transactions:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
