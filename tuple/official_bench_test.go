//go:build officialbench

package tuple_test

// Benchmarks of the official Go binding over the same workloads, run by
// tuple/internal/official/bench.sh, which fetches that package for the
// run (it is not part of this module).

import (
	"bytes"
	"testing"

	"github.com/fdbtuple/fdbtuple/tuple"
	official "github.com/fdbtuple/fdbtuple/tuple/internal/official"
	"github.com/google/uuid"
)

// toOfficial converts a workload to the official package's types.
func toOfficial(t []any) official.Tuple {
	out := make(official.Tuple, len(t))
	for i, v := range t {
		switch v := v.(type) {
		case uuid.UUID:
			out[i] = official.UUID(v)
		case tuple.Tuple:
			out[i] = toOfficial(v)
		default:
			out[i] = v
		}
	}
	return out
}

// TestOfficialSameBytes checks that both packages write the same bytes
// for every workload, so the benchmarks compare like with like.
func TestOfficialSameBytes(t *testing.T) {
	for _, w := range allWorkloads() {
		ours := w.tup.Pack()
		theirs := toOfficial(w.tup).Pack()
		if !bytes.Equal(ours, theirs) {
			t.Errorf("%s: ours %x, official %x", w.name, ours, theirs)
		}
		if _, err := official.Unpack(ours); err != nil {
			t.Errorf("%s: official Unpack: %v", w.name, err)
		}
	}
}

func BenchmarkOfficialPack(b *testing.B) {
	benchEach(b, allWorkloads(), func(b *testing.B, w workload, _ []byte) {
		t := toOfficial(w.tup)
		for b.Loop() {
			_ = t.Pack()
		}
	})
}

func BenchmarkOfficialUnpack(b *testing.B) {
	benchEach(b, allWorkloads(), func(b *testing.B, _ workload, packed []byte) {
		for b.Loop() {
			if _, err := official.Unpack(packed); err != nil {
				b.Fatal(err)
			}
		}
	})
}
