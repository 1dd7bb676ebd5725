package ordmap

import (
	"bytes"
	"maps"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// keyGen draws short keys from a small alphabet, so that operations meet
// the same keys and ranges have neighbours on both sides.
var keyGen = rapid.Custom(func(t *rapid.T) []byte {
	return rapid.SliceOfN(rapid.SampledFrom([]byte{0x00, 0x01, 'a', 'b', 0xff}), 0, 3).Draw(t, "key")
})

// model is the reference: a plain map, sorted when read.
type model map[string]int

func (md model) rangeOf(lo, hi []byte, reverse bool) []string {
	var ks []string
	for k := range md {
		if k >= string(lo) && k < string(hi) {
			ks = append(ks, k)
		}
	}
	slices.Sort(ks)
	if reverse {
		slices.Reverse(ks)
	}
	return ks
}

func collect(seq func(func([]byte, int) bool)) (keys []string, vals []int) {
	for k, v := range seq {
		keys = append(keys, string(k))
		vals = append(vals, v)
	}
	return keys, vals
}

// frozen is a snapshot with the model it must keep matching.
type frozen struct {
	m  Map[int]
	md model
}

// TestMapAgainstModel runs random sets, deletes, range deletes and
// snapshots, and checks after each step that the map, and every snapshot
// taken so far, reads exactly as its model: Get, Floor, Range both ways,
// From, Below and All.
func TestMapAgainstModel(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var m Map[int]
		md := model{}
		var snaps []frozen
		steps := rapid.IntRange(1, 60).Draw(t, "steps")
		for i := range steps {
			switch rapid.IntRange(0, 4).Draw(t, "op") {
			case 0, 1:
				k := keyGen.Draw(t, "k")
				m.Set(bytes.Clone(k), i)
				md[string(k)] = i
			case 2:
				k := keyGen.Draw(t, "k")
				m.Delete(k)
				delete(md, string(k))
			case 3:
				lo, hi := keyGen.Draw(t, "lo"), keyGen.Draw(t, "hi")
				m.DeleteRange(lo, hi)
				for k := range md {
					if k >= string(lo) && k < string(hi) {
						delete(md, k)
					}
				}
			case 4:
				snaps = append(snaps, frozen{m.Snapshot(), maps.Clone(md)})
			}
			check(t, &m, md)
			for _, s := range snaps {
				check(t, &s.m, s.md)
			}
		}
	})
}

func check(t *rapid.T, m *Map[int], md model) {
	t.Helper()
	if m.Empty() != (len(md) == 0) {
		t.Fatalf("Empty() = %v with %d keys", m.Empty(), len(md))
	}
	for _, k := range [][]byte{nil, {0x00}, {'a'}, {'a', 0xff}, {'b', 0x00}, {0xff, 0xff, 0xff}} {
		v, ok := m.Get(k)
		want, wantOK := md[string(k)]
		if ok != wantOK || v != want {
			t.Fatalf("Get(%x) = %d, %v; want %d, %v", k, v, ok, want, wantOK)
		}
		fk, fv, fok := m.Floor(k)
		var wk string
		wok := false
		for mk := range md {
			if mk <= string(k) && (!wok || mk > wk) {
				wk, wok = mk, true
			}
		}
		if fok != wok || (wok && (string(fk) != wk || fv != md[wk])) {
			t.Fatalf("Floor(%x) = %x, %d, %v; want %x, %v", k, fk, fv, fok, wk, wok)
		}
	}
	for _, r := range [][2][]byte{{nil, {0xff, 0xff, 0xff, 0xff}}, {{'a'}, {'b'}}, {{0x00}, {'a', 0x00}}, {{'b'}, {'a'}}, {{'a'}, {'a'}}} {
		for _, rev := range []bool{false, true} {
			got, vals := collect(m.Range(r[0], r[1], rev))
			want := md.rangeOf(r[0], r[1], rev)
			if !slices.Equal(got, want) {
				t.Fatalf("Range(%x, %x, %v) = %q, want %q", r[0], r[1], rev, got, want)
			}
			for i, k := range got {
				if vals[i] != md[k] {
					t.Fatalf("Range value of %x = %d, want %d", k, vals[i], md[k])
				}
			}
		}
		from, _ := collect(m.From(r[0]))
		if want := md.rangeOf(r[0], []byte{0xff, 0xff, 0xff, 0xff}, false); !slices.Equal(from, want) {
			t.Fatalf("From(%x) = %q, want %q", r[0], from, want)
		}
		below, _ := collect(m.Below(r[1]))
		if want := md.rangeOf(nil, r[1], true); !slices.Equal(below, want) {
			t.Fatalf("Below(%x) = %q, want %q", r[1], below, want)
		}
	}
	all, _ := collect(m.All())
	if want := md.rangeOf(nil, []byte{0xff, 0xff, 0xff, 0xff}, false); !slices.Equal(all, want) {
		t.Fatalf("All() = %q, want %q", all, want)
	}
}

// TestMapEarlyStop checks that a loop that breaks stops the walk, both
// ways.
func TestMapEarlyStop(t *testing.T) {
	var m Map[int]
	for i := range 100 {
		m.Set([]byte{byte(i)}, i)
	}
	for _, rev := range []bool{false, true} {
		n := 0
		for range m.Range(nil, []byte{0xff}, rev) {
			n++
			if n == 3 {
				break
			}
		}
		if n != 3 {
			t.Errorf("reverse=%v: the loop ran %d times after a break at 3", rev, n)
		}
	}
}

// TestMapDepth checks that a map of many keys inserted in order stays
// shallow (a plain search tree would be a list), and that a deep tree's
// iteration, beyond the fixed stack, still sees every key.
func TestMapDepth(t *testing.T) {
	var m Map[int]
	const n = 1 << 16
	for i := range n {
		m.Set([]byte{byte(i >> 8), byte(i)}, i)
	}
	if d := depth(m.root); d > 60 {
		t.Errorf("depth %d for %d keys inserted in order", d, n)
	}
	count := 0
	for range m.All() {
		count++
	}
	if count != n {
		t.Errorf("All() yielded %d keys, want %d", count, n)
	}
}

func depth[V any](t *node[V]) int {
	if t == nil {
		return 0
	}
	return 1 + max(depth(t.left), depth(t.right))
}
