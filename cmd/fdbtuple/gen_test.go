package main

import (
	"errors"
	"os"
	"os/exec"
	"regexp"
	"strings"
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

// TestGenHelp: help gen runs the tool as the README installs it (go
// tool, after go get -tool) and lists every method the file declares.
func TestGenHelp(t *testing.T) {
	out, err := exec.Command(binary, "help", "gen").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"go get -tool github.com/fdbtuple/fdbtuple/cmd/fdbtuple",
		"//go:generate go tool fdbtuple gen -type UserKey,PostKey",
		"AppendTupleKey(dst []byte) ([]byte, error)",
		"MarshalTupleKey() ([]byte, error)",
		"UnmarshalTupleKey(key []byte) (int, error)",
		"TupleKeyFuncs()",
		"TupleKeySchema() string",
		"TupleKeyFields() string",
	} {
		if !strings.Contains(string(out), want) {
			t.Errorf("fdbtuple help gen does not say %q:\n%s", want, out)
		}
	}
	if strings.Contains(string(out), "go run github.com/") {
		t.Errorf("fdbtuple help gen runs the tool by go run of the module path, not as the README installs it:\n%s", out)
	}
}

// TestGenRefusesEveryType: gen -type A,B with both refused shows each
// type's refusal, one a line, each naming its type and field, and says
// that no file was written (one file holds every type's methods).
func TestGenRefusesEveryType(t *testing.T) {
	cmd := exec.Command(binary, "gen", "-type", "Map,Ext", "../../tuple/tuplegen/testdata/keys")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	err := cmd.Run()
	var xe *exec.ExitError
	if !errors.As(err, &xe) || xe.ExitCode() != 1 {
		t.Fatalf("gen: %v, want exit status 1", err)
	}
	lines := strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n")
	want := []string{"fdbtuple gen: type Ext: field D (tuple.Tuple): ", "fdbtuple gen: type Map: field M (map[string]int): ", "fdbtuple gen: no file written"}
	if len(lines) != len(want) {
		t.Fatalf("gen wrote %d lines, want one a refused type:\n%s", len(lines), stderr.String())
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], w) {
			t.Errorf("line %d: %q, want it to start %q", i+1, lines[i], w)
		}
	}
}
