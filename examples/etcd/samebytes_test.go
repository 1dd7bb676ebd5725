package main

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/boltstore"
	"github.com/fdbtuple/fdbtuple/fdb/directory"
	"github.com/fdbtuple/fdbtuple/fdb/memstore"
	"github.com/fdbtuple/fdbtuple/fdb/storekit"
	"github.com/fdbtuple/fdbtuple/subspace"
	"github.com/fdbtuple/fdbtuple/tuple"
	bolt "go.etcd.io/bbolt"
	"pgregory.net/rapid"
)

// The same random directory operations on the three stores of this
// module (fdb/memstore, fdb/boltstore, EtcdStore on the 3-member cluster)
// leave byte-identical keys: the directory layer writes FoundationDB's
// bytes through the fdb interfaces alone, and no store changes what it
// reads or writes.

// sameNames collide on purpose: equal names, the empty name, "é" in NFC
// and NFD (two names), a name that is a path separator elsewhere, and one
// holding 00.
var sameNames = []string{"a", "a", "b", "c", "", "é", "e\u0301", "/", "x\x00y"}

// scripted is an allocator random source that hands out a script of
// draws: the n-th draw is (script[n mod len] + n / len) mod window, so
// that a script of small numbers makes candidates collide often (the
// allocator draws again) and yet every draw sequence moves on. Each store
// gets its own, so that all three draw alike.
func scripted(script []int64) func(int64) int64 {
	n := 0
	return func(window int64) int64 {
		d := (script[n%len(script)] + int64(n/len(script))) % window
		n++
		return d
	}
}

// sameStore is one of the three stores with its own directory layer.
type sameStore struct {
	name string
	db   fdb.Transactor
	dl   directory.Directory
	dump func(t *rapid.T) []fdb.KeyValue
}

// sameOp is one directory operation, drawn before any store runs it.
type sameOp struct {
	kind    string
	path    []string
	to      []string
	layer   []byte
	prefix  []byte
	payload int
}

func (o sameOp) String() string {
	return fmt.Sprintf("%s %q to %q layer %q prefix %x", o.kind, o.path, o.to, o.layer, o.prefix)
}

// run runs the operation in tr and describes its result (the prefix,
// path and layer of a directory, a boolean, names) or its error.
func (o sameOp) run(tr fdb.Transaction, dl directory.Directory) string {
	describe := func(d directory.DirectorySubspace, err error) string {
		if err != nil {
			return "error: " + err.Error()
		}
		prefix := "partition"
		if !directory.IsPartition(d) {
			prefix = fmt.Sprintf("%x", d.Bytes())
		}
		return fmt.Sprintf("%s %q %q", prefix, d.GetPath(), d.GetLayer())
	}
	switch o.kind {
	case "create":
		return describe(dl.Create(tr, o.path, o.layer))
	case "createOrOpen":
		return describe(dl.CreateOrOpen(tr, o.path, o.layer))
	case "createPrefix":
		return describe(dl.CreatePrefix(tr, o.path, o.layer, o.prefix))
	case "open":
		return describe(dl.Open(tr, o.path, o.layer))
	case "move":
		return describe(dl.Move(tr, o.path, o.to))
	case "remove":
		ok, err := dl.Remove(tr, o.path)
		return fmt.Sprint(ok, err)
	case "exists":
		ok, err := dl.Exists(tr, o.path)
		return fmt.Sprint(ok, err)
	case "list":
		names, err := dl.List(tr, o.path)
		return fmt.Sprintf("%q %v", names, err)
	default: // write: a key into the directory's contents
		d, err := dl.Open(tr, o.path, nil)
		if err != nil || directory.IsPartition(d) {
			return describe(d, err)
		}
		return fmt.Sprint(tr.Set(d.Pack(tuple.Tuple{"data", o.payload}), []byte(fmt.Sprint(o.payload))))
	}
}

