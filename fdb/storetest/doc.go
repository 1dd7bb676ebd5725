// Package storetest is the suite every store under the fdb transaction
// interfaces passes, as testing/fstest is for file systems: one call in a
// store's tests runs it.
//
//	func TestSuite(t *testing.T) {
//		storetest.Run(t, func(t *testing.T) fdb.Transactor {
//			return mystore.Open(t.TempDir())
//		}, storetest.Options{Conflicts: true, Begin: func(db fdb.Transactor) storetest.StepTransaction {
//			return db.(*mystore.DB).Begin()
//		}})
//	}
//
// Each case opens an empty store of its own and checks what the interfaces
// document and FoundationDB does, on the points where stores have been
// seen to go wrong:
//
//   - an empty value is present, never absent, inside the writing
//     transaction and after it, through Get, a snapshot and GetRange; a nil
//     Set stores an empty value; the empty key is a key (or, with
//     Options.NoEmptyKey, refused);
//   - range reads at the ends of a range, in both directions, at limits 1,
//     2 and none, with begin == end and begin > end; merged with the
//     transaction's own sets, clears and clear ranges; with writes made
//     while walking a result, which the caller owns;
//   - FoundationDB's ADD: absent, shorter and longer base, overflow, empty
//     parameter, several adds, with sets, clears and clear ranges before
//     and after, read in the transaction through its snapshot;
//   - FoundationDB's limits and legal keys, refused with its error codes;
//   - a failing or panicking function leaves nothing; a read-only path
//     hands out nothing that can be asserted to fdb.Transaction; Transact
//     on a transaction composes into it; a transaction used after its
//     Transact returned refuses with an error, never a panic;
//   - random transactions against a plain sorted map (a rapid property:
//     -rapid.checks sets how many);
//   - with Options.Conflicts, which commits conflict (fdb.Error 1020, run
//     again by Transact) and which do not: reads, phantoms, the part of a
//     limited range read, snapshots, read-only transactions, blind writes,
//     fdb.ConflictRanges if the store's transactions implement it, and
//     concurrent adds with Options.BlindAdds; Options.CoarseRanges lets a
//     range reader conflict more often than FoundationDB's, never less;
//   - with Options.Conflicts and Options.Begin, serializability (a rapid
//     property): two to four transactions interleaved step by step, whose
//     reads see committed states (one state a transaction, unless
//     Options.FreshReads), whose commits are serializable in commit order
//     (each non-snapshot read replayed at its transaction's place gives
//     what it saw, and the store ends as the replay), and which never
//     conflict without a read to guard.
//
// The suite is tested itself: its own tests run it against stores broken
// on purpose (one that loses empty values, one whose reverse limit is off
// by one, one whose limited reads' conflict ranges stop a key short, one
// whose range reads miss inserts, one whose reads are not at one version,
// and more) and require each to fail; and a store whose range conflicts
// are coarse to pass with Options.CoarseRanges.
//
// Place in the import DAG: above fdb only (and the standard testing
// package, and rapid); the stores' tests import it.
package storetest
