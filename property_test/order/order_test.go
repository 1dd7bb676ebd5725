package order_test

import (
	"bytes"
	"cmp"
	"fmt"
	"math"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/fdbtuple/fdbtuple/property_test/gen"
	"github.com/fdbtuple/fdbtuple/property_test/order"
	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/tupledecimal"
	"github.com/shopspring/decimal"
	"pgregory.net/rapid"
)

// recorder is a rapid.TB that keeps what a failing check reports, so that
// a test can show the checker catching a planted bug. (rapid saves each
// failure under testdata/rapid/planted, which git ignores.)
type recorder struct {
	mu     sync.Mutex
	failed bool
	out    strings.Builder
}

func (r *recorder) Helper()                   {}
func (r *recorder) Name() string              { return "planted" }
func (r *recorder) Log(a ...any)              { r.logf("%s", fmt.Sprint(a...)) }
func (r *recorder) Error(a ...any)            { r.Fail(); r.Log(a...) }
func (r *recorder) Fatal(a ...any)            { r.Error(a...); r.FailNow() }
func (r *recorder) Skip(a ...any)             { r.SkipNow() }
func (r *recorder) SkipNow()                  { runtime.Goexit() }
func (r *recorder) FailNow()                  { r.Fail(); runtime.Goexit() }
func (r *recorder) Logf(f string, a ...any)   { r.logf(f, a...) }
func (r *recorder) Errorf(f string, a ...any) { r.Fail(); r.logf(f, a...) }
func (r *recorder) Fatalf(f string, a ...any) { r.Errorf(f, a...); r.FailNow() }
func (r *recorder) Skipf(f string, a ...any)  { r.SkipNow() }
func (r *recorder) Fail()                     { r.mu.Lock(); r.failed = true; r.mu.Unlock() }
func (r *recorder) Failed() bool              { r.mu.Lock(); defer r.mu.Unlock(); return r.failed }
func (r *recorder) logf(f string, a ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	fmt.Fprintf(&r.out, f+"\n", a...)
}

// caught runs check against a recorder and returns its report, failing
// the test if the check passed.
func caught(t *testing.T, check func(rapid.TB)) string {
	t.Helper()
	r := &recorder{}
	done := make(chan struct{})
	go func() {
		defer close(done)
		check(r)
	}()
	<-done
	if !r.Failed() {
		t.Fatal("the checker passed a planted bug")
	}
	return r.out.String()
}

// An unsigned field encoded through int64: values from 2^63 on turn
// negative and sort first.
func TestCatchesUnsignedThroughInt64(t *testing.T) {
	type counter struct{ N uint64 }
	out := caught(t, func(tb rapid.TB) {
		// Small counts and counts from 2^63 on, as a test of an unsigned
		// field would draw them.
		n := rapid.OneOf(rapid.Uint64Range(0, 1<<20), rapid.Uint64Range(1<<63, math.MaxUint64))
		order.Check(tb, rapid.Custom(func(t *rapid.T) counter { return counter{n.Draw(t, "n")} }),
			func(a, b counter) int { return cmp.Compare(a.N, b.N) },
			func(c counter) ([]byte, error) { return tuple.AppendElems(nil, int64(c.N)) })
	})
	// Which pair shows it, and so the direction, is rapid's draw.
	for _, want := range []string{") sorts ", "but compare", "key(a) = ", "To reproduce, specify"} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
}

// A time truncated to seconds: two times in one second share a key.
func TestCatchesTruncatedTime(t *testing.T) {
	out := caught(t, func(tb rapid.TB) {
		order.Check(tb, rapid.Custom(func(t *rapid.T) time.Time {
			return time.Unix(rapid.Int64Range(0, 3).Draw(t, "s"), rapid.Int64Range(0, 999_999_999).Draw(t, "ns"))
		}), func(a, b time.Time) int { return a.Compare(b) },
			func(ts time.Time) ([]byte, error) { return tuple.AppendElems(nil, ts.Unix()) })
	})
	if !strings.Contains(out, "two different values have one key") {
		t.Errorf("report does not name the lossy encoding:\n%s", out)
	}
}

// A decoder that drops a field is caught by the round trip.
func TestCatchesLossyDecoder(t *testing.T) {
	type pair struct{ A, B int64 }
	out := caught(t, func(tb rapid.TB) {
		order.Check(tb, rapid.Custom(func(t *rapid.T) pair {
			return pair{rapid.Int64().Draw(t, "a"), rapid.Int64().Draw(t, "b")}
		}), func(x, y pair) int { return cmp.Or(cmp.Compare(x.A, y.A), cmp.Compare(x.B, y.B)) },
			func(p pair) ([]byte, error) { return tuple.AppendElems(nil, p.A, p.B) },
			order.WithDecode(func(k []byte) (pair, error) {
				var p pair
				_, err := tuple.ScanPrefix(k, &p.A)
				return p, err
			}))
	})
	if !strings.Contains(out, "decodes to") {
		t.Errorf("report does not name the round trip:\n%s", out)
	}
}

