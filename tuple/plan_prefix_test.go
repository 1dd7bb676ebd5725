package tuple_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/tuple"
)

// profileKey is another record of a user, in the same key space as
// ReactionKey: ("USER", User, "PROFILE", Field).
type profileKey struct {
	_     struct{} `tuple:"USER,const"`
	User  [16]byte
	_     struct{} `tuple:"PROFILE,const"`
	Field string
}

// TestPlanRangeByFieldName: "all posts of this user" is the range
// through User, which goes on with the constant "POST" that every
// ReactionKey has after it, so that the user's other records are not in
// it (with a count of elements, 2 meant as "User" stopped before "POST").
func TestPlanRangeByFieldName(t *testing.T) {
	plan, err := tuple.NewPlan[ReactionKey](tuple.Codec{})
	if err != nil {
		t.Fatal(err)
	}
	profiles, err := tuple.NewPlan[profileKey](tuple.Codec{})
	if err != nil {
		t.Fatal(err)
	}
	post, err := plan.Marshal(&ReactionKey{User: ada, Post: 1, Comment: 2, React: 3})
	if err != nil {
		t.Fatal(err)
	}
	profile, err := profiles.Marshal(&profileKey{User: ada, Field: "name"})
	if err != nil {
		t.Fatal(err)
	}
	begin, end, err := plan.Range(&ReactionKey{User: ada}, "User")
	if err != nil {
		t.Fatal(err)
	}
	in := func(k []byte) bool { return bytes.Compare(k, begin) >= 0 && bytes.Compare(k, end) < 0 }
	if !in(post) || in(profile) {
		t.Errorf("Range through User holds the user's post: %v, the user's profile: %v; want true, false", in(post), in(profile))
	}
	// The same range as Tuple.Range of the same elements: one meaning.
	tb, te := tuple.Tuple{"USER", ada, "POST"}.Range()
	if !bytes.Equal(begin, tb) || !bytes.Equal(end, te) {
		t.Errorf("Plan.Range = [%x, %x), Tuple.Range = [%x, %x)", begin, end, tb, te)
	}
	// Through no field: the leading constants, every key of the plan.
	all, err := plan.AppendPrefix(nil, &ReactionKey{User: ada}, "")
	if err != nil || tuple.Describe(all) != `("USER",)` {
		t.Errorf(`AppendPrefix through "" = %s, %v; want ("USER",)`, tuple.Describe(all), err)
	}
	// Through the last field: the keys after v's own key, not it.
	b, e, err := plan.Range(&ReactionKey{User: ada, Post: 1, Comment: 2, React: 3}, "React")
	if err != nil || (bytes.Compare(post, b) >= 0 && bytes.Compare(post, e) < 0) {
		t.Errorf("Range through the last field = [%x, %x), %v; holds the key itself", b, e, err)
	}
	if _, _, err := plan.Range(&ReactionKey{}, "POST"); err == nil || !strings.Contains(err.Error(), "User, Post, Comment, React") {
		t.Errorf("Range through a constant's name = %v, want an error that lists the fields", err)
	}
	if got := strings.Join(plan.Fields(), " "); got != "User Post Comment React" {
		t.Errorf("Fields = %s", got)
	}
}

// TestRangeNames: RangeUnder (the range of every name Range) holds the
// keys under a prefix and not the prefix; fdb.PrefixRange, another name,
// holds the prefix and every byte string after it.
func TestRangeNames(t *testing.T) {
	prefix := tuple.Tuple{"a"}.Pack()
	begin, end := tuple.RangeUnder(prefix)
	under := tuple.Tuple{"a", 1}.Pack()
	raw := append(bytes.Clone(prefix), 0xFF)
	in := func(k, b, e []byte) bool { return bytes.Compare(k, b) >= 0 && bytes.Compare(k, e) < 0 }
	if in(prefix, begin, end) || !in(under, begin, end) || in(raw, begin, end) {
		t.Errorf("RangeUnder holds prefix %v, key under it %v, prefix+FF %v; want false, true, false", in(prefix, begin, end), in(under, begin, end), in(raw, begin, end))
	}
	kr, err := fdb.PrefixRange(prefix)
	if err != nil {
		t.Fatal(err)
	}
	fb, fe := kr.FDBRangeKeys()
	if b, e := fb.FDBKey(), fe.FDBKey(); !in(prefix, b, e) || !in(under, b, e) || !in(raw, b, e) {
		t.Errorf("fdb.PrefixRange does not hold the prefix and every key after it")
	}
}
