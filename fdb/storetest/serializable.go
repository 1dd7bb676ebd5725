package storetest

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/fdbtuple/fdbtuple/fdb"
	"pgregory.net/rapid"
)

// StepTransaction is a transaction that the suite drives one call at a
// time and commits itself, so that several can run interleaved (a store's
// Transact runs a whole function, and commits and retries as it likes).
// Options.Begin starts one.
type StepTransaction interface {
	fdb.Transaction
	// Commit commits the transaction's writes, or fails: with an error
	// wrapping fdb.Error{1020} when it conflicts with a commit made after
	// its reads. The transaction is ended either way.
	Commit() error
	// Cancel ends the transaction without committing; after Commit it
	// does nothing.
	Cancel()
}

// sop is one step of a transaction of the serializability property: a
// read or a write of the few keys that the transactions share.
type sop struct {
	kind     string // get, range, set, clear, clearRange, add
	k, end   string
	value    []byte
	limit    int
	reverse  bool
	snapshot bool
}

func (o sop) String() string {
	s := fmt.Sprintf("%s %q", o.kind, o.k)
	switch o.kind {
	case "range", "clearRange":
		s += fmt.Sprintf("..%q", o.end)
	case "set", "add":
		s += fmt.Sprintf("=%x", o.value)
	}
	if o.kind == "range" {
		s += fmt.Sprintf(" limit %d reverse %v", o.limit, o.reverse)
	}
	if o.snapshot && o.isRead() {
		s += " (snapshot)"
	}
	return s
}

func (o sop) isRead() bool { return o.kind == "get" || o.kind == "range" }

// writes reports whether the step writes: a clear of an empty range does
// not (a store may commit nothing for it).
func (o sop) writes() bool { return !o.isRead() && !(o.kind == "clearRange" && o.k >= o.end) }

// guarded reports whether the step reads what the commit must find
// unchanged: a read that is not a snapshot's, or an add on a store whose
// Add reads its base.
func (o sop) guarded(blindAdds bool) bool {
	return o.isRead() && !o.snapshot || o.kind == "add" && !blindAdds
}

func (o sop) rangeOpts() fdb.RangeOptions {
	return fdb.RangeOptions{Limit: o.limit, Reverse: o.reverse}
}

// run runs the step on a transaction and returns what a read saw.
func (o sop) run(tr fdb.Transaction) (string, error) {
	r := fdb.ReadTransaction(tr)
	if o.snapshot {
		r = tr.Snapshot()
	}
	switch o.kind {
	case "get":
		v, ok, err := r.Get(key(o.k))
		return showGet(v, ok), err
	case "range":
		kvs, err := r.GetRange(rng(o.k, o.end), o.rangeOpts())
		return show(kvs), err
	case "set":
		return "", tr.Set(key(o.k), o.value)
	case "clear":
		return "", tr.Clear(key(o.k))
	case "clearRange":
		return "", tr.ClearRange(rng(o.k, o.end))
	default:
		return "", tr.Add(key(o.k), o.value)
	}
}

// result is what the read step sees of a state.
func (o sop) result(m state) string {
	if o.kind == "get" {
		v, ok := m[o.k]
		return showGet(v, ok)
	}
	return show(expectRange(m.sorted(), key(o.k), key(o.end), o.rangeOpts()))
}

// write applies the write step to a state.
func (o sop) write(m state) {
	switch o.kind {
	case "set":
		m[o.k] = slices.Clone(o.value)
	case "clear":
		delete(m, o.k)
	case "clearRange":
		for k := range m {
			if k >= o.k && k < o.end {
				delete(m, k)
			}
		}
	case "add":
		m[o.k] = addModel(m[o.k], o.value)
	}
}

func showGet(v []byte, ok bool) string {
	switch {
	case !ok:
		return "absent"
	case len(v) == 0:
		return "empty"
	}
	return fmt.Sprintf("%x", v)
}

