package tuple_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/google/uuid"
)

// The workloads of the performance issue. Each benchmark family runs every
// one, and the floors run over the same packed bytes, so ratios can be read
// from one run on any machine.
type workload struct {
	name string
	tup  tuple.Tuple
}

func workloads() []workload {
	rng := rand.New(rand.NewPCG(1, 2))
	w3str := make([]byte, 32)
	for i := range w3str {
		w3str[i] = byte('a' + rng.IntN(26))
	}
	w3str[13] = 0
	w3bytes := make([]byte, 16)
	for i := range w3bytes {
		w3bytes[i] = byte(rng.Uint32())
	}
	w5 := make([]byte, 1024)
	for i := range w5 {
		if rng.IntN(100) == 0 {
			w5[i] = 0
		} else {
			w5[i] = byte(1 + rng.IntN(255))
		}
	}
	u := uuid.MustParse("4c9d36e5-6b19-4e6a-828c-226ed667458a")
	return []workload{
		{"W1", tuple.Tuple{"user", u, "post", int64(1234), "comment", int64(1678901234), "react", int64(42)}},
		{"W2-7", tuple.Tuple{int64(7)}},
		{"W2-2^62", tuple.Tuple{int64(1<<62 + 12345)}},
		{"W3", tuple.Tuple{int64(-123456789), 3.14159, string(w3str), w3bytes, true, nil}},
		{"W4", tuple.Tuple{int64(1), tuple.Tuple{"a", nil, tuple.Tuple{int64(2), int64(3)}}, "b"}},
		{"W5", tuple.Tuple{w5}},
	}
}

// growth workloads: byte strings of only zeros, whose escaping doubles
// them; per-byte cost must not grow with size.
func growthWorkloads() []workload {
	return []workload{
		{"zeros-1KiB", tuple.Tuple{make([]byte, 1<<10)}},
		{"zeros-1MiB", tuple.Tuple{make([]byte, 1<<20)}},
	}
}

func allWorkloads() []workload { return append(workloads(), growthWorkloads()...) }

// benchEach runs body as a sub-benchmark per workload, reporting
// allocations and the packed size as bytes per operation.
func benchEach(b *testing.B, ws []workload, body func(b *testing.B, w workload, packed []byte)) {
	for _, w := range ws {
		b.Run(w.name, func(b *testing.B) {
			packed := w.tup.Pack()
			b.ReportAllocs()
			b.SetBytes(int64(len(packed)))
			body(b, w, packed)
		})
	}
}

func BenchmarkPack(b *testing.B) {
	benchEach(b, allWorkloads(), func(b *testing.B, w workload, _ []byte) {
		for b.Loop() {
			_ = w.tup.Pack()
		}
	})
}

func BenchmarkAppend(b *testing.B) {
	benchEach(b, allWorkloads(), func(b *testing.B, w workload, packed []byte) {
		buf := make([]byte, 0, len(packed))
		for b.Loop() {
			buf, _ = w.tup.AppendBinary(buf[:0])
		}
	})
}

func BenchmarkUnpack(b *testing.B) {
	benchEach(b, allWorkloads(), func(b *testing.B, _ workload, packed []byte) {
		for b.Loop() {
			if _, err := tuple.Unpack(packed); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkNext walks the top-level elements without decoding them.
func BenchmarkNext(b *testing.B) {
	benchEach(b, workloads(), func(b *testing.B, _ workload, packed []byte) {
		for b.Loop() {
			for rest := packed; len(rest) > 0; {
				_, n, err := tuple.Next(rest)
				if err != nil {
					b.Fatal(err)
				}
				rest = rest[n:]
			}
		}
	})
}

// BenchmarkWalk decodes every element of W1 to its Go type with the typed
// Consume functions, strings into a reused buffer: the zero-allocation
// way to read a key.
func BenchmarkWalk(b *testing.B) { benchWalkW1(b, walkW1) }

// BenchmarkWalkElements is BenchmarkWalk with the Elements iterator
// finding each element and the Consume functions decoding it.
func BenchmarkWalkElements(b *testing.B) { benchWalkW1(b, walkW1Elements) }

func benchWalkW1(b *testing.B, walk func(key, scratch []byte) error) {
	packed := workloads()[0].tup.Pack()
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
	for elem, err := range tuple.Elements(key) {
		switch {
		case err != nil:
			return err
		case i%2 == 0:
			scratch, _, err = tuple.ConsumeStringAppend(scratch[:0], elem)
		case i == 1:
			_, _, err = tuple.ConsumeUUID(elem)
		default:
			_, _, err = tuple.ConsumeInt(elem)
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
		if scratch, n, err = tuple.ConsumeStringAppend(scratch[:0], key); err != nil {
			return err
		}
		key = key[n:]
		if i == 0 {
			if _, n, err = tuple.ConsumeUUID(key); err != nil {
				return err
			}
		} else if _, n, err = tuple.ConsumeInt(key); err != nil {
			return err
		}
		key = key[n:]
	}
	return nil
}

// BenchmarkFloorAlloc is make+copy of the packed bytes: the least any
// encoder returning a fresh slice can cost.
func BenchmarkFloorAlloc(b *testing.B) {
	benchEach(b, allWorkloads(), func(b *testing.B, _ workload, packed []byte) {
		for b.Loop() {
			out := make([]byte, len(packed))
			copy(out, packed)
			sink = out
		}
	})
}

// BenchmarkFloorCopy is a copy of the packed bytes into a preallocated
// buffer: the least any appender can cost.
func BenchmarkFloorCopy(b *testing.B) {
	benchEach(b, allWorkloads(), func(b *testing.B, _ workload, packed []byte) {
		buf := make([]byte, 0, len(packed))
		for b.Loop() {
			buf = append(buf[:0], packed...)
		}
		sink = buf
	})
}

var sink []byte

// TestWorkloadsRoundTrip keeps the benchmark inputs honest: each packs and
// unpacks to itself, and walkW1 reads W1.
func TestWorkloadsRoundTrip(t *testing.T) {
	for _, w := range allWorkloads() {
		packed := w.tup.Pack()
		back, err := tuple.Unpack(packed)
		if err != nil || tuple.Compare(back, w.tup) != 0 || !bytes.Equal(back.Pack(), packed) {
			t.Errorf("%s: %v", w.name, err)
		}
	}
	if err := walkW1(workloads()[0].tup.Pack(), nil); err != nil {
		t.Error(err)
	}
	if err := walkW1Elements(workloads()[0].tup.Pack(), nil); err != nil {
		t.Error(err)
	}
}

// BenchmarkUnpackDeep unpacks tuples nested 10 and 100 levels deep, each
// level holding a string and an integer: the cost per level must not grow
// with the depth.
func BenchmarkUnpackDeep(b *testing.B) {
	for _, depth := range []int{10, 100} {
		t := tuple.Tuple{"leaf", int64(0)}
		for i := 1; i < depth; i++ {
			t = tuple.Tuple{"level", int64(i), t}
		}
		packed := t.Pack()
		b.Run(fmt.Sprint("depth-", depth), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(packed)))
			for b.Loop() {
				if _, err := tuple.Unpack(packed); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
