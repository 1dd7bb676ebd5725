package directory_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/directory"
	"github.com/fdbtuple/fdbtuple/subspace"
	"github.com/fdbtuple/fdbtuple/tuple"
)

const hcaPrefix = "\xFE\x01\xFE\x00\x01hca\x00"

func counterKey(start int64) fdb.Key {
	return fdb.Key(hcaPrefix + string(tuple.Tuple{0, start}.Pack()))
}

func recentKey(c int64) fdb.Key { return fdb.Key(hcaPrefix + string(tuple.Tuple{1, c}.Pack())) }

func le64(n int64) []byte { return binary.LittleEndian.AppendUint64(nil, uint64(n)) }

// candidateOf decodes a default-layer directory's prefix (one tuple
// integer, the content subspace being empty).
func candidateOf(t *testing.T, d directory.DirectorySubspace) int64 {
	t.Helper()
	el, err := tuple.Unpack(d.Bytes())
	if err != nil || len(el) != 1 {
		t.Fatalf("prefix %X is not one tuple integer: %v", d.Bytes(), err)
	}
	return el[0].(int64)
}

// recording wraps a random source and records the bound of every draw.
type recording struct {
	src    func(int64) int64
	bounds []int64
}

func (r *recording) rand(n int64) int64 {
	r.bounds = append(r.bounds, n)
	return r.src(n)
}

// windowsFrom lists the windows from start on, in order, with the number
// of allocations each holds when allocations do not overlap in time:
// size/2 - 1 (31 of 64, 511 of 1024, 4095 of 8192).
func windowsFrom(start int64, n int) (starts, sizes []int64) {
	for range n {
		size := int64(64)
		switch {
		case start >= 65535:
			size = 8192
		case start >= 255:
			size = 1024
		}
		starts, sizes = append(starts, start), append(sizes, size)
		start += size
	}
	return starts, sizes
}

// TestAllocatorWindowsFromEmpty: 1,200 creates, one a transaction, from
// an empty store cross the four windows of 64 and two of 1024 into a third. The i-th
// allocation lands in the window the limits predict, every draw's bound
// is that window's size, no prefix repeats, and the allocator keeps only
// the current window's counter and recent keys.
func TestAllocatorWindowsFromEmpty(t *testing.T) {
	s := newStore()
	rec := &recording{src: seeded(7)}
	dl := directory.NewDirectoryLayerWith(subspace.FromBytes([]byte{0xFE}), subspace.AllKeys(), directory.Options{Rand: rec.rand})
	healthy(t, s, dl)
	starts, sizes := windowsFrom(0, 7)
	w, inWindow := 0, int64(0)
	seen := map[string]bool{}
	for i := range 1200 {
		if inWindow == sizes[w]/2-1 {
			w, inWindow = w+1, 0
		}
		inWindow++
		before := len(rec.bounds)
		d, err := dl.Create(s, []string{fmt.Sprintf("n%04d", i)}, nil)
		if err != nil {
			t.Fatalf("create %d: %v", i, err)
		}
		c := candidateOf(t, d)
		if c < starts[w] || c >= starts[w]+sizes[w] {
			t.Fatalf("create %d: candidate %d outside the window [%d, %d)", i, c, starts[w], starts[w]+sizes[w])
		}
		for _, b := range rec.bounds[before:] {
			if b != sizes[w] {
				t.Fatalf("create %d: a draw with bound %d in a window of %d", i, b, sizes[w])
			}
		}
		if seen[string(d.Bytes())] {
			t.Fatalf("create %d: prefix %X handed out twice", i, d.Bytes())
		}
		seen[string(d.Bytes())] = true
		// The encoding follows the candidate's size: 14, 15 xx, 16 xx xx.
		if want := []byte(tuple.Tuple{c}.Pack()); !bytes.Equal(d.Bytes(), want) {
			t.Fatalf("create %d: prefix %X for candidate %d", i, d.Bytes(), c)
		}
		if inWindow == 1 {
			checkAllocatorKeys(t, s, starts[w], sizes[w], inWindow)
		}
	}
	if w != 6 {
		t.Fatalf("1,200 creates reached window %d, want the seventh (2304)", w)
	}
	checkAllocatorKeys(t, s, starts[w], sizes[w], inWindow)
}

