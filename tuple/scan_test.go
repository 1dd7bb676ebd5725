package tuple_test

import (
	"errors"
	"math"
	"math/big"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/fdbtuple/fdbtuple/internal/testrows"
	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
	"github.com/fdbtuple/fdbtuple/types"
	"github.com/google/uuid"
)

var w1UUID = uuid.MustParse("5f1c2b3a-0000-4000-8000-00000000abcd")

func w1Key() []byte {
	return tuple.Tuple{"user", w1UUID, "post", int64(1234), "comment", int64(1678901234), "react", int64(42)}.Pack()
}

// TestScanW1 decodes the typical key into eight variables.
func TestScanW1(t *testing.T) {
	key := w1Key()
	var user, post, comment, react string
	var id uuid.UUID
	var postID, at int64
	var reaction uint8
	if err := tuple.Scan(key, &user, &id, &post, &postID, &comment, &at, &react, &reaction); err != nil {
		t.Fatal(err)
	}
	if user != "user" || id != w1UUID || post != "post" || postID != 1234 || comment != "comment" || at != 1678901234 || react != "react" || reaction != 42 {
		t.Fatalf("got %q %v %q %d %q %d %q %d", user, id, post, postID, comment, at, react, reaction)
	}
	// Constants in place of the kind strings, and nil to skip one.
	if err := tuple.Scan(key, tuple.Const("user"), &id, tuple.Const("post"), &postID, tuple.Const("comment"), nil, tuple.Const("react"), &reaction); err != nil {
		t.Fatal(err)
	}
}

// TestScanAllocs holds the allocation limits of issue #17: one for all
// the strings of a key, none without strings, none for a hook.
func TestScanAllocs(t *testing.T) {
	key := w1Key()
	var user, post, comment, react string
	var id uuid.UUID
	var postID, at, reaction int64
	if n := testing.AllocsPerRun(100, func() {
		_ = tuple.Scan(key, &user, &id, &post, &postID, &comment, &at, &react, &reaction)
	}); n != 1 {
		t.Errorf("Scan into 8 variables: %v allocations, want 1", n)
	}
	if n := testing.AllocsPerRun(100, func() {
		_ = tuple.Scan(key, tuple.Const("user"), &id, tuple.Const("post"), &postID, tuple.Const("comment"), &at, tuple.Const("react"), &reaction)
	}); n != 0 {
		t.Errorf("Scan with constant strings: %v allocations, want 0", n)
	}
	// A string holding a 00 is unescaped into the same one allocation.
	zeroed := tuple.Tuple{"a\x00b", "c\x00\x00"}.Pack()
	var z1, z2 string
	if n := testing.AllocsPerRun(100, func() { _ = tuple.Scan(zeroed, &z1, &z2) }); n != 1 || z1 != "a\x00b" || z2 != "c\x00\x00" {
		t.Errorf("Scan of strings holding 00: %v allocations, %q %q; want 1", n, z1, z2)
	}
	type Millis int64
	var ms Millis
	if n := testing.AllocsPerRun(100, func() {
		_ = tuple.Scan(key, tuple.Const("user"), &id, tuple.Const("post"), &postID, tuple.Const("comment"), tuple.Into(&ms, func(b []byte) (Millis, int, error) {
			v, n, err := tuplewire.ConsumeInt(b)
			return Millis(v), n, err
		}), tuple.Const("react"), &reaction)
	}); n != 0 || ms != 1678901234 {
		t.Errorf("Scan with a hook: %v allocations, %d; want 0", n, ms)
	}
}

type userID int64
type label string

// TestScanDestinations covers every kind of destination.
func TestScanDestinations(t *testing.T) {
	vs := types.Versionstamp{TransactionVersion: [10]byte{1, 2, 3}, UserVersion: 7}
	key := tuple.Tuple{
		nil, []byte("a\x00b"), "s", tuple.Tuple{int64(1), nil, "x"}, int64(-5), float32(1.5), 2.5, true,
		w1UUID, vs, new(big.Int).Lsh(big.NewInt(1), 100), uint64(math.MaxUint64), int64(300),
	}.Pack()
	var (
		null     *int64 = new(int64)
		b        []byte
		str      label
		a1       userID
		x        *string
		inner    string
		neg      int8
		f32      float32
		f64      float64
		ok       bool
		id       uuid.UUID
		stamp    tuple.Versionstamp
		huge     big.Int
		maxU     uint64
		anything any
	)
	err := tuple.Scan(key, &null, &b, &str, []any{&a1, &x, &inner}, &neg, &f32, &f64, &ok, &id, &stamp, &huge, &maxU, &anything)
	if err != nil {
		t.Fatal(err)
	}
	if null != nil || string(b) != "a\x00b" || str != "s" || a1 != 1 || x != nil || inner != "x" || neg != -5 ||
		f32 != 1.5 || f64 != 2.5 || !ok || id != w1UUID || stamp != vs || huge.Cmp(new(big.Int).Lsh(big.NewInt(1), 100)) != 0 ||
		maxU != math.MaxUint64 || anything != int64(300) {
		t.Fatalf("got %v %q %q %d %v %q %d %v %v %v %v %v %v %d %v", null, b, str, a1, x, inner, neg, f32, f64, ok, id, stamp, &huge, maxU, anything)
	}
	var p *int64
	if err := tuple.Scan(tuple.Tuple{int64(9)}.Pack(), &p); err != nil || p == nil || *p != 9 {
		t.Fatalf("**int64: %v, %v", p, err)
	}
	var whole tuple.Tuple
	if err := tuple.Scan(tuple.Tuple{tuple.Tuple{"a", int64(2)}}.Pack(), &whole); err != nil || tuple.Compare(whole, tuple.Tuple{"a", 2}) != 0 {
		t.Fatalf("*Tuple: %v, %v", whole, err)
	}
}

