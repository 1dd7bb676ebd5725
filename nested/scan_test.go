package nested_test

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/fdbtuple/fdbtuple/nested"
	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/google/uuid"
)

// TestScanSegment reads the segments of keys that Path wrote, and agrees
// with Decode on every id.
func TestScanSegment(t *testing.T) {
	p := nested.New("user", user).Child("post", 1234).Child("order", 2024, "b")
	key, err := p.Key("title")
	if err != nil {
		t.Fatal(err)
	}
	var u uuid.UUID
	var post, year int64
	var letter string
	at, err := nested.ScanSegment(key, 0, "user", &u)
	if err == nil {
		at, err = nested.ScanSegment(key, at, "post", &post)
	}
	if err == nil {
		at, err = nested.ScanSegment(key, at, "order", &year, &letter)
	}
	if err != nil {
		t.Fatal(err)
	}
	got := nested.New("user", u).Child("post", post).Child("order", year, letter)
	if !got.Equal(p) {
		t.Errorf("scanned %s, want %s", got, p)
	}
	_, rest, _ := nested.Decode(key)
	if string(key[at:]) != string(rest) {
		t.Errorf("ScanSegment ends at %q, Decode at %q", key[at:], rest)
	}
}

func TestScanSegmentErrors(t *testing.T) {
	key, _ := nested.New("user", user).Child("post", 1234).Key()
	postAt := len(key) - len(tuple.Tuple{tuple.Tuple{"post", 1234}}.Pack())
	var id int64
	var u uuid.UUID
	cases := []struct {
		name   string
		at     int
		kind   string
		id     []any
		want   error
		offset int
	}{
		{"another kind", postAt, "comment", []any{&id}, tuple.ErrConstMismatch, postAt + 1},
		{"an id of another type", 0, "user", []any{&id}, tuple.ErrWrongType, 7},
		{"fewer ids than the segment", 0, "user", nil, tuple.ErrTooManyElements, 7},
		{"more ids than the segment", postAt, "post", []any{&id, &id}, tuple.ErrTooFewElements, len(key) - 1},
		{"not a segment", postAt + 1, "post", []any{&id}, tuple.ErrWrongType, postAt + 1},
	}
	for _, c := range cases {
		_, err := nested.ScanSegment(key, c.at, c.kind, c.id...)
		var de *tuple.DecodeError
		if !errors.Is(err, c.want) || !errors.As(err, &de) || de.Offset != c.offset {
			t.Errorf("%s: %v (offset %d), want %v at offset %d", c.name, err, offsetOf(err), c.want, c.offset)
		}
	}
	many := make([]any, 16)
	for i := range many {
		many[i] = &id
	}
	if _, err := nested.ScanSegment(key, 0, "user", many...); err == nil {
		t.Error("16 ids: no error")
	}
	for _, at := range []int{-1, len(key) + 1, math.MaxInt} {
		if _, err := nested.ScanSegment(key, at, "user", &u); !errors.Is(err, nested.ErrOffset) {
			t.Errorf("offset %d of a %d-byte key: %v, want ErrOffset", at, len(key), err)
		}
	}
	if _, err := nested.ScanSegment(key, len(key), "user", &u); !errors.Is(err, tuple.ErrTooFewElements) && !errors.Is(err, tuple.ErrTruncated) {
		t.Errorf("at the end of the key: %v, want a decoding error", err)
	}
	if _, err := nested.ScanSegment(key, 0, "user", &u); err != nil || u != user {
		t.Errorf("the user segment: %v, %v", u, err)
	}
}

func offsetOf(err error) int {
	var de *tuple.DecodeError
	if errors.As(err, &de) {
		return de.Offset
	}
	return -1
}

// TestScanSegmentAllocs: ids that are not strings cost nothing to read.
func TestScanSegmentAllocs(t *testing.T) {
	key, _ := nested.New("user", user).Child("post", 1234).Key()
	var u uuid.UUID
	var post int64
	allocs := testing.AllocsPerRun(100, func() {
		at, err := nested.ScanSegment(key, 0, "user", &u)
		if err == nil {
			_, err = nested.ScanSegment(key, at, "post", &post)
		}
		if err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations, want 0", allocs)
	}
}

func ExampleScanSegment() {
	key, _ := nested.New("user", user).Child("post", 1234).Key()
	var u uuid.UUID
	var post int64
	at, err := nested.ScanSegment(key, 0, "user", &u)
	if err == nil {
		at, err = nested.ScanSegment(key, at, "post", &post)
	}
	fmt.Println(u, post, at == len(key), err)
	_, err = nested.ScanSegment(key, 0, "team", &u)
	fmt.Println(errors.Is(err, tuple.ErrConstMismatch))
	// Output:
	// 4c9d36e5-6b19-4e6a-828c-226ed667458a 1234 true <nil>
	// true
}
