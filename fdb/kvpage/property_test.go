package kvpage_test

import (
	"bytes"
	"encoding/base64"
	"errors"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/kvpage"
)

// TestPagingModel: over random keys, ranges, page sizes, limits and
// directions, on each store, against a sorted slice:
//
//   - Pairs yields the model's pairs of the range, in order, cut at the
//     limit;
//   - the pages Read gives, following Next from the first, are those
//     pairs, each of at most the page size;
//   - reading on from any page's Next gives the rest of them, and from
//     any page's Back, the ones before that page, the other way.
func TestPagingModel(t *testing.T) {
	for _, s := range stores {
		t.Run(s.name, func(t *testing.T) {
			db := s.open(t, nil)
			rapid.Check(t, func(t *rapid.T) { pagingModel(t, db) })
		})
	}
}

// keyGen draws keys from a small alphabet, so that ranges, prefixes and
// keys that continue others (k and k+00) meet often; never from FF up,
// FoundationDB's system keys, and never empty (bbolt holds no empty key).
var keyGen = rapid.Custom(func(t *rapid.T) []byte {
	first := rapid.SampledFrom([]byte{0x00, 0x01, 'a', 'b', 0xFE}).Draw(t, "first")
	rest := rapid.SliceOfN(rapid.SampledFrom([]byte{0x00, 0x01, 'a', 'b', 0xFE, 0xFF}), 0, 3).Draw(t, "rest")
	return append([]byte{first}, rest...)
})

func pagingModel(t *rapid.T, db fdb.Transactor) {
	keys := rapid.SliceOfNDistinct(keyGen, 0, 40, func(k []byte) string { return string(k) }).Draw(t, "keys")
	slices.SortFunc(keys, bytes.Compare)
	var stored []fdb.KeyValue
	for i, k := range keys {
		stored = append(stored, fdb.KeyValue{Key: fdb.Key(k), Value: []byte{byte(i)}})
	}
	if _, err := db.Transact(func(tr fdb.Transaction) (any, error) {
		if err := tr.ClearRange(fdb.KeyRange{Begin: fdb.Key{0x00}, End: fdb.Key{0xFF}}); err != nil {
			return nil, err
		}
		for _, kv := range stored {
			if err := tr.Set(kv.Key, kv.Value); err != nil {
				return nil, err
			}
		}
		return nil, nil
	}); err != nil {
		t.Fatal(err)
	}
	r := fdb.KeyRange{Begin: fdb.Key(keyGen.Draw(t, "begin")), End: fdb.Key(keyGen.Draw(t, "end"))}
	if rapid.Bool().Draw(t, "whole store") {
		r = fdb.KeyRange{Begin: fdb.Key{0x00}, End: fdb.Key{0xFF}}
	}
	o := kvpage.Options{
		PageSize: rapid.IntRange(0, 8).Draw(t, "page size"),
		Limit:    rapid.IntRange(0, len(keys)+2).Draw(t, "limit"),
		Reverse:  rapid.Bool().Draw(t, "reverse"),
	}
	var want []fdb.KeyValue // the model: the range's pairs, in the direction read
	for _, kv := range stored {
		if bytes.Compare(kv.Key, r.Begin.FDBKey()) >= 0 && bytes.Compare(kv.Key, r.End.FDBKey()) < 0 {
			want = append(want, kv)
		}
	}
	if o.Reverse {
		want = reversed(want)
	}
	size := o.PageSize
	if size == 0 {
		size = kvpage.DefaultPageSize
	}

	got, err := collect(kvpage.Pairs(db, r, o))
	limited := want
	if o.Limit > 0 && o.Limit < len(want) {
		limited = want[:o.Limit]
	}
	if err != nil || !samePairs(got, limited) {
		t.Fatalf("Pairs(%v, %+v) = %q, %v; want %q", r, o, keysOf(got), err, keysOf(limited))
	}

	o.Limit = 0
	var pages []kvpage.Page[fdb.KeyValue]
	var all []fdb.KeyValue
	for after := ""; len(pages) <= len(keys)+1; {
		p, err := kvpage.Read(db, r, after, o)
		if err != nil {
			t.Fatalf("Read after %q: %v", after, err)
		}
		if len(p.Items) > size || p.Next != "" && len(p.Items) != size {
			t.Fatalf("Read after %q: %d items, Next %q, page size %d", after, len(p.Items), p.Next, size)
		}
		pages, all = append(pages, p), append(all, p.Items...)
		if p.Next == "" {
			break
		}
		after = p.Next
	}
	if !samePairs(all, want) {
		t.Fatalf("the pages of %v, %+v hold %q; want %q", r, o, keysOf(all), keysOf(want))
	}
	readOn := func(after string, reverse bool) []fdb.KeyValue {
		var out []fdb.KeyValue
		for pages := 0; after != "" && pages <= len(keys)+1; pages++ {
			p, err := kvpage.Read(db, r, after, kvpage.Options{PageSize: o.PageSize, Reverse: rapid.Bool().Draw(t, "first page's direction, unused")})
			if err != nil {
				t.Fatalf("Read after %q: %v", after, err)
			}
			if p.Reverse != reverse {
				t.Fatalf("a continuation read with reverse %v, made for %v", p.Reverse, reverse)
			}
			out = append(out, p.Items...)
			after = p.Next
		}
		return out
	}
	at := 0
	for i, p := range pages {
		at += len(p.Items)
		if p.Next != "" {
			if rest := readOn(p.Next, o.Reverse); !samePairs(rest, want[at:]) {
				t.Fatalf("reading on from page %d's Next: %q; want %q", i, keysOf(rest), keysOf(want[at:]))
			}
		}
		if i > 0 && len(p.Items) > 0 {
			before := want[:at-len(p.Items)]
			if back := readOn(p.Back, !o.Reverse); !samePairs(back, reversed(before)) {
				t.Fatalf("reading back from page %d: %q; want %q", i, keysOf(back), keysOf(reversed(before)))
			}
		}
	}
}

