package directory_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/directory"
)

// TestCreatePrefixTakenByParents: the manual prefix of a directory whose
// parents are missing is checked before the parents are created (in
// FoundationDB's order), and their automatic prefixes can then take it.
// The official layers give two directories overlapping prefixes there;
// here the create fails with ErrPrefixInUse and its transaction leaves
// nothing. Where the parents draw other prefixes, the manual prefix is
// taken as before.
func TestCreatePrefixTakenByParents(t *testing.T) {
	for _, c := range []struct {
		name   string
		path   []string
		prefix []byte
		draws  []int64
		taken  bool
	}{
		// ("é", "") draws candidate 0 (14), ("é") candidate 1 (15 01).
		{"equal to a parent's", []string{"é", "", "é"}, []byte{0x15, 0x01}, []int64{0, 1}, true},
		{"inside a parent's", []string{"a", "b"}, []byte{0x15, 0x07, 0x70}, []int64{7}, true},
		{"around a parent's", []string{"a", "b", "c"}, []byte{0x15}, []int64{0, 9}, true},
		{"free of the parents'", []string{"é", "", "é"}, []byte{0x15, 0x01}, []int64{2, 3}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := newStore()
			d := script(t, c.draws...)
			dl := defaultLayer(d, true)
			healthy(t, s, dl)
			var got directory.DirectorySubspace
			_, err := s.Transact(func(tr fdb.Transaction) (any, error) {
				var err error
				got, err = dl.CreatePrefix(tr, c.path, []byte("x"), c.prefix)
				return nil, err
			})
			if len(d.next) != 0 {
				t.Errorf("draws left over: %v", d.next)
			}
			if !c.taken {
				if err != nil || !bytes.Equal(got.Bytes(), c.prefix) {
					t.Fatalf("CreatePrefix(%q, %X) = %v, %v", c.path, c.prefix, got, err)
				}
				return
			}
			wantErr(t, err, directory.ErrPrefixInUse, "create", c.path, nil, "")
			if dump := s.Dump(); len(dump) != 0 {
				t.Errorf("the failed transaction left\n%s", formatDump(dump))
			}
		})
	}
}

// TestCreatePrefixTakenByParentsComposed: composed into a caller's
// transaction, the refusal comes after the parents were written, which
// the caller's transaction holds if it goes on (as after any directory
// operation that fails midway); the tree it commits is still sound, and
// the manual prefix is no one's.
func TestCreatePrefixTakenByParentsComposed(t *testing.T) {
	s := newStore()
	dl := defaultLayer(script(t, 0, 1), true)
	healthy(t, s, dl)
	_, err := s.Transact(func(tr fdb.Transaction) (any, error) {
		_, err := dl.CreatePrefix(tr, []string{"é", "", "é"}, []byte("x"), []byte{0x15, 0x01})
		if !errors.Is(err, directory.ErrPrefixInUse) {
			t.Errorf("CreatePrefix: %v, want ErrPrefixInUse", err)
		}
		return nil, nil // the caller commits anyway
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range [][]string{{"é"}, {"é", ""}} {
		if ok, err := dl.Exists(s, p); !ok || err != nil {
			t.Errorf("the parent %q: exists %v, %v", p, ok, err)
		}
	}
	if ok, err := dl.Exists(s, []string{"é", "", "é"}); ok || err != nil {
		t.Errorf("the refused directory: exists %v, %v", ok, err)
	}
}
