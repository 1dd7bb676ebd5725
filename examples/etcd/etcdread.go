package main

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/fdbtuple/fdbtuple/fdb"
	"go.etcd.io/etcd/api/v3/v3rpc/rpctypes"
	clientv3 "go.etcd.io/etcd/client/v3"
)

// etcdReader reads the cluster at a transaction's revision R (the first
// read's, and every later read WithRev(R)): the storekit.Reader under a
// transaction's write buffer. What it learns of a key at R stays true for
// the whole transaction, so it keeps it: a key read twice is asked for
// once, and the commit's compares take the key's revision from it.
type etcdReader struct {
	s     *EtcdStore
	rev   int64 // R; 0 until the first read
	facts map[string]fact
	// returned are the keys the range reads of the current GetRange of
	// the transaction returned, for its compares.
	returned []fdb.Key
}

// fact is what a key held at R.
type fact struct {
	value   []byte
	present bool
	mod     int64 // its ModRevision; 0 if absent
}

// call runs one request with the store's timeout.
func call[T any](s *EtcdStore, req func(ctx context.Context) (T, error)) (T, error) {
	ctx, cancel := context.WithTimeout(context.Background(), s.timeout)
	defer cancel()
	return req(ctx)
}

// at returns the option that reads at R, once R is known.
func (r *etcdReader) at(opts ...clientv3.OpOption) []clientv3.OpOption {
	if r.rev > 0 {
		opts = append(opts, clientv3.WithRev(r.rev))
	}
	return opts
}

// learn sets R from the first response.
func (r *etcdReader) learn(h interface{ GetRevision() int64 }) {
	if r.rev == 0 {
		r.rev = h.GetRevision()
	}
}

// Get returns what key held at R. Presence is len(Kvs) > 0: the Go client
// decodes an empty value as nil, so a nil Value is no sign of absence.
func (r *etcdReader) Get(key fdb.Key) ([]byte, bool, error) {
	if f, ok := r.facts[string(key)]; ok {
		return f.value, f.present, nil
	}
	if len(key) == 0 && r.s.prefix == "" {
		r.facts[""] = fact{}
		return nil, false, nil // etcd holds no empty key
	}
	resp, err := call(r.s, func(ctx context.Context) (*clientv3.GetResponse, error) {
		return r.s.client.Get(ctx, r.s.prefix+string(key), r.at()...)
	})
	if err != nil {
		return nil, false, r.readError("get "+fdb.Printable(key), err)
	}
	r.learn(resp.Header)
	f := fact{}
	if len(resp.Kvs) > 0 {
		kv := resp.Kvs[0]
		f = fact{value: kv.Value, present: true, mod: kv.ModRevision}
	}
	r.facts[string(key)] = f
	return f.value, f.present, nil
}

// GetRange returns the pairs of [begin, end) at R, at most limit of them
// if limit is positive, in pages of the store's PageSize. A forward read
// and an unlimited reverse one read in ascending order, which etcd serves
// up to the limit; a limited reverse read asks etcd for descending order,
// for which it sorts the whole range at each request.
func (r *etcdReader) GetRange(begin, end fdb.Key, limit int, reverse bool) ([]fdb.KeyValue, error) {
	desc := reverse && limit > 0
	var out []fdb.KeyValue
	b, e := begin, end
	for {
		eb, ee, ok := r.s.etcdRange(b, e)
		if !ok {
			break
		}
		ask := r.s.pageSize
		if limit > 0 {
			ask = min(ask, limit-len(out))
		}
		opts := r.at(clientv3.WithRange(ee), clientv3.WithLimit(int64(ask)))
		if desc {
			opts = append(opts, clientv3.WithSort(clientv3.SortByKey, clientv3.SortDescend))
		}
		resp, err := call(r.s, func(ctx context.Context) (*clientv3.GetResponse, error) {
			return r.s.client.Get(ctx, eb, opts...)
		})
		if err != nil {
			return nil, r.readError(fmt.Sprintf("range [%s, %s)", fdb.Printable(b), fdb.Printable(e)), err)
		}
		r.learn(resp.Header)
		for _, kv := range resp.Kvs {
			k := fdb.Key(kv.Key[len(r.s.prefix):])
			r.facts[string(k)] = fact{value: kv.Value, present: true, mod: kv.ModRevision}
			r.returned = append(r.returned, k)
			out = append(out, fdb.KeyValue{Key: k, Value: kv.Value})
		}
		if len(resp.Kvs) < ask || !resp.More || (limit > 0 && len(out) >= limit) {
			break
		}
		if last := out[len(out)-1].Key; desc {
			e = last
		} else {
			b = keyAfter(last)
		}
	}
	if reverse && !desc {
		slices.Reverse(out)
	}
	return out, nil
}

// readError maps an etcd error of a read: a compacted revision is
// FoundationDB's transaction_too_old (1007), a revision the member has not
// reached its future_version (1009), both retryable; any other error (a
// timeout, no quorum) is returned as it is, with the read and the
// revision.
func (r *etcdReader) readError(what string, err error) error {
	switch {
	case errors.Is(err, rpctypes.ErrCompacted):
		r.s.counts.compacted.Add(1)
		return fmt.Errorf("%s at revision %d, which the cluster has compacted: %w (%w)", what, r.rev, fdb.Error{Code: 1007}, err)
	case errors.Is(err, rpctypes.ErrFutureRev):
		return fmt.Errorf("%s at revision %d, which the member has not reached: %w (%w)", what, r.rev, fdb.Error{Code: 1009}, err)
	}
	return fmt.Errorf("%s at revision %d: %w", what, r.rev, err)
}
