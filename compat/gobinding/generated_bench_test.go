package gobinding_test

import (
	"testing"

	official "github.com/fdbtuple/fdbtuple/compat/gobinding/official/tuple"
	"github.com/fdbtuple/fdbtuple/internal/workload"
	"github.com/fdbtuple/fdbtuple/internal/workload/genkeys"
)

// BenchmarkGeneratedW1Rounds is the main module's benchmark of the same
// name (the paths on W1 of issues #28 and #38, in turns, ratios to the
// references) with the official binding's Unpack among the paths. Run it
// with -benchtime 3000x after fetch.sh.
func BenchmarkGeneratedW1Rounds(b *testing.B) {
	key := genkeysW1Key(b)
	paths, err := genkeys.W1Paths(key)
	if err != nil {
		b.Fatal(err)
	}
	paths = append(paths, genkeys.Path{Name: "official-Unpack", Ref: "reference-decode", Run: func() { sinkAny, _ = official.Unpack(key) }})
	for _, r := range genkeys.Interleave(paths, b.N, 200) {
		b.ReportMetric(r.Ratio, "x-ref:"+r.Name)
		b.ReportMetric(r.NsPerOp, "ns:"+r.Name)
		if r.AlsoRatio != 0 {
			b.ReportMetric(r.AlsoRatio, "x-also:"+r.Name)
		}
	}
}

// genkeysW1Key is the key of workload W1, read as the reference decoder
// reads it (it fails b if W1 is not the key the paths are written for).
func genkeysW1Key(b *testing.B) []byte {
	var key []byte
	for _, w := range workload.Standard() {
		if w.Name == "W1" {
			key = w.Tuple.Pack()
		}
	}
	var v genkeys.W1
	if err := genkeys.ReferenceDecodeW1(key, &v); err != nil {
		b.Fatal(err)
	}
	return key
}
