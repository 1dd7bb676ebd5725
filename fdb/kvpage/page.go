package kvpage

import (
	"fmt"

	"github.com/fdbtuple/fdbtuple/fdb"
)

// Page is one page of a range: its items, and the continuations that
// read on from it.
type Page[E any] struct {
	// Items are the page's pairs (Read) or decoded pairs (ReadItems), at
	// most the PageSize asked for, in the order read: descending when
	// Reverse.
	Items []E
	// Next continues after the last item, in the page's direction: pass
	// it to the next Read. It is empty when the range held nothing more
	// when the page was read.
	Next string
	// Back reads the other way from before the first item: the pages
	// before this one, for a "previous" link (its page's items come in
	// the other order). It is empty for a page read from the start of the
	// range, which has nothing before it, and for an empty page.
	Back string
	// Reverse reports that the page was read from the end of the range
	// down: Options.Reverse for a first page, the continuation's
	// direction for the others.
	Reverse bool
}

// Read reads one page of r: at most o.PageSize pairs from the start of r
// (its end with o.Reverse) when after is empty, else beyond the position
// the continuation after gives (a Page's Next or Back, made for r), in
// the continuation's direction. It runs one range read, of o.PageSize+1
// pairs, in one ReadTransact of rt. Errors: ErrInvalidOptions (a Limit
// among them), ErrBadCursor, ErrOtherRange, and the store's.
func Read(rt fdb.ReadTransactor, r fdb.ExactRange, after string, o Options) (Page[fdb.KeyValue], error) {
	w, err := open(r, o, "Read")
	if err == nil && o.Limit != 0 {
		err = fmt.Errorf("%w: Read: a Limit of %d; a page's size is its PageSize", ErrInvalidOptions, o.Limit)
	}
	if err != nil {
		return Page[fdb.KeyValue]{}, err
	}
	begin, end, reverse := w.begin, w.end, o.Reverse
	if after != "" {
		c, err := w.decode(after)
		if err != nil {
			return Page[fdb.KeyValue]{}, err
		}
		reverse = c.reverse
		begin, end = beyond(begin, end, c.key, reverse)
	}
	kvs, err := fetch(rt, begin, end, w.size+1, reverse)
	if err != nil {
		return Page[fdb.KeyValue]{}, err
	}
	p := Page[fdb.KeyValue]{Reverse: reverse}
	if len(kvs) > w.size {
		kvs = kvs[:w.size]
		p.Next = w.encode(cursor{reverse: reverse, key: kvs[w.size-1].Key})
	}
	if after != "" && len(kvs) > 0 {
		p.Back = w.encode(cursor{reverse: !reverse, key: kvs[0].Key})
	}
	p.Items = kvs
	return p, nil
}
