package timeline_test

import (
	"bytes"
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/boltstore"
	"github.com/fdbtuple/fdbtuple/nested"
	"github.com/fdbtuple/fdbtuple/nested/timeline"
)

func loaded(t *testing.T) fdb.Transactor {
	t.Helper()
	s, err := boltstore.Open(filepath.Join(t.TempDir(), "t.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	if err := timeline.Load(context.Background(), s, timeline.Dataset(), 4); err != nil {
		t.Fatal(err)
	}
	return s
}

func paths(es []timeline.Entry) []string {
	var out []string
	for _, e := range es {
		out = append(out, strings.ReplaceAll(e.Path().String(), "4c9d36e5-6b19-4e6a-828c-226ed667458a", "ADA"))
	}
	return out
}

// TestQueries pins every scan of the demo: exact keys, exact order.
func TestQueries(t *testing.T) {
	qs, err := timeline.Queries(context.Background(), loaded(t))
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		{"/user-ADA", "/user-ADA/post--10", "/user-ADA/post--1", "/user-ADA/post-2", "/user-ADA/post-9",
			"/user-ADA/post-10", "/user-ADA/post-10/comment-1690000000", "/user-ADA/post-99", "/user-ADA/post-100",
			"/user-ADA/post-1234", "/user-ADA/post-1234/comment-1678901234", "/user-ADA/post-1234/comment-1678901234/react-7",
			"/user-ADA/post-1234/comment-1678901234/react-42", "/user-ADA/post-1234/comment-1678999999",
			"/user-ADA/post-1234/comment-1700000000", "/user-ADA/post-1234/comment-1700000000/react-42"},
		{"/user-ADA/post-1234", "/user-ADA/post-1234/comment-1678901234", "/user-ADA/post-1234/comment-1678901234/react-7",
			"/user-ADA/post-1234/comment-1678901234/react-42", "/user-ADA/post-1234/comment-1678999999",
			"/user-ADA/post-1234/comment-1700000000", "/user-ADA/post-1234/comment-1700000000/react-42"},
		{"/user-ADA/post-9", "/user-ADA/post-10", "/user-ADA/post-99", "/user-ADA/post-100"},
		{"/user-ADA/post-1234/comment-1700000000", "/user-ADA/post-1234/comment-1678999999", "/user-ADA/post-1234/comment-1678901234"},
	}
	if len(qs) != len(want) {
		t.Fatalf("%d queries", len(qs))
	}
	for i, q := range qs {
		if got := paths(q.Entries); !slices.Equal(got, want[i]) {
			t.Errorf("%s:\n got %q\nwant %q", q.Title, got, want[i])
		}
	}
}

// TestNaiveOrderIsWrong: the naive string keys put post 10 before post 9,
// which is what the demo shows.
func TestNaiveOrderIsWrong(t *testing.T) {
	keys, err := timeline.NaiveScan(context.Background(), loaded(t), timeline.NaiveKey(nested.New("user", timeline.Ada))+"#POST#")
	if err != nil {
		t.Fatal(err)
	}
	i10 := slices.IndexFunc(keys, func(k string) bool { return strings.HasSuffix(k, "#POST#10") })
	i9 := slices.IndexFunc(keys, func(k string) bool { return strings.HasSuffix(k, "#POST#9") })
	if i10 < 0 || i9 < 0 || i10 > i9 {
		t.Errorf("naive order %q does not show POST#10 before POST#9", keys)
	}
}

// TestRun runs the whole demo as the command does.
func TestRun(t *testing.T) {
	var out bytes.Buffer
	if err := timeline.Run(&out, filepath.Join(t.TempDir(), "demo.db")); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"Loaded 21 records", "latest first", "/post-1234/comment-1700000000", "#POST#10"} {
		if !strings.Contains(out.String(), s) {
			t.Errorf("output lacks %q:\n%s", s, out.String())
		}
	}
}

// TestIndexAgrees: every comment has its index entry and every entry its
// comment, and a write that drops one side is caught.
func TestIndexAgrees(t *testing.T) {
	ctx := context.Background()
	kv := loaded(t)
	if err := timeline.CheckIndex(ctx, kv); err != nil {
		t.Fatal(err)
	}
	comment, err := nested.New("user", timeline.Ada).Child("post", 1234).Child("comment", 1700000000).MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := kv.Transact(func(tr fdb.Transaction) (any, error) { return nil, tr.Clear(comment) }); err != nil { // the item only
		t.Fatal(err)
	}
	if err := timeline.CheckIndex(ctx, kv); err == nil || !strings.Contains(err.Error(), "not stored") {
		t.Errorf("CheckIndex after deleting an item = %v", err)
	}
}

// TestReverseAndLimit: reverse pages and limits on the store interface.
func TestReverseAndLimit(t *testing.T) {
	ctx := context.Background()
	kv := loaded(t)
	begin, end, err := nested.New("user", timeline.Ada).KindRange("post")
	if err != nil {
		t.Fatal(err)
	}
	fwd, err := timeline.Scan(ctx, kv, begin, end, false, 2, 0)
	if err != nil {
		t.Fatal(err)
	}
	rev, err := timeline.Scan(ctx, kv, begin, end, true, 2, 0)
	if err != nil {
		t.Fatal(err)
	}
	slices.Reverse(rev)
	if len(fwd) != 8 || !slices.Equal(paths(fwd), paths(rev)) {
		t.Errorf("forward %q, reverse %q", paths(fwd), paths(rev))
	}
	two, err := timeline.Scan(ctx, kv, begin, end, false, 2, 2)
	if err != nil || len(two) != 2 {
		t.Errorf("limit 2: %v, %v", paths(two), err)
	}
}
