package directory

import (
	"fmt"
	"iter"
	"slices"

	"github.com/fdbtuple/fdbtuple/fdb"
)

// Page is one page of a directory's subdirectory names (ListPage).
type Page struct {
	// Names are at most the limit asked for, in UTF-8 byte order (the
	// order of List).
	Names []string
	// Next is where the following page starts: the least name after the
	// last of Names (that name followed by a 00 byte), or the from given
	// when Names is empty.
	Next string
	// More reports whether names at or after Next remained when the page
	// was read.
	More bool
}

// ListPage returns the subdirectory names of the directory at path
// (relative to d) that are at or after from, at most limit of them (limit
// must be at least 1), in one transaction of rt. It reads what List reads
// to find the directory, then one range read of at most limit+1 entries:
// its cost is the page's, whatever the directory's size. The empty from
// starts at the first name (the empty name, if there is one); to start
// after a name n, pass n + "\x00", as Page.Next does:
//
//	for from := ""; ; {
//		page, err := directory.ListPage(db, dir, nil, from, 100)
//		if err != nil {
//			return err
//		}
//		use(page.Names)
//		if !page.More {
//			break
//		}
//		from = page.Next
//	}
//
// Pages read in separate transactions are each consistent, not together:
// a name created or removed between two pages may or may not be listed,
// but none is listed twice and the order holds. The errors are List's,
// and ErrInvalidArgument for a limit below 1, a from that is not valid
// UTF-8 or a d not made by this package.
func ListPage(rt fdb.ReadTransactor, d Directory, path []string, from string, limit int) (Page, error) {
	l, rel, err := target(d, path)
	if err != nil {
		err.Op = "list page"
		return Page{}, err
	}
	abs := l.abs(rel)
	if limit < 1 {
		e := newError(ErrInvalidArgument, abs, fmt.Sprintf("%s: a page limit of %d, not at least 1", ErrInvalidArgument, limit))
		e.Op = "list page"
		return Page{}, e
	}
	if err := checkNames([]string{from}); err != nil {
		e := newError(ErrInvalidArgument, abs, fmt.Sprintf("%s: from %s is not valid UTF-8", ErrInvalidArgument, QuoteName(from)))
		e.Op = "list page"
		return Page{}, e
	}
	return readOp(rt, "list page", abs, func(rtr fdb.ReadTransaction) (Page, error) {
		n, err := l.resolveForList(rtr, rel)
		if err != nil {
			return Page{}, err
		}
		r := subdirsRange(n.key)
		if from != "" {
			// From the first entry otherwise, so that an entry whose
			// name is not a string (it sorts first) is reported as List
			// reports it.
			r.Begin = entryKey(n.key, from)
		}
		kvs, err := rtr.GetRange(r, fdb.RangeOptions{Limit: limit + 1})
		if err != nil {
			return Page{}, err
		}
		more := len(kvs) > limit
		if more {
			kvs = kvs[:limit]
		}
		names, err := n.layerOf.names(n.key, kvs, n.abs)
		if err != nil {
			return Page{}, err
		}
		next := from
		if len(names) > 0 {
			next = names[len(names)-1] + "\x00"
		}
		return Page{Names: names, Next: next, More: more}, nil
	})
}

// Children yields every subdirectory name of the directory at path
// (relative to d), in order, reading pageSize names per call of ListPage,
// each in its own transaction of rt (all in one if rt is a transaction).
// It stops at the first error, which it yields with an empty name. The
// names of separate pages are not one snapshot (see ListPage).
func Children(rt fdb.ReadTransactor, d Directory, path []string, pageSize int) iter.Seq2[string, error] {
	path = slices.Clone(path)
	return func(yield func(string, error) bool) {
		from := ""
		for {
			page, err := ListPage(rt, d, path, from, pageSize)
			if err != nil {
				yield("", err)
				return
			}
			for _, name := range page.Names {
				if !yield(name, nil) {
					return
				}
			}
			if !page.More {
				return
			}
			from = page.Next
		}
	}
}

// target returns the layer that handles path relative to d, and path
// relative to that layer.
func target(d Directory, path []string) (*layer, []string, *Error) {
	switch d := d.(type) {
	case *layer:
		return d, path, nil
	case *dirSubspace:
		return d.dl, d.dl.relative(d.path, path), nil
	case *partition:
		return d.inner, path, nil
	}
	return nil, nil, newError(ErrInvalidArgument, path, fmt.Sprintf("%s: a Directory of type %T, not one of this package's", ErrInvalidArgument, d))
}
