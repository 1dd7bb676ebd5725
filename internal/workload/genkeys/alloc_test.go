package genkeys_test

import (
	"testing"

	"github.com/fdbtuple/fdbtuple/internal/workload/genkeys"
)

// Allocation limits of the generated methods on W1, with the key struct
// declared inside each call: decoding allocates the strings' one buffer
// (nothing with no string fields), appending into a buffer with room
// nothing, marshalling the key.
func TestGeneratedAllocations(t *testing.T) {
	key := w1Key(t)
	var v genkeys.W1
	if _, err := v.UnmarshalTupleKey(key); err != nil {
		t.Fatal(err)
	}
	var c genkeys.W1Const
	if _, err := c.UnmarshalTupleKey(key); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 0, 2*len(key))
	var err error
	for _, tc := range []struct {
		name string
		max  float64
		run  func()
	}{
		{"decode W1", 1, func() {
			var w genkeys.W1
			_, err = w.UnmarshalTupleKey(key)
		}},
		{"decode W1 with constant strings", 0, func() {
			var w genkeys.W1Const
			_, err = w.UnmarshalTupleKey(key)
		}},
		{"append W1", 0, func() {
			w := v
			buf, err = w.AppendTupleKey(buf[:0])
		}},
		{"append W1 with constant strings", 0, func() {
			w := c
			buf, err = w.AppendTupleKey(buf[:0])
		}},
		{"marshal W1", 1, func() {
			w := v
			buf, err = w.MarshalTupleKey()
		}},
		{"reference decoder", 1, func() {
			var w genkeys.W1
			err = genkeys.ReferenceDecodeW1(key, &w)
		}},
	} {
		if got := testing.AllocsPerRun(200, tc.run); got > tc.max || err != nil {
			t.Errorf("%s: %v allocations (at most %v), error %v", tc.name, got, tc.max, err)
		}
	}
}
