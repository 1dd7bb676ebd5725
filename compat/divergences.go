package compat

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"
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
	// Sections are vector files ("invalid.jsonl") or random categories
	// ("random unpack").
	Sections []string `json:"sections"`
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
	// Equivalences, when set, apply the entry only where the peer's answer
	// equals this codec's once the named equivalences are applied (see
	// equivalences.go): "python-big-int-form" and "quiet-float32-snan".
	// They let an entry cover random rows, which have no names to list,
	// without covering any other difference.
	Equivalences []string `json:"equivalences,omitempty"`
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
		if d.ID == "" || len(d.Sections) == 0 || len(d.Peers) == 0 || d.Reason == "" {
			return nil, fmt.Errorf("compat: divergence %d needs id, peers, sections and reason", i)
		}
	}
	return ds, checkEquivalences(ds)
}

// find returns the divergence covering a row of a section for a peer,
// given the row's outcome.
func find(ds []Divergence, peer, section, row string, o outcome) *Divergence {
	var candidates []*Divergence
	var names []string
	for i := range ds {
		d := &ds[i]
		if !slices.Contains(d.Sections, section) || !anyGlob(d.Peers, peer) || (d.AsReference && !o.asReference) {
			continue
		}
		if len(d.Rows) == 0 || anyGlob(d.Rows, row) {
			candidates = append(candidates, d)
			names = append(names, d.Equivalences...)
		}
	}
	for _, d := range candidates {
		// An entry with equivalences covers the row if the peer's answer
		// matches under them, together with those of the other entries
		// that apply here (one random tuple may need two).
		if len(d.Equivalences) == 0 || equivalent(names, o) {
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
