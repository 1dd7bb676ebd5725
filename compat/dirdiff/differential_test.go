package dirdiff

import (
	"crypto/sha256"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// rapidChooser makes a sequence's choices with rapid, so that a failing
// sequence shrinks (every choice toward its first, simplest option).
type rapidChooser struct{ t *rapid.T }

func (c rapidChooser) Intn(n int, label string) int { return rapid.IntRange(0, n-1).Draw(c.t, label) }

var steps = flag.Int("dirdiff.steps", 12, "the most steps of a sequence of the live differential")

// vectorDir holds the saved vectors: golden ones and failing ones.
const vectorDir = "../testdata/directory"

// differential runs the property on d: random sequences of up to
// maxSteps steps, both sides compared after every step. A failing
// sequence, once shrunk, is saved as a vector file (failing-<test>-<hash>.jsonl)
// in vectorDir, which TestSavedVectors replays from then on.
func differential(t *testing.T, d *Differential, maxSteps int) {
	var last *Vector
	t.Cleanup(func() {
		if !t.Failed() || last == nil {
			return
		}
		sum := sha256.Sum256([]byte(fmt.Sprint(*last)))
		name := fmt.Sprintf("failing-%s-%x.jsonl", strings.ReplaceAll(t.Name(), "/", "-"), sum[:4])
		last.Name = "failing/" + strings.TrimSuffix(name, ".jsonl")
		path := filepath.Join(vectorDir, name)
		if err := WriteVectors(path, []Vector{*last}); err != nil {
			t.Errorf("saving the failing vector: %v", err)
			return
		}
		t.Logf("the shrunk failing sequence is saved as %s; TestSavedVectors replays it", path)
	})
	n := 0
	rapid.Check(t, func(rt *rapid.T) {
		n++
		g := NewGen(rapidChooser{rt})
		steps := rapid.IntRange(1, maxSteps).Draw(rt, "steps")
		_, err := d.Run(g, steps, fmt.Sprint("random/", n))
		var f *Failure
		if errors.As(err, &f) {
			v := f.Vector
			last = &v
			rt.Fatalf("%s and %s disagree at %v", d.Ref.Name(), d.Other.Name(), f)
		}
		if err != nil {
			rt.Fatal(err)
		}
	})
	t.Logf("%d sequences, %d transactions, %d operations, %d draws; %d transactions recorded by %s, %d by %s; sequences ended by a known divergence: %v",
		d.Stats.Sequences, d.Stats.Txs, d.Stats.Ops, d.Stats.Draws, d.Stats.RefRecorded, d.Ref.Name(),
		d.Stats.Txs-d.Stats.RefRecorded, d.Other.Name(), d.Stats.Known)
	t.Logf("the reference's answers: %v", d.Stats.Outcomes)
}

// TestJavaVersionsAgree runs the differential between the Java oracle on
// fdb-java 7.4.1 and on 7.3.68: the harness's own check (two copies of
// one algorithm must never disagree, in either direction of replay) and
// the claim that both versions write the same bytes.
func TestJavaVersionsAgree(t *testing.T) {
	o74 := startOracle(t, "")
	if _, err := os.Stat(filepath.Join("..", ClassPath73)); err != nil {
		if os.Getenv(OracleRequiredEnv) != "" {
			t.Fatalf("no fdb-java 7.3 class path: %v", err)
		}
		t.Skipf("SKIPPED: no fdb-java 7.3 class path (%v); compat/java/build.sh writes it", err)
	}
	o73 := startOracle(t, ClassPath73)
	if o73.Hello().Version == o74.Hello().Version {
		t.Fatalf("both oracles run fdb-java %s", o73.Hello().Version)
	}
	differential(t, &Differential{Ref: o74, Other: o73}, *steps)
}

// goSide returns the Go side of the differential: fdb/directory on
// fdb/memstore.
func goSide() *GoSide { return NewMemSide() }

// TestDifferential runs the differential between the Java oracle (the
// reference) and fdb/directory: random sequences, each transaction's draws
// recorded by one side (chosen at random) and replayed by the other.
func TestDifferential(t *testing.T) {
	o := startOracle(t, "")
	differential(t, &Differential{Ref: o, Other: goSide(), Forgive: ForgiveKnown}, *steps)
}

// TestSavedVectors replays every saved vector on fdb/directory, without
// Java: the golden layouts, the golden random sequences and the failures
// the differential saved. A vector of a known divergence must still
// differ on Go.
func TestSavedVectors(t *testing.T) {
	vs := savedVectors(t)
	if len(vs) == 0 {
		t.Fatalf("no vectors under %s", vectorDir)
	}
	g := goSide()
	failed := 0
	for _, v := range vs {
		err := Replay(g, v)
		var m *ReplayMismatch
		switch {
		case v.Known != "" && err == nil:
			t.Errorf("%s: shows the divergence %s, but Go now does what Java does: drop the mark", v.Name, v.Known)
		case v.Known != "" && !(errors.As(err, &m) && ForgiveKnown(m.Tx, m.Want, m.Got) == v.Known):
			t.Errorf("%s: marked %s, but Go differs otherwise: %v", v.Name, v.Known, err)
		case v.Known != "":
		case err != nil:
			failed++
			if failed <= 10 {
				t.Errorf("%s: %v", v.Name, err)
			}
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d vectors differ on Go", failed, len(vs))
	}
}