// TestDamagedContinuationRefused: a continuation cut, extended, or with
// a character changed, inserted or removed, is refused with ErrBadCursor,
// or, when it decodes to the same bytes (a last character that differs
// only in bits past the data), reads the same page; it never resumes
// elsewhere. Without the check value, a cut continuation was a shorter
// key, which the next page resumed after, repeating keys.
func TestDamagedContinuationRefused(t *testing.T) {
	db := stores[0].open(t, nil)
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	rapid.Check(t, func(t *rapid.T) {
		keys := rapid.SliceOfNDistinct(keyGen, 2, 20, func(k []byte) string { return string(k) }).Draw(t, "keys")
		if _, err := db.Transact(func(tr fdb.Transaction) (any, error) {
			if err := tr.ClearRange(fdb.KeyRange{Begin: fdb.Key{0x00}, End: fdb.Key{0xFF}}); err != nil {
				return nil, err
			}
			for _, k := range keys {
				if err := tr.Set(fdb.Key(k), []byte(k)); err != nil {
					return nil, err
				}
			}
			return nil, nil
		}); err != nil {
			t.Fatal(err)
		}
		r := fdb.KeyRange{Begin: fdb.Key{0x00}, End: fdb.Key{0xFF}}
		opts := kvpage.Options{PageSize: rapid.IntRange(1, len(keys)-1).Draw(t, "page size"), Reverse: rapid.Bool().Draw(t, "reverse")}
		first, err := kvpage.Read(db, r, "", opts)
		if err != nil || first.Next == "" {
			t.Fatalf("first page: %+v, %v", first, err)
		}
		good := first.Next
		var bad string
		i := rapid.IntRange(0, len(good)-1).Draw(t, "at")
		c := rapid.SampledFrom([]byte(alphabet)).Draw(t, "character")
		switch rapid.SampledFrom([]string{"cut", "extend", "change", "insert", "remove"}).Draw(t, "damage") {
		case "cut": // to "" is the first page, no continuation
			bad = good[:max(i, 1)]
		case "extend":
			bad = good + string(c)
		case "change":
			if good[i] == c {
				t.Skip("no change")
			}
			bad = good[:i] + string(c) + good[i+1:]
		case "insert":
			bad = good[:i] + string(c) + good[i:]
		case "remove":
			bad = good[:i] + good[i+1:]
		}
		got, err := kvpage.Read(db, r, bad, opts)
		want, _ := base64.RawURLEncoding.DecodeString(good)
		if same, decErr := base64.RawURLEncoding.DecodeString(bad); decErr == nil && bytes.Equal(same, want) {
			wantPage, err2 := kvpage.Read(db, r, good, opts)
			if err != nil || err2 != nil || !samePairs(got.Items, wantPage.Items) {
				t.Fatalf("%q decodes as %q does, but reads %v (%v), not %v (%v)", bad, good, got.Items, err, wantPage.Items, err2)
			}
			return
		}
		if !errors.Is(err, kvpage.ErrBadCursor) {
			t.Fatalf("damaged continuation %q (of %q): page %v, error %v; want ErrBadCursor", bad, good, got.Items, err)
		}
	})
}
