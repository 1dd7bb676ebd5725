package directory_test

import (
	"math/rand/v2"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/directory"
	"github.com/fdbtuple/fdbtuple/fdb/memstore"
	"github.com/fdbtuple/fdbtuple/fdb/storekit"
	"github.com/fdbtuple/fdbtuple/subspace"
)

// testStore is what the tests need of a store: memstore, with its reads
// counted.
type testStore interface {
	fdb.Transactor
	Dump() []fdb.KeyValue
	Load([]fdb.KeyValue) error
	Reads() int
}

type countedStore struct {
	*memstore.DB
	stats *storekit.ReadStats
}

func newStore() *countedStore {
	stats := &storekit.ReadStats{}
	return &countedStore{memstore.New(&memstore.Options{Stats: stats}), stats}
}

// Reads returns the Get and GetRange calls served so far.
func (s *countedStore) Reads() int {
	r := s.stats.Reads()
	return int(r.Gets + r.GetRanges)
}

// seeded returns a random source for tests whose draws do not matter.
func seeded(seed uint64) func(int64) int64 {
	r := rand.New(rand.NewPCG(seed, 0x5eed))
	return r.Int64N
}

// healthy registers a check, when the test ends, that Check finds
// nothing wrong with each layer on s.
func healthy(t *testing.T, s fdb.ReadTransactor, layers ...directory.Directory) {
	t.Cleanup(func() {
		for _, dl := range layers {
			findings, err := directory.Check(s, dl)
			if err != nil {
				t.Errorf("Check: %v", err)
			}
			for _, f := range findings {
				t.Errorf("Check: %s", f)
			}
		}
	})
}

// newDefault returns a store and the default layer's keys with a seeded
// source, checked when the test ends.
func newDefault(t *testing.T, manual bool) (*countedStore, directory.Directory) {
	s := newStore()
	dl := directory.NewDirectoryLayerWith(subspace.FromBytes([]byte{0xFE}), subspace.AllKeys(),
		directory.Options{AllowManualPrefixes: manual, Rand: seeded(1)})
	healthy(t, s, dl)
	return s, dl
}

func subspaceFE() subspace.Subspace { return subspace.FromBytes([]byte{0xFE}) }
func allKeys() subspace.Subspace    { return subspace.AllKeys() }
