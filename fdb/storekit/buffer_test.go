package storekit

import (
	"bytes"
	"fmt"
	"maps"
	"slices"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
	"pgregory.net/rapid"
)

// sliceReader is a store for the buffer to read: a sorted list of pairs,
// read plainly, counting its range reads.
type sliceReader struct {
	kvs    []fdb.KeyValue
	ranges int
}

func newSliceReader(m map[string][]byte) *sliceReader {
	r := &sliceReader{}
	for _, k := range slices.Sorted(maps.Keys(m)) {
		r.kvs = append(r.kvs, fdb.KeyValue{Key: fdb.Key(k), Value: m[k]})
	}
	return r
}

func (r *sliceReader) Get(key fdb.Key) ([]byte, bool, error) {
	for _, kv := range r.kvs {
		if bytes.Equal(kv.Key, key) {
			return kv.Value, true, nil
		}
	}
	return nil, false, nil
}

func (r *sliceReader) GetRange(begin, end fdb.Key, limit int, reverse bool) ([]fdb.KeyValue, error) {
	r.ranges++
	var out []fdb.KeyValue
	for _, kv := range r.kvs {
		if bytes.Compare(kv.Key, begin) >= 0 && bytes.Compare(kv.Key, end) < 0 {
			out = append(out, kv)
		}
	}
	if reverse {
		slices.Reverse(out)
	}
	if limit > 0 && len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

var (
	keyGen = rapid.Custom(func(t *rapid.T) fdb.Key {
		return fdb.Key(rapid.SliceOfN(rapid.SampledFrom([]byte{0x00, 0x01, 'a', 'b', 0xfe}), 0, 3).Draw(t, "key"))
	})
	valueGen = rapid.SliceOfN(rapid.Byte(), 0, 3)
	paramGen = rapid.SliceOfN(rapid.SampledFrom([]byte{0x00, 0x01, 0xff}), 0, 3)
)

// op is one write, kept so that it can be replayed on another state.
type op struct {
	kind     string
	key, end fdb.Key
	value    []byte
}

// replay applies writes to a state the plain way: the meaning the buffer
// must have, read and committed.
func replay(state map[string][]byte, ops []op) map[string][]byte {
	s := maps.Clone(state)
	for _, o := range ops {
		switch o.kind {
		case "set":
			s[string(o.key)] = o.value
		case "clear":
			delete(s, string(o.key))
		case "clearRange":
			for k := range s {
				if k >= string(o.key) && k < string(o.end) {
					delete(s, k)
				}
			}
		case "add":
			old, _ := s[string(o.key)]
			s[string(o.key)] = LittleEndianAdd(old, o.value)
		}
	}
	return s
}

// expectRange reads a plain state as GetRange must.
func expectRange(s map[string][]byte, begin, end fdb.Key, opt fdb.RangeOptions) []fdb.KeyValue {
	r := newSliceReader(s)
	out, _ := r.GetRange(begin, end, opt.Limit, opt.Reverse)
	if bytes.Compare(begin, end) >= 0 {
		out = nil
	}
	return out
}

func sameKVs(a, b []fdb.KeyValue) bool {
	return slices.EqualFunc(a, b, func(x, y fdb.KeyValue) bool {
		return bytes.Equal(x.Key, y.Key) && bytes.Equal(x.Value, y.Value)
	})
}

// TestWriteBufferModel runs random writes over a random store and checks
// every read against the writes replayed on the store: Get, and GetRange
// in both directions with limits, at most one store read for each part of
// the range no clear range covers. Then it changes the store under the
// buffer, as a concurrent commit would, applies the buffer's commit walk
// (clear ranges, then point writes) and checks it against the writes
// replayed on the changed store: a pending add lands on the committed
// value. It also checks which reads depend on the store (ReadsStore,
// StoreRanges) against the writes: a key depends on the store unless the
// transaction set, cleared or range-cleared it.
func TestWriteBufferModel(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		store := rapid.MapOf(rapid.StringOfN(rapid.RuneFrom([]rune{0, 1, 'a', 'b'}), 0, 3, 3), valueGen).Draw(t, "store")
		var b WriteBuffer
		var ops []op
		known := map[string]bool{} // set or cleared by the transaction
		var clears [][2]fdb.Key
		for range rapid.IntRange(0, 30).Draw(t, "steps") {
			r := newSliceReader(store)
			view := replay(store, ops)
			switch rapid.IntRange(0, 6).Draw(t, "op") {
			case 0:
				o := op{kind: "set", key: keyGen.Draw(t, "k"), value: valueGen.Draw(t, "v")}
				if rapid.Bool().Draw(t, "nil") && len(o.value) == 0 {
					o.value = nil
				}
				if err := b.Set(o.key, o.value); err != nil {
					t.Fatal(err)
				}
				if o.value == nil {
					o.value = []byte{}
				}
				ops = append(ops, o)
				known[string(o.key)] = true
			case 1:
				o := op{kind: "clear", key: keyGen.Draw(t, "k")}
				if err := b.Clear(o.key); err != nil {
					t.Fatal(err)
				}
				ops = append(ops, o)
				known[string(o.key)] = true
			case 2:
				o := op{kind: "clearRange", key: keyGen.Draw(t, "b"), end: keyGen.Draw(t, "e")}
				if bytes.Compare(o.key, o.end) > 0 {
					o.key, o.end = o.end, o.key
				}
				if err := b.ClearRange(o.key, o.end); err != nil {
					t.Fatal(err)
				}
				ops = append(ops, o)
				clears = append(clears, [2]fdb.Key{o.key, o.end})
			case 3:
				o := op{kind: "add", key: keyGen.Draw(t, "k"), value: paramGen.Draw(t, "p")}
				if err := b.Add(o.key, o.value); err != nil {
					t.Fatal(err)
				}
				ops = append(ops, o)
			case 4:
				k := keyGen.Draw(t, "k")
				v, ok, err := b.Get(r, k)
				want, wantOK := view[string(k)]
				if err != nil || ok != wantOK || !bytes.Equal(v, want) || (ok && v == nil) {
					t.Fatalf("Get(%s) = %x, %v, %v; want %x, %v", fdb.Printable(k), v, ok, err, want, wantOK)
				}
			default:
				begin, end := keyGen.Draw(t, "b"), keyGen.Draw(t, "e")
				if rapid.IntRange(0, 3).Draw(t, "whole") == 0 {
					begin, end = fdb.Key{}, fdb.Key{0xff}
				}
				opt := fdb.RangeOptions{Limit: rapid.IntRange(0, 4).Draw(t, "limit"), Reverse: rapid.Bool().Draw(t, "reverse")}
				got, err := b.GetRange(r, begin, end, opt)
				want := expectRange(view, begin, end, opt)
				if err != nil || !sameKVs(got, want) {
					t.Fatalf("GetRange(%s, %s, %+v) = %v, %v; want %v", fdb.Printable(begin), fdb.Printable(end), opt, got, err, want)
				}
				if got == nil {
					t.Fatal("GetRange returned nil for an empty result")
				}
				if r.ranges > len(clears)+1 {
					t.Fatalf("GetRange read the store %d times with %d clear ranges", r.ranges, len(clears))
				}
			}
			checkDependence(t, &b, known, clears)
		}

		// A concurrent commit changes the store; then this one commits.
		committed := maps.Clone(store)
		for range rapid.IntRange(0, 4).Draw(t, "changes") {
			k := string(keyGen.Draw(t, "changed"))
			if rapid.Bool().Draw(t, "delete") {
				delete(committed, k)
			} else {
				committed[k] = valueGen.Draw(t, "new")
			}
		}
		want := replay(committed, ops)
		got := maps.Clone(committed)
		var prev fdb.Key
		for cb, ce := range b.ClearRanges() {
			if prev != nil && bytes.Compare(cb, prev) <= 0 {
				t.Fatalf("clear ranges not disjoint and in order: %s after %s", fdb.Printable(cb), fdb.Printable(prev))
			}
			prev = ce
			for k := range got {
				if k >= string(cb) && k < string(ce) {
					delete(got, k)
				}
			}
		}
		for w := range b.Writes() {
			v, keep := w.Apply(got[string(w.Key)])
			if keep {
				got[string(w.Key)] = v
			} else {
				delete(got, string(w.Key))
			}
		}
		if !maps.EqualFunc(got, want, bytes.Equal) {
			t.Fatalf("commit walk over %v gives %v, want %v", committed, got, want)
		}
	})
}

