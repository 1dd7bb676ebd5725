package timeline_test

import (
	"bytes"
	"context"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/nested/timeline"
)

// TestListing: a loaded store lists every record's keys (item, naive key,
// a comment's index entry) in order, and DiffListings finds a changed
// value, a changed key and a missing pair.
func TestListing(t *testing.T) {
	kv := loaded(t)
	got, err := timeline.Listing(context.Background(), kv)
	if err != nil {
		t.Fatal(err)
	}
	comments := 0
	for _, r := range timeline.Dataset() {
		if r.Path.Kind() == "comment" {
			comments++
		}
	}
	if want := 2*len(timeline.Dataset()) + comments; len(got) != want {
		t.Fatalf("%d pairs, want %d", len(got), want)
	}
	for i := 1; i < len(got); i++ {
		if bytes.Compare(got[i-1].Key, got[i].Key) >= 0 {
			t.Fatalf("pair %d out of order", i)
		}
	}
	if err := timeline.DiffListings(got, got); err != nil {
		t.Fatal(err)
	}
	changed := append([]fdb.KeyValue(nil), got...)
	changed[3].Value = []byte("other")
	moved := append([]fdb.KeyValue(nil), got...)
	moved[5].Key = append(bytes.Clone(moved[5].Key), 0)
	for _, bad := range [][]fdb.KeyValue{changed, moved, got[1:]} {
		if timeline.DiffListings(bad, got) == nil {
			t.Error("a difference was not found")
		}
	}
}
