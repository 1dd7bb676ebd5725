package directory_test

// The allocator's and the layer's behaviour under concurrent
// transactions, scripted step by step with
// memstore's Begin and Commit: who commits, who conflicts, and that no
// prefix is ever handed out twice.

import (
	"bytes"
	"errors"
	"fmt"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/directory"
	"github.com/fdbtuple/fdbtuple/fdb/memstore"
	"pgregory.net/rapid"
)

func isConflict(err error) bool {
	var e fdb.Error
	return errors.As(err, &e) && e.Code == 1020
}

// initialized returns a store holding only the version key, so that
// concurrent creates do not all write it (which would conflict on it).
func initialized(t *testing.T) *countedStore {
	s := newStore()
	setVersion(t, s, versionBytes(1, 0, 0))
	return s
}

// TestRaceSameCandidate: two transactions that draw the same candidate:
// the first to commit wins, the other conflicts on the candidate's recent
// key and, run again, draws another.
func TestRaceSameCandidate(t *testing.T) {
	s := initialized(t)
	d := script(t, 7, 7, 9)
	dl := defaultLayer(d, false)
	healthy(t, s, dl)
	t1, t2 := s.Begin(), s.Begin()
	a, err := dl.Create(t1, []string{"a"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := dl.Create(t2, []string{"b"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Fatalf("the script gave %X and %X, not one candidate", a.Bytes(), b.Bytes())
	}
	if err := t1.Commit(); err != nil {
		t.Fatal(err)
	}
	if err := t2.Commit(); !isConflict(err) {
		t.Fatalf("the second commit: %v, want a conflict (1020)", err)
	}
	b, err = dl.Create(s, []string{"b"}, nil) // draws 9
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(a.Bytes(), b.Bytes()) || b.Bytes()[1] != 9 {
		t.Errorf("a %X, b %X after the retry", a.Bytes(), b.Bytes())
	}
}

// TestRaceDifferentCandidates: two transactions creating directories
// with different candidates in one window both commit: they read the
// counters at snapshot and add to them, and the recent keys carry no
// write conflict but on the candidate chosen.
func TestRaceDifferentCandidates(t *testing.T) {
	s := initialized(t)
	dl := defaultLayer(script(t, 7, 8), false)
	healthy(t, s, dl)
	t1, t2 := s.Begin(), s.Begin()
	for i, tr := range []*memstore.Transaction{t1, t2} {
		if _, err := dl.Create(tr, []string{fmt.Sprint("d", i)}, nil); err != nil {
			t.Fatal(err)
		}
	}
	if err := t1.Commit(); err != nil {
		t.Fatal(err)
	}
	if err := t2.Commit(); err != nil {
		t.Fatalf("the second commit: %v, want none", err)
	}
	if v, _ := getKey(t, s, counterKey(0)); !bytes.Equal(v, le64(2)) {
		t.Errorf("counter %X, want both allocations counted", v)
	}
}

// TestRaceWindowAdvanced: one transaction advances the window while
// another allocates in the old one; both commit. The late one recreates
// the old counter (its ADD applies to what is there at its commit) and
// leaves its recent key below the new window: legal, and cleared by the
// next advance.
func TestRaceWindowAdvanced(t *testing.T) {
	s := initialized(t)
	// 30 allocations in window 0 already.
	seed := []fdb.KeyValue{{Key: counterKey(0), Value: le64(30)}}
	for c := int64(0); c < 30; c++ {
		seed = append(seed, fdb.KeyValue{Key: recentKey(c), Value: []byte{}})
	}
	if err := s.Load(seed); err != nil {
		t.Fatal(err)
	}
	d := script(t, 40, 41, 5)
	dl := defaultLayer(d, false)
	t1, t2 := s.Begin(), s.Begin()
	late, err := dl.Create(t1, []string{"late"}, nil) // count 31: window 0, candidate 40
	if err != nil {
		t.Fatal(err)
	}
	_, err = t2.Transact(func(tr fdb.Transaction) (any, error) {
		if _, err := dl.Create(tr, []string{"x"}, nil); err != nil { // count 31: candidate 41
			return nil, err
		}
		return dl.Create(tr, []string{"y"}, nil) // count 32: advance to 64, candidate 69
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := t2.Commit(); err != nil {
		t.Fatal(err)
	}
	if err := t1.Commit(); err != nil {
		t.Fatalf("the late allocation's commit: %v, want none", err)
	}
	if c := late.Bytes(); !bytes.Equal(c, []byte{0x15, 40}) {
		t.Fatalf("late got %X", c)
	}
	if v, ok := getKey(t, s, counterKey(0)); !ok || !bytes.Equal(v, le64(1)) {
		t.Errorf("the old counter after the late commit: %X (present %v), want recreated at 1", v, ok)
	}
	if _, ok := getKey(t, s, recentKey(40)); !ok {
		t.Error("the late allocation's recent key is missing")
	}
	findings, err := directory.Check(s, dl)
	if err != nil || len(findings) != 0 {
		t.Fatalf("Check after the race: %v, %v", findings, err)
	}
	// Fill window 64 (y was its first allocation) up to the next
	// advance, into 128: it clears the leftovers of window 0 with the rest.
	for i := int64(0); i < 31; i++ {
		d.next = append(d.next, 6+i)
	}
	for i := range 31 {
		if _, err := dl.Create(s, []string{fmt.Sprint("fill", i)}, nil); err != nil {
			t.Fatal(err)
		}
	}
	checkAllocatorKeys(t, s, 128, 64, 1)
	healthy(t, s, dl)
}

// TestRaceSamePath: two transactions creating one path: the second to
// commit conflicts on the entry the first wrote, and run again finds the
// directory there.
func TestRaceSamePath(t *testing.T) {
	s := initialized(t)
	dl := defaultLayer(script(t, 7, 8), false)
	healthy(t, s, dl)
	t1, t2 := s.Begin(), s.Begin()
	first, err := dl.CreateOrOpen(t1, []string{"same"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := dl.CreateOrOpen(t2, []string{"same"}, nil); err != nil {
		t.Fatal(err)
	}
	if err := t1.Commit(); err != nil {
		t.Fatal(err)
	}
	if err := t2.Commit(); !isConflict(err) {
		t.Fatalf("the second commit: %v, want a conflict", err)
	}
	again, err := dl.CreateOrOpen(s, []string{"same"}, nil)
	if err != nil || !bytes.Equal(again.Bytes(), first.Bytes()) {
		t.Errorf("run again: %v, %v; want the first one's %X", again, err, first.Bytes())
	}
	if _, err := dl.Create(s, []string{"same"}, nil); !errors.Is(err, directory.ErrDirAlreadyExists) {
		t.Errorf("Create of it: %v", err)
	}
}

// TestRaceCacheCheckConflicts: a cached open in a transaction conflicts
// with a move of the directory that commits before it: the check's read
// is an ordinary read.
func TestRaceCacheCheckConflicts(t *testing.T) {
	s, dl := newDefault(t, false)
	mustDo(t)(dl.Create(s, []string{"a", "b"}, nil))
	cache := directory.NewCache(dl, directory.CacheOptions{})
	mustDo(t)(cache.Open(s, []string{"a", "b"}, nil))
	t1 := s.Begin()
	d, err := cache.Open(t1, []string{"a", "b"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := t1.Set(d.Pack([]any{"k"}), []byte("v")); err != nil {
		t.Fatal(err)
	}
	mustDo(t)(dl.Move(s, []string{"a", "b"}, []string{"c"}))
	if err := t1.Commit(); !isConflict(err) {
		t.Fatalf("a write through a cached directory moved meanwhile: %v, want a conflict", err)
	}
}

// TestRaceBursts: clients creating directories in transactions of 1 to 3
// creates, interleaved in random schedules (as the bindingtester's
// directory_hca test does with threads): every committed directory
// exists, no prefix was handed out twice, and Check accepts the
// allocator's state after every commit.
func TestRaceBursts(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := newStore()
		dl := directory.NewDirectoryLayerWith(subspaceFE(), allKeys(), directory.Options{Rand: seeded(rapid.Uint64().Draw(t, "seed"))})
		if _, err := dl.Exists(s, nil); err != nil {
			t.Fatal(err)
		}
		setKeyT(t, s, versionKey, versionBytes(1, 0, 0))
		type client struct {
			tr      *memstore.Transaction
			pending []string // created in the open transaction
			made    int
		}
		clients := make([]*client, rapid.IntRange(2, 4).Draw(t, "clients"))
		for i := range clients {
			clients[i] = &client{}
		}
		committed := map[string][]byte{}
		steps := rapid.IntRange(10, 120).Draw(t, "steps")
		for range steps {
			i := rapid.IntRange(0, len(clients)-1).Draw(t, "client")
			c := clients[i]
			if c.tr == nil {
				c.tr = s.Begin()
			}
			if len(c.pending) > 0 && (len(c.pending) == 3 || rapid.Bool().Draw(t, "commit")) {
				err := c.tr.Commit()
				switch {
				case err == nil:
					for _, name := range c.pending {
						committed[name] = nil
					}
				case isConflict(err):
					c.made -= len(c.pending) // the names are tried again
				default:
					t.Fatal(err)
				}
				c.tr, c.pending = nil, nil
				findings, err := directory.Check(s, dl)
				if err != nil || len(findings) > 0 {
					t.Fatalf("Check: %v, %v", findings, err)
				}
				continue
			}
			name := fmt.Sprintf("c%d-%d", i, c.made)
			c.made++
			if _, err := dl.Create(c.tr, []string{name}, nil); err != nil {
				t.Fatal(err)
			}
			c.pending = append(c.pending, name)
		}
		for _, c := range clients {
			if c.tr != nil {
				c.tr.Cancel()
			}
		}
		seen := map[string]string{}
		for name := range committed {
			d, err := dl.Open(s, []string{name}, nil)
			if err != nil {
				t.Fatalf("Open(%s): %v", name, err)
			}
			if other, dup := seen[string(d.Bytes())]; dup {
				t.Fatalf("prefix %X handed out to %s and %s", d.Bytes(), name, other)
			}
			seen[string(d.Bytes())] = name
		}
		names, err := dl.List(s, nil)
		if err != nil || len(names) != len(committed) {
			t.Fatalf("List: %d names (%v), %d committed", len(names), err, len(committed))
		}
	})
}

func setKeyT(t *rapid.T, s fdb.Transactor, key fdb.Key, value []byte) {
	if _, err := s.Transact(func(tr fdb.Transaction) (any, error) { return nil, tr.Set(key, value) }); err != nil {
		t.Fatal(err)
	}
}