// sopGen draws steps over keys, which collide often; only reads if
// readOnly.
func sopGen(keys []string, readOnly bool) *rapid.Generator[sop] {
	kinds := []string{"get", "get", "range", "range", "set", "set", "clear", "clearRange", "add"}
	if readOnly {
		kinds = kinds[:4]
	}
	return rapid.Custom(func(t *rapid.T) sop {
		k := rapid.SampledFrom(keys)
		o := sop{kind: rapid.SampledFrom(kinds).Draw(t, "kind"),
			k: k.Draw(t, "k"), snapshot: rapid.IntRange(0, 3).Draw(t, "snapshot") == 0}
		switch o.kind {
		case "range", "clearRange":
			o.end = k.Draw(t, "end") + rapid.SampledFrom([]string{"", "\x00"}).Draw(t, "past")
			if o.end < o.k {
				o.k, o.end = o.end, o.k
			}
			o.limit = rapid.IntRange(0, 2).Draw(t, "limit")
			o.reverse = rapid.Bool().Draw(t, "reverse")
		case "set":
			o.value = rapid.SliceOfN(rapid.Byte(), 0, 1).Draw(t, "value") // empty values too
		case "add":
			o.value = []byte{1}
		}
		return o
	})
}

// serializable: two to four transactions interleaved step by step at
// random (each begins at its first step and commits after its last),
// checked against the states the commits leave, in order:
//
//   - every read (snapshot reads, and the reads of transactions that then
//     abort, included) sees, with its transaction's own earlier writes
//     over it, a state committed since its transaction began; and, unless
//     Options.FreshReads, all the reads of a transaction see one such
//     state, as at FoundationDB's read version;
//   - the transactions that commit are serializable in commit order:
//     replaying each that writes, at its commit, on the state the earlier
//     commits left gives each of its non-snapshot reads the result it saw
//     (a write that landed on what it read after it read must have made it
//     conflict), and the store holds the replay's state at the end; a
//     transaction that writes nothing serializes at one state committed
//     during its life, which all its non-snapshot reads see;
//   - a transaction without a non-snapshot read (nor an add, unless
//     Options.BlindAdds) never conflicts.
func (s *suite) serializable(t tb) {
	if !s.opts.Conflicts {
		t.Skip("the store does not detect conflicts (Options.Conflicts)")
	}
	if s.opts.Begin == nil {
		t.Skip("the store gives no step-by-step transactions (Options.Begin)")
	}
	keys := []string{"a", "b", "b\x00", "c"}
	if !s.opts.NoEmptyKey {
		keys = append(keys, "")
	}
	db := s.open(t)
	rapid.Check(t, func(rt *rapid.T) {
		for range 5 { // scenarios per check: a conflict needs a write to land on a read
			s.schedule(rt, db, keys)
		}
	})
}

// stepTxn is one transaction of a schedule.
type stepTxn struct {
	id    int
	ops   []sop
	seen  []string // what each step read ("" for a write)
	tr    StepTransaction
	begin int  // the newest commit when it began, an index of the history
	done  bool // committed or aborted
}

// view is the state the transaction's step n sees if it reads at the
// committed state m: m with the transaction's earlier writes over it.
func (x *stepTxn) view(m state, n int) state {
	v := maps.Clone(m)
	for _, o := range x.ops[:n] {
		if !o.isRead() {
			o.write(v)
		}
	}
	return v
}

// readsAt reports whether every read among the first n steps (the
// non-snapshot ones only, if guardedOnly) saw what it sees at m.
func (x *stepTxn) readsAt(m state, n int, guardedOnly bool) bool {
	for i, o := range x.ops[:n] {
		if o.isRead() && !(guardedOnly && o.snapshot) && x.seen[i] != o.result(x.view(m, i)) {
			return false
		}
	}
	return true
}

func (x *stepTxn) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "transaction %d (began after commit %d):", x.id, x.begin)
	for i, o := range x.ops {
		fmt.Fprintf(&b, " [%s", o)
		if i < len(x.seen) && o.isRead() {
			fmt.Fprintf(&b, " saw %s", x.seen[i])
		}
		b.WriteString("]")
	}
	return b.String()
}

