package main

import (
	"bytes"
	"cmp"
	"fmt"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/fdbtuple/fdbtuple/fdb/memstore"
	"pgregory.net/rapid"
)

// TestRunTwice: a second run on the same file opens the directory the
// first one created and finds the same comments (the writes replace
// themselves), so it prints the same.
func TestRunTwice(t *testing.T) {
	path := filepath.Join(t.TempDir(), "comments.db")
	var first, second bytes.Buffer
	if err := run(&first, path); err != nil {
		t.Fatal(err)
	}
	if err := run(&second, path); err != nil {
		t.Fatal(err)
	}
	if first.String() != second.String() {
		t.Errorf("the second run printed\n%s\nthe first\n%s", &second, &first)
	}
}

// newestFirst is the order of a post's comments: newest first, then by
// ID, as CommentKey's bytes sort them.
func newestFirst(a, b Comment) int {
	return cmp.Or(cmp.Compare(a.Key.Post, b.Key.Post), b.Key.At.Compare(a.Key.At), cmp.Compare(a.Key.ID, b.Key.ID))
}

// TestQueries: for random comments on a few posts, Between returns
// exactly the comments of its post from its first time to its last, both
// included, newest first, and Newest's pages, followed one after another,
// return every comment of the post, newest first, each once.
func TestQueries(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		minute := rapid.Custom(func(t *rapid.T) time.Time {
			return at(12, 0).Add(time.Duration(rapid.IntRange(0, 120).Draw(t, "minute")) * time.Minute)
		})
		comments, err := OpenComments(memstore.New(nil))
		if err != nil {
			t.Fatal(err)
		}
		byKey := map[CommentKey]Comment{}
		for i := range rapid.IntRange(0, 40).Draw(t, "n") {
			c := Comment{Key: CommentKey{Post: rapid.Int64Range(1, 3).Draw(t, "post"), At: minute.Draw(t, "at"), ID: rapid.Int64Range(0, 5).Draw(t, "id")}, Text: fmt.Sprint("comment ", i)}
			byKey[c.Key] = c // a second write of a key replaces the first
			if err := comments.Add(c); err != nil {
				t.Fatal(err)
			}
		}
		post := rapid.Int64Range(1, 3).Draw(t, "query post")
		from, to := minute.Draw(t, "from"), minute.Draw(t, "to")
		if to.Before(from) {
			from, to = to, from
		}
		var all, within []Comment
		for _, c := range byKey {
			if c.Key.Post == post {
				all = append(all, c)
				if !c.Key.At.Before(from) && !c.Key.At.After(to) {
					within = append(within, c)
				}
			}
		}
		slices.SortFunc(all, newestFirst)
		slices.SortFunc(within, newestFirst)

		got, err := comments.Between(post, from, to)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, within) {
			t.Fatalf("Between(%d, %s, %s) = %v, want %v", post, from.Format("15:04"), to.Format("15:04"), got, within)
		}

		n := rapid.IntRange(1, 7).Draw(t, "page size")
		var paged []Comment
		after := ""
		for {
			page, next, err := comments.Newest(post, n, after)
			if err != nil {
				t.Fatal(err)
			}
			if len(page) > n {
				t.Fatalf("a page of %d comments, asked for %d", len(page), n)
			}
			paged = append(paged, page...)
			if next == "" {
				break
			}
			after = next
		}
		if !slices.Equal(paged, all) {
			t.Fatalf("Newest's pages of %d hold %v, want %v", n, paged, all)
		}
	})
}
