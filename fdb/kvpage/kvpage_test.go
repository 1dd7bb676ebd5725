package kvpage_test

import (
	"encoding/base64"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/kvpage"
	"github.com/fdbtuple/fdbtuple/fdb/memstore"
	"github.com/fdbtuple/fdbtuple/fdb/storekit"
)

// TestPairsEveryPageSize: for every page size from 1 past the range's
// size, both directions and several limits, Pairs yields the range's
// pairs in order, no more than the limit, in as many reads as pages.
func TestPairsEveryPageSize(t *testing.T) {
	eachStore(t, func(t *testing.T, db fdb.Transactor, stats *storekit.ReadStats) {
		want, all := numbered(23)
		set(t, db, all...)
		for size := 1; size <= 25; size++ {
			for _, reverse := range []bool{false, true} {
				for _, limit := range []int{0, 1, 5, 22, 23, 24} {
					stats.Reset()
					got, err := collect(kvpage.Pairs(db, kRange, kvpage.Options{PageSize: size, Limit: limit, Reverse: reverse}))
					if err != nil {
						t.Fatal(err)
					}
					w := want
					if reverse {
						w = reversed(w)
					}
					if limit > 0 && limit < len(w) {
						w = w[:limit]
					}
					if !samePairs(got, w) {
						t.Fatalf("size %d, reverse %v, limit %d: %q, want %q", size, reverse, limit, keysOf(got), keysOf(w))
					}
					// One read per page: the pages the pairs fill, and one
					// pair more than the page for each but a last one cut by
					// the limit, to know whether the range goes on.
					pages := int64(max(1, (len(w)+size-1)/size))
					if reads := stats.Reads(); reads.GetRanges != pages || reads.Keys > int64(len(w))+pages {
						t.Errorf("size %d, reverse %v, limit %d: %d reads of %d keys for %d pages of %d pairs", size, reverse, limit, reads.GetRanges, reads.Keys, pages, len(w))
					}
				}
			}
		}
	})
}

// TestReadPagesEveryPageSize: following Next from the first page reads
// the whole range, page by page, for every page size, both ways; Back from
// any page reads the pages before it, the other way.
func TestReadPagesEveryPageSize(t *testing.T) {
	eachStore(t, func(t *testing.T, db fdb.Transactor, _ *storekit.ReadStats) {
		want, all := numbered(23)
		set(t, db, all...)
		for size := 1; size <= 25; size++ {
			for _, reverse := range []bool{false, true} {
				w := want
				if reverse {
					w = reversed(w)
				}
				var got []fdb.KeyValue
				var backs []string
				var starts []int
				after := ""
				for {
					p, err := kvpage.Read(db, kRange, after, kvpage.Options{PageSize: size, Reverse: reverse})
					if err != nil {
						t.Fatal(err)
					}
					if p.Reverse != reverse || len(p.Items) > size || (after == "") != (p.Back == "") {
						t.Fatalf("size %d, reverse %v: page after %q: Reverse %v, %d items, Back %q", size, reverse, after, p.Reverse, len(p.Items), p.Back)
					}
					starts, backs = append(starts, len(got)), append(backs, p.Back)
					got = append(got, p.Items...)
					if p.Next == "" {
						break
					}
					after = p.Next
				}
				if !samePairs(got, w) {
					t.Fatalf("size %d, reverse %v: pages hold %q, want %q", size, reverse, keysOf(got), keysOf(w))
				}
				for i, back := range backs[1:] {
					// Back from page i+1 reads, the other way, what came
					// before it: from its first item back to the start.
					var before []fdb.KeyValue
					for after := back; after != ""; {
						p, err := kvpage.Read(db, kRange, after, kvpage.Options{PageSize: size})
						if err != nil {
							t.Fatal(err)
						}
						if p.Reverse == reverse {
							t.Fatalf("Back of a page read with reverse %v reads the same way", reverse)
						}
						before = append(before, p.Items...)
						after = p.Next
					}
					if wantBefore := reversed(w[:starts[i+1]]); !samePairs(before, wantBefore) {
						t.Fatalf("size %d, reverse %v: Back of page %d reads %q, want %q", size, reverse, i+1, keysOf(before), keysOf(wantBefore))
					}
				}
			}
		}
	})
}