// checkAllocatorKeys checks that the only counter is the window's, with
// count n, and that there are n recent keys, all in the window: what a
// history of allocations that never overlap in time leaves.
func checkAllocatorKeys(t *testing.T, s testStore, start, size, n int64) {
	t.Helper()
	var counters, recents []fdb.KeyValue
	for _, kv := range s.Dump() {
		switch {
		case bytes.HasPrefix(kv.Key, []byte(hcaPrefix+"\x14")):
			counters = append(counters, kv)
		case bytes.HasPrefix(kv.Key, []byte(hcaPrefix+"\x15\x01")):
			recents = append(recents, kv)
		}
	}
	if len(counters) != 1 || !bytes.Equal(counters[0].Key, counterKey(start)) || !bytes.Equal(counters[0].Value, le64(n)) {
		t.Fatalf("counters %v, want only the counter of %d at %d", counters, start, n)
	}
	if int64(len(recents)) != n {
		t.Fatalf("%d recent keys, want %d", len(recents), n)
	}
	for _, kv := range recents {
		el, err := tuple.Unpack(kv.Key[len(hcaPrefix):])
		if err != nil {
			t.Fatal(err)
		}
		if c := el[1].(int64); c < start || c >= start+size {
			t.Fatalf("recent candidate %d outside the window [%d, %d)", c, start, start+size)
		}
	}
}

