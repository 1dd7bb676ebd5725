package tuple_test

import (
	"bytes"
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/fdbtuple/fdbtuple/subspace"
	"github.com/fdbtuple/fdbtuple/tuple"
)

// commentAt is a comment's key: the post, then the time (in whole
// milliseconds), then a sequence number that makes it unique.
type commentAt struct {
	_    struct{} `tuple:"POST,const"`
	Post int64
	At   time.Time `tuple:",unit=ms"`
	_    struct{}  `tuple:"C,const"`
	Seq  int64
}

// newestFirst is the same key with the time descending.
type newestFirst struct {
	Post int64
	At   time.Time `tuple:",desc,unit=ms"`
	Seq  int64
}

// clock returns the time hh:mm on a fixed day.
func clock(hh, mm int) time.Time { return time.Date(2024, 3, 1, hh, mm, 0, 0, time.UTC) }

// window lists the "hh:mm/seq" of the keys in [begin, end), of the posts
// 1, 2 and 3 at 12:00, 12:01, 13:00, 14:00 and 14:01, two keys each.
func window[K any](t *testing.T, marshal func(*K) ([]byte, error), mk func(post int64, at time.Time, seq int64) K, begin, end []byte) []string {
	t.Helper()
	var got []string
	for _, post := range []int64{1, 2, 3} {
		for _, at := range []time.Time{clock(12, 0), clock(12, 1), clock(13, 0), clock(14, 0), clock(14, 1)} {
			for seq := range int64(2) {
				k := mk(post, at, seq)
				key, err := marshal(&k)
				if err != nil {
					t.Fatal(err)
				}
				if bytes.Compare(key, begin) >= 0 && bytes.Compare(key, end) < 0 {
					if post != 2 {
						t.Errorf("post %d's key at %s is in the range of post 2", post, at.Format("15:04"))
					}
					got = append(got, at.Format("15:04")+"/"+string(rune('0'+seq)))
				}
			}
		}
	}
	slices.Sort(got)
	return got
}

// TestBetweenEnds: each kind of end holds, or leaves out, every key whose
// field equals it, whatever follows the field (the constant and Seq), on
// an ascending field and on a desc one alike, where the ends swap in the
// bytes.
func TestBetweenEnds(t *testing.T) {
	asc, err := tuple.NewPlan[commentAt](tuple.Codec{})
	if err != nil {
		t.Fatal(err)
	}
	desc, err := tuple.NewPlan[newestFirst](tuple.Codec{})
	if err != nil {
		t.Fatal(err)
	}
	at := func(hh, mm int) (*commentAt, *newestFirst) {
		return &commentAt{Post: 2, At: clock(hh, mm)}, &newestFirst{Post: 2, At: clock(hh, mm)}
	}
	lo, dlo := at(12, 1)
	hi, dhi := at(14, 0)
	for _, c := range []struct {
		name  string
		asc   tuple.Bounds[*commentAt]
		desc  tuple.Bounds[*newestFirst]
		times string
	}{
		{"From.To", tuple.From(lo).To(hi), tuple.From(dlo).To(dhi), "12:01 13:00 14:00"},
		{"From.Below", tuple.From(lo).Below(hi), tuple.From(dlo).Below(dhi), "12:01 13:00"},
		{"Above.To", tuple.Above(lo).To(hi), tuple.Above(dlo).To(dhi), "13:00 14:00"},
		{"Above.Below", tuple.Above(lo).Below(hi), tuple.Above(dlo).Below(dhi), "13:00"},
		{"From", tuple.From(lo), tuple.From(dlo), "12:01 13:00 14:00 14:01"},
		{"Above", tuple.Above(lo), tuple.Above(dlo), "13:00 14:00 14:01"},
		{"To", tuple.To(hi), tuple.To(dhi), "12:00 12:01 13:00 14:00"},
		{"Below", tuple.Below(hi), tuple.Below(dhi), "12:00 12:01 13:00"},
		{"From(v).To(v)", tuple.From(lo).To(lo), tuple.From(dlo).To(dlo), "12:01"},
		{"From(v).Below(v)", tuple.From(lo).Below(lo), tuple.From(dlo).Below(dlo), ""},
	} {
		var want []string
		for _, hhmm := range strings.Fields(c.times) {
			want = append(want, hhmm+"/0", hhmm+"/1")
		}
		begin, end, err := asc.Between("At", c.asc)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		got := window(t, asc.Marshal, func(post int64, at time.Time, seq int64) commentAt {
			return commentAt{Post: post, At: at, Seq: seq}
		}, begin, end)
		if !slices.Equal(got, want) {
			t.Errorf("%s on an ascending field holds %q, want %q", c.name, got, want)
		}
		begin, end, err = desc.Between("At", c.desc)
		if err != nil {
			t.Fatalf("%s, desc: %v", c.name, err)
		}
		got = window(t, desc.Marshal, func(post int64, at time.Time, seq int64) newestFirst {
			return newestFirst{Post: post, At: at, Seq: seq}
		}, begin, end)
		if !slices.Equal(got, want) {
			t.Errorf("%s on a desc field holds %q, want %q", c.name, got, want)
		}
	}
}

