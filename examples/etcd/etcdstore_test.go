package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/storetest"
	clientv3 "go.etcd.io/etcd/client/v3"
)

// stepTxn is a transaction the suite drives step by step (its
// serializability property interleaves several).
type stepTxn struct{ *etcdTxn }

func (s stepTxn) Commit() error { return s.commit() }
func (s stepTxn) Cancel()       { s.cancel() }

func beginStep(db fdb.Transactor) storetest.StepTransaction {
	return stepTxn{db.(*EtcdStore).begin()}
}

// TestSuite runs the stores' suite on the 3-member cluster, each case on
// a store of its own (a prefix of its own): with conflicts, which the
// commit's compares detect (its transactions step by step for the
// serializability property), and with the empty key, which a prefix makes
// storable.
func TestSuite(t *testing.T) {
	storetest.Run(t, func(t *testing.T) fdb.Transactor {
		return etcdStore(t, EtcdOptions{})
	}, storetest.Options{Conflicts: true, Begin: beginStep})
}

// rawDump reads what etcd holds under the store's prefix, with the etcd
// client itself, prefix cut.
func rawDump(t interface{ Fatal(...any) }, s *EtcdStore) []fdb.KeyValue {
	resp, err := s.Client().Get(context.Background(), s.prefix, clientv3.WithPrefix())
	if err != nil {
		t.Fatal(err)
	}
	var out []fdb.KeyValue
	for _, kv := range resp.Kvs {
		out = append(out, fdb.KeyValue{Key: fdb.Key(kv.Key[len(s.prefix):]), Value: kv.Value})
	}
	return out
}

// wipe deletes every key of the cluster, for a store without a prefix.
func wipe(t testing.TB, cl *clientv3.Client) {
	t.Helper()
	if _, err := cl.Delete(context.Background(), "\x00", clientv3.WithFromKey()); err != nil {
		t.Fatal(err)
	}
}

// TestSuiteWithoutPrefix runs the suite on a store whose keys are etcd's
// keys as they are: etcd cannot hold the empty key, which the store
// refuses to write (NoEmptyKey); each case starts from an empty cluster.
func TestSuiteWithoutPrefix(t *testing.T) {
	s := etcdStore(t, EtcdOptions{})
	storetest.Run(t, func(t *testing.T) fdb.Transactor {
		wipe(t, s.Client())
		return NewEtcdStore(s.Client(), nil)
	}, storetest.Options{Conflicts: true, NoEmptyKey: true, Begin: beginStep})
	wipe(t, s.Client())
}

// TestEmptyKeyEdges: without a prefix, the range from the empty key to 00
// holds no key etcd can hold, and an etcd range that ends at 00 is every
// key from its begin on: reading it, clearing it and guarding a read of it
// must touch nothing else. A write of the empty key is refused with
// ErrEmptyKey.
func TestEmptyKeyEdges(t *testing.T) {
	base := etcdStore(t, EtcdOptions{})
	wipe(t, base.Client())
	defer wipe(t, base.Client())
	s := NewEtcdStore(base.Client(), nil)
	put := func(k, v string) {
		t.Helper()
		if _, err := s.Transact(func(tr fdb.Transaction) (any, error) { return nil, tr.Set(fdb.Key(k), []byte(v)) }); err != nil {
			t.Fatal(err)
		}
	}
	put("\x00", "zero")
	put("a", "1")
	edge := fdb.KeyRange{Begin: fdb.Key{}, End: fdb.Key{0x00}}
	runs := 0
	_, err := s.Transact(func(tr fdb.Transaction) (any, error) {
		runs++
		kvs, err := tr.GetRange(edge, fdb.RangeOptions{})
		if err != nil || len(kvs) != 0 {
			return nil, fmt.Errorf("GetRange of [empty, 00) = %v, %v", kvs, err)
		}
		if runs == 1 {
			put("a", "2") // after the read: it did not read a
		}
		return nil, tr.ClearRange(edge)
	})
	if err != nil || runs != 1 {
		t.Fatalf("a read of [empty, 00) conflicted with a write of a (%d runs) or failed: %v", runs, err)
	}
	if got := rawDump(t, s); len(got) != 2 {
		t.Fatalf("after clearing [empty, 00): %v", got)
	}
	_, err = s.Transact(func(tr fdb.Transaction) (any, error) { return nil, tr.Set(fdb.Key{}, []byte("v")) })
	if !errors.Is(err, ErrEmptyKey) {
		t.Fatalf("Set of the empty key: %v", err)
	}
	_, err = s.Transact(func(tr fdb.Transaction) (any, error) { return nil, tr.Add(fdb.Key{}, []byte{1}) })
	if !errors.Is(err, ErrEmptyKey) {
		t.Fatalf("Add to the empty key: %v", err)
	}
}

