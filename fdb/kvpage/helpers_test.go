package kvpage_test

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"path/filepath"
	"slices"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/boltstore"
	"github.com/fdbtuple/fdbtuple/fdb/memstore"
	"github.com/fdbtuple/fdbtuple/fdb/storekit"
)

// A store under test: memstore or boltstore, counting its reads.
type store struct {
	name string
	open func(t testing.TB, stats *storekit.ReadStats) fdb.Transactor
}

var stores = []store{
	{"memstore", func(_ testing.TB, stats *storekit.ReadStats) fdb.Transactor {
		return memstore.New(&memstore.Options{Stats: stats})
	}},
	{"boltstore", func(t testing.TB, stats *storekit.ReadStats) fdb.Transactor {
		db, err := boltstore.Open(filepath.Join(t.TempDir(), "kv.db"), &boltstore.Options{Stats: stats})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			if err := db.Close(); err != nil {
				t.Error(err)
			}
		})
		return db
	}},
}

// eachStore runs f on an empty store of each kind.
func eachStore(t *testing.T, f func(t *testing.T, db fdb.Transactor, stats *storekit.ReadStats)) {
	for _, s := range stores {
		t.Run(s.name, func(t *testing.T) {
			stats := new(storekit.ReadStats)
			f(t, s.open(t, stats), stats)
		})
	}
}

// set writes the pairs in one transaction.
func set(t testing.TB, db fdb.Transactor, kvs ...fdb.KeyValue) {
	t.Helper()
	if _, err := db.Transact(func(tr fdb.Transaction) (any, error) {
		for _, kv := range kvs {
			if err := tr.Set(kv.Key, kv.Value); err != nil {
				return nil, err
			}
		}
		return nil, nil
	}); err != nil {
		t.Fatal(err)
	}
}

// clear removes the keys in one transaction.
func clear(t testing.TB, db fdb.Transactor, keys ...string) {
	t.Helper()
	if _, err := db.Transact(func(tr fdb.Transaction) (any, error) {
		for _, k := range keys {
			if err := tr.Clear(fdb.Key(k)); err != nil {
				return nil, err
			}
		}
		return nil, nil
	}); err != nil {
		t.Fatal(err)
	}
}

// numbered is n pairs k00, k01, ... with values v00, v01, ..., and a key
// on each side of the range [k, l) they lie in.
func numbered(n int) (inRange []fdb.KeyValue, all []fdb.KeyValue) {
	for i := range n {
		inRange = append(inRange, fdb.KeyValue{Key: fdb.Key(fmt.Sprintf("k%02d", i)), Value: fmt.Appendf(nil, "v%02d", i)})
	}
	all = append(append([]fdb.KeyValue{{Key: fdb.Key("j"), Value: []byte("before")}}, inRange...), fdb.KeyValue{Key: fdb.Key("l"), Value: []byte("after")})
	return inRange, all
}

var kRange = fdb.KeyRange{Begin: fdb.Key("k"), End: fdb.Key("l")}

// keysOf lists the keys of kvs.
func keysOf(kvs []fdb.KeyValue) []string {
	out := make([]string, len(kvs))
	for i, kv := range kvs {
		out[i] = string(kv.Key)
	}
	return out
}

// reversed returns a reversed copy.
func reversed[E any](s []E) []E {
	out := slices.Clone(s)
	slices.Reverse(out)
	return out
}

// samePairs reports whether two lists hold the same keys and values.
func samePairs(a, b []fdb.KeyValue) bool {
	return slices.EqualFunc(a, b, func(x, y fdb.KeyValue) bool {
		return bytes.Equal(x.Key, y.Key) && bytes.Equal(x.Value, y.Value)
	})
}

// collect runs an iteration to its end or its first error, or stops it
// after 1,000 pairs, more than any test stores: a pager that read one key
// again and again would not end.
func collect(seq func(func(fdb.KeyValue, error) bool)) ([]fdb.KeyValue, error) {
	var out []fdb.KeyValue
	for kv, err := range seq {
		if err != nil {
			return out, err
		}
		if out = append(out, kv); len(out) > 1000 {
			return out, errors.New("more than 1,000 pairs: the iteration does not end")
		}
	}
	return out, nil
}

// failing is a store whose reads fail from the n-th on (counting from 1).
type failing struct {
	fdb.Transactor
	n     int
	reads int
}

var errBroken = fmt.Errorf("the disk is on fire")

func (f *failing) ReadTransact(fn func(fdb.ReadTransaction) (any, error)) (any, error) {
	f.reads++
	if f.reads >= f.n {
		return nil, errBroken
	}
	return f.Transactor.ReadTransact(fn)
}

// forgeKey returns the continuation c with its key replaced by key, as a
// client that read the documented format could make it: base64url of a
// format byte, a flags byte, eight bytes of the range's fingerprint, and
// the key.
func forgeKey(t *testing.T, c, key string) string {
	t.Helper()
	raw, err := base64.RawURLEncoding.DecodeString(c)
	if err != nil || len(raw) < 14 {
		t.Fatalf("continuation %q: %v", c, err)
	}
	// The format, flags and fingerprint kept, the key replaced, the
	// check value computed again: the check is no secret.
	return reseal(append(raw[:10:10], key...))
}

// reseal returns the continuation of raw (format, flags, fingerprint and
// key) with its check value, as a client that forges one computes it.
func reseal(raw []byte) string {
	return base64.RawURLEncoding.EncodeToString(binary.BigEndian.AppendUint32(raw, crc32.Checksum(raw, crc32.MakeTable(crc32.Castagnoli))))
}
