package compat

import (
	"strings"
	"testing"
	"time"
)

// TestMatrixByHand: the matrix of a report run by hand names no script
// that did not produce it, and has no empty heading of divergences.
func TestMatrixByHand(t *testing.T) {
	r := checkServe(t, serveOurs, 5*time.Second, CheckOptions{})
	m := Matrix([]*Report{r}, "2026-11-23")
	for _, bad := range []string{"check-peers.sh", "Known divergences met"} {
		if strings.Contains(m, bad) {
			t.Errorf("the matrix says %q:\n%s", bad, m)
		}
	}
	for _, want := range []string{"Produced 2026-11-23 by `fdbtuple matrix` from 1 `fdbtuple check -json` reports (every vector row; no random run).",
		"| fdbtuple test |", "| declares | all types, strict |", "| pack.jsonl | 2677 |"} {
		if !strings.Contains(m, want) {
			t.Errorf("the matrix lacks %q:\n%s", want, m)
		}
	}
}
