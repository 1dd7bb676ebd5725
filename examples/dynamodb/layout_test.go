package main

import (
	"bytes"
	"testing"

	"github.com/fdbtuple/fdbtuple/nested"
	"github.com/fdbtuple/fdbtuple/nested/timeline"
	"github.com/fdbtuple/fdbtuple/tuple"
	"pgregory.net/rapid"
)

// layoutKey draws keys where the layout has its edges: packed tuples
// (whose first element is a partition; strings and byte strings whose
// encoding another's continues: "a" and "a\x00"), raw bytes around the
// type codes
// (00, a null element; 01 and 02, strings that may be cut short; 33 and
// 34, the last type code and the first raw byte; FE), the empty key, keys
// whose rest starts with 00, sort keys around longSK bytes, and first
// elements longer than a partition key may be.
var layoutKey = rapid.Custom(func(t *rapid.T) []byte {
	var k []byte
	switch rapid.IntRange(0, 3).Draw(t, "kind") {
	case 0:
		var tu tuple.Tuple
		for range rapid.IntRange(1, 3).Draw(t, "elements") {
			tu = append(tu, rapid.SampledFrom([]tuple.TupleElement{"a", "a\x00", "b", "", int64(0), int64(7), int64(256), nil, []byte{}, []byte{0}, tuple.Tuple{nil}}).Draw(t, "element"))
		}
		k = tu.Pack()
	case 1:
		k = rapid.SliceOfN(rapid.SampledFrom([]byte{0x00, 0x01, 0x02, 0x14, 0x15, 0x33, 0x34, 'a', 0xFE, 0xFF}), 0, 6).Filter(func(k []byte) bool {
			return len(k) == 0 || k[0] != 0xFF // keys start below FF
		}).Draw(t, "raw")
	case 2:
		k = tuple.Tuple{string(bytes.Repeat([]byte{'s'}, rapid.IntRange(maxPK-4, maxPK+2).Draw(t, "first element length")))}.Pack()
	default:
		k = []byte{rapid.SampledFrom([]byte{0x02, 'a'}).Draw(t, "head")}
	}
	if rapid.IntRange(0, 3).Draw(t, "long") == 3 {
		k = append(k, bytes.Repeat([]byte{'x'}, rapid.IntRange(longSK-8, longSK+4).Draw(t, "padding"))...)
		k = append(k, rapid.SliceOfN(rapid.SampledFrom([]byte{0x00, 'x', 'y'}), 0, 3).Draw(t, "tail")...)
	}
	return k
})

