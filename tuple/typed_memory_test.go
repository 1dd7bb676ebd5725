package tuple_test

import (
	"bytes"
	"math/big"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/fdbtuple/fdbtuple/internal/workload"
	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/google/uuid"
)

// bytesPerRun is testing.AllocsPerRun for bytes: the average number of
// bytes f allocates, over runs calls after a warm-up one, on one P so
// that no other goroutine's allocations are counted.
func bytesPerRun(runs int, f func()) uint64 {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	f()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range runs {
		f()
	}
	runtime.ReadMemStats(&after)
	return (after.TotalAlloc - before.TotalAlloc) / uint64(runs)
}

// TestScanAllocSize: Scan's one allocation holds the strings it decodes,
// not the key: W1's four strings are 20 bytes, which the allocator
// rounds to its 24-byte class (the key is 60 bytes).
func TestScanAllocSize(t *testing.T) {
	key := w1Key()
	var user, post, comment, react string
	var id uuid.UUID
	var postID, at, reaction int64
	if n := bytesPerRun(100, func() {
		_ = tuple.Scan(key, &user, &id, &post, &postID, &comment, &at, &react, &reaction)
	}); n > 24 {
		t.Errorf("Scan of W1 into 8 variables allocates %d bytes, want 24 (its strings %q)", n, user+post+comment+react)
	}
	p, err := tuple.NewPlan[workload.W1Fields](tuple.Codec{})
	if err != nil {
		t.Fatal(err)
	}
	var v workload.W1Fields
	if n := bytesPerRun(100, func() { _ = p.Unmarshal(key, &v) }); n > 24 {
		t.Errorf("Plan.Unmarshal of W1 allocates %d bytes, want 24", n)
	}
}

// TestDecodedStringsDoNotKeepTheKey: a short string decoded from a key
// that goes on with megabytes costs memory for the short string, not
// for the key: the memory that the decoded string keeps alive is what
// the call allocates.
func TestDecodedStringsDoNotKeepTheKey(t *testing.T) {
	const big = 8 << 20
	type first struct{ S string }
	p, err := tuple.NewPlan[first](tuple.Codec{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		rest any
	}{
		{"byte string", bytes.Repeat([]byte{'x'}, big)},
		{"string", strings.Repeat("x", big)},
		{"nested", tuple.Tuple{strings.Repeat("x", big)}},
	} {
		key := tuple.Tuple{"a", tc.rest}.Pack()
		var s string
		if n := bytesPerRun(4, func() {
			rest, err := tuple.ScanPrefix(key, &s)
			if err != nil || s != "a" || len(rest) < big {
				t.Fatalf("ScanPrefix = %q, %d bytes left, %v", s, len(rest), err)
			}
		}); n > 64 {
			t.Errorf("%s: ScanPrefix of a 1-byte string before %d MiB allocates %d bytes", tc.name, big>>20, n)
		}
		var v first
		if n := bytesPerRun(4, func() {
			rest, err := p.UnmarshalPrefix(key, &v)
			if err != nil || v.S != "a" || len(rest) < big {
				t.Fatalf("UnmarshalPrefix = %+v, %d bytes left, %v", v, len(rest), err)
			}
		}); n > 64 {
			t.Errorf("%s: Plan.UnmarshalPrefix of a 1-byte string before %d MiB allocates %d bytes", tc.name, big>>20, n)
		}
	}
}

// TestPlanValueStaysOnTheStack: no Plan method makes its argument
// escape, so a key struct declared for one call costs nothing more than
// one declared once (the limits of TestPlanAllocs).
func TestPlanValueStaysOnTheStack(t *testing.T) {
	key := w1Key()
	p, err := tuple.NewPlan[workload.W1Fields](tuple.Codec{})
	if err != nil {
		t.Fatal(err)
	}
	pc, err := tuple.NewPlan[workload.W1Const](tuple.Codec{})
	if err != nil {
		t.Fatal(err)
	}
	var filled workload.W1Fields
	if err := p.Unmarshal(key, &filled); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 0, 128)
	for _, tc := range []struct {
		name string
		want float64
		f    func()
	}{
		{"Append", 0, func() {
			v := filled
			buf, _ = p.Append(buf[:0], &v)
		}},
		{"AppendPrefix", 0, func() {
			v := workload.W1Fields{Kind: "user", User: filled.User}
			buf, _ = p.AppendPrefix(buf[:0], &v, "User")
		}},
		{"Marshal", 1, func() {
			v := filled
			_, _ = p.Marshal(&v)
		}},
		{"Unmarshal", 1, func() {
			var v workload.W1Fields
			_ = p.Unmarshal(key, &v)
		}},
		{"UnmarshalPrefix", 1, func() {
			var v workload.W1Fields
			_, _ = p.UnmarshalPrefix(key, &v)
		}},
		{"Unmarshal-const", 0, func() {
			var c workload.W1Const
			_ = pc.Unmarshal(key, &c)
		}},
		{"tuple.Unmarshal", 1, func() {
			var v workload.W1Fields
			_ = tuple.Unmarshal(key, &v)
		}},
		{"tuple.Marshal", 1, func() {
			v := filled
			_, _ = tuple.Marshal(&v)
		}},
		{"Append-const", 0, func() {
			c := workload.W1Const{User: filled.User, Post: 1, At: 2, React: 3}
			buf, _ = pc.Append(buf[:0], &c)
		}},
	} {
		if n := testing.AllocsPerRun(100, tc.f); n != tc.want {
			t.Errorf("%s of a value declared per call: %v allocations, want %v", tc.name, n, tc.want)
		}
	}
}

