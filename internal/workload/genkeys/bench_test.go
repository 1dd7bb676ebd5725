package genkeys_test

import (
	"testing"

	"github.com/fdbtuple/fdbtuple/internal/workload/genkeys"
)

// BenchmarkGeneratedW1 runs the paths of issue #28's table on W1 as
// sub-benchmarks of one binary; compat/gobinding's BenchmarkGeneratedW1
// runs them beside the official binding's Unpack.
func BenchmarkGeneratedW1(b *testing.B) {
	key := w1Key(b)
	paths, err := genkeys.W1Paths(key)
	if err != nil {
		b.Fatal(err)
	}
	for _, p := range paths {
		b.Run(p.Name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(key)))
			for b.Loop() {
				p.Run()
			}
		})
	}
}