// TestSeedKeyOrder checks the first seed scenario's key, USER#<uuid> /
// POST#1234 / COMMENT#<ts> / REACT#42, newest comment first: ReactionKey,
// genReactionKey and compareReactionKeys of ExampleCheckPlan.
func TestSeedKeyOrder(t *testing.T) {
	plan, err := tuple.NewPlan[ReactionKey](tuple.Codec{})
	if err != nil {
		t.Fatal(err)
	}
	order.CheckPlan(t, genReactionKey(), compareReactionKeys, plan, order.WithCodec[ReactionKey](tuple.Codec{Extensions: []tuple.Extension{tuple.DescExtension(tuple.DefaultDescCode)}}))
}

// DynamoDB-style composite keys: a partition key and a sort key of one of
// DynamoDB's three sort types.
type stringSort struct {
	PK string
	SK string
}

type numberSort struct {
	PK string
	SK decimal.Decimal `tuple:",ext=0x40"`
}

type binarySort struct {
	PK string
	SK []byte
}

func TestDynamoDBKeyOrder(t *testing.T) {
	pk := rapid.SampledFrom([]string{"", "a", "a\x00", "b"})
	t.Run("string", func(t *testing.T) {
		plan, err := tuple.NewPlan[stringSort](tuple.Codec{})
		if err != nil {
			t.Fatal(err)
		}
		order.CheckPlan(t, rapid.Custom(func(t *rapid.T) stringSort {
			return stringSort{pk.Draw(t, "pk"), gen.String().Draw(t, "sk")}
		}), func(a, b stringSort) int { return cmp.Or(strings.Compare(a.PK, b.PK), strings.Compare(a.SK, b.SK)) }, plan)
	})
	t.Run("number", func(t *testing.T) {
		dec := tupledecimal.Extension(tupledecimal.DefaultCode)
		codec := tuple.Codec{Extensions: []tuple.Extension{dec}}
		plan, err := tuple.NewPlan[numberSort](codec)
		if err != nil {
			t.Fatal(err)
		}
		order.CheckPlan(t, rapid.Custom(func(t *rapid.T) numberSort {
			return numberSort{pk.Draw(t, "pk"), gen.Decimal().Draw(t, "sk")}
		}), func(a, b numberSort) int {
			// The extension's order law: decimal.Cmp rescales, which
			// takes ages at exponents near ±2^31.
			return cmp.Or(strings.Compare(a.PK, b.PK), dec.CompareValues(a.SK, b.SK, codec))
		}, plan, order.WithCodec[numberSort](codec))
	})
	t.Run("binary", func(t *testing.T) {
		plan, err := tuple.NewPlan[binarySort](tuple.Codec{})
		if err != nil {
			t.Fatal(err)
		}
		order.CheckPlan(t, rapid.Custom(func(t *rapid.T) binarySort {
			return binarySort{pk.Draw(t, "pk"), gen.Bytes().Draw(t, "sk")}
		}), func(a, b binarySort) int { return cmp.Or(strings.Compare(a.PK, b.PK), bytes.Compare(a.SK, b.SK)) }, plan)
	})
}

// A key with a descending timestamp, through Check with a hand-written
// encoder and decoder.
func TestDescendingTimestampOrder(t *testing.T) {
	codec := tuple.Codec{Extensions: []tuple.Extension{tuple.DescExtension(tuple.DefaultDescCode)}}
	type event struct {
		Stream string
		At     time.Time
	}
	order.Check(t, rapid.Custom(func(t *rapid.T) event {
		return event{rapid.SampledFrom([]string{"a", "b"}).Draw(t, "stream"), time.Unix(0, rapid.Int64().Draw(t, "ns")).UTC()}
	}), func(a, b event) int { return cmp.Or(strings.Compare(a.Stream, b.Stream), b.At.Compare(a.At)) },
		func(e event) ([]byte, error) {
			return codec.Pack(tuple.Tuple{e.Stream, tuple.Desc{V: e.At.UnixNano()}})
		},
		order.WithDecode(func(k []byte) (event, error) {
			var e event
			var ns int64
			err := codec.Scan(k, &e.Stream, tuple.Desc{V: &ns})
			e.At = time.Unix(0, ns).UTC()
			return e, err
		}), order.WithCodec[event](codec))
}
