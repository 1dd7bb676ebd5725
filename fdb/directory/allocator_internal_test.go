package directory

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"slices"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/memstore"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
)

// interleaving is a transaction whose snapshot runs hook before the n-th
// snapshot range read, once: a way to put a second allocation inside the
// first one on one transaction, which the directory lock never allows
// through the public API.
type interleaving struct {
	*memstore.Transaction
	n    int
	hook func()
}

func (t *interleaving) Snapshot() fdb.ReadTransaction {
	return &interleavedSnapshot{ReadTransaction: t.Transaction.Snapshot(), t: t}
}

type interleavedSnapshot struct {
	fdb.ReadTransaction
	t *interleaving
}

func (s *interleavedSnapshot) GetRange(r fdb.ExactRange, opt fdb.RangeOptions) ([]fdb.KeyValue, error) {
	if s.t.n--; s.t.n == 0 {
		s.t.hook()
	}
	return s.ReadTransaction.GetRange(r, opt)
}

// TestAllocatorRestartsWhenWindowMoves: the branch of the candidate step
// that starts over when another allocation in the same transaction moved
// the window meanwhile (the official allocators' third step). Allocation A counts
// itself in window 0 (31 of 64) and draws; before its second read of the
// newest counter, allocation B counts the 32nd, moves the window to 64
// and allocates there. A sees the newer counter, starts over in window 64
// and draws again: three draws of bound 64, two distinct candidates in
// [64, 128), and A's first candidate left as a recent key below the new
// window, which is legal.
func TestAllocatorRestartsWhenWindowMoves(t *testing.T) {
	db := memstore.New(nil)
	var draws []int64
	script := []int64{10, 20, 30}
	l := newLayer([]byte{0xFE}, nil, false, func(n int64) int64 {
		draws = append(draws, n)
		v := script[0]
		script = script[1:]
		return v
	}, nil, nil)
	seed := []fdb.KeyValue{{Key: l.hca.counter(0), Value: binary.LittleEndian.AppendUint64(nil, 30)}}
	if err := db.Load(seed); err != nil {
		t.Fatal(err)
	}
	tr := &interleaving{Transaction: db.Begin(), n: 2}
	defer tr.Cancel()
	var b []byte
	tr.hook = func() {
		var err error
		if b, err = l.allocate(tr.Transaction, nil); err != nil {
			t.Error(err)
		}
	}
	a, err := l.allocate(tr, nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := tuplewire.AppendInt(nil, 64+20); !bytes.Equal(b, want) {
		t.Errorf("B got %X, want %X (window 64, offset 20)", b, want)
	}
	if want := tuplewire.AppendInt(nil, 64+30); !bytes.Equal(a, want) {
		t.Errorf("A got %X, want %X (started over in window 64, offset 30)", a, want)
	}
	if !slices.Equal(draws, []int64{64, 64, 64}) {
		t.Errorf("draw bounds %v", draws)
	}
	if err := tr.Commit(); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, kv := range db.Dump() {
		if rest, ok := bytes.CutPrefix(kv.Key, l.hca.counters); ok {
			got = append(got, fmt.Sprintf("counter %X = %X", rest, kv.Value))
		}
		if rest, ok := bytes.CutPrefix(kv.Key, l.hca.recent); ok {
			got = append(got, fmt.Sprintf("recent %X", rest))
		}
	}
	want := []string{
		"counter 1540 = 0200000000000000", // A and B in window 64
		"recent 150A",                     // A's first candidate, 10, set after B's clear
		"recent 1554",                     // B: 84
		"recent 155E",                     // A: 94
	}
	if !slices.Equal(got, want) {
		t.Errorf("allocator state %q, want %q", got, want)
	}
}
