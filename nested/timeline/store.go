package timeline

import (
	"bytes"
	"errors"
	"fmt"
	"time"

	"github.com/fdbtuple/fdbtuple/nested"
	bolt "go.etcd.io/bbolt"
)

// Bucket names: key paths in one, naive string keys in the other.
var (
	PathBucket  = []byte("paths")
	NaiveBucket = []byte("naive")
)

// Store is a bbolt database holding the demo.
type Store struct {
	DB *bolt.DB
}

// Open opens (or creates) the bbolt file at path.
func Open(path string) (*Store, error) {
	db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: 2 * time.Second})
	if err != nil {
		return nil, fmt.Errorf("timeline: open %s: %w", path, err)
	}
	return &Store{DB: db}, nil
}

// Close closes the database.
func (s *Store) Close() error { return s.DB.Close() }

// Load writes records under their key paths and under their naive keys,
// in one transaction.
func (s *Store) Load(records []Record) error {
	return s.DB.Update(func(tx *bolt.Tx) error {
		paths, err := tx.CreateBucketIfNotExists(PathBucket)
		if err != nil {
			return err
		}
		naive, err := tx.CreateBucketIfNotExists(NaiveBucket)
		if err != nil {
			return err
		}
		for _, r := range records {
			key, err := r.Path.MarshalBinary()
			if err != nil {
				return fmt.Errorf("timeline: %s: %w", r.Path, err)
			}
			if err := paths.Put(key, []byte(r.Value)); err != nil {
				return err
			}
			if err := naive.Put([]byte(NaiveKey(r.Path)), []byte(r.Value)); err != nil {
				return err
			}
		}
		return nil
	})
}

// Entry is a record read back: its key decoded to a path.
type Entry struct {
	Path  nested.Path
	Value string
}

// Scan reads the keys in [begin, end) of the path bucket, forward or
// backward, keeping those whose path has the given depth (0: all), at
// most limit of them (0: no limit). Keys from a bbolt cursor are only
// valid inside the transaction; decoding copies what it keeps.
func (s *Store) Scan(begin, end []byte, reverse bool, depth, limit int) ([]Entry, error) {
	var out []Entry
	err := s.DB.View(func(tx *bolt.Tx) error {
		b := tx.Bucket(PathBucket)
		if b == nil {
			return errors.New("timeline: no data loaded")
		}
		c := b.Cursor()
		var k, v []byte
		step := c.Next
		if reverse {
			step = c.Prev
			// Seek lands on the first key >= end, or past the last key;
			// Prev from there is the last key below end.
			if k, _ = c.Seek(end); k == nil {
				k, v = c.Last()
			} else {
				k, v = c.Prev()
			}
		} else {
			k, v = c.Seek(begin)
		}
		for ; k != nil && bytes.Compare(k, begin) >= 0 && bytes.Compare(k, end) < 0; k, v = step() {
			p, _, err := nested.Decode(k)
			if err != nil {
				return fmt.Errorf("timeline: key %x: %w", k, err)
			}
			if depth > 0 && p.Len() != depth {
				continue
			}
			out = append(out, Entry{Path: p, Value: string(v)})
			if limit > 0 && len(out) == limit {
				break
			}
		}
		return nil
	})
	return out, err
}

// NaiveScan reads the naive bucket's keys that start with prefix, in
// store order.
func (s *Store) NaiveScan(prefix string) ([]string, error) {
	var out []string
	err := s.DB.View(func(tx *bolt.Tx) error {
		c := tx.Bucket(NaiveBucket).Cursor()
		for k, _ := c.Seek([]byte(prefix)); k != nil && bytes.HasPrefix(k, []byte(prefix)); k, _ = c.Next() {
			out = append(out, string(k))
		}
		return nil
	})
	return out, err
}
