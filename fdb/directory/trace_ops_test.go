package directory_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
)

// runTraced runs f in one transaction of s through a tracer and returns
// the log.
func runTraced(t *testing.T, s fdb.Transactor, f func(tr fdb.Transaction) error) []string {
	t.Helper()
	var log []string
	_, err := s.Transact(func(tr fdb.Transaction) (any, error) {
		log = log[:0]
		return nil, f(traced(tr, &log))
	})
	if err != nil {
		t.Fatal(err)
	}
	return log
}

// writesOf keeps the writes of a log (set, clear, add, nwc, wck).
func writesOf(log []string) []string {
	var out []string
	for _, l := range log {
		if !strings.HasPrefix(l, "get ") && !strings.HasPrefix(l, "range ") && !strings.HasPrefix(l, "snap ") {
			out = append(out, l)
		}
	}
	return out
}

func diffLog(t *testing.T, what string, got, want []string) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Errorf("%s:\n got:\n  %s\nwant:\n  %s", what, strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}

// TestTraceCreate: every read and write of a first Create, in order, as
// the official layers make them (the allocator's steps, the prefix
// checks, the create); except that the version is read once, where
// the official layers read it again for the write check: the operation
// remembers what it read (the keys read are the same set).
func TestTraceCreate(t *testing.T) {
	s := newStore()
	dl := defaultLayer(script(t, 6), false)
	healthy(t, s, dl)
	log := runTraced(t, s, func(tr fdb.Transaction) error {
		_, err := dl.Create(tr, []string{"a"}, nil)
		return err
	})
	const H = "FE01FE0001686361"
	want := []string{
		"get FE01FE000176657273696F6E00", // version, read-only check
		"get FE01FE0014026100",           // root/"a": absent
		// the write check: the version is absent, as read above
		"set FE01FE000176657273696F6E00 = 010000000000000000000000",
		"snap range " + H + "001400 " + H + "0014FF limit 1 reverse", // newest counter
		"add " + H + "001414 0100000000000000",
		"snap get " + H + "001414",
		"snap range " + H + "001400 " + H + "0014FF limit 1 reverse", // newest counter again
		"get " + H + "00150115" + "06",                               // recent[6], with conflict
		"nwc",
		"set " + H + "0015011506 = ",
		"wck " + H + "0015011506",
		"range 1506 1507 limit 1",                      // keys at the prefix
		"snap range FE00 FE0115060000 limit 1 reverse", // a prefix holding 15 06
		"snap range FE01150600 FE01150700 limit 1",     // a prefix under 15 06
		"set FE01FE0014026100 = 1506",                  // root/"a"
		"set FE01150600016C6179657200 = ",              // a's layer
	}
	diffLog(t, "Create([a]) on an empty store", log, want)
}

// TestTraceRemove: the clears of Remove, in Java's order (as fdb-java
// 7.4.1 makes them): contents and node of a, then of its child c, then a's entry.
func TestTraceRemove(t *testing.T) {
	s := newStore()
	dl := defaultLayer(script(t, 6, 26), false)
	healthy(t, s, dl)
	if _, err := dl.Create(s, []string{"a"}, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := dl.Create(s, []string{"a", "c"}, nil); err != nil {
		t.Fatal(err)
	}
	log := runTraced(t, s, func(tr fdb.Transaction) error {
		ok, err := dl.Remove(tr, []string{"a"})
		if err == nil && !ok {
			t.Error("Remove([a]) = false")
		}
		return err
	})
	want := []string{
		"clear 1506..1507",
		"clear FE0115060000..FE01150600FF",
		"clear 151A..151B",
		"clear FE01151A0000..FE01151A00FF",
		"clear FE01FE0014026100",
	}
	diffLog(t, "writes of Remove([a])", writesOf(log), want)
}

// TestNoRepeatedReads: within one operation no key is read twice with a
// Get (the official layers read the version, and a create's parent path,
// twice), for a deep create, a move and a remove; the keys read are those
// the official algorithm reads.
func TestNoRepeatedReads(t *testing.T) {
	s, dl := newDefault(t, false)
	if _, err := dl.Create(s, []string{"x", "y"}, nil); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		op   func(tr fdb.Transaction) error
		gets int
	}{
		// the version, the entries and layers of x and y, the entry of z,
		// and the recent key of each of the two candidates drawn
		{"create x/y/z/w", func(tr fdb.Transaction) error { _, err := dl.Create(tr, []string{"x", "y", "z", "w"}, nil); return err }, 8},
		// the version, x and y (entry and layer), the entry of v
		{"move x/y to x/v", func(tr fdb.Transaction) error {
			_, err := dl.Move(tr, []string{"x", "y"}, []string{"x", "v"})
			return err
		}, 6},
		// the version, x and v (entry and layer)
		{"remove x/v", func(tr fdb.Transaction) error { _, err := dl.Remove(tr, []string{"x", "v"}); return err }, 5},
	} {
		log := runTraced(t, s, c.op)
		seen := map[string]bool{}
		gets := 0
		for _, l := range log {
			if strings.HasPrefix(l, "get ") {
				gets++
				if seen[l] {
					t.Errorf("%s: %q twice", c.name, l)
				}
				seen[l] = true
			}
		}
		if gets != c.gets {
			t.Errorf("%s: %d gets, want %d:\n  %s", c.name, gets, c.gets, strings.Join(log, "\n  "))
		}
	}
}
