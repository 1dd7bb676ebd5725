package tuple_test

import (
	"bytes"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/fdbtuple/fdbtuple/internal/workload"
	"github.com/fdbtuple/fdbtuple/tuple"
)

func TestPlanSeedKey(t *testing.T) {
	p, err := tuple.NewPlan[ReactionKey](tuple.Codec{})
	if err != nil {
		t.Fatal(err)
	}
	k := ReactionKey{User: w1UUID, Post: 1234, Comment: 1678901234, React: 42}
	key, err := p.Marshal(&k)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := descCodec.Pack(tuple.Tuple{"USER", w1UUID, "POST", 1234, "COMMENT", tuple.Desc{V: int64(1678901234)}, "REACT", 42})
	if !bytes.Equal(key, want) {
		t.Fatalf("Marshal = %x, want %x", key, want)
	}
	var back ReactionKey
	if err := p.Unmarshal(key, &back); err != nil || back != k {
		t.Fatalf("Unmarshal = %+v, %v", back, err)
	}
	if got, want := p.Schema(), `("USER", User uuid, "POST", Post int64, "COMMENT", Comment desc(int64), "REACT", React int64)`; got != want {
		t.Errorf("Schema = %s\nwant     %s", got, want)
	}
	// Every reaction to comments of post 1234 of this user, newest first.
	begin, end, err := p.Range(&k, "Post")
	if err != nil {
		t.Fatal(err)
	}
	older := k
	older.Comment, older.React = 1600000000, 1
	otherPost := k
	otherPost.Post = 1235
	ko, _ := p.Marshal(&older)
	kp, _ := p.Marshal(&otherPost)
	in := func(b []byte) bool { return bytes.Compare(b, begin) >= 0 && bytes.Compare(b, end) < 0 }
	if !in(key) || !in(ko) || in(kp) || bytes.Compare(key, ko) >= 0 {
		t.Errorf("Range(4): key %v, older %v (sorts after: %v), other post %v", in(key), in(ko), bytes.Compare(key, ko) < 0, in(kp))
	}
	// The generic functions keep a plan per type.
	if key2, err := tuple.Marshal(&k); err != nil || !bytes.Equal(key2, key) {
		t.Errorf("tuple.Marshal = %x, %v", key2, err)
	}
	var back2 ReactionKey
	if err := tuple.Unmarshal(key, &back2); err != nil || back2 != k {
		t.Errorf("tuple.Unmarshal = %+v, %v", back2, err)
	}
}

func TestPlanAllocs(t *testing.T) {
	key := w1Key()
	p, err := tuple.NewPlan[workload.W1Fields](tuple.Codec{})
	if err != nil {
		t.Fatal(err)
	}
	var v workload.W1Fields
	if n := testing.AllocsPerRun(100, func() { _ = p.Unmarshal(key, &v) }); n != 1 {
		t.Errorf("Plan.Unmarshal: %v allocations, want 1", n)
	}
	if v.Kind != "user" || v.User != w1UUID || v.Post != 1234 || v.RKind != "react" || v.React != 42 {
		t.Fatalf("Unmarshal = %+v", v)
	}
	pc, err := tuple.NewPlan[workload.W1Const](tuple.Codec{})
	if err != nil {
		t.Fatal(err)
	}
	var c workload.W1Const
	if n := testing.AllocsPerRun(100, func() { _ = pc.Unmarshal(key, &c) }); n != 0 {
		t.Errorf("Plan.Unmarshal with constant strings: %v allocations, want 0", n)
	}
	buf := make([]byte, 0, 128)
	if n := testing.AllocsPerRun(100, func() { buf, _ = p.Append(buf[:0], &v) }); n != 0 {
		t.Errorf("Plan.Append: %v allocations, want 0", n)
	}
	if !bytes.Equal(buf, key) {
		t.Fatalf("Append = %x, want %x", buf, key)
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = p.Marshal(&v) }); n != 1 {
		t.Errorf("Plan.Marshal: %v allocations, want 1", n)
	}
}

type inner struct {
	Name string
	Tag  *int64
}

type embedded struct {
	Region string
}

type shapes struct {
	embedded
	Skip   string `tuple:"-"`
	Child  inner
	Maybe  *inner
	Raw    string `tuple:"raw,bytes"`
	Values tuple.Tuple
}

