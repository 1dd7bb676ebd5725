package boltstore

import (
	"errors"
	"fmt"
	"time"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/storekit"
	bolt "go.etcd.io/bbolt"
)

// DefaultBucket is the bucket a store keeps its keys in when
// Options.Bucket is empty.
const DefaultBucket = "fdb"

// ErrEmptyKey is the error a write of the empty key returns: bbolt cannot
// hold a key of length 0, which FoundationDB can.
var ErrEmptyKey = errors.New("boltstore: bbolt cannot hold the empty key")

// Options configures a store. A nil *Options is the default.
type Options struct {
	// Bucket names the bbolt bucket that holds the keys; empty means
	// DefaultBucket. The store creates it if it is missing.
	Bucket string
	// Bolt is handed to bbolt.Open by Open; nil means a timeout of one
	// second to lock the file (bbolt's own default waits for ever).
	Bolt *bolt.Options
	// Stats, if not nil, counts the reads of every transaction.
	Stats *storekit.ReadStats
	// Retry runs Transact and ReadTransact again when their function
	// returns a retryable fdb.Error (bbolt itself never does); its zero
	// value is storekit's default.
	Retry storekit.RetryPolicy
}

// DB is a store on a bbolt database. It is safe for concurrent use:
// bbolt runs one read-write transaction at a time and any number of
// read-only ones beside it.
type DB struct {
	bolt   *bolt.DB
	owned  bool // Open opened bolt, and Close closes it
	bucket []byte
	stats  *storekit.ReadStats
	retry  storekit.RetryPolicy
}

// Open opens (or creates) the bbolt file at path, with mode 0600, and the
// store's bucket in it. Close closes the file.
func Open(path string, opts *Options) (*DB, error) {
	var o Options
	if opts != nil {
		o = *opts
	}
	bo := o.Bolt
	if bo == nil {
		bo = &bolt.Options{Timeout: time.Second}
	}
	b, err := bolt.Open(path, 0o600, bo)
	if err != nil {
		return nil, fmt.Errorf("boltstore: open %s: %w", path, err)
	}
	db, err := New(b, &o)
	if err != nil {
		return nil, errors.Join(err, b.Close())
	}
	db.owned = true
	return db, nil
}

// New returns a store on a bbolt database that the caller opened and will
// close: Close leaves it open. It creates the bucket if it is missing (a
// read-only database must already hold it). Other buckets of the database
// are left alone, and so are nested buckets inside the store's bucket,
// which its reads skip.
func New(b *bolt.DB, opts *Options) (*DB, error) {
	db := &DB{bolt: b, bucket: []byte(DefaultBucket)}
	if opts != nil {
		if opts.Bucket != "" {
			db.bucket = []byte(opts.Bucket)
		}
		db.stats = opts.Stats
		db.retry = opts.Retry
	}
	var err error
	if b.IsReadOnly() {
		err = b.View(func(tx *bolt.Tx) error {
			if tx.Bucket(db.bucket) == nil {
				return fmt.Errorf("the read-only database has no bucket %q", db.bucket)
			}
			return nil
		})
	} else {
		err = b.Update(func(tx *bolt.Tx) error {
			_, err := tx.CreateBucketIfNotExists(db.bucket)
			return err
		})
	}
	if err != nil {
		return nil, fmt.Errorf("boltstore: bucket %q: %w", db.bucket, err)
	}
	return db, nil
}

// Bolt returns the bbolt database under the store.
func (db *DB) Bolt() *bolt.DB { return db.bolt }

// Close closes the bbolt database if Open opened it; a store from New
// leaves it to its owner and returns nil.
func (db *DB) Close() error {
	if !db.owned {
		return nil
	}
	return db.bolt.Close()
}

// Transact runs f in a bbolt read-write transaction (db.Update) and
// commits it if f returns a nil error; otherwise, or if f panics, nothing
// f wrote is kept. Read-write transactions run one at a time, so they
// never conflict. A commit of more than storekit.TransactionSizeLimit bytes
// of writes is refused with fdb.Error{2101}, as FoundationDB refuses it.
func (db *DB) Transact(f func(fdb.Transaction) (any, error)) (any, error) {
	return db.retry.Do(func() (any, error) {
		var v any
		err := db.bolt.Update(func(tx *bolt.Tx) error {
			t, err := db.begin(tx)
			if err != nil {
				return err
			}
			ok := false
			defer func() { t.end(ok) }() // a panic in f ends the transaction too
			v, err = f(writeTx{readTx{t}})
			if err == nil {
				err = storekit.CheckTransactionSize(t.size)
			}
			if err != nil {
				return err
			}
			ok = true
			return nil
		})
		if err != nil {
			return nil, err
		}
		return v, nil
	})
}

// ReadTransact runs f in a bbolt read-only transaction (db.View), which
// sees the newest commit and no later one.
func (db *DB) ReadTransact(f func(fdb.ReadTransaction) (any, error)) (any, error) {
	return db.retry.Do(func() (any, error) {
		var v any
		err := db.bolt.View(func(tx *bolt.Tx) error {
			t, err := db.begin(tx)
			if err != nil {
				return err
			}
			defer t.end(false)
			v, err = f(readTx{t})
			return err
		})
		if err != nil {
			return nil, err
		}
		return v, nil
	})
}

// begin wraps a bbolt transaction.
func (db *DB) begin(tx *bolt.Tx) (*txn, error) {
	b := tx.Bucket(db.bucket)
	if b == nil {
		return nil, fmt.Errorf("boltstore: the bucket %q is gone", db.bucket)
	}
	return &txn{db: db, tx: tx, b: b}, nil
}
