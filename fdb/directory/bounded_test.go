package directory_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/directory"
)

// boundedStore is a store whose read transactions refuse a range read
// without a limit or with one above maxRead: a store that bounds what one
// read returns (as DynamoDB's pages and etcd's response sizes do).
type boundedStore struct {
	*countedStore
	maxRead int
}

func (s boundedStore) ReadTransact(f func(fdb.ReadTransaction) (any, error)) (any, error) {
	return s.countedStore.ReadTransact(func(rt fdb.ReadTransaction) (any, error) {
		return f(boundedReads{rt, s.maxRead})
	})
}

type boundedReads struct {
	fdb.ReadTransaction
	maxRead int
}

func (b boundedReads) GetRange(r fdb.ExactRange, opt fdb.RangeOptions) ([]fdb.KeyValue, error) {
	if opt.Limit == 0 || opt.Limit > b.maxRead {
		return nil, fmt.Errorf("a range read of %d pairs, above this store's %d", opt.Limit, b.maxRead)
	}
	return b.ReadTransaction.GetRange(r, opt)
}

func (b boundedReads) Snapshot() fdb.ReadTransaction {
	return boundedReads{b.ReadTransaction.Snapshot(), b.maxRead}
}

func (b boundedReads) ReadTransact(f func(fdb.ReadTransaction) (any, error)) (any, error) {
	return f(b)
}

// TestBoundedReads: Check, ReadLayerState and Walk read a layer of 3,000
// metadata keys from a store that serves no range read of more than
// 1,001 pairs, and find what they find on the same store unbounded, the
// damage planted included.
func TestBoundedReads(t *testing.T) {
	s := newStore()
	dl := directory.NewDirectoryLayerWith(subspaceFE(), allKeys(), directory.Options{Rand: seeded(1)})
	_, err := s.Transact(func(tr fdb.Transaction) (any, error) {
		for i := range 1200 {
			if _, err := dl.Create(tr, []string{"t", fmt.Sprintf("%04d", i)}, nil); err != nil {
				return nil, err
			}
		}
		return nil, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// Damage: an orphan node and a dangling entry.
	setKey(t, s, fdb.Key("\xFE\x01\x15\x7f\x7f\x00\x01layer\x00"), []byte{})
	setKey(t, s, fdb.Key("\xFE\x01\xFE\x00\x14\x02ghost\x00"), []byte("\x15\x7e"))
	bounded := boundedStore{s, 1001}
	if _, err := dl.List(bounded, []string{"t"}); err == nil {
		t.Fatal("the bounded store served an unlimited read")
	}
	want, err := directory.Check(s, dl)
	if err != nil || len(want) != 2 {
		t.Fatalf("Check: %v, %v; want the two planted problems", want, err)
	}
	got, err := directory.Check(bounded, dl)
	if err != nil || !slices.EqualFunc(got, want, func(a, b directory.Finding) bool { return a.String() == b.String() }) {
		t.Fatalf("Check on the bounded store: %v, %v; unbounded %v", got, err, want)
	}
	st, err := directory.ReadLayerState(bounded, dl)
	if err != nil {
		t.Fatal(err)
	}
	if plain, err := directory.ReadLayerState(s, dl); err != nil || describeState(plain) != describeState(st) {
		t.Fatalf("ReadLayerState on the bounded store: %s; unbounded %s, %v", describeState(st), describeState(plain), err)
	}
	n := 0
	for e, err := range directory.Walk(bounded, dl, nil, &directory.WalkOptions{PageSize: 1000}) {
		if err != nil {
			t.Fatal(err)
		}
		if e.Depth == 2 {
			n++
		}
	}
	if n != 1200 {
		t.Fatalf("Walk on the bounded store met %d directories under t, want 1200", n)
	}
}
