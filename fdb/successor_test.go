package fdb_test

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
)

// TestKeyAfter: over every key of up to three bytes from 00, 01, 7F, FE
// and FF, KeyAfter(k) is after k and no key lies between them: x > k
// exactly when x >= KeyAfter(k). Strinc(k), by contrast, is after every
// key that starts with k.
func TestKeyAfter(t *testing.T) {
	alphabet := []byte{0x00, 0x01, 0x7F, 0xFE, 0xFF}
	keys := [][]byte{{}}
	for n := 1; n <= 3; n++ {
		for _, k := range keys {
			if len(k) == n-1 {
				for _, c := range alphabet {
					keys = append(keys, append(bytes.Clone(k), c))
				}
			}
		}
	}
	for _, k := range keys {
		after := fdb.KeyAfter(k)
		inc, incErr := fdb.Strinc(k)
		for _, x := range keys {
			if got, want := bytes.Compare(x, after) >= 0, bytes.Compare(x, k) > 0; got != want {
				t.Fatalf("KeyAfter(%x) = %x: %x at or after it %v, after %x %v", k, after, x, got, k, want)
			}
			if incErr == nil && bytes.HasPrefix(x, k) && bytes.Compare(x, inc) >= 0 {
				t.Fatalf("Strinc(%x) = %x is not after %x, which starts with it", k, inc, x)
			}
		}
	}
	k := []byte("k")
	after := fdb.KeyAfter(k[:1:1])
	after[0] = 'x'
	if k[0] != 'k' {
		t.Errorf("KeyAfter's result shares memory with its argument")
	}
}

func ExampleKeyAfter() {
	key := fdb.Key("user/42")
	// The range that holds key alone, and where a read resumes after it.
	fmt.Println(fdb.KeyRange{Begin: key, End: fdb.KeyAfter(key)})
	end, err := fdb.Strinc(key) // after every key starting with "user/42"
	if err != nil {
		panic(err)
	}
	fmt.Println(fdb.Key(end))
	// Output:
	// {user/42 user/42\x00}
	// user/43
}
