package directory_test

import (
	"bytes"
	"errors"
	"slices"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/directory"
)

// TestPartitionDelegation: every operation on a path inside a partition
// is answered by the partition's layer, whether it is called on the root
// layer with the whole path, on the partition with the rest, or on a
// directory inside; and the partition's own root is answered by the layer
// that holds it for Remove, Exists and MoveTo, as in every binding.
func TestPartitionDelegation(t *testing.T) {
	s, dl := newDefault(t, true)
	pt, err := dl.Create(s, []string{"pt"}, []byte("partition"))
	if err != nil {
		t.Fatal(err)
	}
	ptPrefix := partitionPrefix(t, s)

	// Create, three ways; every prefix lies under the partition's.
	x, err := dl.Create(s, []string{"pt", "x"}, []byte("L"))
	if err != nil {
		t.Fatal(err)
	}
	y, err := pt.CreateOrOpen(s, []string{"y"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	xz, err := x.Create(s, []string{"z"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []directory.DirectorySubspace{x, y, xz} {
		if !bytes.HasPrefix(d.Bytes(), ptPrefix) || bytes.HasPrefix(d.Bytes(), append(ptPrefix, 0xFE)) {
			t.Errorf("%v: prefix %X is not the partition's content (under %X, not under %X FE)", d.GetPath(), d.Bytes(), ptPrefix, ptPrefix)
		}
	}
	if !slices.Equal(xz.GetPath(), []string{"pt", "x", "z"}) {
		t.Errorf("path %q", xz.GetPath())
	}
	// The inner metadata is the partition's, not the root layer's.
	if got := childrenEntries(t, s, []byte{0xFE, 0x01, 0xFE, 0x00}); !slices.Equal(got, []string{"pt"}) {
		t.Errorf("the root layer's root node names %q, want only pt", got)
	}

	// Open and the layer check.
	if d, err := dl.Open(s, []string{"pt", "x"}, []byte("L")); err != nil || !bytes.Equal(d.Bytes(), x.Bytes()) {
		t.Errorf("Open(pt/x) = %v, %v", d, err)
	}
	if _, err := pt.Open(s, []string{"x"}, []byte("M")); !errors.Is(err, directory.ErrLayerMismatch) {
		t.Errorf("Open(x, M) in the partition: %v", err)
	}
	if d, err := dl.Open(s, []string{"pt"}, []byte("partition")); err != nil || !directory.IsPartition(d) {
		t.Errorf("Open(pt) = %v, %v; want the partition", d, err)
	}

	// List: of the partition itself (its inner root), through the root
	// layer and the partition, and inside it.
	if got := mustList(t, s, dl, []string{"pt"}); !slices.Equal(got, []string{"x", "y"}) {
		t.Errorf("List(pt) = %q", got)
	}
	if got := mustList(t, s, pt, nil); !slices.Equal(got, []string{"x", "y"}) {
		t.Errorf("pt.List() = %q", got)
	}
	if got := mustList(t, s, dl, []string{"pt", "x"}); !slices.Equal(got, []string{"z"}) {
		t.Errorf("List(pt/x) = %q", got)
	}
	page, err := directory.ListPage(s, dl, []string{"pt"}, "", 1)
	if err != nil || !slices.Equal(page.Names, []string{"x"}) || !page.More {
		t.Errorf("ListPage(pt, 1) = %+v, %v", page, err)
	}

	// Exists, including the partition's own root asked of the partition.
	for _, c := range []struct {
		d    directory.Directory
		path []string
		want bool
	}{
		{dl, []string{"pt"}, true}, {dl, []string{"pt", "x"}, true}, {dl, []string{"pt", "nope"}, false},
		{pt, nil, true}, {pt, []string{"x", "z"}, true}, {pt, []string{"pt"}, false}, {x, nil, true},
	} {
		if got, err := c.d.Exists(s, c.path); err != nil || got != c.want {
			t.Errorf("%v.Exists(%q) = %v, %v; want %v", c.d.GetPath(), c.path, got, err, c.want)
		}
	}

	// Moves inside the partition: through the root, the partition, a
	// directory, and MoveTo by absolute path.
	if _, err := dl.Move(s, []string{"pt", "y"}, []string{"pt", "y2"}); err != nil {
		t.Errorf("Move(pt/y, pt/y2): %v", err)
	}
	if _, err := pt.Move(s, []string{"y2"}, []string{"x", "y3"}); err != nil {
		t.Errorf("pt.Move(y2, x/y3): %v", err)
	}
	moved, err := xz.MoveTo(s, []string{"pt", "z"})
	if err != nil || !slices.Equal(moved.GetPath(), []string{"pt", "z"}) || !bytes.Equal(moved.Bytes(), xz.Bytes()) {
		t.Errorf("xz.MoveTo(pt/z) = %v, %v", moved, err)
	}
	if got := mustList(t, s, pt, nil); !slices.Equal(got, []string{"x", "z"}) {
		t.Errorf("after the moves pt.List() = %q", got)
	}
	// Manual prefixes are refused inside, even by a layer that allows them.
	if _, err := dl.CreatePrefix(s, []string{"pt", "m"}, nil, append(ptPrefix, 0x42)); !errors.Is(err, directory.ErrManualPrefixes) {
		t.Errorf("CreatePrefix(pt/m): %v", err)
	}

	// The partition moves within its parent layer, and stays a partition.
	pt2, err := pt.MoveTo(s, []string{"pt2"})
	if err != nil || !directory.IsPartition(pt2) || !slices.Equal(pt2.GetPath(), []string{"pt2"}) {
		t.Fatalf("pt.MoveTo(pt2) = %v, %v", pt2, err)
	}
	if _, err := dl.Move(s, []string{"pt2"}, []string{"pt2", "inside"}); !errors.Is(err, directory.ErrMoveIntoSubdirectory) {
		t.Errorf("a partition moved into itself: %v", err)
	}
	if d, err := dl.Open(s, []string{"pt2", "x", "y3"}, nil); err != nil || !bytes.HasPrefix(d.Bytes(), ptPrefix) {
		t.Errorf("Open(pt2/x/y3) = %v, %v", d, err)
	}

	// Remove inside, then the partition itself through its own Remove(nil):
	// everything under its prefix goes, inner metadata included.
	if ok, err := dl.Remove(s, []string{"pt2", "z"}); !ok || err != nil {
		t.Errorf("Remove(pt2/z) = %v, %v", ok, err)
	}
	if ok, err := pt2.Remove(s, nil); !ok || err != nil {
		t.Errorf("pt2.Remove() = %v, %v", ok, err)
	}
	for _, kv := range s.Dump() {
		if bytes.HasPrefix(kv.Key, ptPrefix) {
			t.Errorf("key %X left under the removed partition's prefix", kv.Key)
		}
	}
	if ok, err := dl.Exists(s, []string{"pt2"}); ok || err != nil {
		t.Errorf("Exists(pt2) after its removal = %v, %v", ok, err)
	}
}

// TestNestedPartitions: a partition inside a partition allocates in its
// own layer; moves between the two are refused; Check follows both.
func TestNestedPartitions(t *testing.T) {
	s, dl := newDefault(t, false)
	if _, err := dl.Create(s, []string{"p", "q"}, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := dl.Remove(s, []string{"p"}); err != nil {
		t.Fatal(err)
	}
	p, err := dl.Create(s, []string{"p"}, []byte("partition"))
	if err != nil {
		t.Fatal(err)
	}
	q, err := p.Create(s, []string{"q"}, []byte("partition"))
	if err != nil {
		t.Fatal(err)
	}
	r, err := q.Create(s, []string{"r"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(r.GetPath(), []string{"p", "q", "r"}) {
		t.Errorf("path %q", r.GetPath())
	}
	if _, err := dl.Move(s, []string{"p", "q", "r"}, []string{"p", "r"}); !errors.Is(err, directory.ErrMoveBetweenPartitions) {
		t.Errorf("Move(p/q/r, p/r): %v", err)
	}
	if _, err := r.MoveTo(s, []string{"p", "r"}); !errors.Is(err, directory.ErrMoveBetweenPartitions) {
		t.Errorf("r.MoveTo(p/r): %v", err)
	}
	if got, err := directory.Check(s, q); err != nil || len(got) != 0 {
		t.Errorf("Check(q) = %v, %v", got, err)
	}
}

// partitionPrefix returns the prefix of the root's entry "pt".
func partitionPrefix(t *testing.T, s fdb.ReadTransactor) []byte {
	v, ok := getKey(t, s, fdb.Key("\xFE\x01\xFE\x00\x14\x02pt\x00"))
	if !ok {
		t.Fatal("no entry pt")
	}
	return v
}

// childrenEntries lists the names of the entries under node.
func childrenEntries(t *testing.T, s testStore, node []byte) []string {
	var out []string
	marker := append(slices.Clone(node), 0x14, 0x02)
	for _, kv := range s.Dump() {
		if bytes.HasPrefix(kv.Key, marker) {
			out = append(out, string(kv.Key[len(marker):len(kv.Key)-1]))
		}
	}
	return out
}

func mustList(t *testing.T, s fdb.ReadTransactor, d directory.Directory, path []string) []string {
	t.Helper()
	names, err := d.List(s, path)
	if err != nil {
		t.Fatalf("List(%q): %v", path, err)
	}
	return names
}