// TestBetweenSwappedEnds: ends given in the bytes' order of a desc field
// (the mistake of marshaling both ends by hand) are refused, as
// DynamoDB's BETWEEN refuses them, rather than giving an empty range.
func TestBetweenSwappedEnds(t *testing.T) {
	desc, err := tuple.NewPlan[newestFirst](tuple.Codec{})
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = desc.Between("At", tuple.From(&newestFirst{Post: 2, At: clock(14, 0)}).To(&newestFirst{Post: 2, At: clock(12, 1)}))
	if !errors.Is(err, tuple.ErrBadBounds) || !strings.Contains(err.Error(), "desc field") {
		t.Errorf("Between with the later time as the lower end = %v, want ErrBadBounds saying the field is desc", err)
	}
	// The ends are shown as the times they are, not as the integers of
	// milliseconds their keys hold.
	if want := "At, 2024-03-01 14:00:00 +0000 UTC, is after the upper end's, 2024-03-01 12:01:00 +0000 UTC"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("Between with swapped time ends = %v, want it to say %q", err, want)
	}
}

// spans has a duration field, a nullable one, one promoted from an
// unexported embedded struct, and an optional one.
type spans struct {
	Took time.Duration `tuple:",unit=ms"`
	Wait *time.Duration
	spanBase
	Opt *int64 `tuple:",optional"`
}

type spanBase struct {
	Took2 time.Duration
	Age   int64
}

// TestBetweenSwappedEndsShowValues: a swapped duration shows as a
// duration wherever the field is, an integer as its element, an optional
// field left out as a nil.
func TestBetweenSwappedEndsShowValues(t *testing.T) {
	p, err := tuple.NewPlan[spans](tuple.Codec{})
	if err != nil {
		t.Fatal(err)
	}
	wait := func(d time.Duration) *time.Duration { return &d }
	for _, c := range []struct {
		field  string
		lo, hi spans
		want   string
	}{
		{"Took", spans{Took: 3 * time.Second}, spans{Took: 2 * time.Second}, "Took, 3s, is after the upper end's, 2s"},
		{"Wait", spans{Wait: wait(time.Minute)}, spans{Wait: wait(time.Second)}, "Wait, 1m0s, is after the upper end's, 1s"},
		{"Took2", spans{Wait: wait(0), spanBase: spanBase{Took2: time.Hour}}, spans{Wait: wait(0), spanBase: spanBase{Took2: time.Millisecond}}, "Took2, 1h0m0s, is after the upper end's, 1ms"},
		{"Age", spans{Wait: wait(0), spanBase: spanBase{Age: 9}}, spans{Wait: wait(0), spanBase: spanBase{Age: 8}}, "Age, 9, is after the upper end's, 8"},
		{"Opt", spans{Wait: wait(0), Opt: new(int64)}, spans{Wait: wait(0)}, "Opt, 0, is after the upper end's, nil (the key ends before it)"},
	} {
		_, _, err := p.Between(c.field, tuple.From(&c.lo).To(&c.hi))
		if !errors.Is(err, tuple.ErrBadBounds) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Between(%q) with swapped ends = %v, want ErrBadBounds saying %q", c.field, err, c.want)
		}
	}
}

