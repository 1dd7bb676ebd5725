package storetest

import (
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
	"pgregory.net/rapid"
)

// Options says what the store under test supports beyond what every store
// must do.
type Options struct {
	// Conflicts is set for a store that runs transactions concurrently
	// and aborts a commit whose reads a later commit changed, with
	// fdb.Error{1020}, which its Transact retries (memstore, FoundationDB,
	// a network store). The conflict cases run one transaction inside the
	// function of another, so a store whose transactions run one at a
	// time (bbolt) leaves it false. The cases of fdb.ConflictRanges run
	// too when the store's transactions implement it.
	Conflicts bool
	// BlindAdds is set, with Conflicts, for a store whose Add records no
	// read conflict, so that concurrent adds to one counter all commit
	// (memstore, FoundationDB).
	BlindAdds bool
	// NoEmptyKey is set for a store that cannot hold the empty key (bbolt,
	// etcd). It must refuse to write it with an error; the other cases
	// then use no empty key.
	NoEmptyKey bool
	// Begin, with Conflicts, starts a transaction on db (a store that
	// Run's open returned) which the suite drives one call at a time and
	// commits itself: the Serializable case interleaves several, which
	// Transact cannot do. Without it, that case is skipped. For memstore:
	//
	//	Begin: func(db fdb.Transactor) storetest.StepTransaction { return db.(*memstore.DB).Begin() }
	Begin func(db fdb.Transactor) StepTransaction
	// FreshReads is set, with Conflicts, for a store whose reads see the
	// newest committed data each time, not one version for the whole
	// transaction as FoundationDB's do (DynamoStore: DynamoDB has no
	// snapshot), and which checks instead, at the commit, that what the
	// transaction read still holds. The Serializable case then asks of
	// each read only that it see a state committed since its transaction
	// began, and still asks of every transaction that commits that its
	// non-snapshot reads fit its place in the commit order.
	FreshReads bool
	// CoarseRanges is set, with Conflicts, for a store whose range reads
	// conflict with more commits than FoundationDB's: with commits that
	// wrote outside the range read, or past the part of it that a limited
	// read returned (DynamoStore: any commit after a transaction's first
	// read aborts a transaction that read a range). Where FoundationDB
	// lets such a reader commit at once, the conflict cases then accept
	// one retry too; it must still conflict wherever FoundationDB's
	// reader does, and what it read in the run that committed must be
	// what the state in commit order holds.
	CoarseRanges bool
}

// Run runs the suite on a store: each case, a subtest, calls open for an
// empty store of its own, and checks the store against the behaviour the
// fdb transaction interfaces document and FoundationDB has. open may use
// t for a temporary directory and for cleanup.
func Run(t *testing.T, open func(t *testing.T) fdb.Transactor, opts Options) {
	t.Helper()
	run(stdT{t}, func(t tb) fdb.Transactor { return open(t.(stdT).T) }, opts)
}

// tb is what the suite needs of a test: rapid's TB (the testing.TB
// methods), and subtests. The suite's own tests run it with a recorder in
// place of a *testing.T, against stores broken on purpose.
type tb interface {
	rapid.TB
	Run(name string, f func(tb)) bool
}

// stdT is a *testing.T as a tb.
type stdT struct{ *testing.T }

func (t stdT) Run(name string, f func(tb)) bool {
	return t.T.Run(name, func(t *testing.T) { f(stdT{t}) })
}

// suite is one run: the store's opener and what it supports.
type suite struct {
	open func(tb) fdb.Transactor
	opts Options
}

// run runs every case as a subtest of t.
func run(t tb, open func(tb) fdb.Transactor, opts Options) {
	s := &suite{open, opts}
	for _, c := range cases {
		t.Run(c.name, func(t tb) { c.run(s, t) })
	}
}

// cases lists the suite, one subtest each.
var cases = []struct {
	name string
	run  func(*suite, tb)
}{
	{"EmptyValue", (*suite).emptyValue},
	{"NilValue", (*suite).nilValue},
	{"EmptyKey", (*suite).emptyKey},
	{"RangeEnds", (*suite).rangeEnds},
	{"RangeOverOwnWrites", (*suite).rangeOverOwnWrites},
	{"WriteWhileIterating", (*suite).writeWhileIterating},
	{"Add", (*suite).add},
	{"Limits", (*suite).limits},
	{"FailedTransaction", (*suite).failedTransaction},
	{"ReadOnlyByType", (*suite).readOnlyByType},
	{"NestedTransact", (*suite).nestedTransact},
	{"UseAfterEnd", (*suite).useAfterEnd},
	{"Model", (*suite).model},
	{"Conflicts", (*suite).conflicts},
	{"Serializable", (*suite).serializable},
}