// checkDependence checks ReadsStore and StoreRanges against the writes:
// a key depends on the store unless the transaction set or cleared it or
// cleared a range over it.
func checkDependence(t *rapid.T, b *WriteBuffer, known map[string]bool, clears [][2]fdb.Key) {
	var pieces [][2]fdb.Key
	for pb, pe := range b.StoreRanges(fdb.Key{}, fdb.Key{0xff}) {
		if len(pieces) > 0 && bytes.Compare(pb, pieces[len(pieces)-1][1]) < 0 {
			t.Fatalf("StoreRanges out of order: %s", fdb.Printable(pb))
		}
		pieces = append(pieces, [2]fdb.Key{pb, pe})
	}
	in := func(k fdb.Key, rs [][2]fdb.Key) bool {
		for _, r := range rs {
			if bytes.Compare(k, r[0]) >= 0 && bytes.Compare(k, r[1]) < 0 {
				return true
			}
		}
		return false
	}
	for _, c := range []byte{0x00, 0x01, 'a', 'b', 0xfe} {
		for _, k := range []fdb.Key{{}, {c}, {c, 0x00}, {'a', c}, {c, 'b', 0x01}} {
			want := !known[string(k)] && !in(k, clears)
			if got := b.ReadsStore(k); got != want {
				t.Fatalf("ReadsStore(%s) = %v, want %v", fdb.Printable(k), got, want)
			}
			if got := in(k, pieces); got != want {
				t.Fatalf("StoreRanges holds %s: %v, want %v (pieces %v)", fdb.Printable(k), got, want, pieces)
			}
		}
	}
}

