package timeline

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"iter"
	"time"

	bolt "go.etcd.io/bbolt"
)

// bucket is the one bbolt bucket BoltKV keeps its keys in.
var bucket = []byte("kv")

// BoltKV is a KV on a bbolt file.
type BoltKV struct {
	DB *bolt.DB
}

// OpenBolt opens (or creates) the bbolt file at path as a KV.
func OpenBolt(path string, opts *bolt.Options) (*BoltKV, error) {
	if opts == nil {
		opts = &bolt.Options{Timeout: 2 * time.Second}
	}
	db, err := bolt.Open(path, 0o600, opts)
	if err != nil {
		return nil, fmt.Errorf("timeline: open %s: %w", path, err)
	}
	return &BoltKV{DB: db}, nil
}

// Close closes the database.
func (s *BoltKV) Close() error { return s.DB.Close() }

// Get returns the value of key, or nil.
func (s *BoltKV) Get(_ context.Context, key []byte) ([]byte, error) {
	var out []byte
	err := s.DB.View(func(tx *bolt.Tx) error {
		if b := tx.Bucket(bucket); b != nil {
			out = bytes.Clone(b.Get(key))
		}
		return nil
	})
	if err != nil {
		return nil, &KeyError{"get", key, err}
	}
	return out, nil
}

// Apply writes the pairs in one bbolt transaction.
func (s *BoltKV) Apply(_ context.Context, pairs []Pair) error {
	var failed []byte
	err := s.DB.Update(func(tx *bolt.Tx) error {
		b, err := tx.CreateBucketIfNotExists(bucket)
		if err != nil {
			return err
		}
		for _, p := range pairs {
			failed = p.Key
			if p.Value == nil {
				err = b.Delete(p.Key)
			} else {
				err = b.Put(p.Key, p.Value)
			}
			if err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return &KeyError{"put", failed, err}
	}
	return nil
}

// Range reads the pairs of [begin, end) with a cursor, in one read
// transaction.
func (s *BoltKV) Range(_ context.Context, begin, end []byte, reverse bool, limit int) iter.Seq2[Pair, error] {
	return func(yield func(Pair, error) bool) {
		var out []Pair
		// One arena for the page's keys and values: cursor memory is only
		// valid inside the transaction, and one copy per byte slice would
		// cost two allocations a pair. A slice into an arena that has since
		// grown still holds its bytes.
		var arena []byte
		copied := func(b []byte) []byte {
			arena = append(arena, b...)
			return arena[len(arena)-len(b) : len(arena) : len(arena)]
		}
		err := s.DB.View(func(tx *bolt.Tx) error {
			b := tx.Bucket(bucket)
			if b == nil {
				return errors.New("no data loaded")
			}
			c := b.Cursor()
			var k, v []byte
			step := c.Next
			if reverse {
				step = c.Prev
				// Seek lands on the first key >= end, or past the last
				// key; Prev from there is the last key below end.
				if k, _ = c.Seek(end); k == nil {
					k, v = c.Last()
				} else {
					k, v = c.Prev()
				}
			} else {
				k, v = c.Seek(begin)
			}
			for ; k != nil && bytes.Compare(k, begin) >= 0 && bytes.Compare(k, end) < 0; k, v = step() {
				out = append(out, Pair{copied(k), copied(v)})
				if limit > 0 && len(out) == limit {
					break
				}
			}
			return nil
		})
		if err != nil {
			yield(Pair{}, &KeyError{"range", begin, err})
			return
		}
		for _, p := range out {
			if !yield(p, nil) {
				return
			}
		}
	}
}