func TestPlanShapes(t *testing.T) {
	p, err := tuple.NewPlan[shapes](tuple.Codec{})
	if err != nil {
		t.Fatal(err)
	}
	seven := int64(7)
	v := shapes{embedded: embedded{"eu"}, Skip: "x", Child: inner{"a", &seven}, Raw: "r\x00", Values: tuple.Tuple{int64(1), "z"}}
	key, err := p.Marshal(&v)
	if err != nil {
		t.Fatal(err)
	}
	want := tuple.Tuple{"eu", tuple.Tuple{"a", int64(7)}, nil, []byte("r\x00"), tuple.Tuple{int64(1), "z"}}.Pack()
	if !bytes.Equal(key, want) {
		t.Fatalf("Marshal = %x\nwant      %x", key, want)
	}
	var back shapes
	if err := p.Unmarshal(key, &back); err != nil {
		t.Fatal(err)
	}
	if back.Region != "eu" || back.Skip != "" || back.Child.Name != "a" || *back.Child.Tag != 7 || back.Maybe != nil || back.Raw != "r\x00" || tuple.Compare(back.Values, v.Values) != 0 {
		t.Fatalf("Unmarshal = %+v", back)
	}
	if got, want := p.Schema(), "(Region string, Child (Name string, Tag *int64), Maybe *(Name string, Tag *int64), raw bytes, Values tuple)"; got != want {
		t.Errorf("Schema = %s\nwant     %s", got, want)
	}
}

func TestPlanErrors(t *testing.T) {
	p, err := tuple.NewPlan[ReactionKey](tuple.Codec{})
	if err != nil {
		t.Fatal(err)
	}
	var k ReactionKey
	tests := []struct {
		name   string
		key    tuple.Tuple
		err    error
		offset int
		path   []int
		detail string
	}{
		{"constant", tuple.Tuple{"USR"}, tuple.ErrConstMismatch, 0, []int{0}, "USER"},
		{"too few", tuple.Tuple{"USER", w1UUID}, tuple.ErrTooFewElements, 23, []int{2}, "field"},
		{"out of range", tuple.Tuple{"USER", w1UUID, "POST", 1, "COMMENT", tuple.Desc{V: int64(2)}, "REACT", uint64(1) << 63}, tuple.ErrOutOfRange, 52, []int{7}, "field React (int64)"},
		{"too many", tuple.Tuple{"USER", w1UUID, "POST", 1, "COMMENT", tuple.Desc{V: int64(2)}, "REACT", 3, "x"}, tuple.ErrTooManyElements, 54, []int{8}, "more than the 8 fields"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			key, _ := descCodec.Pack(tt.key)
			err := p.Unmarshal(key, &k)
			var de *tuple.DecodeError
			if !errors.Is(err, tt.err) || !errors.As(err, &de) {
				t.Fatalf("got %v, want %v", err, tt.err)
			}
			if de.Offset != tt.offset || !slices.Equal(de.Path, tt.path) || !strings.Contains(de.Detail, tt.detail) {
				t.Errorf("offset %d path %v detail %q; want %d %v %q", de.Offset, de.Path, de.Detail, tt.offset, tt.path, tt.detail)
			}
		})
	}
	type bad struct{ C chan int }
	if _, err := tuple.NewPlan[bad](tuple.Codec{}); err == nil || !strings.Contains(err.Error(), "field C (chan int)") {
		t.Errorf("NewPlan of a chan field: %v", err)
	}
}

// narrow holds a field of each kind that a plan reads and writes by its
// plain path, in narrow and named types, where a value can fail to fit.
type narrow struct {
	Name  title
	Small int8
	Port  uint16
	Count uint
	ID    serial
	_     struct{} `tuple:"end,const"`
}

type (
	title  string
	serial [16]byte
)

