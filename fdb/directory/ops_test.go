package directory_test

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/directory"
)

// TestNames: names are tuple strings, never normalized: NFC and NFD
// "café" are two directories; the empty name, "/", 00 inside and non-BMP
// characters are names like any other; List returns them in UTF-8 byte
// order.
func TestNames(t *testing.T) {
	s, dl := newDefault(t, false)
	names := []string{"café", "cafe\u0301", "", "/", "a/b", "a\x00b", "\U0001F600", "\uFFFF", "Z"}
	prefixes := map[string]bool{}
	for _, name := range names {
		d, err := dl.Create(s, []string{name}, nil)
		if err != nil {
			t.Fatalf("Create(%q): %v", name, err)
		}
		prefixes[string(d.Bytes())] = true
		if got, err := dl.Open(s, []string{name}, nil); err != nil || !bytes.Equal(got.Bytes(), d.Bytes()) {
			t.Errorf("Open(%q) = %v, %v", name, got, err)
		}
	}
	if len(prefixes) != len(names) {
		t.Errorf("%d prefixes for %d names", len(prefixes), len(names))
	}
	got := mustList(t, s, dl, nil)
	want := slices.Clone(names)
	slices.Sort(want) // Go compares strings by their UTF-8 bytes
	if !slices.Equal(got, want) {
		t.Errorf("List = %q\nwant %q", got, want)
	}
	// The entry key of "a\x00b" escapes the 00.
	if _, ok := getKey(t, s, fdb.Key("\xFE\x01\xFE\x00\x14\x02a\x00\xFFb\x00")); !ok {
		t.Error("no entry FE 01 FE 00 14 02 61 00 FF 62 00 for a\\x00b")
	}
}

// TestListEmpty: an empty directory lists as an empty, non-nil slice.
func TestListEmpty(t *testing.T) {
	s, dl := newDefault(t, false)
	if _, err := dl.Create(s, []string{"a"}, nil); err != nil {
		t.Fatal(err)
	}
	names, err := dl.List(s, []string{"a"})
	if err != nil || names == nil || len(names) != 0 {
		t.Errorf("List(a) = %#v, %v; want an empty non-nil slice", names, err)
	}
}

