//go:build officialbench

package tuple_test

// Benchmarks of the official Go binding over the same workloads, and a
// check of it against every pack vector row, run by
// tuple/internal/official/bench.sh, which fetches that package for the
// run (it is not part of this module).

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/fdbtuple/fdbtuple/compat"
	"github.com/fdbtuple/fdbtuple/tuple"
	official "github.com/fdbtuple/fdbtuple/tuple/internal/official"
	"github.com/fdbtuple/fdbtuple/types"
	"github.com/fdbtuple/fdbtuple/vectors"
	"github.com/google/uuid"
)

// toOfficial converts a workload to the official package's types.
func toOfficial(t []any) official.Tuple {
	out := make(official.Tuple, len(t))
	for i, v := range t {
		switch v := v.(type) {
		case uuid.UUID:
			out[i] = official.UUID(v)
		case types.Versionstamp:
			out[i] = official.Versionstamp{TransactionVersion: v.TransactionVersion, UserVersion: v.UserVersion}
		case tuple.Tuple:
			out[i] = toOfficial(v)
		default:
			out[i] = v
		}
	}
	return out
}

// fromOfficial converts the official package's decoding to this one's
// types.
func fromOfficial(t official.Tuple) tuple.Tuple {
	out := make(tuple.Tuple, len(t))
	for i, v := range t {
		switch v := v.(type) {
		case official.UUID:
			out[i] = uuid.UUID(v)
		case official.Versionstamp:
			out[i] = types.Versionstamp{TransactionVersion: v.TransactionVersion, UserVersion: v.UserVersion}
		case official.Tuple:
			out[i] = fromOfficial(v)
		default:
			out[i] = v
		}
	}
	return out
}

// officialPack and officialUnpack turn the official package's panics into
// errors.
func officialPack(t official.Tuple) (b []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return t.Pack(), nil
}

func officialUnpack(b []byte) (t official.Tuple, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return official.Unpack(b)
}

// TestOfficialVectors checks the official Go binding against every pack
// row of the shared and the generated vectors, both ways: it must pack
// this package's decoding of the row to the row's bytes, and decode the
// bytes to the same values.
func TestOfficialVectors(t *testing.T) {
	shared, err := compat.ReadRows[compat.PackRow]("pack.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	generated, err := compat.ReadRowsFrom[compat.PackRow](vectors.Generated, "generated/pack.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, r := range append(shared, generated...) {
		b := dhex(t, r.Packed)
		ours, err := tuple.Unpack(b)
		if err != nil {
			t.Fatalf("%s: %v", r.Name, err)
		}
		if packed, err := officialPack(toOfficial(ours)); err != nil || !bytes.Equal(packed, b) {
			t.Errorf("%s: official Pack = %x, %v; want %x", r.Name, packed, err, b)
		}
		if theirs, err := officialUnpack(b); err != nil || !compat.Identical(fromOfficial(theirs), ours) {
			t.Errorf("%s: official Unpack = %v, %v; want %v", r.Name, theirs, err, ours)
		}
		checked++
	}
	t.Logf("%d rows", checked)
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
