// Command comments is the README's walk-through, run: comments on posts,
// keyed by a struct (CommentKey), stored in the directory
// ("app", "comments") of a bbolt file, written in one transaction, read
// back between two times and a page at a time.
//
//	go run ./examples/comments
//
// It works in a temporary directory, which it removes at the end. The
// README's code blocks are this package's code: readme_test.go checks
// that they are, and that this program prints what the README shows.
//
// Place in the import DAG: a program over fdb, fdb/boltstore,
// fdb/directory, fdb/kvpage and tuple; its tests add property_test/order.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/fdbtuple/fdbtuple/fdb/boltstore"
)

func main() {
	if err := runInTemp(os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "comments:", err)
		os.Exit(1)
	}
}

// runInTemp runs the walk-through on a bbolt file in a temporary
// directory, and removes the directory.
func runInTemp(w io.Writer) (err error) {
	dir, err := os.MkdirTemp("", "comments")
	if err != nil {
		return err
	}
	defer func() { err = errors.Join(err, os.RemoveAll(dir)) }()
	return run(w, filepath.Join(dir, "comments.db"))
}

// at is a time of the day the comments are written, 2024-03-01, in UTC.
func at(hh, mm int) time.Time { return time.Date(2024, 3, 1, hh, mm, 0, 0, time.UTC) }

// sampleComments are 25 comments on post 7, one every quarter of an hour
// from 11:45 to 17:45, and two on post 8.
func sampleComments() []Comment {
	var cs []Comment
	for i := range 25 {
		id := int64(i + 1)
		cs = append(cs, Comment{Key: CommentKey{Post: 7, At: at(11, 45).Add(time.Duration(i) * 15 * time.Minute), ID: id}, Text: fmt.Sprintf("comment %d", id)})
	}
	for _, id := range []int64{101, 102} {
		cs = append(cs, Comment{Key: CommentKey{Post: 8, At: at(13, int(id-101)*30), ID: id}, Text: fmt.Sprintf("comment %d", id)})
	}
	return cs
}

// run writes the sample comments into a bbolt file at path and prints
// what the README's queries return.
func run(w io.Writer, path string) (err error) {
	db, err := boltstore.Open(path, nil)
	if err != nil {
		return err
	}
	defer func() { err = errors.Join(err, db.Close()) }()

	comments, err := OpenComments(db)
	if err != nil {
		return err
	}
	if err := comments.Add(sampleComments()...); err != nil {
		return err
	}
	fmt.Fprintf(w, "wrote %d comments in one transaction\n", len(sampleComments()))

	// Post 7's comments from 12:01 to 14:00, newest first.
	list, err := comments.Between(7, at(12, 1), at(14, 0))
	if err != nil {
		return err
	}
	show(w, "post 7, from 12:01 to 14:00:", list)

	// Post 7's newest 10 comments, then the 10 before them.
	page, next, err := comments.Newest(7, 10, "")
	if err != nil {
		return err
	}
	show(w, "post 7, the newest 10:", page)
	page, next, err = comments.Newest(7, 10, next)
	if err != nil {
		return err
	}
	show(w, "the next 10:", page)
	fmt.Fprintln(w, "more after them:", next != "")
	return nil
}

// show prints a title and the comments' times and IDs, five a line.
func show(w io.Writer, title string, list []Comment) {
	fmt.Fprintln(w, title)
	for i := 0; i < len(list); i += 5 {
		var line []string
		for _, c := range list[i:min(i+5, len(list))] {
			line = append(line, fmt.Sprintf("%s #%-2d", c.Key.At.Format("15:04"), c.Key.ID))
		}
		fmt.Fprintln(w, "  "+strings.TrimRight(strings.Join(line, "  "), " "))
	}
}
