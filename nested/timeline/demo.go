package timeline

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/boltstore"
	"github.com/fdbtuple/fdbtuple/nested"
)

// Query is one of the demo's scans: a title and its result.
type Query struct {
	Title   string
	Entries []Entry
}

// Queries runs the demo's scans on a loaded store.
func Queries(ctx context.Context, db fdb.ReadTransactor) ([]Query, error) {
	ada := nested.New("user", Ada)
	post := ada.Child("post", 1234)
	var qs []Query
	scan := func(title string, begin, end []byte, depth int, err error) error {
		if err != nil {
			return err
		}
		es, err := Scan(ctx, db, begin, end, false, depth, 0)
		qs = append(qs, Query{title, es})
		return err
	}
	begin, end, err := ada.Subtree()
	if err := scan("Ada's whole timeline, in order (one range scan)", begin, end, 0, err); err != nil {
		return nil, err
	}
	begin, end, err = post.Subtree()
	if err := scan("post 1234 with all its comments and reactions (one range scan)", begin, end, 0, err); err != nil {
		return nil, err
	}
	from, err := ada.Child("post", 9).MarshalBinary()
	if err != nil {
		return nil, err
	}
	_, to, err := ada.Child("post", 100).Subtree()
	if err := scan("Ada's posts 9 through 100, in numeric order", from, to, 2, err); err != nil {
		return nil, err
	}
	recent, err := RecentComments(ctx, db, post)
	if err != nil {
		return nil, err
	}
	qs = append(qs, Query{"post 1234's comments, latest first (a descending index)", recent})
	return qs, nil
}

// Print loads the demo's dataset into db and prints the queries' listings
// to w as key paths, then the same posts under naive string keys. store
// names the store in the first line only, so that the listings of two
// stores can be compared byte for byte.
func Print(ctx context.Context, w io.Writer, db fdb.Transactor, store string) error {
	data := Dataset()
	if err := Load(ctx, db, data, 0); err != nil {
		return err
	}
	fmt.Fprintf(w, "Loaded %d records into %s under key paths (and under naive string keys).\n", len(data), store)
	qs, err := Queries(ctx, db)
	if err != nil {
		return err
	}
	width := 0
	for _, q := range qs {
		for _, e := range q.Entries {
			width = max(width, len(e.Path().String()))
		}
	}
	for _, q := range qs {
		fmt.Fprintf(w, "\n== %s\n", q.Title)
		for _, e := range q.Entries {
			fmt.Fprintf(w, "  %-*s  %s\n", width, e.Path(), e.Value)
		}
	}
	naive, err := NaiveScan(ctx, db, NaiveKey(nested.New("user", Ada))+"#POST#")
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "\n== the same posts under naive string keys, in store order: wrong\n")
	for _, k := range naive {
		if strings.Count(k, "#") == 3 { // posts only, not their comments
			fmt.Fprintf(w, "  %s\n", k)
		}
	}
	fmt.Fprintln(w, "  (text compares digit by digit: POST#10, POST#100 and POST#1234 sort before POST#2,\n   and POST#-1 before POST#-10; key paths compare numbers)")
	return nil
}

// Run is the demo: it loads the dataset into the bbolt file at dbPath (a
// new temporary one if dbPath is empty), through fdb/boltstore, and prints
// the listings.
func Run(w io.Writer, dbPath string) error {
	if dbPath == "" {
		dir, err := os.MkdirTemp("", "fdbtuple-demo")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		dbPath = filepath.Join(dir, "timeline.db")
	}
	db, err := boltstore.Open(dbPath, nil)
	if err != nil {
		return err
	}
	defer db.Close()
	return Print(context.Background(), w, db, "bbolt")
}
