package main

import (
	"bytes"
	"context"
	"iter"
	"time"

	"github.com/fdbtuple/fdbtuple/nested/timeline"
	clientv3 "go.etcd.io/etcd/client/v3"
)

// EtcdKV is timeline.KV on an etcd cluster: range reads in byte order,
// and a transaction of several puts that applies all of them or none.
type EtcdKV struct {
	Client *clientv3.Client
	// Timeout bounds each request, so that a cluster without a quorum
	// fails a write with an error instead of hanging.
	Timeout time.Duration
	// Serializable reads answer from the member the client talks to,
	// without asking the leader: what that member itself holds.
	Serializable bool
}

var _ timeline.KV = (*EtcdKV)(nil)

func (s *EtcdKV) ctx(ctx context.Context) (context.Context, context.CancelFunc) {
	if s.Timeout <= 0 {
		return ctx, func() {}
	}
	return context.WithTimeout(ctx, s.Timeout)
}

// Get reads one key, linearizably.
func (s *EtcdKV) Get(ctx context.Context, key []byte) ([]byte, error) {
	ctx, cancel := s.ctx(ctx)
	defer cancel()
	var opts []clientv3.OpOption
	if s.Serializable {
		opts = append(opts, clientv3.WithSerializable())
	}
	resp, err := s.Client.Get(ctx, string(key), opts...)
	if err != nil {
		return nil, &timeline.KeyError{Op: "get", Key: key, Err: err}
	}
	if len(resp.Kvs) == 0 {
		return nil, nil
	}
	return resp.Kvs[0].Value, nil
}

// Apply writes the pairs in one etcd transaction (at most the server's
// max-txn-ops, 128 by default).
func (s *EtcdKV) Apply(ctx context.Context, pairs []timeline.Pair) error {
	if len(pairs) == 0 {
		return nil
	}
	ops := make([]clientv3.Op, len(pairs))
	for i, p := range pairs {
		if p.Value == nil {
			ops[i] = clientv3.OpDelete(string(p.Key))
		} else {
			ops[i] = clientv3.OpPut(string(p.Key), string(p.Value))
		}
	}
	ctx, cancel := s.ctx(ctx)
	defer cancel()
	if _, err := s.Client.Txn(ctx).Then(ops...).Commit(); err != nil {
		return &timeline.KeyError{Op: "put", Key: pairs[0].Key, Err: err}
	}
	return nil
}

// Range reads [begin, end) with one range request, sorted by key.
func (s *EtcdKV) Range(ctx context.Context, begin, end []byte, reverse bool, limit int) iter.Seq2[timeline.Pair, error] {
	return func(yield func(timeline.Pair, error) bool) {
		order := clientv3.SortAscend
		if reverse {
			order = clientv3.SortDescend
		}
		opts := []clientv3.OpOption{clientv3.WithRange(string(end)), clientv3.WithSort(clientv3.SortByKey, order)}
		if limit > 0 {
			opts = append(opts, clientv3.WithLimit(int64(limit)))
		}
		if s.Serializable {
			opts = append(opts, clientv3.WithSerializable())
		}
		if bytes.Compare(begin, end) >= 0 {
			return
		}
		rctx, cancel := s.ctx(ctx)
		resp, err := s.Client.Get(rctx, string(begin), opts...)
		cancel()
		if err != nil {
			yield(timeline.Pair{}, &timeline.KeyError{Op: "range", Key: begin, Err: err})
			return
		}
		for _, kv := range resp.Kvs {
			if !yield(timeline.Pair{Key: kv.Key, Value: kv.Value}, nil) {
				return
			}
		}
	}
}

// Close closes the client (not the cluster).
func (s *EtcdKV) Close() error { return s.Client.Close() }