// nullableDesc has a nullable desc field: its nils sort first, then its
// values from the greatest down.
type nullableDesc struct {
	Post  int64
	Score *int64 `tuple:",desc"`
}

// TestBetweenNullableDesc: on a desc nullable field, the nils and the
// values at or below an end are two runs of keys, refused; the nils, the
// values alone, and everything, are one run each.
func TestBetweenNullableDesc(t *testing.T) {
	plan, err := tuple.NewPlan[nullableDesc](tuple.Codec{})
	if err != nil {
		t.Fatal(err)
	}
	score := func(n int64) *nullableDesc { return &nullableDesc{Post: 1, Score: &n} }
	none := &nullableDesc{Post: 1}
	holds := func(begin, end []byte) string {
		var got []string
		for _, k := range []*nullableDesc{none, score(-5), score(0), score(5)} {
			key, err := plan.Marshal(k)
			if err != nil {
				t.Fatal(err)
			}
			if bytes.Compare(key, begin) >= 0 && bytes.Compare(key, end) < 0 {
				if k.Score == nil {
					got = append(got, "nil")
				} else {
					got = append(got, strconv.FormatInt(*k.Score, 10))
				}
			}
		}
		return strings.Join(got, " ")
	}
	for _, c := range []struct {
		name string
		b    tuple.Bounds[*nullableDesc]
		want string // the keys held; "refused" for ErrBadBounds
	}{
		{"To(0)", tuple.To(score(0)), "refused"},
		{"From(nil).To(0)", tuple.From(none).To(score(0)), "refused"},
		{"Above(nil).To(0)", tuple.Above(none).To(score(0)), "-5 0"},
		{"From(nil).To(nil)", tuple.From(none).To(none), "nil"},
		{"From(nil)", tuple.From(none), "nil -5 0 5"},
		{"Above(nil)", tuple.Above(none), "-5 0 5"},
		{"From(0)", tuple.From(score(0)), "0 5"},
		{"From(0).To(nil)", tuple.From(score(0)).To(none), "refused"},
		{"Below(nil)", tuple.Below(none), ""},
	} {
		begin, end, err := plan.Between("Score", c.b)
		got := "refused"
		if err == nil {
			got = holds(begin, end)
		} else if !errors.Is(err, tuple.ErrBadBounds) {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got != c.want {
			t.Errorf("%s holds %q, want %q (err %v)", c.name, got, c.want, err)
		}
	}
}

// named has string and byte-string fields for BeginsWith.
type named struct {
	Dir  string
	Name string `tuple:",desc"`
	Raw  []byte
	N    int64
}

// TestBetweenBeginsWith: the keys whose string starts with the prefix,
// on an ascending and a desc field; a string that continues the prefix
// with a 00 byte, whose key goes on with FF, is among them.
func TestBetweenBeginsWith(t *testing.T) {
	plan, err := tuple.NewPlan[named](tuple.Codec{})
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"", "a", "ab", "ab\x00", "ab\x00c", "abc", "abd", "ac", "b"}
	for _, field := range []string{"Dir", "Name", "Raw"} {
		begin, end, err := plan.Between(field, tuple.BeginsWith(&named{Dir: "ab", Name: "ab", Raw: []byte("ab")}))
		if err != nil {
			t.Fatalf("%s: %v", field, err)
		}
		var got []string
		for _, s := range names {
			k := named{Dir: "ab", Name: "ab", Raw: []byte("ab")}
			switch field {
			case "Dir":
				k.Dir = s
			case "Name":
				k.Name = s
			case "Raw":
				k.Raw = []byte(s)
			}
			key, err := plan.Marshal(&k)
			if err != nil {
				t.Fatal(err)
			}
			if bytes.Compare(key, begin) >= 0 && bytes.Compare(key, end) < 0 {
				got = append(got, s)
			}
		}
		if want := []string{"ab", "ab\x00", "ab\x00c", "abc", "abd"}; !slices.Equal(got, want) {
			t.Errorf("BeginsWith on %s holds %q, want %q", field, got, want)
		}
	}
	if _, _, err := plan.Between("N", tuple.BeginsWith(&named{})); !errors.Is(err, tuple.ErrBadBounds) || !strings.Contains(err.Error(), "N is int64") {
		t.Errorf("BeginsWith on an integer field = %v, want ErrBadBounds naming the field and its type", err)
	}
}

