package directory_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/directory"
	"pgregory.net/rapid"
)

// TestListPageProperty: for any set of names and any page size, the
// pages read from "" on (and from any start) are exactly List's names at
// or after the start, in order, each page at most the limit, More true
// on every page but the last.
func TestListPageProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := newStore()
		dl := directory.NewDirectoryLayerWith(subspaceFE(), allKeys(), directory.Options{Rand: seeded(3)})
		names := rapid.SliceOfDistinct(nameGen(), func(s string) string { return s }).Draw(t, "names")
		for _, name := range names {
			if _, err := dl.Create(s, []string{"d", name}, nil); err != nil {
				t.Fatal(err)
			}
		}
		if len(names) == 0 {
			if _, err := dl.Create(s, []string{"d"}, nil); err != nil {
				t.Fatal(err)
			}
		}
		all, err := dl.List(s, []string{"d"})
		if err != nil {
			t.Fatal(err)
		}
		from := rapid.OneOf(rapid.Just(""), nameGen(), rapid.SampledFrom(append(all, ""))).Draw(t, "from")
		limit := rapid.IntRange(1, 5).Draw(t, "limit")
		var want []string
		for _, n := range all {
			if n >= from {
				want = append(want, n)
			}
		}
		var got []string
		for {
			page, err := directory.ListPage(s, dl, []string{"d"}, from, limit)
			if err != nil {
				t.Fatal(err)
			}
			if len(page.Names) > limit {
				t.Fatalf("a page of %d names, limit %d", len(page.Names), limit)
			}
			got = append(got, page.Names...)
			if page.More != (len(got) < len(want)) {
				t.Fatalf("More = %v after %d of %d names", page.More, len(got), len(want))
			}
			if !page.More {
				break
			}
			from = page.Next
		}
		if !slices.Equal(got, want) {
			t.Fatalf("pages %q, want %q", got, want)
		}
		var iterated []string
		for name, err := range directory.Children(s, dl, []string{"d"}, limit) {
			if err != nil {
				t.Fatal(err)
			}
			iterated = append(iterated, name)
		}
		if !slices.Equal(iterated, all) {
			t.Fatalf("Children %q, want %q", iterated, all)
		}
		if findings, err := directory.Check(s, dl); err != nil || len(findings) > 0 {
			t.Fatalf("Check: %v, %v", findings, err)
		}
	})
}

// nameGen draws names that collide often: a small alphabet, the empty
// name, 00 inside, "/", NFC and NFD, non-BMP.
func nameGen() *rapid.Generator[string] {
	return rapid.OneOf(
		rapid.SampledFrom([]string{"", "a", "b", "c", "a\x00", "a\x00b", "/", "café", "cafe\u0301", "\U0001F600", "\x00", "ab"}),
		rapid.StringOfN(rapid.RuneFrom([]rune{'a', 'b', 0, 'é', '\U0001F600'}), 0, 3, -1),
	)
}

// TestListPageCost: a page reads what resolving the path reads, then one
// range read of limit+1 entries, whatever the directory's size.
func TestListPageCost(t *testing.T) {
	s, dl := newDefault(t, false)
	_, err := s.Transact(func(tr fdb.Transaction) (any, error) {
		for i := range 300 {
			if _, err := dl.Create(tr, []string{"big", fmt.Sprintf("%04d", i)}, nil); err != nil {
				return nil, err
			}
		}
		return nil, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var page directory.Page
	log := runTraced(t, s, func(tr fdb.Transaction) error {
		var err error
		page, err = directory.ListPage(tr, dl, []string{"big"}, "0100", 10)
		return err
	})
	if !page.More || page.Names[0] != "0100" || page.Names[9] != "0109" || page.Next != "0109\x00" {
		t.Errorf("page %+v", page)
	}
	var ranges []string
	for _, l := range log {
		if strings.HasPrefix(l, "range ") {
			ranges = append(ranges, l)
		}
	}
	if len(log) != 4 || len(ranges) != 1 || !strings.HasSuffix(ranges[0], " limit 11") {
		t.Errorf("reads of ListPage: %q; want the version, the entry, the layer and one range read of limit 11", log)
	}
}
