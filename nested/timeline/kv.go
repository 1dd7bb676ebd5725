package timeline

import (
	"context"
	"fmt"
	"iter"

	"github.com/fdbtuple/fdbtuple/tuple"
)

// KV is the small ordered key-value interface the timeline runs on: a
// store that keeps keys in plain byte order, as bbolt, etcd, FoundationDB
// and DynamoDB sort keys do. BoltKV and, in examples/etcd, an etcd
// cluster implement it; the same keys and queries run on both.
type KV interface {
	// Get returns the value stored under key, or nil if there is none.
	Get(ctx context.Context, key []byte) ([]byte, error)
	// Apply writes every pair in one transaction: all of them or none. A
	// nil Value deletes the key.
	Apply(ctx context.Context, pairs []Pair) error
	// Range yields the pairs with begin <= key < end in key order
	// (reverse: descending), at most limit of them (0: all). The store
	// may read them in pages; a yielded pair stays valid after the loop.
	Range(ctx context.Context, begin, end []byte, reverse bool, limit int) iter.Seq2[Pair, error]
	// Close releases the store.
	Close() error
}

// Pair is one key and its value.
type Pair struct {
	Key, Value []byte
}

// KeyError is a store error with the key it concerned.
type KeyError struct {
	Op  string // "get", "put", "range"
	Key []byte
	Err error
}

func (e *KeyError) Error() string {
	return fmt.Sprintf("timeline: %s %s: %v", e.Op, tuple.Describe(e.Key), e.Err)
}

// Unwrap returns the store's error.
func (e *KeyError) Unwrap() error { return e.Err }
