package kvpage_test

import (
	"fmt"
	"time"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/kvpage"
	"github.com/fdbtuple/fdbtuple/fdb/memstore"
	"github.com/fdbtuple/fdbtuple/subspace"
	"github.com/fdbtuple/fdbtuple/tuple"
)

// fill writes the pairs key → value in one transaction.
func fill(db fdb.Transactor, pairs ...string) error {
	_, err := db.Transact(func(tr fdb.Transaction) (any, error) {
		for i := 0; i+1 < len(pairs); i += 2 {
			if err := tr.Set(fdb.Key(pairs[i]), []byte(pairs[i+1])); err != nil {
				return nil, err
			}
		}
		return nil, nil
	})
	return err
}

func ExamplePairs() {
	db := memstore.New(nil)
	if err := fill(db, "fruit/apple", "3", "fruit/banana", "5", "fruit/cherry", "7", "fruit/date", "1", "veg/leek", "2"); err != nil {
		panic(err)
	}
	r, err := fdb.PrefixRange([]byte("fruit/"))
	if err != nil {
		panic(err)
	}
	// The last three fruits, greatest first, two per read.
	for kv, err := range kvpage.Pairs(db, r, kvpage.Options{PageSize: 2, Limit: 3, Reverse: true}) {
		if err != nil {
			panic(err)
		}
		fmt.Println(kv.Key, string(kv.Value))
	}
	// Output:
	// fruit/date 1
	// fruit/cherry 7
	// fruit/banana 5
}

func ExampleRead() {
	db := memstore.New(nil)
	for i := range 7 {
		if err := fill(db, fmt.Sprintf("log/%03d", i), fmt.Sprintf("entry %d", i)); err != nil {
			panic(err)
		}
	}
	r, err := fdb.PrefixRange([]byte("log/"))
	if err != nil {
		panic(err)
	}
	// What a web handler does per request: the continuation comes in the
	// URL (empty for the first page), the page goes out with the next one.
	after := ""
	for {
		page, err := kvpage.Read(db, r, after, kvpage.Options{PageSize: 3})
		if err != nil {
			panic(err)
		}
		for _, kv := range page.Items {
			fmt.Print(string(kv.Value), "; ")
		}
		fmt.Println("more:", page.Next != "", "previous:", page.Back != "")
		if page.Next == "" {
			break
		}
		after = page.Next // "?after=" + page.Next, as it is
	}
	// A continuation made for another range is refused.
	other, err := fdb.PrefixRange([]byte("audit/"))
	if err != nil {
		panic(err)
	}
	first, err := kvpage.Read(db, r, "", kvpage.Options{PageSize: 3})
	if err != nil {
		panic(err)
	}
	_, err = kvpage.Read(db, other, first.Next, kvpage.Options{PageSize: 3})
	fmt.Println(err)
	// Output:
	// entry 0; entry 1; entry 2; more: true previous: false
	// entry 3; entry 4; entry 5; more: true previous: true
	// entry 6; more: false previous: true
	// kvpage: continuation of another range: it was made for another range than [audit/, audit0)
}

// Comment is the key of a post's comment: the post, then the time,
// newest first.
type Comment struct {
	Post int64
	At   time.Time `tuple:",desc,unit=ms"`
}

var commentKeys = tuple.MustPlan[Comment](tuple.Codec{})

func ExampleItems() {
	db := memstore.New(nil)
	comments := commentKeys.Under(subspace.Sub("comments").Bytes())
	at := func(hh, mm int) time.Time { return time.Date(2024, 3, 1, hh, mm, 0, 0, time.UTC) }
	_, err := db.Transact(func(tr fdb.Transaction) (any, error) {
		for i, t := range []time.Time{at(11, 59), at(12, 1), at(12, 45), at(14, 0), at(14, 2)} {
			key, err := comments.Marshal(&Comment{Post: 7, At: t})
			if err != nil {
				return nil, err
			}
			if err := tr.Set(key, fmt.Appendf(nil, "comment %d", i)); err != nil {
				return nil, err
			}
		}
		return nil, nil
	})
	if err != nil {
		panic(err)
	}
	// Post 7's comments from 12:01 to 14:00, newest first (the key's order).
	begin, end, err := comments.Between("At", tuple.From(&Comment{Post: 7, At: at(12, 1)}).To(&Comment{Post: 7, At: at(14, 0)}))
	if err != nil {
		panic(err)
	}
	r := fdb.KeyRange{Begin: fdb.Key(begin), End: fdb.Key(end)}
	for it, err := range kvpage.Items(db, comments, r, kvpage.Options{}) {
		if err != nil {
			panic(err)
		}
		fmt.Println(it.Decoded.At.Format("15:04"), string(it.Value))
	}
	// Output:
	// 14:00 comment 3
	// 12:45 comment 2
	// 12:01 comment 1
}
