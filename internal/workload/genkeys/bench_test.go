package genkeys_test

import (
	"fmt"
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

// BenchmarkGeneratedW1Rounds runs the same paths in turns inside one
// process, b.N rounds of batches of 200 calls (run it with -benchtime
// 300x), and reports each path's median ns/op and its median ratio to its
// reference path over the rounds.
func BenchmarkGeneratedW1Rounds(b *testing.B) {
	paths, err := genkeys.W1Paths(w1Key(b))
	if err != nil {
		b.Fatal(err)
	}
	reportRounds(b, genkeys.Interleave(paths, b.N, 200))
}

func reportRounds(b *testing.B, results []genkeys.Result) {
	if b.N == 1 { // the framework's first call, before the -benchtime one: too few rounds to report
		return
	}
	for _, r := range results {
		also := ""
		if r.AlsoRatio != 0 {
			also = fmt.Sprintf(" (%.2f × %s)", r.AlsoRatio, r.Also)
			b.ReportMetric(r.AlsoRatio, "x-also:"+r.Name)
		}
		b.Logf("%-26s %8.1f ns/op  %5.2f × %s%s", r.Name, r.NsPerOp, r.Ratio, r.Ref, also)
		b.ReportMetric(r.Ratio, "x-ref:"+r.Name)
		b.ReportMetric(r.NsPerOp, "ns:"+r.Name)
	}
}