// TestScanErrors: each misfit names the destination, its sentinel, and
// the element's offset and path in the key.
func TestScanErrors(t *testing.T) {
	key := tuple.Tuple{"a", tuple.Tuple{int64(300)}, int64(-1)}.Pack()
	var s string
	var small int8
	var u uint
	tests := []struct {
		name   string
		dst    []any
		err    error
		offset int
		path   []int
		detail string
	}{
		{"does not fit", []any{&s, []any{&small}, &u}, tuple.ErrOutOfRange, 4, []int{1, 0}, "int8"},
		{"negative into uint", []any{&s, nil, &u}, tuple.ErrOutOfRange, 8, []int{2}, "uint"},
		{"wrong kind", []any{&small, nil, nil}, tuple.ErrWrongType, 0, []int{0}, "*int8"},
		{"constant", []any{tuple.Const("b"), nil, nil}, tuple.ErrConstMismatch, 0, []int{0}, `want the constant "b", found "a"`},
		{"forgotten &", []any{s, nil, nil}, tuple.ErrNotPointer, 0, []int{0}, "pass &v"},
		{"too few", []any{&s, nil, nil, nil}, tuple.ErrTooFewElements, 10, []int{3}, "after 3 elements"},
		{"too many", []any{&s, nil}, tuple.ErrTooManyElements, 8, []int{2}, "more than the 2"},
		{"too many nested", []any{&s, []any{}, nil}, tuple.ErrTooManyElements, 4, []int{1, 0}, "more than the 0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tuple.Scan(key, tt.dst...)
			var de *tuple.DecodeError
			if !errors.Is(err, tt.err) || !errors.As(err, &de) {
				t.Fatalf("got %v, want %v", err, tt.err)
			}
			if de.Offset != tt.offset || !slices.Equal(de.Path, tt.path) || !strings.Contains(de.Detail, tt.detail) {
				t.Errorf("offset %d path %v detail %q; want %d %v %q", de.Offset, de.Path, de.Detail, tt.offset, tt.path, tt.detail)
			}
		})
	}
	if rest, err := tuple.ScanPrefix(key, &s); err != nil || s != "a" || len(rest) != len(key)-3 {
		t.Errorf("ScanPrefix: %q, %x, %v", s, rest, err)
	}
}

// TestScanDesc reads a descending element through a codec that has the
// extension, and refuses it without.
func TestScanDesc(t *testing.T) {
	codec := tuple.Codec{Extensions: []tuple.Extension{tuple.DescExtension(tuple.DefaultDescCode)}}
	key, err := codec.Pack(tuple.Tuple{"events", tuple.Desc{V: int64(1700)}, tuple.Desc{V: "z\x00"}})
	if err != nil {
		t.Fatal(err)
	}
	var ts int64
	var s string
	if err := codec.Scan(key, tuple.Const("events"), tuple.Desc{V: &ts}, tuple.Desc{V: &s}); err != nil || ts != 1700 || s != "z\x00" {
		t.Fatalf("got %d %q %v", ts, s, err)
	}
	if err := tuple.Scan(key, tuple.Const("events"), tuple.Desc{V: &ts}, nil); !errors.Is(err, tuple.ErrInvalidCode) {
		t.Errorf("without the extension: %v", err)
	}
}

// TestScanAgreesWithUnpack decodes every vector row with Scan, into *any
// and into a typed destination per element, and compares with Unpack.
func TestScanAgreesWithUnpack(t *testing.T) {
	for _, r := range testrows.PackRows(t) {
		anys := make([]any, len(r.Tup))
		typed := make([]any, len(r.Tup))
		for i, v := range r.Tup {
			anys[i] = new(any)
			if v == nil {
				typed[i] = nil
			} else {
				typed[i] = reflect.New(reflect.TypeOf(v)).Interface()
			}
		}
		if err := tuple.Scan(r.Packed, anys...); err != nil {
			t.Fatalf("%s: Scan into *any: %v", r.Name, err)
		}
		if err := tuple.Scan(r.Packed, typed...); err != nil {
			t.Fatalf("%s: Scan into typed destinations: %v", r.Name, err)
		}
		for i, v := range r.Tup {
			got := *anys[i].(*any)
			if tuple.Compare(tuple.Tuple{got}, tuple.Tuple{v}) != 0 {
				t.Fatalf("%s element %d: Scan %#v, Unpack %#v", r.Name, i, got, v)
			}
			if typed[i] != nil {
				got := reflect.ValueOf(typed[i]).Elem().Interface()
				if tuple.Compare(tuple.Tuple{got}, tuple.Tuple{v}) != 0 {
					t.Fatalf("%s element %d: typed Scan %#v, Unpack %#v", r.Name, i, got, v)
				}
			}
		}
	}
}
