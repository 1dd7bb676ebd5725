package tuple_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/fdbtuple/fdbtuple/internal/workload"
	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
	"github.com/google/uuid"
)

// TestPlanUnder: a plan under a prefix writes the prefix, reads it off,
// refuses keys outside it and keeps its ranges under it.
func TestPlanUnder(t *testing.T) {
	plan, err := tuple.NewPlan[ReactionKey](tuple.Codec{})
	if err != nil {
		t.Fatal(err)
	}
	prefix := tuple.Tuple{"app", int64(7)}.Pack()
	under := plan.Under(prefix)
	prefix[0] = 'X' // Under keeps its own copy
	prefix = tuple.Tuple{"app", int64(7)}.Pack()
	k := ReactionKey{User: ada, Post: 1234, Comment: 1678901234, React: 42}
	bare, err := plan.Marshal(&k)
	if err != nil {
		t.Fatal(err)
	}
	key, err := under.Marshal(&k)
	if err != nil || !bytes.Equal(key, append(bytes.Clone(prefix), bare...)) {
		t.Fatalf("Marshal = %x, %v; want the prefix then %x", key, err, bare)
	}
	if got, err := under.Append([]byte("dst"), &k); err != nil || string(got[:3]) != "dst" || !bytes.Equal(got[3:], key) {
		t.Errorf("Append = %x, %v", got, err)
	}
	var back ReactionKey
	if err := under.Unmarshal(key, &back); err != nil || back != k {
		t.Errorf("Unmarshal = %+v, %v", back, err)
	}
	rest, err := under.UnmarshalPrefix(append(bytes.Clone(key), 0x14), &back)
	if err != nil || !bytes.Equal(rest, []byte{0x14}) {
		t.Errorf("UnmarshalPrefix rest = %x, %v", rest, err)
	}
	// Ranges: the plan's, under the prefix.
	begin, end, err := under.Range(&k, "Post")
	if err != nil {
		t.Fatal(err)
	}
	wb, we := tuple.Tuple{"app", int64(7), "USER", ada, "POST", int64(1234), "COMMENT"}.Range()
	if !bytes.Equal(begin, wb) || !bytes.Equal(end, we) {
		t.Errorf("Range = [%x, %x), want [%x, %x)", begin, end, wb, we)
	}
	all, allEnd, err := under.Range(&k, "")
	if err != nil || bytes.Compare(key, all) < 0 || bytes.Compare(key, allEnd) >= 0 || bytes.Compare(bare, all) >= 0 && bytes.Compare(bare, allEnd) < 0 {
		t.Errorf("Range through no field = [%x, %x), %v: holds the key %x and not the bare key %x", all, allEnd, err, key, bare)
	}
	// A key outside the prefix, and errors' offsets from key[0].
	var de *tuple.DecodeError
	if err := under.Unmarshal(bare, &back); !errors.Is(err, tuple.ErrNotUnderPrefix) || !errors.As(err, &de) || de.Offset != 1 {
		t.Errorf("Unmarshal of a key without the prefix = %v, want ErrNotUnderPrefix at 1, where the key departs from it", err)
	}
	short := key[:len(key)-1]
	if err := under.Unmarshal(short, &back); !errors.As(err, &de) || de.Offset != len(key)-2 {
		t.Errorf("Unmarshal of a truncated key = %v, want an error at offset %d", err, len(key)-2)
	}
	if under.Plan() != plan || !bytes.Equal(under.Prefix(), prefix) {
		t.Errorf("Plan, Prefix = %p, %x", under.Plan(), under.Prefix())
	}
}

// TestPlanUnderAllocs: the prefix costs no allocation.
func TestPlanUnderAllocs(t *testing.T) {
	p, err := tuple.NewPlan[workload.W1Const](tuple.Codec{})
	if err != nil {
		t.Fatal(err)
	}
	under := p.Under([]byte("\x15\x07"))
	u := uuid.MustParse("4c9d36e5-6b19-4e6a-828c-226ed667458a")
	buf := make([]byte, 0, 128)
	key, err := under.Marshal(&workload.W1Const{User: u, Post: 1, At: 2, React: 3})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		want float64
		f    func()
	}{
		{"Append", 0, func() {
			v := workload.W1Const{User: u, Post: 1, At: 2, React: 3}
			buf, _ = under.Append(buf[:0], &v)
		}},
		{"Marshal", 1, func() {
			v := workload.W1Const{User: u, Post: 1, At: 2, React: 3}
			_, _ = under.Marshal(&v)
		}},
		{"Unmarshal", 0, func() {
			var v workload.W1Const
			_ = under.Unmarshal(key, &v)
		}},
	} {
		if n := testing.AllocsPerRun(100, tc.f); n != tc.want {
			t.Errorf("PlanUnder.%s: %v allocations, want %v", tc.name, n, tc.want)
		}
	}
}

