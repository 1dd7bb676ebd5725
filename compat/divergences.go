package compat

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"
)

// Divergence is a known, explained difference between a peer and this
// codec: the rows of one section where the peer may differ, and why. A
// difference that no entry covers is a failure.
type Divergence struct {
	// ID names the divergence in reports.
	ID string `json:"id"`
	// Peers are the peer names (from hello) it applies to; * matches any
	// run of characters.
	Peers []string `json:"peers"`
	// Section is a vector file ("invalid.jsonl") or random category
	// ("random unpack").
	Section string `json:"section"`
	// Rows are the row names it covers, with * as in Peers; empty means
	// every row of the section.
	Rows []string `json:"rows,omitempty"`
	// Reason says what the peer does and why it is tolerated.
	Reason string `json:"reason"`
	// AsReference, when true, applies the entry only where the peer gives
	// the reference implementation's (Python's) answer recorded in the
	// row: a lenient row decoded to Python's value, a divergent row packed
	// to Python's bytes. Any other answer stays a failure.
	AsReference bool `json:"as_reference,omitempty"`
}

//go:embed divergences.json
var divergencesJSON []byte

// KnownDivergences returns the divergences listed in divergences.json.
func KnownDivergences() ([]Divergence, error) {
	return ParseDivergences(divergencesJSON)
}

// ParseDivergences reads a JSON array of divergences.
func ParseDivergences(data []byte) ([]Divergence, error) {
	var ds []Divergence
	if err := json.Unmarshal(data, &ds); err != nil {
		return nil, fmt.Errorf("compat: divergences: %w", err)
	}
	for i, d := range ds {
		if d.ID == "" || d.Section == "" || len(d.Peers) == 0 || d.Reason == "" {
			return nil, fmt.Errorf("compat: divergence %d needs id, peers, section and reason", i)
		}
	}
	return ds, nil
}

// find returns the divergence covering a row of a section for a peer;
// asReference says whether the peer gave the reference's answer there.
func find(ds []Divergence, peer, section, row string, asReference bool) *Divergence {
	for i := range ds {
		d := &ds[i]
		if d.Section != section || !anyGlob(d.Peers, peer) || (d.AsReference && !asReference) {
			continue
		}
		if len(d.Rows) == 0 || anyGlob(d.Rows, row) {
			return d
		}
	}
	return nil
}

func anyGlob(patterns []string, s string) bool {
	for _, p := range patterns {
		if glob(p, s) {
			return true
		}
	}
	return false
}

// glob matches s against a pattern in which * stands for any run of
// characters, slashes included.
func glob(pattern, s string) bool {
	parts := strings.Split(pattern, "*")
	if len(parts) == 1 {
		return pattern == s
	}
	if !strings.HasPrefix(s, parts[0]) {
		return false
	}
	s = s[len(parts[0]):]
	for _, p := range parts[1 : len(parts)-1] {
		i := strings.Index(s, p)
		if i < 0 {
			return false
		}
		s = s[i+len(p):]
	}
	return strings.HasSuffix(s, parts[len(parts)-1])
}