// learn updates the paths known to exist after the operation succeeded
// with result r.
func (o sameOp) learn(known [][]string, r string) [][]string {
	under := func(p, root []string) bool { return len(p) >= len(root) && slices.Equal(p[:len(root)], root) }
	switch o.kind {
	case "create", "createOrOpen", "createPrefix":
		if !slices.ContainsFunc(known, func(p []string) bool { return slices.Equal(p, o.path) }) {
			known = append(known, o.path)
		}
	case "remove":
		if r == "true <nil>" {
			known = slices.DeleteFunc(known, func(p []string) bool { return under(p, o.path) })
		}
	case "move":
		for i, p := range known {
			if under(p, o.path) {
				known[i] = append(slices.Clone(o.to), p[len(o.path):]...)
			}
		}
	}
	return known
}

// sameOpGen draws an operation; its paths are often ones that earlier
// operations created or moved to (known), or a new name under one, so
// that opens, moves, removes and lists find directories.
func sameOpGen(known [][]string) *rapid.Generator[sameOp] {
	return rapid.Custom(func(t *rapid.T) sameOp {
		path := func(label string) []string {
			// (rapid draws 0 most often: it is the likely outcome.)
			if len(known) > 0 && rapid.IntRange(0, 3).Draw(t, label+" is new") < 3 {
				p := slices.Clone(rapid.SampledFrom(known).Draw(t, label))
				if rapid.IntRange(0, 2).Draw(t, label+" goes deeper") == 2 {
					p = append(p, rapid.SampledFrom(sameNames).Draw(t, label+" new name"))
				}
				return p
			}
			return rapid.SliceOfN(rapid.SampledFrom(sameNames), 1, 3).Draw(t, label)
		}
		o := sameOp{kind: rapid.SampledFrom([]string{"create", "create", "createOrOpen", "createOrOpen", "createPrefix",
			"open", "move", "move", "remove", "remove", "exists", "list", "write", "write"}).Draw(t, "op"), path: path("path")}
		switch o.kind {
		case "create", "createOrOpen", "createPrefix":
			o.layer = rapid.SampledFrom([][]byte{nil, nil, {}, []byte("x"), []byte("partition"), []byte("partition")}).Draw(t, "layer")
		case "open":
			o.layer = rapid.SampledFrom([][]byte{nil, nil, []byte("x"), []byte("partition")}).Draw(t, "layer")
		case "move":
			// Mostly a new name beside a known directory, or at the top.
			o.to = path("to")
			if rapid.IntRange(0, 2).Draw(t, "to is new") < 2 {
				o.to = append(o.to[:len(o.to)-1:len(o.to)-1], rapid.SampledFrom(sameNames).Draw(t, "new name"))
			}
		case "write":
			o.payload = rapid.IntRange(0, 3).Draw(t, "payload")
		}
		if o.kind == "createPrefix" {
			o.prefix = rapid.SampledFrom([][]byte{{0x70}, {0x70, 0x71}, {0x70, 0x00}, {0x71}, {0x15, 0x01}, {0xFE, 0x01}, {}}).Draw(t, "prefix")
		}
		if rapid.IntRange(0, 39).Draw(t, "root") == 39 {
			o.path = nil // the root's refusals
		}
		return o
	})
}