// TestMoveKeepsPrefix: Move relinks the entry only; a handle opened
// before keeps its prefix, which the moved directory still has, with its
// contents and subdirectories.
func TestMoveKeepsPrefix(t *testing.T) {
	s, dl := newDefault(t, false)
	a, err := dl.Create(s, []string{"a"}, []byte("L"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Create(s, []string{"child"}, nil); err != nil {
		t.Fatal(err)
	}
	setKey(t, s, a.Pack([]any{"k"}), []byte("v"))
	if _, err := dl.Create(s, []string{"b"}, nil); err != nil {
		t.Fatal(err)
	}
	moved, err := dl.Move(s, []string{"a"}, []string{"b", "a2"})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(moved.Bytes(), a.Bytes()) || !slices.Equal(moved.GetPath(), []string{"b", "a2"}) || string(moved.GetLayer()) != "L" {
		t.Errorf("moved = %v, layer %q", moved, moved.GetLayer())
	}
	if v, ok := getKey(t, s, a.Pack([]any{"k"})); !ok || string(v) != "v" {
		t.Error("the contents moved")
	}
	if ok, _ := dl.Exists(s, []string{"a"}); ok {
		t.Error("a still exists")
	}
	if got := mustList(t, s, dl, []string{"b", "a2"}); !slices.Equal(got, []string{"child"}) {
		t.Errorf("List(b/a2) = %q", got)
	}
	if removed, err := dl.Remove(s, []string{"a"}); removed || err != nil {
		t.Errorf("Remove(a) after the move = %v, %v; want false, nil", removed, err)
	}
}

// TestComposesIntoTransaction: directory calls given a transaction run in
// it: they see its writes, it sees theirs, and nothing is kept when it
// fails.
func TestComposesIntoTransaction(t *testing.T) {
	s, dl := newDefault(t, false)
	boom := errors.New("boom")
	_, err := s.Transact(func(tr fdb.Transaction) (any, error) {
		a, err := dl.Create(tr, []string{"a"}, nil)
		if err != nil {
			return nil, err
		}
		if err := tr.Set(a.Pack([]any{1}), []byte("x")); err != nil {
			return nil, err
		}
		if ok, err := dl.Exists(tr, []string{"a"}); !ok || err != nil {
			t.Errorf("Exists(a) in the creating transaction = %v, %v", ok, err)
		}
		return nil, boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("Transact: %v", err)
	}
	if n := len(s.Dump()); n != 0 {
		t.Errorf("%d keys kept from a failed transaction", n)
	}
}

// TestConcurrentCallsOnOneTransaction: goroutines calling CreateOrOpen
// on one transaction (josephg/node-foundationdb#87) get one directory:
// one allocation, one prefix. Run with -race, it also shows that the
// calls never use the transaction at the same time.
func TestConcurrentCallsOnOneTransaction(t *testing.T) {
	s, dl := newDefault(t, false)
	const n = 16
	prefixes := make([][]byte, n)
	_, err := s.Transact(func(tr fdb.Transaction) (any, error) {
		var wg sync.WaitGroup
		errs := make([]error, n)
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				path := []string{"shared", fmt.Sprint("leaf", i%2)}
				d, err := dl.CreateOrOpen(tr, path, nil)
				if err == nil {
					prefixes[i] = d.Bytes()
				}
				errs[i] = err
			}()
		}
		wg.Wait()
		return nil, errors.Join(errs...)
	})
	if err != nil {
		t.Fatal(err)
	}
	for i := 2; i < n; i++ {
		if !bytes.Equal(prefixes[i], prefixes[i%2]) {
			t.Errorf("call %d got prefix %X, call %d %X", i, prefixes[i], i%2, prefixes[i%2])
		}
	}
	// shared, shared/leaf0, shared/leaf1: three allocations, no more.
	if v, _ := getKey(t, s, counterKey(0)); !bytes.Equal(v, le64(3)) {
		t.Errorf("allocator counter %X, want 3 allocations", v)
	}
}

// TestOfficialString: a directory prints as the official Go's does.
func TestOfficialString(t *testing.T) {
	s := newStore()
	dl := defaultLayer(script(t, 6, 7), false)
	healthy(t, s, dl)
	d, err := dl.Create(s, []string{"a", "b"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(d); got != `DirectorySubspace((a,b), \x15\x06)` {
		t.Errorf("String() = %s", got)
	}
}

// TestPackageFunctions: the package functions use the default layer's
// keys, FE and the whole key space.
func TestPackageFunctions(t *testing.T) {
	s := newStore()
	healthy(t, s, directory.Root())
	a, err := directory.CreateOrOpen(s, []string{"a"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := getKey(t, s, fdb.Key("\xFE\x01\xFE\x00\x14\x02a\x00")); !ok {
		t.Error("no entry for a under the default root node")
	}
	if _, err := directory.Create(s, []string{"b"}, nil); err != nil {
		t.Fatal(err)
	}
	if d, err := directory.Open(s, []string{"a"}, nil); err != nil || !bytes.Equal(d.Bytes(), a.Bytes()) {
		t.Errorf("Open(a) = %v, %v", d, err)
	}
	if _, err := directory.Move(s, []string{"b"}, []string{"a", "b"}); err != nil {
		t.Fatal(err)
	}
	if ok, err := directory.Exists(s, []string{"a", "b"}); !ok || err != nil {
		t.Errorf("Exists(a/b) = %v, %v", ok, err)
	}
	if names, err := directory.List(s, nil); err != nil || !slices.Equal(names, []string{"a"}) {
		t.Errorf("List() = %q, %v", names, err)
	}
	if directory.Root().GetPath() != nil || len(directory.Root().GetLayer()) != 0 {
		t.Error("the root layer has a path or a layer")
	}
}

// TestReadersAndWritersOnOneTransaction: goroutines opening a directory
// on a transaction while another creates it there never see it half made
// (its entry without its layer): reads and writes on one transaction
// share its directory lock, although the store hands reads a view of the
// transaction.
func TestReadersAndWritersOnOneTransaction(t *testing.T) {
	s, dl := newDefault(t, false)
	for round := range 200 {
		path := []string{fmt.Sprint("d", round)}
		_, err := s.Transact(func(tr fdb.Transaction) (any, error) {
			var wg sync.WaitGroup
			errs := make([]error, 4)
			for g := range 4 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					if g == 0 {
						_, errs[g] = dl.CreateOrOpen(tr, path, []byte("L"))
						return
					}
					for range 20 {
						_, err := dl.Open(tr, path, []byte("L"))
						if err != nil && !errors.Is(err, directory.ErrDirNotExists) {
							errs[g] = err
							return
						}
					}
				}()
			}
			wg.Wait()
			return nil, errors.Join(errs...)
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}
