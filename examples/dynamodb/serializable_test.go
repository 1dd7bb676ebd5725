package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/storekit"
	"pgregory.net/rapid"
)

// model is a plain map, the reference the store's state is checked
// against.
type model map[string][]byte

func (m model) read(o op) string {
	if o.kind == "get" {
		v, ok := m[o.k]
		return fmt.Sprintf("%x %v", v, ok)
	}
	keys := slices.Sorted(maps.Keys(m))
	if o.reverse {
		slices.Reverse(keys)
	}
	var b bytes.Buffer
	n := 0
	for _, k := range keys {
		if k >= o.k && k < o.end && (o.limit == 0 || n < o.limit) {
			fmt.Fprintf(&b, "%x=%x ", k, m[k])
			n++
		}
	}
	return b.String()
}

func (m model) write(o op) {
	switch o.kind {
	case "set":
		m[o.k] = o.value
	case "clear":
		delete(m, o.k)
	case "clearRange":
		for k := range m {
			if k >= o.k && k < o.end {
				delete(m, k)
			}
		}
	case "add":
		m[o.k] = storekit.LittleEndianAdd(m[o.k], o.value)
	}
}

// op is one step of a transaction.
type op struct {
	kind     string // get, range, set, clear, clearRange, add
	k, end   string
	value    []byte
	limit    int
	reverse  bool
	snapshot bool
}

func (o op) isRead() bool { return o.kind == "get" || o.kind == "range" }

// writes reports whether the step writes: a clear of an empty range does
// not (the transaction commits nothing for it).
func (o op) writes() bool { return !o.isRead() && !(o.kind == "clearRange" && o.k >= o.end) }

// run runs the step on a transaction and returns what a read saw.
func (o op) run(tr fdb.Transaction) (string, error) {
	var r fdb.ReadTransaction = tr
	if o.snapshot {
		r = tr.Snapshot()
	}
	switch o.kind {
	case "get":
		v, ok, err := r.Get(fdb.Key(o.k))
		return fmt.Sprintf("%x %v", v, ok), err
	case "range":
		kvs, err := r.GetRange(fdb.KeyRange{Begin: fdb.Key(o.k), End: fdb.Key(o.end)}, fdb.RangeOptions{Limit: o.limit, Reverse: o.reverse})
		var b bytes.Buffer
		for _, kv := range kvs {
			fmt.Fprintf(&b, "%x=%x ", []byte(kv.Key), kv.Value)
		}
		return b.String(), err
	case "set":
		return "", tr.Set(fdb.Key(o.k), o.value)
	case "clear":
		return "", tr.Clear(fdb.Key(o.k))
	case "clearRange":
		return "", tr.ClearRange(fdb.KeyRange{Begin: fdb.Key(o.k), End: fdb.Key(o.end)})
	default:
		return "", tr.Add(fdb.Key(o.k), o.value)
	}
}

var opGen = rapid.Custom(func(t *rapid.T) op {
	key := rapid.SampledFrom([]string{"", "a", "b", "b\x00", "c"})
	o := op{kind: rapid.SampledFrom([]string{"get", "get", "range", "range", "set", "set", "clear", "clearRange", "add"}).Draw(t, "kind"),
		k: key.Draw(t, "k"), snapshot: rapid.IntRange(0, 3).Draw(t, "snapshot") == 0}
	switch o.kind {
	case "range", "clearRange":
		o.end = key.Draw(t, "end") + rapid.SampledFrom([]string{"", "\x00"}).Draw(t, "past")
		if o.end < o.k {
			o.k, o.end = o.end, o.k
		}
		o.limit = rapid.IntRange(0, 2).Draw(t, "limit")
		o.reverse = rapid.Bool().Draw(t, "reverse")
	case "set":
		o.value = rapid.SliceOfN(rapid.Byte(), 0, 1).Draw(t, "value") // empty values too
	case "add":
		o.value = []byte{1}
	}
	return o
})

// TestSerializable interleaves two to four transactions on one table
// step by step at random, each committing after its last step, and
// checks what makes the store's checks right:
//
//   - every read sees the state committed when it runs, with the
//     transaction's own earlier writes over it (DynamoDB has no snapshot),
//     except that a key read before reads as it did then;
//   - the transactions that commit are serializable in commit order:
//     replaying each that wrote, at its commit, on the state the earlier
//     commits left gives every one of its non-snapshot reads the result it
//     saw, and the table holds the replay's keys at the end;
//   - a read-only transaction that passes its check saw, in every
//     non-snapshot read, the state committed at its end (unless it made a
//     single Get, a moment of its own);
//   - a transaction with no non-snapshot read and no add never conflicts.
func TestSerializable(t *testing.T) {
	client := server(t).Client()
	rapid.Check(t, func(t *rapid.T) {
		s := &DynamoStore{Client: client, Table: fmt.Sprintf("serial-%d", tableSeq.Add(1))}
		if err := s.CreateTable(context.Background()); err != nil {
			t.Fatal(err)
		}
		schedule(t, s)
	})
}

