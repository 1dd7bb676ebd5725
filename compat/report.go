package compat

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
)

// OK reports whether the run found no failure outside the known
// divergences.
func (r *Report) OK() bool { return r.Failures == 0 }

// WriteJSON writes the report as indented JSON, for CI.
func (r *Report) WriteJSON(w io.Writer) error {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// WriteText writes the report for people: a row per section, the known
// divergences met with their reasons, then the first mismatches.
func (r *Report) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "peer: %s %s (protocol %d)\n", r.Peer.Name, r.Peer.Version, r.Peer.Protocol)
	if r.Random > 0 {
		fmt.Fprintf(&b, "random run: %d tuples and %d near-equal pairs, seed %d\n", r.Random, r.Random, r.Seed)
	}
	fmt.Fprintf(&b, "\n%-22s %7s %6s %6s %8s\n", "section", "pass", "fail", "known", "skipped")
	for _, s := range r.Sections {
		fmt.Fprintf(&b, "%-22s %7d %6d %6d %8d\n", s.Name, s.Pass, s.Fail, s.Known, s.Skipped)
	}
	if len(r.Divergences) > 0 {
		b.WriteString("\nknown divergences:\n")
		for _, d := range r.Divergences {
			n := 0
			for _, s := range r.Sections {
				n += s.KnownBy[d.ID]
			}
			fmt.Fprintf(&b, "  %s (%s, %d rows): %s\n", d.ID, strings.Join(d.Sections, ", "), n, d.Reason)
		}
	}
	if len(r.Mismatches) > 0 {
		fmt.Fprintf(&b, "\nfirst %d mismatches:\n", len(r.Mismatches))
		for _, m := range r.Mismatches {
			fmt.Fprintf(&b, "  %s %q: %s\n", m.Section, m.Row, m.Problem)
			if m.Tuple != "" {
				fmt.Fprintf(&b, "    input: %s\n", m.Tuple)
			}
			fmt.Fprintf(&b, "    want:  %s\n    got:   %s\n", m.Want, m.Got)
		}
	}
	if r.Restarts > 0 {
		fmt.Fprintf(&b, "\nthe peer was restarted %d times after hangs or crashes\n", r.Restarts)
	}
	verdict := "PASS"
	if !r.OK() {
		verdict = "FAIL"
	}
	fmt.Fprintf(&b, "\n%s: %d failures, %d known divergences\n", verdict, r.Failures, r.Known)
	_, err := io.WriteString(w, b.String())
	return err
}

// knownIDs lists the divergence ids a report met, sorted.
func (r *Report) knownIDs() []string {
	var ids []string
	for _, d := range r.Divergences {
		ids = append(ids, d.ID)
	}
	sort.Strings(ids)
	return ids
}