// TestSameBytesOnThreeStores runs random transactions of one to four
// directory operations (creates, with layers and partitions, manual
// prefixes, opens, moves, removes, lists, exists, and writes into the
// directories' contents, on colliding names), some rolled back on
// purpose, on memstore, bbolt and etcd, each with a scripted allocator
// (the same draws on all three). After every operation the three results
// (prefixes, paths, layers, names, errors) are equal; after every
// transaction the three stores hold the same keys and values, byte for
// byte, read from bbolt's bucket and etcd's keys themselves; and the
// consistency check finds nothing.
func TestSameBytesOnThreeStores(t *testing.T) {
	raw := etcdStore(t, EtcdOptions{}).Client()
	dir := t.TempDir()
	run := 0
	tally := map[string]int{} // operations that succeeded, by kind
	txns, keys := 0, 0
	rapid.Check(t, func(t *rapid.T) {
		var known [][]string
		run++
		script := rapid.SliceOfN(rapid.Int64Range(0, 9), 1, 8).Draw(t, "draws")
		manual := rapid.Bool().Draw(t, "manual prefixes")
		custom := rapid.IntRange(0, 3).Draw(t, "custom subspaces") == 3
		layer := func() directory.Directory {
			o := directory.Options{AllowManualPrefixes: manual, Rand: scripted(script)}
			if custom {
				return directory.NewDirectoryLayerWith(subspace.Sub("dirs"), subspace.Sub("data"), o)
			}
			return directory.NewDirectoryLayerWith(subspace.FromBytes([]byte{0xFE}), subspace.AllKeys(), o)
		}

		mem := memstore.New(nil)
		bdb, err := boltstore.Open(filepath.Join(dir, fmt.Sprint(run, ".db")), &boltstore.Options{Bolt: &bolt.Options{NoSync: true}})
		if err != nil {
			t.Fatal(err)
		}
		defer bdb.Close()
		// One attempt: a store that ran a transaction twice would draw
		// twice, and the bytes would differ for no fault of the layer.
		edb := NewEtcdStore(raw, &EtcdOptions{Prefix: newPrefix(), Retry: storekit.RetryPolicy{MaxAttempts: 1}})
		stores := []sameStore{
			{name: "memstore", db: mem, dl: layer(), dump: func(*rapid.T) []fdb.KeyValue { return mem.Dump() }},
			{name: "bbolt", db: bdb, dl: layer(), dump: func(t *rapid.T) []fdb.KeyValue { return boltDump(t, bdb) }},
			{name: "etcd", db: edb, dl: layer(), dump: func(t *rapid.T) []fdb.KeyValue { return rawDump(t, edb) }},
		}
		errRollback := errors.New("rolled back on purpose")
		for range rapid.IntRange(1, 12).Draw(t, "transactions") {
			ops := rapid.SliceOfN(sameOpGen(known), 1, 4).Draw(t, "ops")
			rollback := rapid.IntRange(0, 5).Draw(t, "rollback") == 5
			results := make([][]string, len(stores))
			for i, s := range stores {
				_, err := s.db.Transact(func(tr fdb.Transaction) (any, error) {
					results[i] = nil
					for _, o := range ops {
						results[i] = append(results[i], o.run(tr, s.dl))
					}
					if rollback {
						return nil, errRollback
					}
					return nil, nil
				})
				if err != nil && !errors.Is(err, errRollback) {
					t.Fatalf("%s: transaction %v: %v", s.name, ops, err)
				}
			}
			txns++
			for j, o := range ops {
				if r := results[0][j]; !strings.HasPrefix(r, "error") && !strings.Contains(r, "directory:") && !rollback {
					tally[o.kind]++
					known = o.learn(known, r)
				}
			}
			for i, s := range stores[1:] {
				for j := range ops {
					if results[i+1][j] != results[0][j] {
						t.Fatalf("%v: %s answered %q, %s %q", ops[j], s.name, results[i+1][j], stores[0].name, results[0][j])
					}
				}
			}
			want := stores[0].dump(t)
			keys = max(keys, len(want))
			for _, s := range stores[1:] {
				if got := s.dump(t); !slices.EqualFunc(got, want, samePair) {
					t.Fatalf("after %v (rolled back: %v): %s holds\n%s\nmemstore holds\n%s", ops, rollback, s.name, showPairs(got), showPairs(want))
				}
			}
			findings, err := directory.Check(mem, stores[0].dl)
			if err != nil {
				t.Fatal(err)
			}
			if len(findings) > 0 {
				t.Fatalf("after %v: Check: %v", ops, findings)
			}
		}
	})
	t.Logf("%d transactions; committed operations that succeeded: %v; at most %d keys in a store", txns, tally, keys)
}

func samePair(a, b fdb.KeyValue) bool {
	return bytes.Equal(a.Key, b.Key) && bytes.Equal(a.Value, b.Value)
}

func showPairs(kvs []fdb.KeyValue) string {
	var b strings.Builder
	for _, kv := range kvs {
		fmt.Fprintf(&b, "  %s = %x\n", fdb.Printable(kv.Key), kv.Value)
	}
	return b.String()
}

// boltDump reads what the store's bbolt bucket holds, with bbolt itself.
func boltDump(t *rapid.T, db *boltstore.DB) []fdb.KeyValue {
	var out []fdb.KeyValue
	err := db.Bolt().View(func(tx *bolt.Tx) error {
		return tx.Bucket([]byte(boltstore.DefaultBucket)).ForEach(func(k, v []byte) error {
			out = append(out, fdb.KeyValue{Key: bytes.Clone(k), Value: bytes.Clone(v)})
			return nil
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
