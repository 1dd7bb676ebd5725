package tuplewire_test

import (
	"testing"

	"github.com/fdbtuple/fdbtuple/internal/workload"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
)

// BenchmarkWalk decodes every element of W1 to its Go type with the typed
// Consume functions, strings into a reused buffer: the zero-allocation
// way to read a key.
func BenchmarkWalk(b *testing.B) { benchWalkW1(b, walkW1) }

// BenchmarkWalkElements is BenchmarkWalk with the Elements iterator
// finding each element and the Consume functions decoding it.
func BenchmarkWalkElements(b *testing.B) { benchWalkW1(b, walkW1Elements) }

func benchWalkW1(b *testing.B, walk func(key, scratch []byte) error) {
	packed := workload.Standard()[0].Tuple.Pack()
	b.Run("W1", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(packed)))
		scratch := make([]byte, 0, 64)
		for b.Loop() {
			if err := walk(packed, scratch); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// walkW1Elements reads W1 as walkW1 does, element by element.
func walkW1Elements(key, scratch []byte) error {
	i := 0
	for elem, err := range tuplewire.Elements(key) {
		switch {
		case err != nil:
			return err
		case i%2 == 0:
			scratch, _, err = tuplewire.ConsumeStringAppend(scratch[:0], elem)
		case i == 1:
			_, _, err = tuplewire.ConsumeUUID(elem)
		default:
			_, _, err = tuplewire.ConsumeInt(elem)
		}
		if err != nil {
			return err
		}
		i++
	}
	return nil
}

// walkW1 reads ("user", uuid, "post", int, "comment", int, "react", int).
func walkW1(key, scratch []byte) error {
	var n int
	var err error
	for i := range 4 {
		if scratch, n, err = tuplewire.ConsumeStringAppend(scratch[:0], key); err != nil {
			return err
		}
		key = key[n:]
		if i == 0 {
			if _, n, err = tuplewire.ConsumeUUID(key); err != nil {
				return err
			}
		} else if _, n, err = tuplewire.ConsumeInt(key); err != nil {
			return err
		}
		key = key[n:]
	}
	return nil
}

// TestWalksReadW1 checks that walkW1 and walkW1Elements read W1.
func TestWalksReadW1(t *testing.T) {
	if err := walkW1(workload.Standard()[0].Tuple.Pack(), nil); err != nil {
		t.Error(err)
	}
	if err := walkW1Elements(workload.Standard()[0].Tuple.Pack(), nil); err != nil {
		t.Error(err)
	}
}