// TestAllocatorSeededWindows: from seeded allocator states, the last
// allocation a window holds (511 of 1024 at 64768, 4095 of 8192 at 65792
// and at 2^31) stays in it, and the next one advances, clearing what lies
// below the new window, into an 8192-wide window whose candidates take 3
// or 5 bytes.
func TestAllocatorSeededWindows(t *testing.T) {
	for _, c := range []struct {
		start, size int64
		next        int64
		code        byte // the first byte of the next window's prefixes
	}{
		{64768, 1024, 65792, 0x17},
		{65792, 8192, 73984, 0x17},
		{1 << 31, 8192, 1<<31 + 8192, 0x18},
	} {
		t.Run(fmt.Sprint(c.start), func(t *testing.T) {
			s := newStore()
			err := s.Load([]fdb.KeyValue{
				{Key: counterKey(c.start), Value: le64(c.size/2 - 2)},
				{Key: versionKey, Value: versionBytes(1, 0, 0)},
				// A leftover below the window: legal, cleared by the advance.
				{Key: recentKey(c.start - 1), Value: []byte{}},
			})
			if err != nil {
				t.Fatal(err)
			}
			d := script(t, 3, 5)
			dl := defaultLayer(d, false)
			a, err := dl.Create(s, []string{"a"}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if got := candidateOf(t, a); got != c.start+3 {
				t.Errorf("the window's last allocation got %d, want %d", got, c.start+3)
			}
			log := runTraced(t, s, func(tr fdb.Transaction) error {
				_, err := dl.Create(tr, []string{"b"}, nil)
				return err
			})
			b, err := dl.Open(s, []string{"b"}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if got := candidateOf(t, b); got != c.next+5 {
				t.Errorf("the next allocation got %d, want %d", got, c.next+5)
			}
			if b.Bytes()[0] != c.code {
				t.Errorf("prefix %X, want it to start with %02X", b.Bytes(), c.code)
			}
			if want := []int64{c.size, windowSizeOf(c.next)}; fmt.Sprint(d.bounds) != fmt.Sprint(want) {
				t.Errorf("draw bounds %v, want %v", d.bounds, want)
			}
			H := fmt.Sprintf("%X", hcaPrefix)
			want := []string{
				fmt.Sprintf("add %X 0100000000000000", []byte(counterKey(c.start))),
				fmt.Sprintf("clear %s14..%X", H, []byte(counterKey(c.next))),
				"nwc",
				fmt.Sprintf("clear %s1501..%X", H, []byte(recentKey(c.next))),
				fmt.Sprintf("add %X 0100000000000000", []byte(counterKey(c.next))),
			}
			diffLog(t, "the advancing allocation's first writes", writesOf(log)[:5], want)
			checkAllocatorKeys(t, s, c.next, windowSizeOf(c.next), 1)
			healthy(t, s, dl)
		})
	}
}

func windowSizeOf(start int64) int64 {
	_, sizes := windowsFrom(start, 1)
	return sizes[0]
}

// TestAllocatorRedraws: a candidate already recent is drawn again, one
// draw per candidate, whether it was recorded by an earlier transaction
// or earlier in the same one.
func TestAllocatorRedraws(t *testing.T) {
	s := newStore()
	d := script(t, 5, 5, 9, 5, 9, 12)
	dl := defaultLayer(d, false)
	healthy(t, s, dl)
	a, err := dl.Create(s, []string{"a"}, nil) // draws 5
	if err != nil {
		t.Fatal(err)
	}
	// b and c in one transaction: b draws 5 (recent, committed), then 9;
	// c draws 5, then 9 (recent in this transaction), then 12.
	_, err = s.Transact(func(tr fdb.Transaction) (any, error) {
		if _, err := dl.Create(tr, []string{"b"}, nil); err != nil {
			return nil, err
		}
		return dl.Create(tr, []string{"c"}, nil)
	})
	if err != nil {
		t.Fatal(err)
	}
	got := []int64{candidateOf(t, a)}
	for _, name := range []string{"b", "c"} {
		ds, err := dl.Open(s, []string{name}, nil)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, candidateOf(t, ds))
	}
	if fmt.Sprint(got) != "[5 9 12]" {
		t.Errorf("candidates %v, want [5 9 12]", got)
	}
	if len(d.next) != 0 || len(d.bounds) != 6 {
		t.Errorf("%d draws made, %d left; want 6 and 0", len(d.bounds), len(d.next))
	}
}

// TestAllocatorKeysAtPrefix: keys already stored anywhere in [P,
// strinc P) of the allocated prefix P refuse the create, the key equal to
// P and keys after P FF included (the official Go's check of [P 00, P FF)
// misses both).
func TestAllocatorKeysAtPrefix(t *testing.T) {
	for _, key := range []string{"\x15\x05", "\x15\x05\x00", "\x15\x05\x02x\x00", "\x15\x05\xFF", "\x15\x05\xFF\xFF"} {
		t.Run(fmt.Sprintf("%X", key), func(t *testing.T) {
			s := newStore()
			setKey(t, s, fdb.Key(key), []byte("v"))
			dl := defaultLayer(script(t, 5), false)
			_, err := dl.Create(s, []string{"a"}, nil)
			if !errors.Is(err, directory.ErrPrefixNotEmpty) {
				t.Fatalf("error %v, want ErrPrefixNotEmpty", err)
			}
			var e *directory.Error
			if !errors.As(err, &e) || !bytes.Equal(e.Key, []byte(key)) {
				t.Errorf("the error names key %X, want %X", e.Key, key)
			}
			if got := len(s.Dump()); got != 1 {
				t.Errorf("%d keys after the failed create, want the one stored before", got)
			}
		})
	}
	// A key just outside [15 05, 15 06) does not refuse it.
	s := newStore()
	setKey(t, s, fdb.Key("\x15\x06"), []byte("v"))
	setKey(t, s, fdb.Key("\x15\x04\xFF"), []byte("v"))
	if _, err := defaultLayer(script(t, 5), false).Create(s, []string{"a"}, nil); err != nil {
		t.Errorf("keys beside the prefix refused the create: %v", err)
	}
}

// TestAllocatorRandOutOfRange: a random source that answers outside
// [0, n) fails the operation with ErrInvalidArgument, writing nothing.
func TestAllocatorRandOutOfRange(t *testing.T) {
	for _, v := range []int64{-1, 64, 1 << 40} {
		s := newStore()
		dl := directory.NewDirectoryLayerWith(subspace.FromBytes([]byte{0xFE}), subspace.AllKeys(),
			directory.Options{Rand: func(int64) int64 { return v }})
		healthy(t, s, dl)
		if _, err := dl.Create(s, []string{"a"}, nil); !errors.Is(err, directory.ErrInvalidArgument) {
			t.Errorf("Rand returning %d: %v, want ErrInvalidArgument", v, err)
		}
		if n := len(s.Dump()); n != 0 {
			t.Errorf("Rand returning %d: %d keys written", v, n)
		}
	}
}
