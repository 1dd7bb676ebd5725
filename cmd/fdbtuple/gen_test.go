package main

import (
	"os"
	"regexp"
	"testing"
)

func TestGen(t *testing.T) {
	// The types of the checked-in file, from its go:generate line: a
	// shorter list would rewrite it.
	src, err := os.ReadFile("../../internal/workload/genkeys/keys.go")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`//go:generate .* gen -type (\S+)`).FindSubmatch(src)
	if m == nil {
		t.Fatal("keys.go has no go:generate line of fdbtuple gen")
	}
	for _, g := range []golden{
		{name: "gen without -type", args: []string{"gen"}, code: 2, stderr: "-type is required"},
		{name: "gen unknown type", args: []string{"gen", "-type", "Missing", "../../tuple/tuplegen/testdata/keys"}, code: 1, stderr: "package keys has no type Missing"},
		{name: "gen refusal", args: []string{"gen", "-type", "Ext", "../../tuple/tuplegen/testdata/keys"}, code: 1, stderr: `field D (tuple.Tuple): tag option "ext=0x40"`},
		// The checked-in file is what gen writes: nothing to rewrite.
		{name: "gen unchanged", args: []string{"gen", "-type", string(m[1]), "../../internal/workload/genkeys"}},
	} {
		g.run(t)
	}
}
