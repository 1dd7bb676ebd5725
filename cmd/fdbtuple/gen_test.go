package main

import "testing"

func TestGen(t *testing.T) {
	for _, g := range []golden{
		{name: "gen without -type", args: []string{"gen"}, code: 2, stderr: "-type is required"},
		{name: "gen unknown type", args: []string{"gen", "-type", "Missing", "../../tuple/tuplegen/testdata/keys"}, code: 1, stderr: "package keys has no type Missing"},
		{name: "gen refusal", args: []string{"gen", "-type", "Ext", "../../tuple/tuplegen/testdata/keys"}, code: 1, stderr: `field D (tuple.Tuple): tag option "ext=0x40"`},
		// The checked-in file is what gen writes: nothing to rewrite.
		{name: "gen unchanged", args: []string{"gen", "-type", "W1,W1Const,Kinds,Descs,Mixed", "../../internal/workload/genkeys"}},
	} {
		g.run(t)
	}
}
