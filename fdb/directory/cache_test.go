package directory_test

import (
	"bytes"
	"errors"
	"fmt"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/directory"
	"github.com/fdbtuple/fdbtuple/subspace"
)

func deepPath(depth int) []string {
	path := make([]string, depth)
	for i := range path {
		path[i] = fmt.Sprint("level", i)
	}
	return path
}

// readsOf counts the store's reads made by f.
func readsOf(s testStore, f func()) int {
	before := s.Reads()
	f()
	return s.Reads() - before
}

// TestCacheCost: an Open through the cache costs one read whatever the
// depth (Exact: one per element, plus one), where Open costs the version
// plus two per element; a miss costs what Open costs.
func TestCacheCost(t *testing.T) {
	for _, depth := range []int{1, 3, 10} {
		s, dl := newDefault(t, false)
		path := deepPath(depth)
		if _, err := dl.CreateOrOpen(s, path, nil); err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			name  string
			open  func() error
			reads int
		}{
			{"Open", func() error { _, err := dl.Open(s, path, nil); return err }, 1 + 2*depth},
			{"Cache", cachedOpen(s, directory.NewCache(dl, directory.CacheOptions{}), path), 1},
			{"Cache Exact", cachedOpen(s, directory.NewCache(dl, directory.CacheOptions{Exact: true}), path), depth + 1},
		} {
			// The first open (a miss for the caches) reads what Open
			// reads, once: remembering the path reads nothing more.
			var err error
			if got := readsOf(s, func() { err = c.open() }); err != nil || got != 1+2*depth {
				t.Errorf("depth %d, %s: first open %d reads (%v), want %d", depth, c.name, got, err, 1+2*depth)
			}
			got := readsOf(s, func() { err = c.open() })
			if err != nil || got != c.reads {
				t.Errorf("depth %d, %s: %d reads (%v), want %d", depth, c.name, got, err, c.reads)
			}
		}
	}
}

func cachedOpen(s fdb.ReadTransactor, c *directory.Cache, path []string) func() error {
	return func() error { _, err := c.Open(s, path, nil); return err }
}

// TestCacheSeesOtherClients: another client (a layer value of its own on
// the same store) moves, renames, removes and recreates directories and
// their ancestors between two uses of a cached directory; the cache hands
// out what Open would, except, in the default mode, after an ancestor's
// move: then it hands out the same live directory (same prefix, same
// contents), never a removed one.
func TestCacheSeesOtherClients(t *testing.T) {
	cases := []struct {
		name  string
		path  []string
		other func(t *testing.T, s testStore, dl directory.Directory)
		// nowAt is where an ancestor's move took the directory: the
		// default mode answers the remembered directory, alive there.
		nowAt []string
	}{
		{"moved", []string{"a", "b", "c"}, func(t *testing.T, s testStore, dl directory.Directory) {
			mustDo(t)(dl.Move(s, []string{"a", "b", "c"}, []string{"elsewhere"}))
		}, nil},
		{"renamed", []string{"a", "b", "c"}, func(t *testing.T, s testStore, dl directory.Directory) {
			mustDo(t)(dl.Move(s, []string{"a", "b", "c"}, []string{"a", "b", "c2"}))
		}, nil},
		{"removed", []string{"a", "b", "c"}, func(t *testing.T, s testStore, dl directory.Directory) {
			mustRemove(t, s, dl, "a", "b", "c")
		}, nil},
		{"removed and recreated", []string{"a", "b", "c"}, func(t *testing.T, s testStore, dl directory.Directory) {
			mustRemove(t, s, dl, "a", "b", "c")
			mustDo(t)(dl.Create(s, []string{"a", "b", "c"}, nil))
		}, nil},
		{"ancestor removed", []string{"a", "b", "c"}, func(t *testing.T, s testStore, dl directory.Directory) {
			mustRemove(t, s, dl, "a")
		}, nil},
		{"ancestor removed and path recreated", []string{"a", "b", "c"}, func(t *testing.T, s testStore, dl directory.Directory) {
			mustRemove(t, s, dl, "a", "b")
			mustDo(t)(dl.Create(s, []string{"a", "b", "c"}, nil))
		}, nil},
		{"partition removed", []string{"p", "x"}, func(t *testing.T, s testStore, dl directory.Directory) {
			mustRemove(t, s, dl, "p")
		}, nil},
		{"ancestor moved", []string{"a", "b", "c"}, func(t *testing.T, s testStore, dl directory.Directory) {
			mustDo(t)(dl.Move(s, []string{"a", "b"}, []string{"b2"}))
		}, []string{"b2", "c"}},
		{"ancestor moved and another moved in", []string{"a", "b", "c"}, func(t *testing.T, s testStore, dl directory.Directory) {
			mustDo(t)(dl.Move(s, []string{"a", "b"}, []string{"b2"}))
			mustDo(t)(dl.Create(s, []string{"other", "c"}, nil))
			mustDo(t)(dl.Move(s, []string{"other"}, []string{"a", "b"}))
		}, []string{"b2", "c"}},
		{"partition moved", []string{"p", "x"}, func(t *testing.T, s testStore, dl directory.Directory) {
			mustDo(t)(dl.Move(s, []string{"p"}, []string{"p2"}))
		}, []string{"p2", "x"}},
	}
	for _, c := range cases {
		for _, exact := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/exact=%v", c.name, exact), func(t *testing.T) {
				s, dl := newDefault(t, false)
				other := directory.NewDirectoryLayerWith(subspace.FromBytes([]byte{0xFE}), subspace.AllKeys(), directory.Options{Rand: seeded(99)})
				mustDo(t)(dl.Create(s, []string{"p"}, []byte("partition")))
				mustDo(t)(dl.Create(s, []string{"a", "b", "c"}, nil))
				mustDo(t)(dl.Create(s, []string{"p", "x"}, nil))
				cache := directory.NewCache(dl, directory.CacheOptions{Exact: exact})
				before, err := cache.Open(s, c.path, nil)
				if err != nil {
					t.Fatal(err)
				}
				c.other(t, s, other)
				got, gotErr := cache.Open(s, c.path, nil)
				want, wantErr := dl.Open(s, c.path, nil)
				if c.nowAt != nil && !exact {
					// The remembered directory, alive under its new path.
					if gotErr != nil || !bytes.Equal(got.Bytes(), before.Bytes()) {
						t.Fatalf("default mode after an ancestor's move: %v, %v; want the remembered %X", got, gotErr, before.Bytes())
					}
					if now, err := dl.Open(s, c.nowAt, nil); err != nil || !bytes.Equal(now.Bytes(), before.Bytes()) {
						t.Fatalf("Open(%q) = %v, %v; want the remembered directory there", c.nowAt, now, err)
					}
					return
				}
				if (gotErr == nil) != (wantErr == nil) || (gotErr != nil && !errors.Is(gotErr, directory.ErrDirNotExists)) {
					t.Fatalf("through the cache %v, %v; Open %v, %v", got, gotErr, want, wantErr)
				}
				if gotErr == nil && !bytes.Equal(got.Bytes(), want.Bytes()) {
					t.Fatalf("through the cache %X, Open %X", got.Bytes(), want.Bytes())
				}
				if st := cache.Stats(); st.Stale != 1 {
					t.Errorf("stats %+v, want one failed check", st)
				}
			})
		}
	}
}

