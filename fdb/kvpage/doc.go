// Package kvpage reads a range of keys from a store a page at a time: an
// iterator over the pairs of a range (forward or reverse, with a page
// size and a total limit), pages for web-style paging (one page of N
// pairs and an opaque continuation that resumes after it, in a URL), and
// both typed through a plan, yielding each key decoded.
//
// It runs over the fdb transaction interfaces, so any store of this
// module (fdb/memstore, fdb/boltstore) and any transaction of one will do:
//
//	r := fdb.KeyRange{Begin: fdb.Key(begin), End: fdb.Key(end)}
//	for kv, err := range kvpage.Pairs(db, r, kvpage.Options{PageSize: 500}) {
//		if err != nil {
//			return err
//		}
//		use(kv.Key, kv.Value)
//	}
//
// Typed, through a tuple.Plan or a tuple.PlanUnder (anything with
// Unmarshal(key []byte, v *T) error), with a range from Plan.Between:
//
//	begin, end, err := comments.Between("At", tuple.From(&lo).To(&hi))
//	...
//	for it, err := range kvpage.Items(db, comments, fdb.KeyRange{Begin: fdb.Key(begin), End: fdb.Key(end)}, kvpage.Options{}) {
//		if err != nil {
//			return err
//		}
//		fmt.Println(it.Decoded.At, string(it.Value))
//	}
//
// A web handler reads one page per request and hands the client the
// continuation of the next one:
//
//	page, err := kvpage.Read(db, r, req.URL.Query().Get("after"), kvpage.Options{PageSize: 20})
//	...
//	render(page.Items)
//	if page.Next != "" {
//		link("?after=" + page.Next) // URL-safe as it is
//	}
//
// # Reads and transactions
//
// Each page is one range read of at most PageSize pairs (and one more,
// to know whether the range goes on), run in rt.ReadTransact. Given a
// store, each page runs in a read transaction of its own: no
// transaction outlives FoundationDB's five seconds, whatever the range's
// size, and the loop's body runs between reads, never inside one, so it
// may write to the store. The pages are then each a consistent view, not
// together: a key written or cleared after a page was read is seen
// exactly when it lies beyond that page's last key (after it going
// forward, before it in reverse), a write that lands inside a page
// already read is not seen, no key is yielded twice, the keys come in
// strictly ascending (descending) order, and a pair yielded may be older
// than one yielded after it. Given a transaction (a ReadTransaction is a
// ReadTransactor that runs in itself), every page runs in it and the
// whole range is one consistent view, with the transaction's own writes;
// pass tr.Snapshot() to read without read conflicts.
//
// An iteration reads its first page when the loop starts and each next
// one when the loop has taken the last pair of the one before: breaking
// out of the loop stops the reading, and with a Limit the last page asks
// for no more than the Limit leaves. An error (a store's, an invalid
// option, a key that does not decode) is yielded once, with a zero pair,
// and ends the iteration.
//
// # Continuations
//
// A continuation is the position after a page's last key: the key,
// the direction, a fingerprint of the range and a check value (CRC-32C),
// in base64url (RFC 4648, no padding), so that it goes into a URL
// unescaped. It is not secret (the key can be read from it) and not
// signed: it is checked instead. A continuation of another range, or whose
// key lies outside the range, is refused (ErrOtherRange), so one crafted
// by a client reads nothing the range does not hold; a damaged one (cut,
// extended or altered in transit) is ErrBadCursor, saying what is wrong
// with it, never read from a shifted position.
// Page.Back is the continuation that reads the other way from before a
// page's first key, for a "previous" link.
//
// Place in the import DAG: above fdb, and nothing else of this module;
// its typed forms take any value with the Unmarshal method of a
// tuple.Plan, without importing tuple.
package kvpage
