package storekit

import (
	"bytes"
	"math/big"
	"slices"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
	"pgregory.net/rapid"
)

// leInt reads b as an unsigned little-endian integer.
func leInt(b []byte) *big.Int {
	r := slices.Clone(b)
	slices.Reverse(r)
	return new(big.Int).SetBytes(r)
}

// TestLittleEndianAddModel checks the sum against arbitrary-precision
// arithmetic: (stored mod 2^8n + param) mod 2^8n for n = len(param), with
// an absent stored value as zero, over random lengths on both sides.
func TestLittleEndianAddModel(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		stored := rapid.SliceOfN(rapid.Byte(), 0, 12).Draw(t, "stored")
		if rapid.Bool().Draw(t, "absent") {
			stored = nil
		}
		param := rapid.SliceOfN(rapid.Byte(), 0, 12).Draw(t, "param")
		keep := slices.Clone(stored)
		keepParam := slices.Clone(param)
		got := LittleEndianAdd(stored, param)
		n := len(param)
		mod := new(big.Int).Lsh(big.NewInt(1), uint(8*n))
		s := leInt(stored)
		s.Mod(s, mod)
		want := s.Add(s, leInt(param))
		want.Mod(want, mod)
		if got == nil || len(got) != n || leInt(got).Cmp(want) != 0 {
			t.Fatalf("LittleEndianAdd(%x, %x) = %x, want %d bytes of %s", stored, param, got, n, want)
		}
		if !bytes.Equal(stored, keep) || !bytes.Equal(param, keepParam) {
			t.Fatal("LittleEndianAdd changed an argument")
		}
		if len(got) > 0 && len(param) > 0 && &got[0] == &param[0] {
			t.Fatal("the sum shares memory with param")
		}
	})
}

// TestLittleEndianAddCases pins the rules FoundationDB's doLittleEndianAdd
// states case by case.
func TestLittleEndianAddCases(t *testing.T) {
	for _, tt := range []struct {
		name                string
		stored, param, want []byte
	}{
		{"absent base is zero", nil, []byte{1, 0}, []byte{1, 0}},
		{"empty base is zero", []byte{}, []byte{5}, []byte{5}},
		{"empty param gives empty", []byte{1, 2, 3}, []byte{}, []byte{}},
		{"empty param on absent gives empty", nil, nil, []byte{}},
		{"carry", []byte{0xff, 0x00}, []byte{0x01, 0x00}, []byte{0x00, 0x01}},
		{"overflow wraps", []byte{0xff, 0xff}, []byte{0x01, 0x00}, []byte{0x00, 0x00}},
		{"longer base is cut", []byte{0x01, 0x02, 0x03}, []byte{0x01}, []byte{0x02}},
		{"shorter base is extended", []byte{0xff}, []byte{0x01, 0x00, 0x00}, []byte{0x00, 0x01, 0x00}},
		{"8-byte counter plus one", []byte{41, 0, 0, 0, 0, 0, 0, 0}, []byte{1, 0, 0, 0, 0, 0, 0, 0}, []byte{42, 0, 0, 0, 0, 0, 0, 0}},
		{"minus one", []byte{5, 0}, []byte{0xff, 0xff}, []byte{4, 0}},
	} {
		got := LittleEndianAdd(tt.stored, tt.param)
		if got == nil || !bytes.Equal(got, tt.want) {
			t.Errorf("%s: LittleEndianAdd(%x, %x) = %x (nil: %v), want %x", tt.name, tt.stored, tt.param, got, got == nil, tt.want)
		}
	}
}

