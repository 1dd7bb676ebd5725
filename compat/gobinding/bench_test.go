package gobinding_test

import (
	"bytes"
	"testing"

	official "github.com/fdbtuple/fdbtuple/compat/gobinding/official/tuple"
	"github.com/fdbtuple/fdbtuple/internal/workload"
	"github.com/fdbtuple/fdbtuple/tuple"
)

// TestOfficialSameBytes checks that both packages write the same bytes
// for every workload, so that the benchmarks compare like with like.
func TestOfficialSameBytes(t *testing.T) {
	for _, w := range workload.All() {
		ours := w.Tuple.Pack()
		if theirs := toOfficial(w.Tuple).Pack(); !bytes.Equal(ours, theirs) {
			t.Errorf("%s: ours %x, official %x", w.Name, ours, theirs)
		}
		if _, err := official.Unpack(ours); err != nil {
			t.Errorf("%s: official Unpack: %v", w.Name, err)
		}
	}
}

// benchBoth runs body for this module and the official binding, one after
// the other for each workload, so that one binary measures both.
func benchBoth(b *testing.B, ours, theirs func(b *testing.B, w workload.Workload, packed []byte)) {
	for _, w := range workload.All() {
		packed := w.Tuple.Pack()
		for _, side := range []struct {
			name string
			body func(b *testing.B, w workload.Workload, packed []byte)
		}{{"ours", ours}, {"official", theirs}} {
			b.Run(w.Name+"/"+side.name, func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(packed)))
				side.body(b, w, packed)
			})
		}
	}
}

func BenchmarkPack(b *testing.B) {
	benchBoth(b, func(b *testing.B, w workload.Workload, _ []byte) {
		for b.Loop() {
			_ = w.Tuple.Pack()
		}
	}, func(b *testing.B, w workload.Workload, _ []byte) {
		t := toOfficial(w.Tuple)
		for b.Loop() {
			_ = t.Pack()
		}
	})
}

func BenchmarkUnpack(b *testing.B) {
	benchBoth(b, func(b *testing.B, _ workload.Workload, packed []byte) {
		for b.Loop() {
			if _, err := tuple.Unpack(packed); err != nil {
				b.Fatal(err)
			}
		}
	}, func(b *testing.B, _ workload.Workload, packed []byte) {
		for b.Loop() {
			if _, err := official.Unpack(packed); err != nil {
				b.Fatal(err)
			}
		}
	})
}
