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

// WriteJSON writes the report as indented JSON, for CI: every failing
// row's name is in its groups.
func (r *Report) WriteJSON(w io.Writer) error {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// WriteText writes the report for people: what the peer declares, a row
// per section, the known divergences met with their reasons, warnings
// about the divergence entries, then each group of failures with its
// smallest failing input.
func (r *Report) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "peer: %s %s (protocol %d)\n", r.Peer.Name, r.Peer.Version, r.Peer.Protocol)
	fmt.Fprintf(&b, "declares: types %s; ops %s", strings.Join(r.Peer.Types, " "), strings.Join(r.Peer.Ops, " "))
	if len(r.Peer.Lenient) > 0 {
		fmt.Fprintf(&b, "; lenient %s", strings.Join(r.Peer.Lenient, " "))
	}
	b.WriteString("\n")
	if r.Random > 0 {
		fmt.Fprintf(&b, "random run: %d tuples and %d near-equal pairs, seed %d\n", r.Random, r.Random, r.Seed)
	}
	fmt.Fprintf(&b, "\n%-30s %7s %6s %6s %8s\n", "section", "pass", "fail", "known", "skipped")
	for _, s := range r.Sections {
		fmt.Fprintf(&b, "%-30s %7d %6d %6d %8d\n", s.Name, s.Pass, s.Fail, s.Known, s.Skipped)
	}
	if len(r.Divergences) > 0 {
		b.WriteString("\nknown divergences:\n")
		for _, d := range r.Divergences {
			fmt.Fprintf(&b, "  %s (%s, %s): %s\n", d.ID, strings.Join(d.Sections, ", "), rows(r.knownBy(d.ID)), d.Reason)
		}
	}
	if len(r.Warnings) > 0 {
		b.WriteString("\nwarnings:\n")
		for _, w := range r.Warnings {
			fmt.Fprintf(&b, "  %s\n", w)
		}
	}
	if len(r.Groups) > 0 {
		fmt.Fprintf(&b, "\nfailures: %d rows in %d groups, each group's smallest input first (-json lists every row; -examples N shows more):\n", r.Failures, len(r.Groups))
		for _, g := range r.Groups {
			fmt.Fprintf(&b, "\n%s: %s (%s)\n", g.Section, g.Cause, rows(len(g.Rows)))
			for _, m := range g.Examples {
				writeMismatch(&b, m)
			}
			if n := len(g.Rows) - len(g.Examples); n > 0 {
				fmt.Fprintf(&b, "  and %d more: %s\n", n, listSome(g.Rows[len(g.Examples):], 5))
			}
		}
	}
	if r.Restarts > 0 {
		fmt.Fprintf(&b, "\nthe peer was restarted %d times after hangs or crashes\n", r.Restarts)
	}
	verdict := "PASS"
	if !r.OK() {
		verdict = "FAIL"
	}
	if r.Interrupted {
		verdict = "INTERRUPTED (a partial report: the rows checked before the run was stopped), " + verdict
	}
	fmt.Fprintf(&b, "\n%s: %d failures, %d known divergences\n", verdict, r.Failures, r.Known)
	_, err := io.WriteString(w, b.String())
	return err
}

// writeMismatch writes one failing row, a caret under the first byte
// where a pair of hex answers differs.
func writeMismatch(b *strings.Builder, m Mismatch) {
	fmt.Fprintf(b, "  %s\n", m.Row)
	if m.ShrunkFrom != "" {
		fmt.Fprintf(b, "    shrunk from (%d bytes packed): %s\n", m.ShrunkFromSize, m.ShrunkFrom)
		fmt.Fprintf(b, "    to (%d bytes packed): %s\n", m.Size, m.Input)
	} else if m.Input != "" {
		fmt.Fprintf(b, "    input: %s\n", m.Input)
	}
	fmt.Fprintf(b, "    want:  %s\n    got:   %s\n", m.Want, m.Got)
	if m.FirstDiff != nil {
		fmt.Fprintf(b, "           %s^ byte %d\n", strings.Repeat(" ", 2**m.FirstDiff), *m.FirstDiff)
	}
}

func rows(n int) string {
	if n == 1 {
		return "1 row"
	}
	return fmt.Sprintf("%d rows", n)
}

func listSome(rows []string, n int) string {
	quoted := make([]string, 0, n)
	for _, r := range rows[:min(n, len(rows))] {
		quoted = append(quoted, fmt.Sprintf("%q", r))
	}
	s := strings.Join(quoted, ", ")
	if len(rows) > n {
		s += ", ..."
	}
	return s
}

// knownBy counts the rows credited to divergence id.
func (r *Report) knownBy(id string) int {
	n := 0
	for _, s := range r.Sections {
		n += s.KnownBy[id]
	}
	return n
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
