package dirdiff

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

var record = flag.Bool("dirdiff.record", false, "record the golden vectors from the Java oracle into "+vectorDir)

// Golden vector files, recorded from the Java oracle (go test
// ./compat/dirdiff -run TestRecordGolden -dirdiff.record).
const (
	goldenLayout = "golden-layout.jsonl"
	goldenRandom = "golden-random.jsonl"
	// goldenRandomCount sequences of up to goldenRandomSteps steps.
	goldenRandomCount = 300
	goldenRandomSteps = 12
)

// TestRecordGolden writes the golden vectors from the Java oracle on the
// pinned fdb-java: the layout scenarios and random sequences (seeds 1,
// 2, ...; a sequence with a manual prefix in FoundationDB's system keys,
// where Go diverges on purpose, is left out, and one that shows another
// known divergence when replayed on Go is marked with it).
func TestRecordGolden(t *testing.T) {
	if !*record {
		t.Skip("records only with -dirdiff.record")
	}
	o := startOracle(t, "")
	var layout []Vector
	for i, s := range Scenarios() {
		v, err := Record(o, s.Name, s.Note, s.Steps, SeededChooser(uint64(i)))
		if err != nil {
			t.Fatal(err)
		}
		v.Known = s.Known
		layout = append(layout, v)
	}
	if err := WriteVectors(filepath.Join(vectorDir, goldenLayout), layout); err != nil {
		t.Fatal(err)
	}
	var random []Vector
	for seed := uint64(1); len(random) < goldenRandomCount; seed++ {
		v, err := RecordRandom(o, fmt.Sprint("random/", seed), NewGen(SeededChooser(seed)), goldenRandomSteps)
		if err != nil {
			t.Fatal(err)
		}
		if hasSystemPrefix(v) {
			continue
		}
		v.Known = divergenceOnGo(v)
		random = append(random, withoutMessages(v))
	}
	if err := WriteVectors(filepath.Join(vectorDir, goldenRandom), random); err != nil {
		t.Fatal(err)
	}
}

// withoutMessages drops Java's error texts, which the replay does not
// compare, to keep the random vectors small.
func withoutMessages(v Vector) Vector {
	for _, s := range v.Steps {
		if s.Want != nil {
			for i := range s.Want.Results {
				s.Want.Results[i].Message = ""
			}
		}
	}
	return v
}

// divergenceOnGo returns the known divergence a vector recorded from Java
// shows when replayed on Go (a version value longer than 12 bytes, a
// manual prefix a missing parent took), or "".
func divergenceOnGo(v Vector) string {
	var m *ReplayMismatch
	if err := Replay(goSide(), v); errors.As(err, &m) {
		return ForgiveKnown(m.Tx, m.Want, m.Got)
	}
	return ""
}

func hasSystemPrefix(v Vector) bool {
	for _, s := range v.Steps {
		if s.Tx == nil {
			continue
		}
		for _, op := range s.Tx.Ops {
			if op.Prefix != nil && bytes.HasPrefix(*op.Prefix, []byte{0xff}) {
				return true
			}
		}
	}
	return false
}

// savedVectors reads every vector file under vectorDir.
func savedVectors(t *testing.T) []Vector {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(vectorDir, "*.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	var all []Vector
	for _, f := range files {
		vs, err := ReadVectors(f)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, vs...)
	}
	return all
}

// TestSavedVectorsJava replays every saved vector on the Java oracle, on
// fdb-java 7.4.1 and 7.3.68: the vectors are what Java does, and both
// versions do it.
func TestSavedVectorsJava(t *testing.T) {
	vs := savedVectors(t)
	if len(vs) == 0 {
		t.Fatalf("no vectors under %s", vectorDir)
	}
	for _, cp := range []string{"", ClassPath73} {
		if cp != "" {
			if _, err := os.Stat(filepath.Join("..", cp)); err != nil && os.Getenv(OracleRequiredEnv) == "" {
				t.Logf("SKIPPED fdb-java 7.3: %v", err)
				continue
			}
		}
		o := startOracle(t, cp)
		for _, v := range vs {
			if err := Replay(o, v); err != nil {
				t.Errorf("%s on %s: %v", v.Name, o.Name(), err)
			}
		}
		t.Logf("%d vectors replayed on %s", len(vs), o.Name())
	}
}
