package timeline

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/fdbtuple/fdbtuple/nested"
)

// Query is one of the demo's scans: a title and its result.
type Query struct {
	Title   string
	Entries []Entry
}

// Queries runs the demo's scans on a loaded store.
func Queries(s *Store) ([]Query, error) {
	ada := nested.New("user", Ada)
	post := ada.Child("post", 1234)
	var qs []Query
	add := func(title string, begin, end []byte, reverse bool, depth int) error {
		es, err := s.Scan(begin, end, reverse, depth, 0)
		qs = append(qs, Query{title, es})
		return err
	}
	begin, end, _ := ada.Range()
	if err := add("Ada's whole timeline, in order (one range scan)", begin, end, false, 0); err != nil {
		return nil, err
	}
	begin, end, _ = post.Range()
	if err := add("post 1234 with all its comments and reactions (one range scan)", begin, end, false, 0); err != nil {
		return nil, err
	}
	from, _ := ada.Child("post", 9).MarshalBinary()
	_, to, _ := ada.Child("post", 100).Range()
	if err := add("Ada's posts 9 through 100, in numeric order", from, to, false, 2); err != nil {
		return nil, err
	}
	begin, end, _ = post.KindRange("comment")
	if err := add("post 1234's comments, latest first (reverse cursor)", begin, end, true, 3); err != nil {
		return nil, err
	}
	return qs, nil
}

// Run loads the demo into the bbolt file at dbPath (a new temporary one if
// dbPath is empty), runs the queries and prints them to w as key paths,
// then the same posts under naive string keys.
func Run(w io.Writer, dbPath string) error {
	if dbPath == "" {
		dir, err := os.MkdirTemp("", "fdbtuple-demo")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		dbPath = filepath.Join(dir, "timeline.db")
	}
	s, err := Open(dbPath)
	if err != nil {
		return err
	}
	defer s.Close()
	data := Dataset()
	if err := s.Load(data); err != nil {
		return err
	}
	fmt.Fprintf(w, "Loaded %d records into bbolt under key paths (and under naive string keys).\n", len(data))
	qs, err := Queries(s)
	if err != nil {
		return err
	}
	width := 0
	for _, q := range qs {
		for _, e := range q.Entries {
			width = max(width, len(e.Path.String()))
		}
	}
	for _, q := range qs {
		fmt.Fprintf(w, "\n== %s\n", q.Title)
		for _, e := range q.Entries {
			fmt.Fprintf(w, "  %-*s  %s\n", width, e.Path, e.Value)
		}
	}
	naive, err := s.NaiveScan(NaiveKey(nested.New("user", Ada)) + "#POST#")
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
