package compat

import (
	"fmt"
	"strings"
)

// Matrix renders check reports as a Markdown compatibility matrix: a row
// per vector file and random category, a column per peer (with its
// version), each cell the passing rows and, after a +, the rows that
// differ in a known, listed way. A failing row shows as "N FAIL".
func Matrix(reports []*Report, date string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Produced %s by `compat/check-peers.sh` from `fdbtuple check -json` (every vector row; %s).\n\n",
		date, randomNote(reports))
	b.WriteString("| rows |")
	for _, r := range reports {
		fmt.Fprintf(&b, " %s %s |", r.Peer.Name, r.Peer.Version)
	}
	b.WriteString("\n| --- |")
	for range reports {
		b.WriteString(" --- |")
	}
	b.WriteString("\n")
	var names []string
	for _, r := range reports {
		for _, s := range r.Sections {
			if !contains(names, s.Name) {
				names = append(names, s.Name)
			}
		}
	}
	for _, name := range names {
		fmt.Fprintf(&b, "| %s |", name)
		for _, r := range reports {
			b.WriteString(" " + cell(r, name) + " |")
		}
		b.WriteString("\n")
	}
	b.WriteString("\nCells: passing rows, + rows with a known divergence; skipped and failing rows are marked.\n")
	b.WriteString("\nKnown divergences met:\n\n")
	for _, r := range reports {
		for _, d := range r.Divergences {
			n := 0
			for _, s := range r.Sections {
				n += s.KnownBy[d.ID]
			}
			fmt.Fprintf(&b, "- %s, `%s` (%d rows): %s\n", r.Peer.Name, d.ID, n, d.Reason)
		}
	}
	return b.String()
}

func cell(r *Report, section string) string {
	for _, s := range r.Sections {
		if s.Name != section {
			continue
		}
		c := fmt.Sprint(s.Pass)
		if s.Known > 0 {
			c += fmt.Sprintf(" + %d known", s.Known)
		}
		if s.Skipped > 0 {
			c += fmt.Sprintf(", %d skipped", s.Skipped)
		}
		if s.Fail > 0 {
			c += fmt.Sprintf(", **%d FAIL**", s.Fail)
		}
		return c
	}
	return "–"
}

func randomNote(reports []*Report) string {
	if len(reports) == 0 || reports[0].Random == 0 {
		return "no random run"
	}
	return fmt.Sprintf("%d random tuples and near-equal pairs, seed %d", reports[0].Random, reports[0].Seed)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
