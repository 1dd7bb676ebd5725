package order_test

import (
	"cmp"
	"strings"
	"testing"

	"github.com/fdbtuple/fdbtuple/property_test/order"
	"github.com/fdbtuple/fdbtuple/tuple"
	"pgregory.net/rapid"
)

// replyKey grew by two optional fields: a nil one is left out of the
// key, which then ends, and sorts before every value of it.
type replyKey struct {
	_     struct{} `tuple:"R,const"`
	Post  int64
	Reply *int64  `tuple:",optional"`
	Note  *string `tuple:",optional"`
}

// genReply draws keys from a small domain (equal prefixes are common),
// its optional fields set up to a random point, as a key holds them.
func genReply() *rapid.Generator[replyKey] {
	return rapid.Custom(func(t *rapid.T) replyKey {
		k := replyKey{Post: rapid.Int64Range(-1, 1).Draw(t, "post")}
		if rapid.Bool().Draw(t, "reply") {
			r := rapid.Int64Range(-1, 1).Draw(t, "reply value")
			k.Reply = &r
			if rapid.Bool().Draw(t, "note") {
				n := rapid.SampledFrom([]string{"", "a", "b"}).Draw(t, "note value")
				k.Note = &n
			}
		}
		return k
	})
}

// absentFirst compares two optional fields: absent (nil) first.
func absentFirst[V cmp.Ordered](a, b *V) int {
	switch {
	case a == nil || b == nil:
		return cmp.Compare(boolInt(a != nil), boolInt(b != nil))
	}
	return cmp.Compare(*a, *b)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func compareReply(a, b replyKey) int {
	if c := cmp.Compare(a.Post, b.Post); c != 0 {
		return c
	}
	if c := absentFirst(a.Reply, b.Reply); c != 0 {
		return c
	}
	return absentFirst(a.Note, b.Note)
}

// TestPlanWithOptionalFields: CheckPlan passes a key with optional
// fields: values that share leading fields stay keys (no set optional
// field after a nil one), and Range through a field holds the key that
// ends after it.
func TestPlanWithOptionalFields(t *testing.T) {
	order.CheckPlan(t, genReply(), compareReply, tuple.MustPlan[replyKey](tuple.Codec{}))
}

// An order that puts an absent optional field last is caught, and the
// report says the rule.
func TestCatchesAbsentLast(t *testing.T) {
	absentLast := func(a, b *int64) int {
		if a == nil || b == nil {
			return cmp.Compare(boolInt(a == nil), boolInt(b == nil))
		}
		return cmp.Compare(*a, *b)
	}
	out := caught(t, func(tb rapid.TB) {
		order.CheckPlan(tb, genReply(), func(a, b replyKey) int {
			if c := cmp.Compare(a.Post, b.Post); c != 0 {
				return c
			}
			if c := absentLast(a.Reply, b.Reply); c != 0 {
				return c
			}
			return absentFirst(a.Note, b.Note)
		}, tuple.MustPlan[replyKey](tuple.Codec{}))
	})
	for _, want := range []string{"but compare", "an optional field left out of the key (nil) sorts before every value of it"} {
		if !strings.Contains(out, want) {
			t.Errorf("the report does not say %q:\n%s", want, out)
		}
	}
}
