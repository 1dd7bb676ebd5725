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
	fmt.Fprintf(&b, "Produced %s by `fdbtuple matrix` from %d `fdbtuple check -json` reports (every vector row; %s).\n\n",
		date, len(reports), randomNote(reports))
	b.WriteString("| rows |")
	for _, r := range reports {
		fmt.Fprintf(&b, " %s %s |", r.Peer.Name, r.Peer.Version)
	}
	b.WriteString("\n| --- |")
	for range reports {
		b.WriteString(" --- |")
	}
	b.WriteString("\n| declares |")
	for _, r := range reports {
		fmt.Fprintf(&b, " %s |", declared(r.Peer))
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
	b.WriteString("\nCells: passing rows, + rows with a known divergence; skipped and failing rows are marked. " +
		"The declares row is what each peer's hello leaves out of the protocol (types, ops) or adds (lenient readings).\n")
	var met []string
	for _, r := range reports {
		for _, d := range r.Divergences {
			met = append(met, fmt.Sprintf("- %s, `%s` (%s): %s\n", r.Peer.Name, d.ID, rows(r.knownBy(d.ID)), d.Reason))
		}
	}
	if len(met) > 0 {
		b.WriteString("\nKnown divergences met:\n\n" + strings.Join(met, ""))
	}
	return b.String()
}

// declared is what a peer's hello declares beyond the full protocol: a
// missing type or op, int64 for int, its lenient readings.
func declared(h Hello) string {
	var parts []string
	var missing []string
	for _, t := range AllTypes {
		if !h.hasType(t) && !(t == "int" && h.hasType(TypeInt64)) {
			missing = append(missing, t)
		}
	}
	if h.hasType(TypeInt64) && !h.hasType("int") {
		parts = append(parts, "int64 only")
	}
	if len(missing) > 0 {
		parts = append(parts, "no "+strings.Join(missing, ", "))
	}
	for _, op := range []string{OpCompare, OpPackVersionstamp} {
		if !h.supports(op) {
			parts = append(parts, "no "+op)
		}
	}
	if len(h.Lenient) > 0 {
		parts = append(parts, "lenient: "+strings.Join(h.Lenient, ", "))
	}
	if len(parts) == 0 {
		return "all types, strict"
	}
	return strings.Join(parts, "; ")
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
