package tuple_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/tuple"
)

// prefixElements are elements chosen to collide: strings and byte strings
// that are prefixes of each other or hold 00 and FF, nested tuples that
// continue each other, and fixed-length elements.
var prefixElements = []any{
	nil, []byte{}, []byte{0}, []byte{0, 0xFF}, []byte{0xFF}, []byte("a"),
	"", "a", "a\x00", "ab", "\x00", "é",
	int64(-1), int64(0), int64(1),
	tuple.Tuple{}, tuple.Tuple{nil}, tuple.Tuple{"a"}, tuple.Tuple{"a", nil},
}

// indexTuples lists every tuple of up to n elements of prefixElements, as
// index lists: a tuple starts with another exactly when its index list
// does, since no two elements pack alike.
func indexTuples(n int) [][]int {
	out := [][]int{{}}
	for start := 0; ; {
		end := len(out)
		for _, t := range out[start:end] {
			if len(t) == n {
				continue
			}
			for i := range prefixElements {
				out = append(out, append(append([]int(nil), t...), i))
			}
		}
		if end == len(out) {
			return out
		}
		start = end
	}
}

func packIndexes(t testing.TB, idx []int) []byte {
	t.Helper()
	var tup tuple.Tuple
	for _, i := range idx {
		tup = append(tup, prefixElements[i])
	}
	b, err := tuple.Codec{}.Pack(tup)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func startsWith(a, b []int) bool {
	return len(a) >= len(b) && fmt.Sprint(a[:len(b)]) == fmt.Sprint(b)
}

// TestTupleBetween: over every pair of a prefix of up to 2 elements and a
// key of up to 3, low <= key <= high holds exactly when the key's tuple
// starts with the prefix's, while begins_with on the packed prefix
// (bytes.HasPrefix) also holds for keys that only continue its last
// string, byte string or nested tuple; the test counts those to show that
// it looked at them.
func TestTupleBetween(t *testing.T) {
	keys := indexTuples(3)
	packed := make([][]byte, len(keys))
	for i, k := range keys {
		packed[i] = packIndexes(t, k)
	}
	wrongBeginsWith := 0
	for _, p := range indexTuples(2) {
		pp := packIndexes(t, p)
		low, high := tuple.TupleBetween(pp)
		for i, k := range keys {
			want := startsWith(k, p)
			in := bytes.Compare(low, packed[i]) <= 0 && bytes.Compare(packed[i], high) <= 0
			if in != want {
				t.Fatalf("prefix %x, key %x: in [low, high] = %v, starts with the tuple = %v", pp, packed[i], in, want)
			}
			if bytes.HasPrefix(packed[i], pp) != want {
				wrongBeginsWith++
			}
		}
	}
	if wrongBeginsWith == 0 {
		t.Fatal("begins_with on a packed prefix was never wrong: the elements do not collide")
	}
	t.Logf("%d key/prefix pairs where begins_with on the packed prefix is wrong; TupleBetween is right on all", wrongBeginsWith)
}

// TestStringAndBytesPrefix: a key starts with StringPrefix(Pack(t), s)
// exactly when its tuple is t, then a string starting with s, then
// anything; the same for BytesPrefix and byte strings.
func TestStringAndBytesPrefix(t *testing.T) {
	keys := indexTuples(3)
	for _, p := range indexTuples(1) {
		pp := packIndexes(t, p)
		for _, s := range []string{"", "a", "a\x00", "\x00", "ab", "\xc3", "é"} {
			sp := tuple.StringPrefix(pp, s)
			bp := tuple.BytesPrefix(pp, []byte(s))
			for _, k := range keys {
				key := packIndexes(t, k)
				var wantS, wantB bool
				if startsWith(k, p) && len(k) > len(p) {
					switch e := prefixElements[k[len(p)]].(type) {
					case string:
						wantS = strings.HasPrefix(e, s)
					case []byte:
						wantB = bytes.HasPrefix(e, []byte(s))
					}
				}
				if got := bytes.HasPrefix(key, sp); got != wantS {
					t.Fatalf("StringPrefix(%x, %q) = %x; key %x: starts with it = %v, want %v", pp, s, sp, key, got, wantS)
				}
				if got := bytes.HasPrefix(key, bp); got != wantB {
					t.Fatalf("BytesPrefix(%x, %q) = %x; key %x: starts with it = %v, want %v", pp, s, bp, key, got, wantB)
				}
			}
		}
	}
}

func TestPrefixHelpersCopy(t *testing.T) {
	p := make([]byte, 3, 16)
	low, high := tuple.TupleBetween(p)
	sp, bp := tuple.StringPrefix(p, "x"), tuple.BytesPrefix(p, []byte("x"))
	for _, b := range [][]byte{low, high, sp, bp} {
		b[0] = 1
	}
	if p[0] != 0 {
		t.Fatal("a result shares memory with the prefix")
	}
}

func ExampleStringPrefix() {
	events := tuple.Tuple{"events"}.Pack()
	prefix := tuple.StringPrefix(events, "2024-")
	fmt.Printf("begins_with(SK, %x)\n", prefix)
	for _, day := range []string{"2023-12-31", "2024-01-05", "2024-12-31", "2025-01-01"} {
		key := tuple.Tuple{"events", day, 7}.Pack()
		fmt.Println(day, bytes.HasPrefix(key, prefix))
	}
	// On an ordered store, the same bytes as a range:
	r, err := fdb.PrefixRange(prefix)
	if err != nil {
		panic(err)
	}
	fmt.Printf("[%x, %x)\n", []byte(r.Begin.FDBKey()), []byte(r.End.FDBKey()))
	// Output:
	// begins_with(SK, 026576656e74730002323032342d)
	// 2023-12-31 false
	// 2024-01-05 true
	// 2024-12-31 true
	// 2025-01-01 false
	// [026576656e74730002323032342d, 026576656e74730002323032342e)
}

func ExampleTupleBetween() {
	post := tuple.Tuple{"post"}.Pack()
	low, high := tuple.TupleBetween(post)
	fmt.Printf("SK BETWEEN %x AND %x\n", low, high)
	for _, k := range []tuple.Tuple{{"post"}, {"post", 10}, {"post", "draft"}, {"post\x00", 1}, {"posts"}} {
		key := k.Pack()
		between := bytes.Compare(low, key) <= 0 && bytes.Compare(key, high) <= 0
		fmt.Printf("%-17v between: %-5v begins_with(Pack): %v\n", k, between, bytes.HasPrefix(key, post))
	}
	// Output:
	// SK BETWEEN 02706f737400 AND 02706f737400ff
	// ("post")          between: true  begins_with(Pack): true
	// ("post", 10)      between: true  begins_with(Pack): true
	// ("post", "draft") between: true  begins_with(Pack): true
	// ("post\x00", 1)   between: false begins_with(Pack): true
	// ("posts")         between: false begins_with(Pack): false
}
