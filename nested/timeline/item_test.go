package timeline_test

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb/boltstore"
	"github.com/fdbtuple/fdbtuple/nested"
	"github.com/fdbtuple/fdbtuple/nested/timeline"
	"github.com/fdbtuple/fdbtuple/tuple"
)

func TestReadItem(t *testing.T) {
	p := nested.New("user", timeline.Ada).Child("post", 1234).Child("comment", 1678901234).Child("react", 42)
	key, err := p.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	it, err := timeline.ReadItem(key)
	if err != nil || it != (timeline.Item{Depth: 4, User: timeline.Ada, Post: 1234, Comment: 1678901234, React: 42}) {
		t.Fatalf("ReadItem = %+v, %v", it, err)
	}
	if !it.Path().Equal(p) {
		t.Errorf("Path() = %v, want %v", it.Path(), p)
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = timeline.ReadItem(key) }); n != 0 {
		t.Errorf("ReadItem: %v allocations, want 0", n)
	}
	bad, _ := nested.New("user", timeline.Ada).Child("photo", 1).MarshalBinary()
	var de *tuple.DecodeError
	if _, err := timeline.ReadItem(bad); !errors.Is(err, tuple.ErrConstMismatch) || !errors.As(err, &de) || de.Offset != 26 {
		t.Errorf("a photo segment: %v", err)
	}
}

// TestScanAllocs holds the subtree scan to at most 2 allocations per key:
// a user, its 100 posts and their 900 comments, read and decoded.
func TestScanAllocs(t *testing.T) {
	ctx := context.Background()
	kv, err := boltstore.Open(filepath.Join(t.TempDir(), "scan.db"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer kv.Close()
	user := nested.New("user", timeline.Ada)
	rs := []timeline.Record{{Path: user, Value: "Ada"}}
	for p := range 100 {
		post := user.Child("post", p)
		rs = append(rs, timeline.Record{Path: post, Value: "a post of several words"})
		for c := range 9 {
			rs = append(rs, timeline.Record{Path: post.Child("comment", 1_678_900_000+c), Value: "a comment of several words"})
		}
	}
	if err := timeline.Load(ctx, kv, rs, 1000); err != nil {
		t.Fatal(err)
	}
	begin, end, _ := user.Subtree()
	var n int
	allocs := testing.AllocsPerRun(5, func() {
		es, err := timeline.Scan(ctx, kv, begin, end, false, 0, 0)
		if err != nil {
			t.Fatal(err)
		}
		n = len(es)
	})
	if n != 1001 || allocs/float64(n) > 2 {
		t.Errorf("Scan of %d keys: %.2f allocations per key, want at most 2", n, allocs/float64(n))
	}
	t.Logf("%.2f allocations per key", allocs/float64(n))
}
