package tuple_test

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/fdbtuple/fdbtuple/internal/workload"
	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
)

// benchEach runs body as a sub-benchmark per workload, reporting
// allocations and the packed size as bytes per operation.
func benchEach(b *testing.B, ws []workload.Workload, body func(b *testing.B, w workload.Workload, packed []byte)) {
	for _, w := range ws {
		b.Run(w.Name, func(b *testing.B) {
			packed := w.Tuple.Pack()
			b.ReportAllocs()
			b.SetBytes(int64(len(packed)))
			body(b, w, packed)
		})
	}
}

func BenchmarkPack(b *testing.B) {
	benchEach(b, workload.All(), func(b *testing.B, w workload.Workload, _ []byte) {
		for b.Loop() {
			_ = w.Tuple.Pack()
		}
	})
}

func BenchmarkAppend(b *testing.B) {
	benchEach(b, workload.All(), func(b *testing.B, w workload.Workload, packed []byte) {
		buf := make([]byte, 0, len(packed))
		for b.Loop() {
			buf, _ = w.Tuple.AppendBinary(buf[:0])
		}
	})
}

func BenchmarkUnpack(b *testing.B) {
	benchEach(b, workload.All(), func(b *testing.B, _ workload.Workload, packed []byte) {
		for b.Loop() {
			if _, err := tuple.Unpack(packed); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkNext walks the top-level elements without decoding them.
func BenchmarkNext(b *testing.B) {
	benchEach(b, workload.Standard(), func(b *testing.B, _ workload.Workload, packed []byte) {
		for b.Loop() {
			for rest := packed; len(rest) > 0; {
				_, n, err := tuplewire.Next(rest)
				if err != nil {
					b.Fatal(err)
				}
				rest = rest[n:]
			}
		}
	})
}

// BenchmarkFloorAlloc is make+copy of the packed bytes: the least any
// encoder returning a fresh slice can cost.
func BenchmarkFloorAlloc(b *testing.B) {
	benchEach(b, workload.All(), func(b *testing.B, _ workload.Workload, packed []byte) {
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
	benchEach(b, workload.All(), func(b *testing.B, _ workload.Workload, packed []byte) {
		buf := make([]byte, 0, len(packed))
		for b.Loop() {
			buf = append(buf[:0], packed...)
		}
		sink = buf
	})
}

var sink []byte

// TestWorkloadsRoundTrip keeps the benchmark inputs honest: each packs and
// unpacks to itself (tuplewire's tests check that walkW1 reads W1).
func TestWorkloadsRoundTrip(t *testing.T) {
	for _, w := range workload.All() {
		packed := w.Tuple.Pack()
		back, err := tuple.Unpack(packed)
		if err != nil || tuple.Compare(back, w.Tuple) != 0 || !bytes.Equal(back.Pack(), packed) {
			t.Errorf("%s: %v", w.Name, err)
		}
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