// TestBetweenRefusals: the bounds that describe no range are refused,
// each with an error that says why and where.
func TestBetweenRefusals(t *testing.T) {
	plan, err := tuple.NewPlan[commentAt](tuple.Codec{})
	if err != nil {
		t.Fatal(err)
	}
	a := &commentAt{Post: 1, At: clock(12, 0)}
	b := &commentAt{Post: 2, At: clock(13, 0)}
	for _, c := range []struct {
		name  string
		field string
		b     tuple.Bounds[*commentAt]
		want  string
	}{
		{"ends of two posts", "At", tuple.From(a).To(b), "the ends differ in field Post, before At"},
		{"lower end after the upper", "Post", tuple.From(b).To(a), "the lower end's Post, 2, is after the upper end's, 1"},
		{"no end", "At", tuple.Bounds[*commentAt]{}, "no end"},
		{"a nil end", "At", tuple.From(a).To(nil), "nil pointer"},
		{"no field", "", tuple.From(a), "name the field"},
		{"a field it does not have", "at", tuple.From(a), `Between("at") of tuple_test.commentAt: no field "at" to range over; its fields are Post, At, Seq`},
	} {
		_, _, err := plan.Between(c.field, c.b)
		if !errors.Is(err, tuple.ErrBadBounds) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want ErrBadBounds saying %q", c.name, err, c.want)
		}
		if err != nil && strings.Count(err.Error(), "tuple: ") != 1 {
			t.Errorf("%s: %q says \"tuple: \" more than once", c.name, err)
		}
	}
	if _, _, err := plan.Between("When", tuple.From(a)); err == nil || !strings.Contains(err.Error(), "Post, At, Seq") {
		t.Errorf("an unknown field: %v, want the error that lists the fields", err)
	}
	notWhole := &commentAt{Post: 1, At: clock(12, 0).Add(time.Microsecond)}
	if _, _, err := plan.Between("At", tuple.From(notWhole)); !errors.Is(err, tuple.ErrInexact) || !strings.Contains(err.Error(), "lower end") {
		t.Errorf("a time that is not whole milliseconds: %v, want ErrInexact for the lower end", err)
	}
}

// TestBetweenUnder: a PlanUnder's range is the plan's under the prefix,
// and the same keys under another prefix are not in it.
func TestBetweenUnder(t *testing.T) {
	plan, err := tuple.NewPlan[commentAt](tuple.Codec{})
	if err != nil {
		t.Fatal(err)
	}
	mine, theirs := plan.Under(subspace.Sub("mine").Bytes()), plan.Under(subspace.Sub("theirs").Bytes())
	b := tuple.From(&commentAt{Post: 2, At: clock(12, 0)}).To(&commentAt{Post: 2, At: clock(14, 0)})
	begin, end, err := mine.Between("At", b)
	if err != nil {
		t.Fatal(err)
	}
	pb, pe, err := plan.Between("At", b)
	if err != nil {
		t.Fatal(err)
	}
	if prefix := mine.Prefix(); !bytes.Equal(begin, append(bytes.Clone(prefix), pb...)) || !bytes.Equal(end, append(bytes.Clone(prefix), pe...)) {
		t.Errorf("PlanUnder.Between = [%x, %x), want the plan's [%x, %x) under %x", begin, end, pb, pe, prefix)
	}
	k := &commentAt{Post: 2, At: clock(13, 0)}
	in, err := mine.Marshal(k)
	if err != nil {
		t.Fatal(err)
	}
	out, err := theirs.Marshal(k)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Compare(in, begin) < 0 || bytes.Compare(in, end) >= 0 || bytes.Compare(out, begin) >= 0 && bytes.Compare(out, end) < 0 {
		t.Errorf("the range under mine holds mine's key: %v, theirs: %v", bytes.Compare(in, begin) >= 0 && bytes.Compare(in, end) < 0, bytes.Compare(out, begin) >= 0 && bytes.Compare(out, end) < 0)
	}
}