func TestPlanPlainFields(t *testing.T) {
	p, err := tuple.NewPlan[narrow](tuple.Codec{})
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []narrow{
		{Name: "plain", Small: -128, Port: 65535, Count: 0, ID: serial{1, 2, 3}},
		{Name: "zé\x00ro", Small: 127, Port: 0, Count: math.MaxUint, ID: serial{15: 0xFF}},
	} {
		key, err := p.Marshal(&v)
		if err != nil {
			t.Fatal(err)
		}
		want := tuple.Tuple{string(v.Name), int64(v.Small), uint64(v.Port), uint64(v.Count), tuple.UUID(v.ID), "end"}.Pack()
		if !bytes.Equal(key, want) {
			t.Errorf("%+v: Marshal = %x, Pack = %x", v, key, want)
		}
		var back narrow
		if err := p.Unmarshal(key, &back); err != nil || back != v {
			t.Errorf("Unmarshal(%x) = %+v, %v; want %+v", key, back, err, v)
		}
	}
	u := tuple.UUID{}
	tests := []struct {
		name  string
		key   tuple.Tuple
		err   error
		field string
	}{
		{"int8 out of range", tuple.Tuple{"a", 128, 1, 1, u, "end"}, tuple.ErrOutOfRange, "field Small (int8)"},
		{"negative into uint16", tuple.Tuple{"a", 1, -1, 1, u, "end"}, tuple.ErrOutOfRange, "field Port (uint16)"},
		{"uint16 out of range", tuple.Tuple{"a", 1, 1 << 16, 1, u, "end"}, tuple.ErrOutOfRange, "field Port (uint16)"},
		{"null into a string", tuple.Tuple{nil, 1, 1, 1, u, "end"}, tuple.ErrWrongType, "field Name (tuple_test.title)"},
		{"bytes into a string", tuple.Tuple{[]byte("a"), 1, 1, 1, u, "end"}, tuple.ErrWrongType, "field Name"},
		{"string into a UUID", tuple.Tuple{"a", 1, 1, 1, "u", "end"}, tuple.ErrWrongType, "field ID (tuple_test.serial)"},
		{"another constant", tuple.Tuple{"a", 1, 1, 1, u, "END"}, tuple.ErrConstMismatch, "end"},
	}
	for _, tt := range tests {
		var v narrow
		err := p.Unmarshal(tt.key.Pack(), &v)
		var de *tuple.DecodeError
		if !errors.Is(err, tt.err) || !errors.As(err, &de) || !strings.Contains(de.Detail, tt.field) {
			t.Errorf("%s: %v; want %v naming %q", tt.name, err, tt.err, tt.field)
		}
	}
	bad := narrow{Name: "\xff"}
	if _, err := p.Marshal(&bad); !errors.Is(err, tuple.ErrInvalidUTF8) {
		t.Errorf("Marshal of invalid UTF-8: %v", err)
	}
}

// timeKeys are keys with a time field in a unit and a descending time and
// duration, as a newest-first key has them.
type timeKeys struct {
	Tenant string
	At     time.Time     `tuple:",unit=ms"`
	Newest time.Time     `tuple:",desc,unit=ms"`
	Took   time.Duration `tuple:",desc"`
	Stamp  tuple.Versionstamp
	Name   string `tuple:",desc"`
	ID     int64  `tuple:",desc"`
}

// Plan.Append of time fields, plain or desc, of a versionstamp and of
// desc strings and integers in a plan that is not direct allocates nothing, with the
// key struct declared for the call: reading a time.Time by reflect's
// Interface copied it to the heap (1 allocation per field), and a desc
// field's ascending encoding was made in a buffer that escaped through
// the recursive dispatcher (64 bytes per field).
func TestPlanTimeAllocs(t *testing.T) {
	p, err := tuple.NewPlan[timeKeys](tuple.Codec{})
	if err != nil {
		t.Fatal(err)
	}
	at := time.UnixMilli(1_700_000_000_123)
	stamp := tuple.Versionstamp{TransactionVersion: [10]byte{1, 2, 3}, UserVersion: 9}
	buf := make([]byte, 0, 128)
	if n := testing.AllocsPerRun(100, func() {
		v := timeKeys{Tenant: "a", At: at, Newest: at, Took: 3 * time.Second, Stamp: stamp, Name: "ada", ID: 7}
		buf, err = p.Append(buf[:0], &v)
	}); n != 0 || err != nil {
		t.Errorf("Plan.Append of time fields: %v allocations (%v), want 0", n, err)
	}
	var back timeKeys
	if err := p.Unmarshal(buf, &back); err != nil || !back.At.Equal(at) || !back.Newest.Equal(at) || back.Took != 3*time.Second || back.Stamp != stamp || back.Name != "ada" || back.ID != 7 {
		t.Errorf("Unmarshal(Append) = %+v, %v", back, err)
	}
}
