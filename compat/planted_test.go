package compat

import (
	"bytes"
	"context"
	"encoding/json"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"
)

// plantedReport checks testdata/planted/adapter.py, a small Python
// implementation with two planted bugs (a two-byte negative integer
// written without its one's complement; a nested null written as a bare
// 00) that declares 64-bit integers only and no float32 or versionstamp.
// It skips, saying so, where python3 is absent.
func plantedReport(t *testing.T, o CheckOptions) (*Report, string) {
	t.Helper()
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not found: the planted-bug adapter testdata/planted/adapter.py needs it (CI has it)")
	}
	r := checkPeer(t, func() (*Peer, error) {
		return StartCommand(context.Background(), []string{py, "testdata/planted/adapter.py"}, 10*time.Second)
	}, o)
	var text strings.Builder
	_ = r.WriteText(&text)
	return r, text.String()
}

func findGroup(r *Report, section, cause string) *Group {
	for _, g := range r.Groups {
		if g.Section == section && strings.HasSuffix(g.Cause, cause) {
			return g
		}
	}
	return nil
}

// TestPlantedBugs asserts what the report shows for each planted bug: its
// own group, the minimal failing row first, random failures shrunk; no
// failure for the types the peer declares it does not hold; and every
// failing row named in the JSON.
func TestPlantedBugs(t *testing.T) {
	r, text := plantedReport(t, CheckOptions{Random: 1000, Seed: 1})
	if t.Failed() {
		return
	}
	t.Logf("\n%s", text)

	// bug 1: the smallest two-byte negative integer row comes first
	ints := findGroup(r, "pack.jsonl", "pack: bytes differ at int")
	if ints == nil {
		t.Fatalf("no group for the integer bug:\n%s", text)
	}
	if m := ints.Examples[0]; m.Size != 3 || m.Input != "(-256,)" || m.Want != "12feff" || m.Got != "120100" || *m.FirstDiff != 1 {
		t.Errorf("integer bug: first example %+v, want (-256,) packing to 12feff", m)
	}
	// bug 2: the one row that names it directly comes first
	nulls := findGroup(r, "pack.jsonl", "pack: bytes differ at null in a nested tuple")
	if nulls == nil {
		t.Fatalf("no group for the nested-null bug:\n%s", text)
	}
	if m := nulls.Examples[0]; m.Row != "nested/null" || m.Want != "0500ff00" || m.Got != "050000" || *m.FirstDiff != 2 {
		t.Errorf("nested-null bug: first example %+v, want nested/null", m)
	}
	if !strings.Contains(text, "    want:  0500ff00\n    got:   050000\n               ^ byte 2\n") {
		t.Errorf("the first differing byte is not marked:\n%s", text)
	}

	// random failures of both bugs, shrunk to a one-element tuple
	for _, cause := range []string{"pack: bytes differ at int", "pack: bytes differ at null in a nested tuple"} {
		g := findGroup(r, "random pack", cause)
		if g == nil {
			t.Errorf("no random pack group %q", cause)
			continue
		}
		if m := g.Examples[0]; m.Size > 4 || !strings.HasSuffix(m.Input, ",)") || strings.Count(m.Input, ",") != strings.Count(m.Input, "(") {
			t.Errorf("random %s: smallest example %+v is not minimal", cause, m)
		}
	}
	shrunk := 0
	for _, g := range r.Groups {
		for _, m := range g.Examples {
			if m.ShrunkFrom == "" {
				continue
			}
			if m.Size > m.ShrunkFromSize {
				t.Errorf("%s %s: shrunk from %d to %d bytes", g.Section, m.Row, m.ShrunkFromSize, m.Size)
			}
			if m.Size < m.ShrunkFromSize {
				shrunk++
			}
		}
	}
	if shrunk == 0 {
		t.Errorf("no random failure was shrunk:\n%s", text)
	}

	// nothing fails for what the peer declares it does not hold
	causes := []string{"at int", "at int in a nested tuple", "at null in a nested tuple", "at int vs int", "at the end of the shorter in a nested tuple"}
	for _, g := range r.Groups {
		if !slices.ContainsFunc(causes, func(c string) bool { return strings.HasSuffix(g.Cause, c) }) {
			t.Errorf("a failure no planted bug explains: %s: %s %q", g.Section, g.Cause, g.Rows)
		}
		for _, m := range g.Examples {
			if strings.Contains(m.Input, "float32(") || strings.Contains(m.Input, "Versionstamp(") {
				t.Errorf("%s %s: a type the peer does not declare: %s", g.Section, m.Row, m.Input)
			}
		}
	}
	for _, s := range r.Sections {
		switch s.Name {
		case "versionstamp.jsonl", "divergent.jsonl":
			if s.Pass+s.Fail+s.Known != 0 || s.Skipped == 0 {
				t.Errorf("section %s: %+v, want every row skipped", s.Name, *s)
			}
		case "pack.jsonl", "decode_lenient.jsonl", "generated/decode_lenient.jsonl":
			if s.Skipped == 0 {
				t.Errorf("section %s skips nothing: %+v", s.Name, *s)
			}
		case "random pack", "random unpack", "random order":
			if s.Skipped != 0 {
				t.Errorf("section %s: %d random tuples skipped instead of drawn again", s.Name, s.Skipped)
			}
		}
	}

	// every failing row is named in the JSON report
	var buf bytes.Buffer
	if err := r.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	var back struct {
		Failures int `json:"failures"`
		Groups   []struct {
			Section string   `json:"section"`
			Rows    []string `json:"rows"`
		} `json:"groups"`
	}
	if err := json.Unmarshal(buf.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	named := map[string]bool{}
	for _, g := range back.Groups {
		for _, row := range g.Rows {
			named[g.Section+"\x00"+row] = true
		}
	}
	failing := 0
	for _, s := range r.Sections {
		failing += s.Fail
	}
	if back.Failures != failing || len(named) != failing || !named["pack.jsonl\x00nested/null"] {
		t.Errorf("the JSON names %d failing rows (nested/null: %v); the sections count %d", len(named), named["pack.jsonl\x00nested/null"], failing)
	}
}

// TestPlantedExamples: -examples N shows N rows of a group, smallest first.
func TestPlantedExamples(t *testing.T) {
	r, _ := plantedReport(t, CheckOptions{Examples: 3, ShrinkSteps: -1})
	if t.Failed() {
		return
	}
	g := findGroup(r, "pack.jsonl", "pack: bytes differ at int")
	if g == nil || len(g.Examples) != 3 {
		t.Fatalf("integer group: %+v", g)
	}
	for i := 1; i < len(g.Examples); i++ {
		if g.Examples[i].Size < g.Examples[i-1].Size {
			t.Errorf("examples not smallest first: %+v", g.Examples)
		}
	}
}

// TestPlantedDivergenceFile: a peer's own divergence file adds to the
// built-in list and covers exactly the rows whose stated answers it
// gives; a typo'd field is refused; an entry that matches nothing warns.
func TestPlantedDivergenceFile(t *testing.T) {
	typo := `[{"id": "nested-null", "peers": ["planted-bugs"], "sections": ["pack.jsonl"], "row": ["nested/null"],
		"answers": {"nested/null": "050000"}, "reason": "planted"}]`
	if _, err := ParseDivergences([]byte(typo), "typo.json"); err == nil || !strings.Contains(err.Error(), `unknown field "row"`) {
		t.Fatalf("a typo'd divergence file: %v", err)
	}
	mine, err := ParseDivergences([]byte(`[
		{"id": "nested-null", "peers": ["planted-bugs"], "sections": ["pack.jsonl"],
		 "answers": {"nested/null": "050000"}, "reason": "planted: a nested null written as 00"},
		{"id": "stale", "peers": ["planted-bugs"], "sections": ["pack.jsonl"], "rows": ["no such row *"],
		 "refusal": true, "reason": "matches nothing"},
		{"id": "other-peer", "peers": ["planted-bug"], "sections": ["pack.jsonl"], "refusal": true, "reason": "a typo'd peer"}]`), "mine.json")
	if err != nil {
		t.Fatal(err)
	}
	builtin, err := KnownDivergences()
	if err != nil {
		t.Fatal(err)
	}
	ds, err := MergeDivergences(builtin, mine)
	if err != nil {
		t.Fatal(err)
	}
	r, text := plantedReport(t, CheckOptions{Divergences: ds, ShrinkSteps: -1})
	if t.Failed() {
		return
	}
	pack := r.Sections[0]
	if pack.KnownBy["nested-null"] != 1 || pack.Known != 1 {
		t.Errorf("pack.jsonl: %+v, want nested/null alone known", *pack)
	}
	if g := findGroup(r, "pack.jsonl", "at null in a nested tuple"); g == nil || slices.Contains(g.Rows, "nested/null") {
		t.Errorf("nested/null still failing, or the other rows of the bug forgiven too:\n%s", text)
	}
	for _, want := range []string{`"stale" (mine.json): row pattern "no such row *" matches no row`, `"stale" (mine.json) explained no row`,
		`"other-peer" (mine.json) is for peers ["planted-bug"]; this peer is "planted-bugs"`} {
		if !slices.ContainsFunc(r.Warnings, func(w string) bool { return strings.Contains(w, want) }) {
			t.Errorf("no warning %q in %q", want, r.Warnings)
		}
	}
	if _, err := MergeDivergences(ds, mine[:1]); err == nil {
		t.Error("a file entry with a built-in's id was merged")
	}
}