// TestEmptyRanges: a range with no keys, and one whose begin is at or
// after its end, give no pairs and a page with no continuation.
func TestEmptyRanges(t *testing.T) {
	eachStore(t, func(t *testing.T, db fdb.Transactor, _ *storekit.ReadStats) {
		_, all := numbered(5)
		set(t, db, all...)
		for _, r := range []fdb.KeyRange{
			{Begin: fdb.Key("k99"), End: fdb.Key("k_")},
			{Begin: fdb.Key("l"), End: fdb.Key("k")},
			{Begin: fdb.Key("k01"), End: fdb.Key("k01")},
		} {
			for _, reverse := range []bool{false, true} {
				got, err := collect(kvpage.Pairs(db, r, kvpage.Options{PageSize: 2, Reverse: reverse}))
				if err != nil || len(got) != 0 {
					t.Errorf("Pairs of %v: %q, %v", r, keysOf(got), err)
				}
				p, err := kvpage.Read(db, r, "", kvpage.Options{PageSize: 2, Reverse: reverse})
				if err != nil || len(p.Items) != 0 || p.Next != "" || p.Back != "" {
					t.Errorf("Read of %v: %+v, %v", r, p, err)
				}
			}
		}
	})
}

// TestContinuationRefused: a continuation of another range, one whose
// key lies outside the range, and damaged ones are refused with the
// error that says which, never read.
func TestContinuationRefused(t *testing.T) {
	db := memstore.New(nil)
	_, all := numbered(10)
	set(t, db, all...)
	p, err := kvpage.Read(db, kRange, "", kvpage.Options{PageSize: 3})
	if err != nil || p.Next == "" {
		t.Fatalf("first page: %+v, %v", p, err)
	}
	other := fdb.KeyRange{Begin: fdb.Key("k0"), End: fdb.Key("k1")}
	if _, err := kvpage.Read(db, other, p.Next, kvpage.Options{PageSize: 3}); !errors.Is(err, kvpage.ErrOtherRange) {
		t.Errorf("a continuation of [k, l) given with [k0, k1): %v, want ErrOtherRange", err)
	}
	// A continuation with the right fingerprint and a key outside the
	// range: forged, as a client could. It is refused too.
	wide := fdb.KeyRange{Begin: fdb.Key("a"), End: fdb.Key("z")}
	q, err := kvpage.Read(db, wide, "", kvpage.Options{PageSize: 1})
	if err != nil {
		t.Fatal(err)
	}
	forged := forgeKey(t, q.Next, "zz")
	if _, err := kvpage.Read(db, wide, forged, kvpage.Options{PageSize: 1}); !errors.Is(err, kvpage.ErrOtherRange) || !strings.Contains(err.Error(), "outside") {
		t.Errorf("a continuation whose key lies outside the range: %v, want ErrOtherRange", err)
	}
	raw, err := base64.RawURLEncoding.DecodeString(p.Next)
	if err != nil {
		t.Fatal(err)
	}
	otherFormat := append([]byte{9}, raw[1:len(raw)-4]...)
	oddLength := p.Next // cut to a length no base64url text has
	for len(oddLength)%4 != 1 {
		oddLength = oddLength[:len(oddLength)-1]
	}
	for _, c := range []struct{ cursor, want string }{
		{"not+base64", "offset 3"},
		{"AQ", "cut short"},
		{p.Next[:8], "cut short"},
		{p.Next[:len(p.Next)-4], "check value"},
		{p.Next[:len(p.Next)-1] + "A", "check value"},
		{oddLength, "cut or extended"},
		{reseal(otherFormat), "format 9"},
		{strings.Repeat("A", 20_000), "past the 13352"},
	} {
		if _, err := kvpage.Read(db, kRange, c.cursor, kvpage.Options{PageSize: 3}); !errors.Is(err, kvpage.ErrBadCursor) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("continuation %q: %v, want ErrBadCursor saying %q", c.cursor, err, c.want)
		}
	}
}

// TestInvalidOptions: the options no read can take are refused before
// any read.
func TestInvalidOptions(t *testing.T) {
	stats := new(storekit.ReadStats)
	db := memstore.New(&memstore.Options{Stats: stats})
	for _, o := range []kvpage.Options{{PageSize: -1}, {Limit: -1}} {
		if _, err := collect(kvpage.Pairs(db, kRange, o)); !errors.Is(err, kvpage.ErrInvalidOptions) {
			t.Errorf("Pairs with %+v: %v, want ErrInvalidOptions", o, err)
		}
	}
	if _, err := kvpage.Read(db, kRange, "", kvpage.Options{Limit: 3}); !errors.Is(err, kvpage.ErrInvalidOptions) {
		t.Errorf("Read with a Limit: %v, want ErrInvalidOptions", err)
	}
	if _, err := collect(kvpage.Pairs(db, fdb.KeyRange{}, kvpage.Options{})); !errors.Is(err, kvpage.ErrInvalidOptions) {
		t.Errorf("Pairs of the zero KeyRange: %v, want ErrInvalidOptions", err)
	}
	if n := stats.Reads().GetRanges; n != 0 {
		t.Errorf("%d reads for refused options", n)
	}
}