// cached is what the table held of a key when a transaction first read
// it.
type cached struct {
	v  []byte
	ok bool
}

// schedule runs one random interleaving on an empty store and checks it.
func schedule(t *rapid.T, s *DynamoStore) {
	committed := model{}
	initial := rapid.SliceOfNDistinct(rapid.SampledFrom([]string{"a", "b", "c"}), 0, 3, rapid.ID).Draw(t, "initial")
	if len(initial) > 0 {
		_, err := s.Transact(func(tr fdb.Transaction) (any, error) {
			for _, k := range initial {
				committed[k] = []byte{0}
				if err := tr.Set(fdb.Key(k), []byte{0}); err != nil {
					return nil, err
				}
			}
			return nil, nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	type txn struct {
		ops   []op
		seen  []string
		tr    *dynamoTxn
		cache map[string]cached // the keys its reader read, as the table held them then
		done  bool
	}
	txs := make([]*txn, rapid.IntRange(2, 4).Draw(t, "transactions"))
	for i := range txs {
		txs[i] = &txn{ops: rapid.SliceOfN(opGen, 1, 8).Draw(t, "ops"), tr: s.begin(), cache: map[string]cached{}}
	}
	for {
		var live []*txn
		for _, x := range txs {
			if !x.done {
				live = append(live, x)
			}
		}
		if len(live) == 0 {
			break
		}
		x := rapid.SampledFrom(live).Draw(t, "next")
		if n := len(x.seen); n < len(x.ops) {
			o := x.ops[n]
			got, err := o.run(x.tr)
			if err != nil {
				t.Fatalf("%+v: %v", o, err)
			}
			if o.isRead() {
				view := maps.Clone(committed)
				if o.kind == "get" {
					// A transaction reads a key once: later Gets see what
					// the first saw (repeatable reads); range reads read
					// the table again.
					for k, f := range x.cache {
						if f.ok {
							view[k] = f.v
						} else {
							delete(view, k)
						}
					}
				}
				for _, w := range x.ops[:n] {
					view.write(w)
				}
				if want := view.read(o); got != want {
					t.Fatalf("%+v read %q, want %q, the state now", o, got, want)
				}
			}
			for k := range x.tr.rd.facts {
				if _, ok := x.cache[k]; !ok {
					v, ok := committed[k] // what the table held when the key was first read
					x.cache[k] = cached{v, ok}
				}
			}
			x.seen = append(x.seen, got)
			continue
		}
		x.done = true
		err := x.tr.commit()
		x.tr.cancel()
		blind := true
		for _, o := range x.ops {
			blind = blind && !(o.isRead() && !o.snapshot) && o.kind != "add"
		}
		if err != nil {
			if !errors.Is(err, fdb.Error{Code: 1020}) {
				t.Fatalf("commit: %v", err)
			}
			if blind {
				t.Fatalf("a transaction without a non-snapshot read or an add conflicted: %+v", x.ops)
			}
			continue
		}
		if !slices.ContainsFunc(x.ops, op.writes) {
			if x.tr.rd.rangeReads == 0 && x.tr.rd.gets <= 1 {
				continue // one Get: it serializes where it read
			}
			for i, o := range x.ops {
				if want := committed.read(o); !o.snapshot && x.seen[i] != want {
					t.Fatalf("a read-only transaction passed its check, but its read %+v saw %q, and %q at its end", o, x.seen[i], want)
				}
			}
			continue
		}
		for i, o := range x.ops {
			if !o.isRead() {
				committed.write(o)
			} else if want := committed.read(o); !o.snapshot && x.seen[i] != want {
				t.Fatalf("committed, but its read %+v saw %q, and %q in commit order", o, x.seen[i], want)
			}
		}
	}
	v, err := s.ReadTransact(func(rt fdb.ReadTransaction) (any, error) {
		return rt.GetRange(fdb.KeyRange{Begin: fdb.Key{}, End: fdb.Key{0xff}}, fdb.RangeOptions{})
	})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := v.([]fdb.KeyValue), sortedPairs(committed); !slices.EqualFunc(got, want, func(a, b fdb.KeyValue) bool {
		return bytes.Equal(a.Key, b.Key) && bytes.Equal(a.Value, b.Value)
	}) {
		t.Fatalf("the table holds %v, the commits replayed %v", got, want)
	}
}

func sortedPairs(m model) []fdb.KeyValue {
	var out []fdb.KeyValue
	for _, k := range slices.Sorted(maps.Keys(m)) {
		out = append(out, fdb.KeyValue{Key: fdb.Key(k), Value: m[k]})
	}
	return out
}
