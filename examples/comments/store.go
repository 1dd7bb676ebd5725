package main

import (
	"time"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/directory"
	"github.com/fdbtuple/fdbtuple/fdb/kvpage"
	"github.com/fdbtuple/fdbtuple/tuple"
)

// Comments is the comments' place in a store: the directory
// ("app", "comments"), whose keys are CommentKeys.
type Comments struct {
	db   fdb.Transactor
	keys *tuple.PlanUnder[CommentKey]
}

// OpenComments opens the directory ("app", "comments") in db, creating
// it the first time.
func OpenComments(db fdb.Transactor) (*Comments, error) {
	dir, err := directory.CreateOrOpen(db, []string{"app", "comments"}, nil)
	if err != nil {
		return nil, err
	}
	return &Comments{db: db, keys: commentKeys.Under(dir.Bytes())}, nil
}

// Add writes the comments in one transaction: all of them, or none.
func (c *Comments) Add(comments ...Comment) error {
	_, err := c.db.Transact(func(tr fdb.Transaction) (any, error) {
		for _, cm := range comments {
			key, err := c.keys.Marshal(&cm.Key)
			if err != nil {
				return nil, err
			}
			if err := tr.Set(key, []byte(cm.Text)); err != nil {
				return nil, err
			}
		}
		return nil, nil
	})
	return err
}

// Between returns the comments on a post written from one time to
// another, both included, newest first.
func (c *Comments) Between(post int64, from, to time.Time) ([]Comment, error) {
	begin, end, err := c.keys.Between("At",
		tuple.From(&CommentKey{Post: post, At: from}).To(&CommentKey{Post: post, At: to}))
	if err != nil {
		return nil, err
	}
	var list []Comment
	r := fdb.KeyRange{Begin: fdb.Key(begin), End: fdb.Key(end)}
	for it, err := range kvpage.Items(c.db, c.keys, r, kvpage.Options{}) {
		if err != nil {
			return nil, err
		}
		list = append(list, Comment{Key: it.Decoded, Text: string(it.Value)})
	}
	return list, nil
}

// Newest returns a page of n comments on a post, newest first: the first
// page when after is "", else the page that after continues. next
// continues after this page ("" when there is nothing more); it is
// URL-safe, for a "more" link.
func (c *Comments) Newest(post int64, n int, after string) (page []Comment, next string, err error) {
	begin, end, err := c.keys.Range(&CommentKey{Post: post}, "Post")
	if err != nil {
		return nil, "", err
	}
	r := fdb.KeyRange{Begin: fdb.Key(begin), End: fdb.Key(end)}
	p, err := kvpage.ReadItems(c.db, c.keys, r, after, kvpage.Options{PageSize: n})
	if err != nil {
		return nil, "", err
	}
	for _, it := range p.Items {
		page = append(page, Comment{Key: it.Decoded, Text: string(it.Value)})
	}
	return page, p.Next, nil
}