// TestErrorsNameTheFix: a key that carries a prefix, read by a plan
// without one, and a descending element read without the extension:
// each error says what it met and what to call.
func TestErrorsNameTheFix(t *testing.T) {
	plan, err := tuple.NewPlan[ReactionKey](tuple.Codec{})
	if err != nil {
		t.Fatal(err)
	}
	k := ReactionKey{User: ada, Post: 1234, Comment: 1678901234, React: 42}
	key, err := plan.Under([]byte("tbl\x00\x07")).Marshal(&k)
	if err != nil {
		t.Fatal(err)
	}
	var back ReactionKey
	err = plan.Unmarshal(key, &back)
	if err == nil || !strings.Contains(err.Error(), "after its first 5 bytes") || !strings.Contains(err.Error(), "Plan.Under(prefix)") {
		t.Errorf("Unmarshal of a key under a prefix = %v, want the prefix's length and Plan.Under", err)
	}
	if _, err := plan.UnmarshalPrefix(key, &back); err == nil || !strings.Contains(err.Error(), "Plan.Under(prefix)") {
		t.Errorf("UnmarshalPrefix of a key under a prefix = %v, want Plan.Under", err)
	}
	// A prefix that the first field reads: the fault is at the second.
	w1, err := tuple.NewPlan[workload.W1Fields](tuple.Codec{})
	if err != nil {
		t.Fatal(err)
	}
	var wv workload.W1Fields
	if err := w1.Unmarshal(append(tuple.Tuple{"app", int64(7)}.Pack(), w1Key()...), &wv); err == nil || !strings.Contains(err.Error(), "after its first 7 bytes") {
		t.Errorf("Unmarshal of W1 under (\"app\", 7) = %v, want the prefix's length", err)
	}
	// Scan frames the key after each offset instead.
	var user uuid.UUID
	var post int64
	err = tuple.Scan(append([]byte("tbl\x00\x07"), w1Key()...), tuple.Const("user"), nil, tuple.Const("post"), nil, tuple.Const("comment"), nil, tuple.Const("react"), nil)
	if err == nil || !strings.Contains(err.Error(), "after its first 5 bytes") || !strings.Contains(err.Error(), "scan key[5:]") {
		t.Errorf("Scan of a key under a prefix = %v, want the prefix's length", err)
	}
	// A key that goes on is not a key under a prefix.
	bare, err := plan.Marshal(&k)
	if err != nil {
		t.Fatal(err)
	}
	if err := plan.Unmarshal(append(bare, 0x14), &back); !errors.Is(err, tuple.ErrTooManyElements) || strings.Contains(err.Error(), "Plan.Under") {
		t.Errorf("Unmarshal of a longer key = %v, want ErrTooManyElements without a prefix hint", err)
	}
	// Example_typedKeys's Scan line on its key: the desc element needs
	// the plan's codec, and the error says so.
	err = tuple.Scan(bare, tuple.Const("USER"), &user, tuple.Const("POST"), &post, tuple.Const("COMMENT"), nil, tuple.Const("REACT"), nil)
	if !errors.Is(err, tuple.ErrInvalidCode) || !strings.Contains(err.Error(), "descending element") || !strings.Contains(err.Error(), "Codec()") {
		t.Errorf("Scan of a desc element without the extension = %v, want the fix named", err)
	}
	if err := plan.Codec().Scan(bare, tuple.Const("USER"), &user, tuple.Const("POST"), &post, tuple.Const("COMMENT"), nil, tuple.Const("REACT"), nil); err != nil || user != ada || post != 1234 {
		t.Errorf("plan.Codec().Scan = %v, %v, %v", err, user, post)
	}
	// With the extension, into a plain variable: the error names Desc.
	var at int64
	err = plan.Codec().Scan(bare, tuple.Const("USER"), nil, tuple.Const("POST"), nil, tuple.Const("COMMENT"), &at, tuple.Const("REACT"), nil)
	if !errors.Is(err, tuple.ErrWrongType) || !strings.Contains(err.Error(), "descending element cannot go into *int64") || !strings.Contains(err.Error(), "tuple.Desc{V: &v}") {
		t.Errorf("Scan of a desc element into *int64 = %v, want the fix named", err)
	}
}

