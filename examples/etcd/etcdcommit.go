package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/storekit"
	"go.etcd.io/etcd/api/v3/v3rpc/rpctypes"
	clientv3 "go.etcd.io/etcd/client/v3"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// commit ends the transaction and applies its writes in one etcd Txn,
// guarded by the compares of its reads. A transaction that wrote nothing
// sends nothing.
func (tr *etcdTxn) commit() error {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	if err := tr.ended("Commit"); err != nil {
		return err
	}
	tr.state = storekit.Committed
	if tr.buf.Empty() {
		return nil
	}
	ops, err := tr.ops()
	if err != nil {
		return failed("Commit", err)
	}
	cmps, cmpBytes := tr.compares()
	if err := storekit.CheckTransactionSize(tr.buf.Size() + cmpBytes); err != nil {
		return failed("Commit", err)
	}
	if len(cmps) > tr.s.maxOps || len(ops) > tr.s.maxOps {
		return fmt.Errorf("etcd store: Commit: %d compares and %d writes, over the limit of %d each: %w (%w)",
			len(cmps), len(ops), tr.s.maxOps, ErrTooManyOps, fdb.Error{Code: 2101})
	}
	resp, err := call(tr.s, func(ctx context.Context) (*clientv3.TxnResponse, error) {
		return tr.s.client.Txn(ctx).If(cmps...).Then(ops...).Commit()
	})
	if err != nil {
		return tr.commitError(len(cmps), len(ops), err)
	}
	if !resp.Succeeded {
		tr.s.counts.conflicts.Add(1)
		return fmt.Errorf("etcd store: Commit: a commit after revision %d changed what the transaction read: %w", tr.at.rev, fdb.Error{Code: 1020})
	}
	tr.s.counts.commits.Add(1)
	tr.buf.Reset()
	return nil
}

// commitError maps the error of a Txn request. A refusal the cluster or
// the client gives before applying anything (too many operations, too
// large a request) is final; any other failure (a timeout, a lost connection, a
// leader change) leaves the outcome unknown: FoundationDB's
// commit_unknown_result (1021), which Transact retries.
func (tr *etcdTxn) commitError(cmps, ops int, err error) error {
	switch {
	case errors.Is(err, rpctypes.ErrTooManyOps):
		return fmt.Errorf("etcd store: Commit: the cluster's --max-txn-ops is lower than %d compares or %d writes: %w (%w, %w)",
			cmps, ops, ErrTooManyOps, fdb.Error{Code: 2101}, err)
	case errors.Is(err, rpctypes.ErrRequestTooLarge):
		return fmt.Errorf("etcd store: Commit: the Txn is over the cluster's --max-request-bytes: %w (%w)", fdb.Error{Code: 2101}, err)
	case status.Code(err) == codes.ResourceExhausted && !errors.Is(err, rpctypes.ErrTooManyRequests):
		// gRPC refused to send it: over the client's largest message.
		return fmt.Errorf("etcd store: Commit: the Txn is over the client's largest request: %w (%w)", fdb.Error{Code: 2101}, err)
	case errors.Is(err, rpctypes.ErrNoSpace), errors.Is(err, rpctypes.ErrDuplicateKey), errors.Is(err, rpctypes.ErrEmptyKey),
		errors.Is(err, rpctypes.ErrPermissionDenied):
		return fmt.Errorf("etcd store: Commit: refused by the cluster: %w", err)
	}
	tr.s.counts.unknown.Add(1)
	return fmt.Errorf("etcd store: Commit: the Txn may or may not have been applied: %w (%w)", fdb.Error{Code: 1021}, err)
}

// etcdKey is the key etcd holds for key: the store's prefix and key, and
// for the empty key without a prefix, which etcd cannot hold, 00, the
// first key etcd can hold (only a range begins there).
func (s *EtcdStore) etcdKey(key []byte) string {
	if len(key) == 0 && s.prefix == "" {
		return "\x00"
	}
	return s.prefix + string(key)
}