// TestLayoutProperties: for any keys, the layout is one to one (two keys
// never share an item, and a key whose sort key is not cut comes back from
// JoinKey), keys and their items' attributes fit DynamoDB's sizes, keys in
// one partition are in sort key order except among long keys that share
// their first longSK bytes (which a read sorts), and a range that planRange
// reads with a Query finds every key of the range in that partition between
// the Query's bounds (it filters out what lies beyond).
func TestLayoutProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		keys := rapid.SliceOfNDistinct(layoutKey, 1, 12, func(k []byte) string { return string(k) }).Draw(t, "keys")
		items := map[itemID][]byte{}
		for _, k := range keys {
			ik := itemKeyOf(k)
			if len(ik.pk) == 0 || len(ik.pk) > maxPK || len(ik.sk) == 0 || len(ik.sk) > 1024 {
				t.Fatalf("%x: PK of %d bytes, SK of %d", k, len(ik.pk), len(ik.sk))
			}
			if other, dup := items[idOf(ik)]; dup {
				t.Fatalf("%x and %x share an item", other, k)
			}
			items[idOf(ik)] = k
			if !ik.long && !bytes.Equal(JoinKey(ik.pk, ik.sk), k) {
				t.Fatalf("%x: JoinKey gives %x", k, JoinKey(ik.pk, ik.sk))
			}
		}
		for _, a := range keys {
			for _, b := range keys {
				ia, ib := itemKeyOf(a), itemKeyOf(b)
				if bytes.Compare(a, b) >= 0 || !bytes.Equal(ia.pk, ib.pk) {
					continue
				}
				sameGroup := ia.long && ib.long && bytes.Equal(ia.sk[:longSK], ib.sk[:longSK])
				if !sameGroup && bytes.Compare(ia.sk, ib.sk) >= 0 {
					t.Fatalf("%x < %x, but their sort keys %x and %x are not in order", a, b, ia.sk, ib.sk)
				}
			}
		}
		// Bounds at, just after, or near the keys: where a Query's bounds
		// must be exact.
		bound := func(label string) []byte {
			k := rapid.SampledFrom(keys).Draw(t, label)
			switch rapid.IntRange(0, 3).Draw(t, label+" kind") {
			case 1:
				return append(bytes.Clone(k), 0x00)
			case 2:
				return append(bytes.Clone(k), 'y')
			case 3:
				return layoutKey.Draw(t, label+" other")
			}
			return k
		}
		begin, end := bound("begin"), bound("end")
		if bytes.Compare(begin, end) >= 0 {
			return
		}
		p := planRange(begin, end)
		if p.scan {
			return
		}
		for _, k := range keys {
			if bytes.Compare(k, begin) < 0 || bytes.Compare(k, end) >= 0 {
				continue
			}
			ik := itemKeyOf(k)
			if !bytes.Equal(ik.pk, p.pk) || bytes.Compare(ik.sk, p.low) < 0 || p.high != nil && bytes.Compare(ik.sk, p.high) > 0 {
				t.Fatalf("[%x, %x) holds %x (PK %x, SK %x), which its Query (PK %x, SK from %x to %x) misses", begin, end, k, ik.pk, ik.sk, p.pk, p.low, p.high)
			}
		}
	})
}

// TestTimelineLayout: the timeline's key paths split after their user
// segment (one partition per user, as before the layout had a raw
// partition), its index keys after "idx", and its naive string keys go to
// the raw partition whole.
func TestTimelineLayout(t *testing.T) {
	ada := nested.New("user", timeline.Ada)
	post := ada.Child("post", 7)
	pk, sk := SplitKey(post.Pack())
	if !bytes.Equal(pk, ada.Pack()) || !bytes.Equal(append(pk, sk...), post.Pack()) {
		t.Errorf("post: PK %x, SK %x", pk, sk)
	}
	if pk, sk := SplitKey(ada.Pack()); !bytes.Equal(pk, ada.Pack()) || !bytes.Equal(sk, []byte{0x00}) {
		t.Errorf("the user's own item: PK %x, SK %x", pk, sk)
	}
	naive := []byte(timeline.NaiveKey(post))
	if pk, sk := SplitKey(naive); !bytes.Equal(pk, rawPK) || !bytes.Equal(sk, naive) {
		t.Errorf("naive key: PK %x, SK %q", pk, sk)
	}
}

// TestFamilyEnd: the keys that start with a first element e are those
// below familyEnd(e) when e continues as an element of its own, above it
// when the element goes on (an escaped 00 in a string, byte string or
// nested tuple): for any element and any rest, e‖rest has e as its first
// element exactly when it sorts below familyEnd(e).
func TestFamilyEnd(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		e := tuple.Tuple{rapid.SampledFrom([]tuple.TupleElement{"a", "", "a\x00", []byte{}, []byte{0, 0xFF}, int64(0), int64(256), int64(-1),
			nil, true, 1.5, tuple.Tuple{}, tuple.Tuple{nil}, tuple.Tuple{"x", int64(1)}}).Draw(t, "element")}.Pack()
		rest := rapid.SliceOfN(rapid.SampledFrom([]byte{0x00, 0x01, 0x05, 0x14, 'a', 0xFE, 0xFF}), 0, 4).Draw(t, "rest")
		k := append(bytes.Clone(e), rest...)
		first := tupleHead(k) == len(e)
		if below := bytes.Compare(k, familyEnd(e)) < 0; first != below {
			t.Fatalf("%x: first element %x: %v; below familyEnd %x: %v", k, e, first, familyEnd(e), below)
		}
	})
}