// TestCodecAppendElemsInvertsScan: Codec.AppendElems writes what
// Codec.Scan reads, descending elements, nested tuples and the codec's
// options included, and the bytes are Codec.Pack's.
func TestCodecAppendElemsInvertsScan(t *testing.T) {
	c := descCodec
	at := int64(1678901234)
	key, err := c.AppendElems(nil, "POST", int64(1234), tuple.Desc{V: at}, []any{"x", tuple.Desc{V: "y"}})
	if err != nil {
		t.Fatal(err)
	}
	packed, err := c.Pack(tuple.Tuple{"POST", int64(1234), tuple.Desc{V: at}, tuple.Tuple{"x", tuple.Desc{V: "y"}}})
	if err != nil || !bytes.Equal(key, packed) {
		t.Fatalf("AppendElems = %x, Pack = %x, %v", key, packed, err)
	}
	var post, at2 int64
	var x, y string
	if err := c.Scan(key, tuple.Const("POST"), &post, tuple.Desc{V: &at2}, []any{&x, tuple.Desc{V: &y}}); err != nil || post != 1234 || at2 != at || x != "x" || y != "y" {
		t.Errorf("Scan = %v: %d %d %q %q", err, post, at2, x, y)
	}
	if _, err := (tuple.Codec{}).AppendElems(nil, tuple.Desc{V: at}); !errors.Is(err, tuple.ErrUnsupportedType) {
		t.Errorf("AppendElems of a Desc without DescExtension = %v, want ErrUnsupportedType", err)
	}
	raw := tuple.Codec{AllowInvalidUTF8: true}
	b, err := raw.AppendElems(nil, "\xff")
	var s string
	if err != nil || raw.Scan(b, &s) != nil || s != "\xff" {
		t.Errorf("AllowInvalidUTF8: AppendElems = %x, %v; Scan back %q", b, err, s)
	}
	if _, err := (tuple.Codec{}).AppendElems(nil, "\xff"); !errors.Is(err, tuple.ErrInvalidUTF8) {
		t.Errorf("strict AppendElems of invalid UTF-8 = %v", err)
	}
	// A named string type, which the type table reads as a string.
	type label string
	b, err = raw.AppendElems(nil, label("\xff"))
	var l label
	if err != nil || !bytes.Equal(b, tuplewire.AppendString(nil, "\xff")) || raw.Scan(b, &l) != nil || l != "\xff" {
		t.Errorf("AllowInvalidUTF8: AppendElems of a named string = %x, %v; Scan back %q", b, err, l)
	}
	if _, err := (tuple.Codec{}).AppendElems(nil, label("\xff")); !errors.Is(err, tuple.ErrInvalidUTF8) {
		t.Errorf("strict AppendElems of a named string of invalid UTF-8 = %v", err)
	}
}

// TestPlanUnderSchema: a PlanUnder says what a Plan says, and its
// schema holds the prefix, as tuple text when it is a tuple.
func TestPlanUnderSchema(t *testing.T) {
	plan, err := tuple.NewPlan[ReactionKey](tuple.Codec{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		prefix []byte
		want   string
	}{
		{tuple.Tuple{"app", "comments"}.Pack(), `under ("app", "comments") ` + plan.Schema()},
		{tuple.Tuple{int64(7), nil, []byte{0}}.Pack(), `under (7, nil, b"\x00") ` + plan.Schema()},
		{[]byte{0xfe, 0x01}, `under 0xfe01 ` + plan.Schema()},
		{[]byte("\x02app"), `under 0x02617070 ` + plan.Schema()}, // an unterminated string: no tuple
		{[]byte("\x15\x00"), `under 0x1500 ` + plan.Schema()},    // a non-minimal integer: no strict tuple
		{[]byte{0x4f, 0x01}, `under 0x4f01 ` + plan.Schema()},    // an extension's code: no tuple of the strict codec
		{nil, plan.Schema()}, {[]byte{}, plan.Schema()}, // no prefix: the plan's own keys
	} {
		u := plan.Under(tt.prefix)
		if got := u.Schema(); got != tt.want {
			t.Errorf("Under(%x).Schema() = %s, want %s", tt.prefix, got, tt.want)
		}
		if got := u.Fields(); strings.Join(got, ",") != strings.Join(plan.Fields(), ",") {
			t.Errorf("Under(%x).Fields() = %v", tt.prefix, got)
		}
		if c := u.Codec(); len(c.Extensions) != len(plan.Codec().Extensions) {
			t.Errorf("Under(%x).Codec() = %+v", tt.prefix, c)
		}
	}
}