// TestOneRevision: a transaction reads the revision of its first read
// however much later it reads, so it sees a consistent snapshot; its
// commit conflicts because a key it read changed, and its second run sees
// the change.
func TestOneRevision(t *testing.T) {
	s := etcdStore(t, EtcdOptions{})
	set := func(kv ...string) {
		t.Helper()
		_, err := s.Transact(func(tr fdb.Transaction) (any, error) {
			for i := 0; i < len(kv); i += 2 {
				if err := tr.Set(fdb.Key(kv[i]), []byte(kv[i+1])); err != nil {
					return nil, err
				}
			}
			return nil, nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	set("x", "1", "y", "1")
	var seen []string
	_, err := s.Transact(func(tr fdb.Transaction) (any, error) {
		x, _, err := tr.Get(fdb.Key("x"))
		if err != nil {
			return nil, err
		}
		if len(seen) == 0 {
			set("x", "2", "y", "2") // between the two reads
		}
		y, _, err := tr.Get(fdb.Key("y"))
		if err != nil {
			return nil, err
		}
		kvs, err := tr.GetRange(fdb.KeyRange{Begin: fdb.Key("x"), End: fdb.Key("z")}, fdb.RangeOptions{})
		if err != nil {
			return nil, err
		}
		seen = append(seen, fmt.Sprintf("%s%s %s%s", x, y, kvs[0].Value, kvs[1].Value))
		return nil, tr.Set(fdb.Key("sum"), append(x, y...))
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(seen) != 2 || seen[0] != "11 11" || seen[1] != "22 22" {
		t.Fatalf("the runs saw %q; want 11 11, then 22 22", seen)
	}
	if c := s.Counts(); c.Conflicts != 1 {
		t.Errorf("counts %+v; want 1 conflict", c)
	}
}

// TestCompacted: a transaction whose revision the cluster compacts before
// its next read fails that read with fdb.Error{1007}, which Transact
// retries; a read-only transaction too.
func TestCompacted(t *testing.T) {
	s := etcdStore(t, EtcdOptions{})
	cl := s.Client()
	compactNow := func() {
		t.Helper()
		// A write to move the revision past the reader's, then a
		// compaction up to it.
		resp, err := cl.Put(context.Background(), s.prefix+"other", "x")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := cl.Compact(context.Background(), resp.Header.Revision, clientv3.WithCompactPhysical()); err != nil {
			t.Fatal(err)
		}
	}
	runs := 0
	_, err := s.Transact(func(tr fdb.Transaction) (any, error) {
		runs++
		if _, _, err := tr.Get(fdb.Key("a")); err != nil {
			return nil, err
		}
		if runs == 1 {
			compactNow()
		}
		if _, _, err := tr.Get(fdb.Key("b")); err != nil {
			if !errors.Is(err, fdb.Error{Code: 1007}) {
				t.Errorf("a read at a compacted revision: %v", err)
			}
			return nil, err
		}
		return nil, tr.Set(fdb.Key("done"), nil)
	})
	if err != nil || runs != 2 {
		t.Fatalf("Transact over a compaction: %v after %d runs; want success after 2", err, runs)
	}
	runs = 0
	_, err = s.ReadTransact(func(rt fdb.ReadTransaction) (any, error) {
		runs++
		if _, err := rt.GetRange(fdb.KeyRange{Begin: fdb.Key("a"), End: fdb.Key("z")}, fdb.RangeOptions{}); err != nil {
			return nil, err
		}
		if runs == 1 {
			compactNow()
		}
		_, _, err := rt.Get(fdb.Key("b"))
		return nil, err
	})
	if err != nil || runs != 2 {
		t.Fatalf("ReadTransact over a compaction: %v after %d runs; want success after 2", err, runs)
	}
	if c := s.Counts(); c.Compacted != 2 {
		t.Errorf("counts %+v; want 2 compacted reads", c)
	}
}

// TestMaxTxnOps: a commit of at most --max-txn-ops writes and compares
// goes through; one more of either is refused before it is sent, with
// ErrTooManyOps (which wraps fdb.Error 2101), unretried, writing nothing;
// a store told a higher limit than the cluster's gets the cluster's
// refusal as the same error. A big range read in a read-only transaction
// needs no compare at all.
func TestMaxTxnOps(t *testing.T) {
	s := etcdStore(t, EtcdOptions{PageSize: 50})
	writeN := func(s *EtcdStore, n int, prefix string) (int, error) {
		runs := 0
		_, err := s.Transact(func(tr fdb.Transaction) (any, error) {
			runs++
			for i := range n {
				if err := tr.Set(fdb.Key(fmt.Sprintf("%s%03d", prefix, i)), []byte{byte(i)}); err != nil {
					return nil, err
				}
			}
			return nil, nil
		})
		return runs, err
	}
	if _, err := writeN(s, DefaultMaxTxnOps, "k"); err != nil {
		t.Fatalf("%d writes: %v", DefaultMaxTxnOps, err)
	}
	runs, err := writeN(s, DefaultMaxTxnOps+1, "m")
	if !errors.Is(err, ErrTooManyOps) || !errors.Is(err, fdb.Error{Code: 2101}) || runs != 1 {
		t.Fatalf("%d writes: %v after %d runs", DefaultMaxTxnOps+1, err, runs)
	}
	t.Logf("refused: %v", err)
	high := NewEtcdStore(s.Client(), &EtcdOptions{Prefix: s.prefix, MaxTxnOps: 1000})
	if _, err := writeN(high, DefaultMaxTxnOps+1, "m"); !errors.Is(err, ErrTooManyOps) {
		t.Fatalf("%d writes past the cluster's limit: %v", DefaultMaxTxnOps+1, err)
	}
	// A read of the 128 keys and one more key in a read-write transaction:
	// 129 compares (the range, and each key returned).
	_, err = s.Transact(func(tr fdb.Transaction) (any, error) {
		kvs, err := tr.GetRange(fdb.KeyRange{Begin: fdb.Key("k"), End: fdb.Key("l")}, fdb.RangeOptions{})
		if err != nil || len(kvs) != DefaultMaxTxnOps {
			return nil, fmt.Errorf("%d pairs, %v", len(kvs), err)
		}
		return nil, tr.Set(fdb.Key("sum"), nil)
	})
	if !errors.Is(err, ErrTooManyOps) {
		t.Fatalf("a read-write transaction that read %d keys: %v", DefaultMaxTxnOps, err)
	}
	if got := rawDump(t, s); len(got) != DefaultMaxTxnOps {
		t.Fatalf("the refused commits wrote: %d keys", len(got))
	}
	v, err := s.ReadTransact(func(rt fdb.ReadTransaction) (any, error) {
		return rt.GetRange(fdb.KeyRange{Begin: fdb.Key("k"), End: fdb.Key("l")}, fdb.RangeOptions{})
	})
	if err != nil || len(v.([]fdb.KeyValue)) != DefaultMaxTxnOps {
		t.Fatalf("the read in a read-only transaction: %v", err)
	}
}

// TestPages: range reads longer than a page, in both directions, with and
// without limits, read every page at the transaction's revision: a write
// committed between two pages is not seen.
func TestPages(t *testing.T) {
	s := etcdStore(t, EtcdOptions{PageSize: 3})
	var want []fdb.KeyValue
	_, err := s.Transact(func(tr fdb.Transaction) (any, error) {
		for i := range 10 {
			kv := fdb.KeyValue{Key: fdb.Key{'p', byte(i)}, Value: []byte{byte(i)}}
			want = append(want, kv)
			if err := tr.Set(kv.Key, kv.Value); err != nil {
				return nil, err
			}
		}
		return nil, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	r := fdb.KeyRange{Begin: fdb.Key("p"), End: fdb.Key("q")}
	for _, reverse := range []bool{false, true} {
		for _, limit := range []int{0, 1, 3, 4, 9, 10, 11} {
			_, err := s.ReadTransact(func(rt fdb.ReadTransaction) (any, error) {
				if _, _, err := rt.Get(fdb.Key("p")); err != nil { // sets the revision
					return nil, err
				}
				if _, err := s.client.Put(context.Background(), s.prefix+"p\x05\x00", "new"); err != nil {
					return nil, err
				}
				got, err := rt.GetRange(r, fdb.RangeOptions{Limit: limit, Reverse: reverse})
				if err != nil {
					return nil, err
				}
				exp := append([]fdb.KeyValue(nil), want...)
				if reverse {
					for i, j := 0, len(exp)-1; i < j; i, j = i+1, j-1 {
						exp[i], exp[j] = exp[j], exp[i]
					}
				}
				if limit > 0 && limit < len(exp) {
					exp = exp[:limit]
				}
				if len(got) != len(exp) {
					return nil, fmt.Errorf("reverse %v, limit %d: %d pairs, want %d", reverse, limit, len(got), len(exp))
				}
				for i := range got {
					if !bytes.Equal(got[i].Key, exp[i].Key) || !bytes.Equal(got[i].Value, exp[i].Value) {
						return nil, fmt.Errorf("reverse %v, limit %d: pair %d is %x, want %x", reverse, limit, i, got[i].Key, exp[i].Key)
					}
				}
				return nil, nil
			})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.client.Delete(context.Background(), s.prefix+"p\x05\x00"); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestRequestSize: a commit over the cluster's --max-request-bytes (1.5
// MiB by default), or over the largest request the client sends (2 MiB),
// is refused as too large (fdb.Error 2101), unretried, writing nothing;
// neither is a commit of unknown outcome.
func TestRequestSize(t *testing.T) {
	s := etcdStore(t, EtcdOptions{})
	for _, n := range []int{18, 30} { // values of 100,000 bytes
		runs := 0
		_, err := s.Transact(func(tr fdb.Transaction) (any, error) {
			runs++
			for i := range n {
				if err := tr.Set(fdb.Key(fmt.Sprint("big", i)), bytes.Repeat([]byte{'v'}, 100_000)); err != nil {
					return nil, err
				}
			}
			return nil, nil
		})
		if !errors.Is(err, fdb.Error{Code: 2101}) || errors.Is(err, fdb.Error{Code: 1021}) || runs != 1 {
			t.Errorf("%d values of 100,000 bytes: %v after %d runs", n, err, runs)
		}
	}
	if got := rawDump(t, s); len(got) != 0 {
		t.Fatalf("the refused commits wrote %d keys", len(got))
	}
}
