package main

import (
	"bytes"
	"fmt"
	"slices"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/directory"
	"github.com/fdbtuple/fdbtuple/fdb/memstore"
	"github.com/fdbtuple/fdbtuple/subspace"
	"github.com/fdbtuple/fdbtuple/tuple"
)

// TestDirectoryLayer: the directory layer on DynamoDB writes the bytes it
// writes on memstore: creates (nested, with a layer, a partition and a
// directory inside it), writes into the directories, a move, a remove
// (whose clear ranges DynamoStore carries out key by key), lists; the
// allocator's draws scripted alike; after each step the two stores hold
// the same keys and values, and the consistency check finds nothing on
// DynamoDB. The metadata (under FE) lives in the raw partition, each
// directory's contents in the partition of its prefix.
func TestDirectoryLayer(t *testing.T) {
	dyn := newStore(t, 4)
	mem := memstore.New(nil)
	draws := func() func(int64) int64 {
		n := int64(0)
		return func(w int64) int64 { n++; return (n * 7) % w }
	}
	layers := map[fdb.Transactor]directory.Directory{}
	for _, s := range []fdb.Transactor{dyn, mem} {
		layers[s] = directory.NewDirectoryLayerWith(subspace.FromBytes([]byte{0xFE}), subspace.AllKeys(), directory.Options{Rand: draws()})
	}
	steps := []struct {
		what string
		run  func(tr fdb.Transaction, dl directory.Directory) (string, error)
	}{
		{"create a/b/c", func(tr fdb.Transaction, dl directory.Directory) (string, error) {
			d, err := dl.Create(tr, []string{"a", "b", "c"}, nil)
			if err != nil {
				return "", err
			}
			return fmt.Sprintf("%x", d.Bytes()), tr.Set(d.Pack(tuple.Tuple{"k", 1}), []byte("v"))
		}},
		{"create p (a partition) and p/x, write into a/b", func(tr fdb.Transaction, dl directory.Directory) (string, error) {
			if _, err := dl.Create(tr, []string{"p"}, []byte("partition")); err != nil {
				return "", err
			}
			x, err := dl.CreateOrOpen(tr, []string{"p", "x"}, []byte("layer"))
			if err != nil {
				return "", err
			}
			ab, err := dl.Open(tr, []string{"a", "b"}, nil)
			if err != nil {
				return "", err
			}
			for i := range 5 {
				if err := tr.Set(ab.Pack(tuple.Tuple{"item", i}), []byte{byte(i)}); err != nil {
					return "", err
				}
			}
			return fmt.Sprintf("%x", x.Bytes()), tr.Set(x.Pack(tuple.Tuple{"in", "partition"}), nil)
		}},
		{"move a to z", func(tr fdb.Transaction, dl directory.Directory) (string, error) {
			d, err := dl.Move(tr, []string{"a"}, []string{"z"})
			if err != nil {
				return "", err
			}
			return fmt.Sprintf("%x %q", d.Bytes(), d.GetPath()), nil
		}},
		{"remove z/b (with c under it)", func(tr fdb.Transaction, dl directory.Directory) (string, error) {
			ok, err := dl.Remove(tr, []string{"z", "b"})
			return fmt.Sprint(ok), err
		}},
		{"list the root and p, create z/b again", func(tr fdb.Transaction, dl directory.Directory) (string, error) {
			root, err := dl.List(tr, nil)
			if err != nil {
				return "", err
			}
			inP, err := dl.List(tr, []string{"p"})
			if err != nil {
				return "", err
			}
			d, err := dl.Create(tr, []string{"z", "b"}, nil)
			if err != nil {
				return "", err
			}
			return fmt.Sprintf("%q %q %x", root, inP, d.Bytes()), nil
		}},
	}
	for _, step := range steps {
		var results []string
		for _, s := range []fdb.Transactor{dyn, mem} {
			v, err := s.Transact(func(tr fdb.Transaction) (any, error) { return step.run(tr, layers[s]) })
			if err != nil {
				t.Fatalf("%s: %v", step.what, err)
			}
			results = append(results, v.(string))
		}
		if results[0] != results[1] {
			t.Fatalf("%s: DynamoDB answered %s, memstore %s", step.what, results[0], results[1])
		}
		got, err := dyn.ReadTransact(func(rt fdb.ReadTransaction) (any, error) {
			return rt.GetRange(fdb.KeyRange{Begin: fdb.Key{}, End: fdb.Key{0xff}}, fdb.RangeOptions{})
		})
		if err != nil {
			t.Fatal(err)
		}
		if want := mem.Dump(); !slices.EqualFunc(got.([]fdb.KeyValue), want, func(a, b fdb.KeyValue) bool {
			return bytes.Equal(a.Key, b.Key) && bytes.Equal(a.Value, b.Value)
		}) {
			t.Fatalf("after %s: DynamoDB holds %d pairs, memstore %d, not the same", step.what, len(got.([]fdb.KeyValue)), len(want))
		}
		findings, err := directory.Check(dyn, layers[dyn])
		if err != nil || len(findings) > 0 {
			t.Fatalf("after %s: Check: %v, %v", step.what, findings, err)
		}
		t.Logf("%s: %s; %d keys on both", step.what, results[0], len(got.([]fdb.KeyValue)))
	}
	c := dyn.Counts()
	if c.Commits != int64(len(steps)) {
		t.Errorf("counts %+v: want one commit a step", c)
	}
}