// schedule runs one random interleaving on db, emptied first, and checks
// it.
func (s *suite) schedule(t *rapid.T, db fdb.Transactor, keys []string) {
	initial := state{}
	for _, k := range keys {
		if rapid.Bool().Draw(t, "initially present") {
			initial[k] = []byte{0}
		}
	}
	_, err := db.Transact(func(tr fdb.Transaction) (any, error) {
		if err := tr.ClearRange(everything); err != nil {
			return nil, err
		}
		for k, v := range initial {
			if err := tr.Set(key(k), v); err != nil {
				return nil, err
			}
		}
		return nil, nil
	})
	must(t, "emptying the store and writing the initial keys", err)
	history := []state{initial} // the state after each commit that wrote, oldest first
	txs := make([]*stepTxn, rapid.IntRange(2, 4).Draw(t, "transactions"))
	for i := range txs {
		// One in four only reads: a store may check those otherwise.
		readOnly := rapid.IntRange(0, 3).Draw(t, "read-only") == 0
		txs[i] = &stepTxn{id: i, ops: rapid.SliceOfN(sopGen(keys, readOnly), 1, 8).Draw(t, "ops")}
	}
	defer func() {
		for _, x := range txs {
			if x.tr != nil {
				x.tr.Cancel()
			}
		}
	}()
	fail := func(x *stepTxn, format string, args ...any) {
		t.Helper()
		var b strings.Builder
		for i, m := range history {
			fmt.Fprintf(&b, "\n  commit %d left %s", i, show(m.sorted()))
		}
		t.Fatalf("%s\n  %s%s", fmt.Sprintf(format, args...), x, b.String())
	}
	// statesSeen returns the committed states, since x began, at which
	// its first n steps read what they saw.
	statesSeen := func(x *stepTxn, n int, guardedOnly bool) []int {
		var at []int
		for i := x.begin; i < len(history); i++ {
			if x.readsAt(history[i], n, guardedOnly) {
				at = append(at, i)
			}
		}
		return at
	}
	for {
		live := slices.DeleteFunc(slices.Clone(txs), func(x *stepTxn) bool { return x.done })
		if len(live) == 0 {
			break
		}
		x := rapid.SampledFrom(live).Draw(t, "next")
		if x.tr == nil {
			x.tr, x.begin = s.opts.Begin(db), len(history)-1
		}
		if n := len(x.seen); n < len(x.ops) {
			o := x.ops[n]
			got, err := o.run(x.tr)
			if err != nil {
				fail(x, "step %d, %s: %v", n, o, err)
			}
			x.seen = append(x.seen, got)
			if !o.isRead() {
				continue
			}
			if s.opts.FreshReads {
				seen := false
				for i := x.begin; i < len(history) && !seen; i++ {
					seen = got == o.result(x.view(history[i], n))
				}
				if !seen {
					fail(x, "step %d, %s, saw %s: no state committed since the transaction began gives that, with its own writes", n, o, got)
				}
			} else if len(statesSeen(x, n+1, false)) == 0 {
				fail(x, "step %d, %s, saw %s: the transaction's reads see no one state committed since it began, with its own writes", n, o, got)
			}
			continue
		}
		x.done = true
		err := x.tr.Commit()
		if err != nil {
			if !errors.Is(err, fdb.Error{Code: 1020}) {
				fail(x, "commit: %v", err)
			}
			if !slices.ContainsFunc(x.ops, func(o sop) bool { return o.guarded(s.opts.BlindAdds) }) {
				fail(x, "a transaction without a non-snapshot read (or an add that reads) conflicted: %v", err)
			}
			continue
		}
		if !slices.ContainsFunc(x.ops, sop.writes) {
			if len(statesSeen(x, len(x.ops), true)) == 0 {
				fail(x, "a transaction that wrote nothing committed, but its non-snapshot reads see no one state committed during its life")
			}
			continue
		}
		next := maps.Clone(history[len(history)-1])
		for i, o := range x.ops {
			if !o.isRead() {
				o.write(next)
			} else if want := o.result(next); o.guarded(s.opts.BlindAdds) && x.seen[i] != want {
				fail(x, "committed as commit %d, but its step %d, %s, saw %s, and %s in commit order", len(history), i, o, x.seen[i], want)
			}
		}
		history = append(history, next)
	}
	if got, want := dump(t, db), history[len(history)-1].sorted(); !sameKVs(got, want) {
		t.Fatalf("the store holds %s, the commits replayed in order %s", show(got), show(want))
	}
}
