package kvpage_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/kvpage"
	"github.com/fdbtuple/fdbtuple/fdb/storekit"
	"github.com/fdbtuple/fdbtuple/subspace"
	"github.com/fdbtuple/fdbtuple/tuple"
)

// commentKey is a comment's key: the post, the time newest first, and a
// sequence number.
type commentKey struct {
	Post int64
	At   time.Time `tuple:",desc,unit=ms"`
	Seq  int64
}

var commentPlan = tuple.MustPlan[commentKey](tuple.Codec{})

func hhmm(h, m int) time.Time { return time.Date(2024, 3, 1, h, m, 0, 0, time.UTC) }

// loadComments writes the comments of posts 1 and 2 at 12:00, 12:30,
// 13:00, 13:30 and 14:00 under the plan u, each with the value
// "post/hh:mm/seq".
func loadComments(t *testing.T, db fdb.Transactor, u *tuple.PlanUnder[commentKey]) {
	t.Helper()
	var kvs []fdb.KeyValue
	for _, post := range []int64{1, 2} {
		for _, at := range []time.Time{hhmm(12, 0), hhmm(12, 30), hhmm(13, 0), hhmm(13, 30), hhmm(14, 0)} {
			for seq := range int64(2) {
				key, err := u.Marshal(&commentKey{Post: post, At: at, Seq: seq})
				if err != nil {
					t.Fatal(err)
				}
				kvs = append(kvs, fdb.KeyValue{Key: key, Value: fmt.Appendf(nil, "%d/%s/%d", post, at.Format("15:04"), seq)})
			}
		}
	}
	set(t, db, kvs...)
}

// TestItemsThroughPlan: Items and ReadItems yield the keys of a Between
// range decoded through a PlanUnder, in key order (newest first on the
// desc field), with their values; page by page, the same.
func TestItemsThroughPlan(t *testing.T) {
	eachStore(t, func(t *testing.T, db fdb.Transactor, _ *storekit.ReadStats) {
		u := commentPlan.Under(subspace.Sub("comments").Bytes())
		loadComments(t, db, u)
		begin, end, err := u.Between("At", tuple.From(&commentKey{Post: 2, At: hhmm(12, 30)}).Below(&commentKey{Post: 2, At: hhmm(14, 0)}))
		if err != nil {
			t.Fatal(err)
		}
		r := fdb.KeyRange{Begin: fdb.Key(begin), End: fdb.Key(end)}
		want := strings.Fields("2/13:30/0 2/13:30/1 2/13:00/0 2/13:00/1 2/12:30/0 2/12:30/1")
		var got []string
		for it, err := range kvpage.Items(db, u, r, kvpage.Options{PageSize: 4}) {
			if err != nil {
				t.Fatal(err)
			}
			if s := fmt.Sprintf("%d/%s/%d", it.Decoded.Post, it.Decoded.At.Format("15:04"), it.Decoded.Seq); s != string(it.Value) {
				t.Errorf("key %s decodes to %s, stored with the value %s", it.Key, s, it.Value)
			}
			got = append(got, string(it.Value))
		}
		if !slices.Equal(got, want) {
			t.Errorf("Items = %q, want %q", got, want)
		}
		got = nil
		for after := ""; ; {
			p, err := kvpage.ReadItems(db, u, r, after, kvpage.Options{PageSize: 4})
			if err != nil {
				t.Fatal(err)
			}
			for _, it := range p.Items {
				got = append(got, string(it.Value))
			}
			if after = p.Next; after == "" {
				break
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("ReadItems pages = %q, want %q", got, want)
		}
	})
}

// TestItemsUndecodable: a key of the range that the plan refuses ends the
// iteration with a KeyError that names the key and, through the plan's
// error, the offset; the keys before it are yielded, none is skipped.
func TestItemsUndecodable(t *testing.T) {
	eachStore(t, func(t *testing.T, db fdb.Transactor, _ *storekit.ReadStats) {
		u := commentPlan.Under(subspace.Sub("comments").Bytes())
		loadComments(t, db, u)
		// A key of another shape among post 2's, whose At holds a string:
		// ("comments", 2, desc("oops")), after every time of the post (a
		// string's code, 02, inverted is above an integer's).
		descCodec := tuple.Codec{Extensions: []tuple.Extension{tuple.DescExtension(tuple.DefaultDescCode)}}
		tail, err := descCodec.Pack(tuple.Tuple{int64(2), tuple.Desc{V: "oops"}})
		if err != nil {
			t.Fatal(err)
		}
		bad := append(subspace.Sub("comments").Bytes(), tail...)
		set(t, db, fdb.KeyValue{Key: bad, Value: []byte("?")})
		begin, end, err := u.Range(&commentKey{Post: 2}, "Post")
		if err != nil {
			t.Fatal(err)
		}
		r := fdb.KeyRange{Begin: fdb.Key(begin), End: fdb.Key(end)}
		n, errs := 0, 0
		for it, err := range kvpage.Items(db, u, r, kvpage.Options{PageSize: 3}) {
			if err != nil {
				errs++
				var ke *kvpage.KeyError
				if !errors.As(err, &ke) || string(ke.Key) != string(bad) || !errors.Is(err, kvpage.ErrUndecodable) ||
					!errors.Is(err, tuple.ErrWrongType) || !strings.Contains(err.Error(), "offset 13") {
					t.Errorf("the undecodable key: %v", err)
				}
				continue
			}
			if it.Decoded.Post != 2 {
				t.Errorf("a key of post %d", it.Decoded.Post)
			}
			n++
		}
		if errs != 1 || n != 10 {
			t.Errorf("%d comments, then %d errors; want the post's 10, then the error once", n, errs)
		}
		// Page by page: the fourth page holds it, and fails.
		after := ""
		for page := 1; ; page++ {
			p, err := kvpage.ReadItems(db, u, r, after, kvpage.Options{PageSize: 3})
			if err != nil {
				if page != 4 || !errors.Is(err, kvpage.ErrUndecodable) {
					t.Errorf("ReadItems of page %d: %v", page, err)
				}
				break
			}
			if after = p.Next; after == "" {
				t.Fatalf("ReadItems read every page without an error")
			}
		}
	})
}
