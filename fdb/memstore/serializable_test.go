package memstore

import (
	"bytes"
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
	switch o.kind {
	case "get":
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

// run runs the step on a transaction and returns what a read saw.
func (o op) run(tr *Transaction) (string, error) {
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
	key := rapid.SampledFrom([]string{"a", "b", "b\x00", "c"})
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
		o.value = []byte{rapid.Byte().Draw(t, "value")}
	case "add":
		o.value = []byte{1}
	}
	return o
})

// TestSerializable interleaves two to four transactions step by step at
// random, each beginning at its first step and committing after its last,
// and checks the two properties that define the store's isolation:
//
//   - every read of every transaction (snapshot reads, and transactions
//     that later abort, included) sees the state committed when it began
//     with its own earlier writes over it;
//   - the transactions that commit are serializable in commit order:
//     replaying each that wrote, at its commit, on the state the earlier
//     commits left gives every one of its non-snapshot reads the result
//     it saw, and the final state is the store's (a read-only transaction
//     serializes at its read version, as in FoundationDB).
//
// And one against needless aborts: a transaction with no non-snapshot read
// never conflicts.
func TestSerializable(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		for range 4 { // scenarios per check: a conflict needs a write to land on a read
			schedule(t)
		}
	})
}

// schedule runs one random interleaving on a new store and checks it.
func schedule(t *rapid.T) {
	db := New(nil)
	committed := model{}
	for _, k := range rapid.SliceOfNDistinct(rapid.SampledFrom([]string{"a", "b", "c"}), 0, 3, rapid.ID).Draw(t, "initial") {
		committed[k] = []byte{0}
	}
	if err := db.Load(sortedPairs(committed)); err != nil {
		t.Fatal(err)
	}
	type txn struct {
		ops  []op
		seen []string
		tr   *Transaction
		view model // the state at its read version, with its own writes
		done bool
	}
	txs := make([]*txn, rapid.IntRange(2, 4).Draw(t, "transactions"))
	for i := range txs {
		txs[i] = &txn{ops: rapid.SliceOfN(opGen, 1, 8).Draw(t, "ops")}
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
		if x.tr == nil {
			x.tr, x.view = db.Begin(), maps.Clone(committed)
		}
		if n := len(x.seen); n < len(x.ops) {
			o := x.ops[n]
			got, err := o.run(x.tr)
			if err != nil {
				t.Fatalf("%+v: %v", o, err)
			}
			if o.isRead() {
				if want := x.view.read(o); got != want {
					t.Fatalf("%+v read %q, want %q at its read version", o, got, want)
				}
			} else {
				x.view.write(o)
			}
			x.seen = append(x.seen, got)
			continue
		}
		x.done = true
		err := x.tr.Commit()
		blind := true
		for _, o := range x.ops {
			blind = blind && !(o.isRead() && !o.snapshot)
		}
		if err != nil {
			if !errors.Is(err, fdb.Error{Code: 1020}) {
				t.Fatalf("commit: %v", err)
			}
			if blind {
				t.Fatalf("a transaction without a non-snapshot read conflicted: %+v", x.ops)
			}
			continue
		}
		readOnly := !slices.ContainsFunc(x.ops, func(o op) bool { return !o.isRead() })
		if readOnly {
			continue // it serializes at its read version, where its reads were checked
		}
		for i, o := range x.ops {
			if !o.isRead() {
				committed.write(o)
			} else if want := committed.read(o); !o.snapshot && x.seen[i] != want {
				t.Fatalf("committed, but its read %+v saw %q, and %q in commit order", o, x.seen[i], want)
			}
		}
	}
	if got, want := db.Dump(), sortedPairs(committed); !slices.EqualFunc(got, want, func(a, b fdb.KeyValue) bool {
		return bytes.Equal(a.Key, b.Key) && bytes.Equal(a.Value, b.Value)
	}) {
		t.Fatalf("the store holds %v, the commits replayed %v", got, want)
	}
}

func sortedPairs(m model) []fdb.KeyValue {
	var out []fdb.KeyValue
	for _, k := range slices.Sorted(maps.Keys(m)) {
		out = append(out, fdb.KeyValue{Key: fdb.Key(k), Value: m[k]})
	}
	return out
}