// TestBreakStopsReading: leaving the loop reads no further page.
func TestBreakStopsReading(t *testing.T) {
	eachStore(t, func(t *testing.T, db fdb.Transactor, stats *storekit.ReadStats) {
		_, all := numbered(20)
		set(t, db, all...)
		stats.Reset()
		n := 0
		for _, err := range kvpage.Pairs(db, kRange, kvpage.Options{PageSize: 3}) {
			if err != nil {
				t.Fatal(err)
			}
			if n++; n == 4 { // the first pair of the second page
				break
			}
		}
		if reads := stats.Reads().GetRanges; reads != 2 {
			t.Errorf("breaking out in the second page: %d reads, want 2", reads)
		}
	})
}

// TestErrorEndsIteration: a store's error is yielded once, with a zero
// pair, after the pages read before it, and ends the iteration.
func TestErrorEndsIteration(t *testing.T) {
	db := &failing{Transactor: memstore.New(nil), n: 3}
	_, all := numbered(20)
	set(t, db, all...)
	var keys []string
	errs := 0
	for kv, err := range kvpage.Pairs(db, kRange, kvpage.Options{PageSize: 4}) {
		if err != nil {
			errs++
			if !errors.Is(err, errBroken) || kv.Key != nil {
				t.Errorf("error %v with pair %q", err, kv.Key)
			}
			continue // the iteration must end by itself
		}
		keys = append(keys, string(kv.Key))
	}
	if errs != 1 || len(keys) != 8 {
		t.Errorf("%d errors after %q; want 1 after the two pages read", errs, keys)
	}
}

// TestConcurrentWritesBetweenPages: on a store, each page is read in a
// transaction of its own, so a write made after a page was read is seen
// exactly when it lies beyond that page's last key; no key comes twice
// and the order holds. In a transaction, the range is one view: the
// writes others commit meanwhile are not seen.
func TestConcurrentWritesBetweenPages(t *testing.T) {
	for _, c := range []struct {
		reverse        bool
		mid, end       string // a key inside the second page, and its last
		inPage         string // written at mid, inside the page read
		behind, beyond string // written at end
		ahead, cleared string
		clearedBehind  string
		want           string
	}{
		{false, "k04", "k05", "k04a", "k01a", "k05a", "k08a", "k07", "k02",
			"k00 k01 k02 k03 k04 k05 k05a k06 k08 k08a k09"},
		{true, "k05", "k04", "k04a", "k08a", "k03a", "k01a", "k02", "k07",
			"k09 k08 k07 k06 k05 k04 k03a k03 k01a k01 k00"},
	} {
		eachStore(t, func(t *testing.T, db fdb.Transactor, _ *storekit.ReadStats) {
			_, all := numbered(10) // k00 .. k09: pages of 3
			set(t, db, all...)
			var got []string
			for kv, err := range kvpage.Pairs(db, kRange, kvpage.Options{PageSize: 3, Reverse: c.reverse}) {
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, string(kv.Key))
				switch string(kv.Key) {
				case c.mid:
					set(t, db, kvOf(c.inPage))
				case c.end:
					set(t, db, kvOf(c.behind), kvOf(c.beyond), kvOf(c.ahead))
					clear(t, db, c.cleared, c.clearedBehind)
				}
			}
			if want := strings.Fields(c.want); !slices.Equal(got, want) {
				t.Errorf("reverse %v: %q, want %q", c.reverse, got, want)
			}
		})
	}
	t.Run("in a transaction", func(t *testing.T) {
		db := memstore.New(nil)
		_, all := numbered(10)
		set(t, db, all...)
		tr := db.Begin()
		defer tr.Cancel()
		var got []string
		for kv, err := range kvpage.Pairs(tr, kRange, kvpage.Options{PageSize: 3}) {
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, string(kv.Key))
			if string(kv.Key) == "k04" {
				set(t, db, kvOf("k08a"))
				clear(t, db, "k07")
			}
		}
		if want := strings.Fields("k00 k01 k02 k03 k04 k05 k06 k07 k08 k09"); !slices.Equal(got, want) {
			t.Errorf("in one transaction: %q, want the store as it stood, %q", got, want)
		}
	})
}

func kvOf(k string) fdb.KeyValue { return fdb.KeyValue{Key: fdb.Key(k), Value: []byte("new")} }