// TestWriteBufferCases walks the traps one by one, each over a store that
// still holds the keys the transaction cleared.
func TestWriteBufferCases(t *testing.T) {
	store := newSliceReader(map[string][]byte{"a": {1}, "b": {2}, "c": {3}, "d": {4}, "e": {}})
	read := func(b *WriteBuffer, begin, end string, limit int, reverse bool) string {
		kvs, err := b.GetRange(store, fdb.Key(begin), fdb.Key(end), fdb.RangeOptions{Limit: limit, Reverse: reverse})
		if err != nil {
			t.Fatal(err)
		}
		s := ""
		for _, kv := range kvs {
			s += fmt.Sprintf("%s=%x ", kv.Key, kv.Value)
		}
		return s
	}
	check := func(name, got, want string) {
		t.Helper()
		if got != want {
			t.Errorf("%s: %q, want %q", name, got, want)
		}
	}
	var b WriteBuffer
	check("empty buffer, reverse limit 2", read(&b, "a", "e", 2, true), "d=04 c=03 ")
	check("end key excluded, reverse", read(&b, "a", "d", 1, true), "c=03 ")
	check("begin included, reverse all", read(&b, "b", "d", 0, true), "c=03 b=02 ")
	check("begin == end", read(&b, "c", "c", 0, false), "")
	check("empty value present", read(&b, "e", "f", 0, false), "e= ")

	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(b.ClearRange(fdb.Key("b"), fdb.Key("e")))
	check("clear range hides stored keys", read(&b, "a", "z", 0, false), "a=01 e= ")
	check("clear range, reverse limit 1", read(&b, "a", "z", 1, true), "e= ")
	check("clear range, reverse limit 2", read(&b, "a", "e", 1, true), "a=01 ")
	must(b.Set(fdb.Key("c"), nil))
	check("set inside a clear range", read(&b, "a", "z", 0, true), "e= c= a=01 ")
	must(b.Add(fdb.Key("d"), []byte{7, 0}))
	check("add after clear range: base absent", read(&b, "c", "z", 2, false), "c= d=0700 ")
	must(b.Add(fdb.Key("c"), []byte{1}))
	check("add after set", read(&b, "c", "d", 0, false), "c=01 ")
	must(b.Add(fdb.Key("a"), []byte{0xff, 0}))
	must(b.Add(fdb.Key("a"), []byte{2}))
	check("two pending adds over a stored value", read(&b, "a", "b", 0, false), "a=02 ")
	v, ok, err := b.Get(store, fdb.Key("a"))
	if err != nil || !ok || !bytes.Equal(v, []byte{2}) {
		t.Errorf("Get of a pending add = %x, %v, %v", v, ok, err)
	}
	must(b.Clear(fdb.Key("e")))
	check("point clear of a stored empty value", read(&b, "a", "z", 0, false), "a=02 c=01 d=0700 ")
	check("reverse limit 1 at the end of the range", read(&b, "a", "d\x00", 1, true), "d=0700 ")
	var pending int
	for w := range b.Writes() {
		if w.Op == OpAdd {
			pending++
			if string(w.Key) != "a" || len(w.Params) != 2 {
				t.Errorf("pending add %s with %d params", w.Key, len(w.Params))
			}
		}
	}
	if pending != 1 {
		t.Errorf("%d pending adds, want 1 (the adds of c and d had a known base)", pending)
	}
}

// TestWriteBufferRefuses checks that a refused write changes nothing.
func TestWriteBufferRefuses(t *testing.T) {
	var b WriteBuffer
	for _, err := range []error{
		b.Set(fdb.Key{0xff}, nil),
		b.Set(make(fdb.Key, KeySizeLimit+1), nil),
		b.Add(fdb.Key("k"), make([]byte, ValueSizeLimit+1)),
		b.Clear(fdb.Key{0xff, 0x01}),
		b.ClearRange(fdb.Key("b"), fdb.Key("a")),
		b.ClearRange(fdb.Key("a"), fdb.Key{0xff, 0x00}),
	} {
		if err == nil {
			t.Error("a write outside FoundationDB's rules was accepted")
		}
	}
	if !b.Empty() {
		t.Error("a refused write left something in the buffer")
	}
	if _, err := b.GetRange(newSliceReader(nil), fdb.Key("a"), fdb.Key("b"), fdb.RangeOptions{Limit: -1}); err == nil {
		t.Error("a negative limit was accepted")
	}
}
