package dirdiff

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// ResultsText writes results as the differential compares them: JSON,
// without the error messages (each side words its own) and with an empty
// list of names the same as none.
func ResultsText(results []OpResult) string {
	out := make([]OpResult, len(results))
	for i, r := range results {
		r.Message = ""
		if len(r.Names) == 0 {
			r.Names = nil
		}
		out[i] = r
	}
	b, err := json.Marshal(out)
	if err != nil {
		return fmt.Sprintf("unprintable results: %v", err)
	}
	return string(b)
}

// DumpText writes a dump one pair a line, "key = value" in hex.
func DumpText(pairs []Pair) string {
	var b strings.Builder
	for _, p := range pairs {
		fmt.Fprintf(&b, "%x = %x\n", []byte(p[0]), []byte(p[1]))
	}
	return b.String()
}

// DumpDiff lists the pairs only one dump has, or that differ, marked
// "-" for want and "+" for got; empty when the dumps are equal.
func DumpDiff(want, got []Pair) string {
	w := map[string]string{}
	for _, p := range want {
		w[string(p[0])] = string(p[1])
	}
	g := map[string]string{}
	for _, p := range got {
		g[string(p[0])] = string(p[1])
	}
	var keys []string
	for k := range w {
		keys = append(keys, k)
	}
	for k := range g {
		if _, ok := w[k]; !ok {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	var b strings.Builder
	for _, k := range keys {
		wv, inW := w[k]
		gv, inG := g[k]
		switch {
		case inW && inG && wv == gv:
		case inW && inG:
			fmt.Fprintf(&b, "~ %x = %x, got %x\n", k, wv, gv)
		case inW:
			fmt.Fprintf(&b, "- %x = %x\n", k, wv)
		default:
			fmt.Fprintf(&b, "+ %x = %x\n", k, gv)
		}
	}
	return b.String()
}