// generalKey has fields of every kind that the direct functions leave to
// the general ones, which get a copy of the value.
type generalKey struct {
	Note    *string
	At      *int64
	Newest  string `tuple:",desc"`
	Ratio   float32
	Big     big.Int
	Any     any
	Inner   tuple.Tuple
	Skipped string `tuple:"-"`
}

// TestPlanValueOnStackEveryKind: a value declared per call costs what a
// value declared once costs, for a direct plan with descending fields
// (the reaction key of the examples) and for a plan that is not direct.
func TestPlanValueOnStackEveryKind(t *testing.T) {
	note, at := "n", int64(-5)
	reaction := ReactionKey{User: ada, Post: 1234, Comment: 1678901234, React: 42}
	checkPerCall(t, reaction)
	p, err := tuple.NewPlan[ReactionKey](tuple.Codec{})
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 0, 64)
	if n := testing.AllocsPerRun(100, func() {
		v := reaction
		buf, _ = p.Append(buf[:0], &v)
	}); n != 0 {
		t.Errorf("Append of the README's key, with a descending field: %v allocations, want 0", n)
	}
	checkPerCall(t, generalKey{Note: &note, At: &at, Ratio: 1.5, Big: *big.NewInt(7), Any: "x", Inner: tuple.Tuple{int64(1)}})
}

// checkPerCall compares the allocations of Append and Unmarshal on a
// value declared inside the measured function with those on one declared
// outside it, and checks that Unmarshal keeps a field that is not in the
// key.
func checkPerCall[T any](t *testing.T, k T) {
	t.Helper()
	p, err := tuple.NewPlan[T](tuple.Codec{})
	if err != nil {
		t.Fatal(err)
	}
	key, err := p.Marshal(&k)
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 0, 256)
	outside := k
	appendOutside := testing.AllocsPerRun(100, func() { buf, _ = p.Append(buf[:0], &outside) })
	appendInside := testing.AllocsPerRun(100, func() {
		v := k
		buf, _ = p.Append(buf[:0], &v)
	})
	if appendInside != appendOutside || !bytes.Equal(buf, key) {
		t.Errorf("%T: Append of a value declared per call: %v allocations, %v declared once (%x, want %x)", k, appendInside, appendOutside, buf, key)
	}
	var back T
	unmarshalOutside := testing.AllocsPerRun(100, func() { _ = p.Unmarshal(key, &back) })
	unmarshalInside := testing.AllocsPerRun(100, func() {
		var v T
		_ = p.Unmarshal(key, &v)
	})
	if unmarshalInside != unmarshalOutside {
		t.Errorf("%T: Unmarshal into a value declared per call: %v allocations, %v declared once", k, unmarshalInside, unmarshalOutside)
	}
	if again, err := p.Marshal(&back); err != nil || !bytes.Equal(again, key) {
		t.Errorf("%T: Unmarshal then Marshal = %x, %v; want %x", k, again, err, key)
	}
}

// TestPlanCopyKeepsOtherFields: a plan that works on a copy of the value
// still leaves the fields outside the key as they were, and sets the
// caller's value.
func TestPlanCopyKeepsOtherFields(t *testing.T) {
	p, err := tuple.NewPlan[generalKey](tuple.Codec{})
	if err != nil {
		t.Fatal(err)
	}
	note := "n"
	key, err := p.Marshal(&generalKey{Note: &note, Ratio: 2, Any: int64(3), Inner: tuple.Tuple{}})
	if err != nil {
		t.Fatal(err)
	}
	v := generalKey{Skipped: "kept"}
	if err := p.Unmarshal(key, &v); err != nil {
		t.Fatal(err)
	}
	if v.Skipped != "kept" || v.Note == nil || *v.Note != "n" || v.At != nil || v.Ratio != 2 || v.Any != int64(3) {
		t.Errorf("Unmarshal = %+v", v)
	}
}

// TestPlanCopiesConcurrent: the copies a plan that is not direct works on
// are one per call, under concurrent use (run with -race).
func TestPlanCopiesConcurrent(t *testing.T) {
	p, err := tuple.NewPlan[generalKey](tuple.Codec{})
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 200 {
				note := strings.Repeat("n", g+i%3)
				in := generalKey{Note: &note, Ratio: float32(g), Any: int64(i), Inner: tuple.Tuple{}}
				key, err := p.Marshal(&in)
				if err != nil {
					t.Error(err)
					return
				}
				var out generalKey
				if err := p.Unmarshal(key, &out); err != nil || out.Note == nil || *out.Note != note || out.Ratio != float32(g) || out.Any != int64(i) {
					t.Errorf("goroutine %d: Unmarshal(Marshal(%+v)) = %+v, %v", g, in, out, err)
					return
				}
			}
		}()
	}
	wg.Wait()
}
