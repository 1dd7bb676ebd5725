package kvpage

import (
	"errors"
	"fmt"

	"github.com/fdbtuple/fdbtuple/fdb"
)

// DefaultPageSize is the page size of Options whose PageSize is 0.
const DefaultPageSize = 100

// ErrInvalidOptions: a page size or limit below 0, a Limit given to Read
// (a page's size is its PageSize), or a range with a nil end.
var ErrInvalidOptions = errors.New("kvpage: invalid options")

// Options configures a read. The zero value reads forward in pages of
// DefaultPageSize pairs, with no limit.
type Options struct {
	// PageSize is the most pairs one range read returns to the caller:
	// the size of a page for Read, and of each read of an iteration.
	// 0 means DefaultPageSize.
	PageSize int
	// Limit is the most pairs an iteration (Pairs, Items) yields in all;
	// 0 means no limit. Read takes none: its page's size is PageSize.
	Limit int
	// Reverse reads from the end of the range down: an iteration yields
	// the greatest keys first, and Read's first page holds the greatest
	// keys (a continuation keeps the direction it was made in).
	Reverse bool
}

// window is the range a read works on, with its page size.
type window struct {
	begin, end fdb.Key // the range given
	size       int
}

// open checks o and r and returns the window they describe.
func open(r fdb.ExactRange, o Options, op string) (window, error) {
	if o.PageSize < 0 || o.Limit < 0 {
		return window{}, fmt.Errorf("%w: %s: a PageSize of %d and a Limit of %d, not at least 0", ErrInvalidOptions, op, o.PageSize, o.Limit)
	}
	if r == nil {
		return window{}, fmt.Errorf("%w: %s: a nil range", ErrInvalidOptions, op)
	}
	b, e := r.FDBRangeKeys()
	if b == nil || e == nil {
		return window{}, fmt.Errorf("%w: %s: a range with a nil end", ErrInvalidOptions, op)
	}
	w := window{begin: b.FDBKey(), end: e.FDBKey(), size: o.PageSize}
	if w.size == 0 {
		w.size = DefaultPageSize
	}
	return w, nil
}