// TestPendingAddsFold: any sequence of adds of random widths to one key
// whose base is in the store, read between adds, gives in every read and
// in the commit what applying each add in turn to the stored value gives
// (the unfolded replay), whatever value the commit finds (a concurrent
// add may have changed it since the reads). The buffer keeps one
// parameter per run of adds of one width, as FoundationDB's write map
// does, and Size counts every add.
func TestPendingAddsFold(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		key := fdb.Key("counter")
		stored := rapid.SliceOfN(rapid.Byte(), 0, 12).Draw(t, "stored")
		absent := rapid.Bool().Draw(t, "absent")
		store := map[string][]byte{}
		if !absent {
			store[string(key)] = stored
		}
		// Few widths, so that runs of one width are common; 0 among them.
		widths := rapid.SliceOfN(rapid.IntRange(0, 9), 1, 3).Draw(t, "widths")
		var b WriteBuffer
		var params [][]byte
		runs := 0
		for i := range rapid.IntRange(1, 40).Draw(t, "adds") {
			w := rapid.SampledFrom(widths).Draw(t, "width")
			p := rapid.SliceOfN(rapid.Byte(), w, w).Draw(t, "param")
			if err := b.Add(key, p); err != nil {
				t.Fatal(err)
			}
			if i == 0 || len(params[i-1]) != w {
				runs++
			}
			params = append(params, p)
			want := replayAdds(store[string(key)], params)
			if rapid.Bool().Draw(t, "read") {
				r := newSliceReader(store)
				v, ok, err := b.Get(r, key)
				if err != nil || !ok || !bytes.Equal(v, want) {
					t.Fatalf("Get after adds %x over %x: %x, %v, %v; want %x", params, store[string(key)], v, ok, err, want)
				}
				kvs, err := b.GetRange(r, fdb.Key("a"), fdb.Key("z"), fdb.RangeOptions{})
				if err != nil || len(kvs) != 1 || !bytes.Equal(kvs[0].Value, want) {
					t.Fatalf("GetRange after adds %x over %x: %v, %v; want %x", params, store[string(key)], kvs, err, want)
				}
			}
		}
		committed := store[string(key)]
		if rapid.Bool().Draw(t, "changed before the commit") {
			committed = rapid.SliceOfN(rapid.Byte(), 0, 12).Draw(t, "committed")
		}
		var writes []Write
		for w := range b.Writes() {
			writes = append(writes, w)
		}
		if len(writes) != 1 || writes[0].Op != OpAdd {
			t.Fatalf("writes %+v, want one pending add", writes)
		}
		if len(writes[0].Params) != runs {
			t.Fatalf("%d parameters for %d runs of one width (%x)", len(writes[0].Params), runs, params)
		}
		got, keep := writes[0].Apply(committed)
		if want := replayAdds(committed, params); !keep || !bytes.Equal(got, want) {
			t.Fatalf("commit of adds %x over %x: %x, want %x", params, committed, got, want)
		}
		size := 0
		for _, p := range params {
			size += len(key) + len(p)
		}
		if b.Size() != size {
			t.Fatalf("Size() = %d, want %d for %d adds", b.Size(), size, len(params))
		}
	})
}

// replayAdds applies each add in turn, as a store without folding would.
func replayAdds(v []byte, params [][]byte) []byte {
	for _, p := range params {
		v = LittleEndianAdd(v, p)
	}
	return v
}

// TestPendingAddsOfOneWidth: a thousand 8-byte adds to a counter are one
// parameter, so a read of the counter costs one addition.
func TestPendingAddsOfOneWidth(t *testing.T) {
	var b WriteBuffer
	one := []byte{1, 0, 0, 0, 0, 0, 0, 0}
	for range 1000 {
		if err := b.Add(fdb.Key("n"), one); err != nil {
			t.Fatal(err)
		}
	}
	v, ok, err := b.Get(newSliceReader(map[string][]byte{"n": {0xff, 0xff, 0, 0, 0, 0, 0, 0}}), fdb.Key("n"))
	if want := []byte{0xe7, 0x03, 1, 0, 0, 0, 0, 0}; err != nil || !ok || !bytes.Equal(v, want) {
		t.Fatalf("Get = %x, %v, %v; want %x (65535 + 1000)", v, ok, err, want)
	}
	for w := range b.Writes() {
		if len(w.Params) != 1 {
			t.Fatalf("%d parameters for 1000 adds of one width", len(w.Params))
		}
	}
}