func mustDo(t *testing.T) func(directory.DirectorySubspace, error) {
	return func(_ directory.DirectorySubspace, err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
}

func mustRemove(t *testing.T, s testStore, dl directory.Directory, path ...string) {
	t.Helper()
	if ok, err := dl.Remove(s, path); !ok || err != nil {
		t.Fatalf("Remove(%q) = %v, %v", path, ok, err)
	}
}

// TestCacheRolledBack: a directory remembered from a transaction that was
// rolled back is checked like any other, and created again.
func TestCacheRolledBack(t *testing.T) {
	s, dl := newDefault(t, false)
	cache := directory.NewCache(dl, directory.CacheOptions{})
	boom := errors.New("boom")
	var first []byte
	_, err := s.Transact(func(tr fdb.Transaction) (any, error) {
		d, err := cache.CreateOrOpen(tr, []string{"a"}, nil)
		if err != nil {
			return nil, err
		}
		first = d.Bytes()
		return nil, boom
	})
	if !errors.Is(err, boom) || first == nil {
		t.Fatal(err)
	}
	if _, err := cache.Open(s, []string{"a"}, nil); !errors.Is(err, directory.ErrDirNotExists) {
		t.Errorf("Open of a directory created by a rolled-back transaction: %v", err)
	}
	d, err := cache.CreateOrOpen(s, []string{"a"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := dl.Open(s, []string{"a"}, nil); err != nil || !bytes.Equal(got.Bytes(), d.Bytes()) {
		t.Errorf("the cache's a is %X, Open's %v (%v)", d.Bytes(), got, err)
	}
}

// TestCacheLayerAndBound: a hit compares the layer as Open does; the
// cache keeps at most MaxPaths directories; Forget drops one.
func TestCacheLayerAndBound(t *testing.T) {
	s, dl := newDefault(t, false)
	mustDo(t)(dl.Create(s, []string{"a"}, []byte("L")))
	cache := directory.NewCache(dl, directory.CacheOptions{MaxPaths: 3})
	mustDo(t)(cache.Open(s, []string{"a"}, []byte("L")))
	if _, err := cache.Open(s, []string{"a"}, []byte("M")); !errors.Is(err, directory.ErrLayerMismatch) {
		t.Errorf("a hit with another layer: %v", err)
	}
	if _, err := cache.CreateOrOpen(s, []string{"a"}, []byte{}); !errors.Is(err, directory.ErrLayerMismatch) {
		t.Errorf("a hit with the empty layer: %v", err)
	}
	for i := range 5 {
		mustDo(t)(cache.CreateOrOpen(s, []string{fmt.Sprint("d", i)}, nil))
	}
	if n := cache.Len(); n != 3 {
		t.Errorf("Len = %d, want 3", n)
	}
	cache.Forget([]string{"d4"})
	if n := cache.Len(); n != 2 {
		t.Errorf("Len after Forget = %d, want 2", n)
	}
	if st := cache.Stats(); st.Hits != 2 || st.Misses != 6 {
		t.Errorf("stats %+v, want 2 hits and 6 misses", st)
	}
}

// TestCacheRelative: a cache of a directory opens paths relative to it,
// through partitions too.
func TestCacheRelative(t *testing.T) {
	s, dl := newDefault(t, false)
	p, err := dl.Create(s, []string{"p"}, []byte("partition"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := p.Create(s, []string{"x", "y"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	x, err := p.Open(s, []string{"x"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		d    directory.Directory
		path []string
	}{{dl, []string{"p", "x", "y"}}, {p, []string{"x", "y"}}, {x, []string{"y"}}} {
		cache := directory.NewCache(c.d, directory.CacheOptions{})
		for range 2 {
			got, err := cache.Open(s, c.path, nil)
			if err != nil || !bytes.Equal(got.Bytes(), want.Bytes()) || fmt.Sprint(got.GetPath()) != "[p x y]" {
				t.Errorf("%q from %q: %v, %v", c.path, c.d.GetPath(), got, err)
			}
		}
	}
}
