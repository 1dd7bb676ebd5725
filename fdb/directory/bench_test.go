package directory_test

import (
	"fmt"
	"sync"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/directory"
)

// reportReads reports the store's reads per operation of the loop.
func reportReads(b *testing.B, s *countedStore, before int) {
	b.ReportMetric(float64(s.Reads()-before)/float64(b.N), "reads/op")
}

// BenchmarkOpen: Open of an existing directory at depths 1, 3 and 10,
// through the layer, through a Cache and through an exact Cache, each in
// a transaction of its own.
func BenchmarkOpen(b *testing.B) {
	for _, depth := range []int{1, 3, 10} {
		s := newStore()
		dl := directory.NewDirectoryLayerWith(subspaceFE(), allKeys(), directory.Options{Rand: seeded(1)})
		path := deepPath(depth)
		if _, err := dl.CreateOrOpen(s, path, nil); err != nil {
			b.Fatal(err)
		}
		for _, c := range []struct {
			name string
			open func() (directory.DirectorySubspace, error)
		}{
			{"uncached", func() (directory.DirectorySubspace, error) { return dl.Open(s, path, nil) }},
			{"cached", cacheOpen(s, directory.NewCache(dl, directory.CacheOptions{}), path)},
			{"cached-exact", cacheOpen(s, directory.NewCache(dl, directory.CacheOptions{Exact: true}), path)},
		} {
			b.Run(fmt.Sprintf("depth=%d/%s", depth, c.name), func(b *testing.B) {
				if _, err := c.open(); err != nil {
					b.Fatal(err)
				}
				b.ReportAllocs()
				before := s.Reads()
				b.ResetTimer()
				for range b.N {
					if _, err := c.open(); err != nil {
						b.Fatal(err)
					}
				}
				reportReads(b, s, before)
			})
		}
	}
}

func cacheOpen(s fdb.ReadTransactor, c *directory.Cache, path []string) func() (directory.DirectorySubspace, error) {
	return func() (directory.DirectorySubspace, error) { return c.Open(s, path, nil) }
}

// BenchmarkCreateOrOpen: CreateOrOpen at depths 1, 3 and 10, of an
// existing directory (uncached and cached) and of a new leaf under an
// existing parent (an allocation each).
func BenchmarkCreateOrOpen(b *testing.B) {
	for _, depth := range []int{1, 3, 10} {
		s := newStore()
		dl := directory.NewDirectoryLayerWith(subspaceFE(), allKeys(), directory.Options{Rand: seeded(1)})
		path := deepPath(depth)
		if _, err := dl.CreateOrOpen(s, path, nil); err != nil {
			b.Fatal(err)
		}
		cache := directory.NewCache(dl, directory.CacheOptions{})
		fresh := 0 // a new name for every call, across the runs of b.N
		for _, c := range []struct {
			name string
			op   func(i int) error
		}{
			{"existing/uncached", func(int) error { _, err := dl.CreateOrOpen(s, path, nil); return err }},
			{"existing/cached", func(int) error { _, err := cache.CreateOrOpen(s, path, nil); return err }},
			{"new", func(int) error {
				fresh++
				leaf := append(path[:depth-1:depth-1], fmt.Sprint("new", fresh))
				_, err := dl.CreateOrOpen(s, leaf, nil)
				return err
			}},
		} {
			b.Run(fmt.Sprintf("depth=%d/%s", depth, c.name), func(b *testing.B) {
				if err := c.op(-1); err != nil {
					b.Fatal(err)
				}
				b.ReportAllocs()
				before := s.Reads()
				b.ResetTimer()
				for i := range b.N {
					if err := c.op(i); err != nil {
						b.Fatal(err)
					}
				}
				reportReads(b, s, before)
			})
		}
	}
}

var bigDir struct {
	once sync.Once
	s    *countedStore
	dl   directory.Directory
}

// bigDirectory returns a store with a directory "big" of 100,000
// subdirectories, made once.
func bigDirectory(b *testing.B) (*countedStore, directory.Directory) {
	bigDir.once.Do(func() {
		s := newStore()
		dl := directory.NewDirectoryLayerWith(subspaceFE(), allKeys(), directory.Options{Rand: seeded(1)})
		for batch := range 100 {
			_, err := s.Transact(func(tr fdb.Transaction) (any, error) {
				for i := range 1000 {
					if _, err := dl.Create(tr, []string{"big", fmt.Sprintf("%06d", batch*1000+i)}, nil); err != nil {
						return nil, err
					}
				}
				return nil, nil
			})
			if err != nil {
				b.Fatal(err)
			}
		}
		bigDir.s, bigDir.dl = s, dl
	})
	return bigDir.s, bigDir.dl
}

// BenchmarkListPage: a page of 100 names from the middle of a directory
// of 100,000, against List of the whole directory.
func BenchmarkListPage(b *testing.B) {
	s, dl := bigDirectory(b)
	b.Run("ListPage=100of100000", func(b *testing.B) {
		b.ReportAllocs()
		before := s.Reads()
		for range b.N {
			page, err := directory.ListPage(s, dl, []string{"big"}, "050000", 100)
			if err != nil || len(page.Names) != 100 || !page.More {
				b.Fatal(page, err)
			}
		}
		reportReads(b, s, before)
	})
	b.Run("List=100000", func(b *testing.B) {
		b.ReportAllocs()
		before := s.Reads()
		for range b.N {
			names, err := dl.List(s, []string{"big"})
			if err != nil || len(names) != 100000 {
				b.Fatal(len(names), err)
			}
		}
		reportReads(b, s, before)
	})
}