// etcdRange is [begin, end) as etcd keys, and false if it holds no key
// etcd can hold. (The range [empty key, 00) would become 00 to 00, and
// an etcd range ending at 00 is every key from its begin on.)
func (s *EtcdStore) etcdRange(begin, end []byte) (string, string, bool) {
	b, e := s.etcdKey(begin), s.etcdKey(end)
	return b, e, b < e
}

// ops are the writes of the commit. etcd refuses a Txn that puts a key
// inside a range it deletes, so each cleared range is deleted around the
// keys the transaction wrote in it afterwards (storekit.WriteBuffer keeps
// no point clear inside a cleared range).
func (tr *etcdTxn) ops() ([]clientv3.Op, error) {
	s := tr.s
	var writes []storekit.Write
	for w := range tr.buf.Writes() {
		writes = append(writes, w)
	}
	var ops []clientv3.Op
	i := 0
	for cb, ce := range tr.buf.ClearRanges() {
		pos := cb
		for ; i < len(writes) && bytes.Compare(writes[i].Key, ce) < 0; i++ {
			w := writes[i]
			if bytes.Compare(w.Key, cb) < 0 || w.Op == storekit.OpClear {
				continue
			}
			if b, e, ok := s.etcdRange(pos, w.Key); ok {
				ops = append(ops, clientv3.OpDelete(b, clientv3.WithRange(e)))
			}
			pos = keyAfter(w.Key)
		}
		if b, e, ok := s.etcdRange(pos, ce); ok {
			ops = append(ops, clientv3.OpDelete(b, clientv3.WithRange(e)))
		}
	}
	for _, w := range writes {
		switch w.Op {
		case storekit.OpSet:
			ops = append(ops, clientv3.OpPut(s.etcdKey(w.Key), string(w.Value)))
		case storekit.OpClear:
			if len(w.Key) > 0 || s.prefix != "" { // the empty key is never stored without a prefix
				ops = append(ops, clientv3.OpDelete(s.etcdKey(w.Key)))
			}
		case storekit.OpAdd:
			base, ok := tr.at.facts[string(w.Key)]
			if !ok {
				return nil, fmt.Errorf("the add to %s has no base read at revision %d", fdb.Printable(w.Key), tr.at.rev)
			}
			v, _ := w.Apply(base.value)
			ops = append(ops, clientv3.OpPut(s.etcdKey(w.Key), string(v)))
		}
	}
	return ops, nil
}

// compares are the commit's guards, in key order, and their size toward
// storekit.TransactionSizeLimit (as FoundationDB counts conflict ranges):
// a point compare per key read, a range compare per range read (merged
// where they overlap or touch).
func (tr *etcdTxn) compares() ([]clientv3.Cmp, int) {
	s := tr.s
	var cmps []clientv3.Cmp
	size := 0
	for _, k := range slices.Sorted(maps.Keys(tr.points)) {
		key := s.etcdKey([]byte(k))
		size += 2*len(k) + 1
		if mod := tr.points[k]; mod == 0 {
			cmps = append(cmps, clientv3.Compare(clientv3.CreateRevision(key), "=", 0))
		} else {
			cmps = append(cmps, clientv3.Compare(clientv3.ModRevision(key), "=", mod))
		}
	}
	for _, r := range mergeRanges(tr.ranges) {
		b, e, ok := s.etcdRange(r.begin, r.end)
		if !ok {
			continue
		}
		size += len(r.begin) + len(r.end)
		cmps = append(cmps, clientv3.Compare(clientv3.ModRevision(b), "<", tr.at.rev+1).WithRange(e))
	}
	return cmps, size
}

// mergeRanges sorts ranges and merges those that overlap or touch.
func mergeRanges(rs []keyRange) []keyRange {
	rs = slices.Clone(rs)
	slices.SortFunc(rs, func(a, b keyRange) int { return bytes.Compare(a.begin, b.begin) })
	var out []keyRange
	for _, r := range rs {
		if n := len(out); n > 0 && bytes.Compare(r.begin, out[n-1].end) <= 0 {
			if bytes.Compare(r.end, out[n-1].end) > 0 {
				out[n-1].end = r.end
			}
			continue
		}
		out = append(out, r)
	}
	return out
}
