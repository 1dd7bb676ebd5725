package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestSchemaDiff(t *testing.T) {
	dir := t.TempDir()
	file := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	old := file("old.schema", `("USER", User uuid, Post int32)`+"\n")
	widened := file("widened.schema", `("USER", User uuid, Post int64)`)
	renamed := file("renamed.schema", `("USER", Account uuid, Post int32)`)
	signless := `("USER", User uuid, Post uint64)`
	tests := []golden{
		{name: "safe", args: []string{"schema", "diff", old, widened},
			stdout: "SAFE Post: int32 → int64: every int32 value has the same bytes under int64 and decodes to itself\n"},
		{name: "renamed", args: []string{"schema", "diff", old, renamed},
			stdout: "SAFE Account: field User renamed Account: names are not in the keys\n"},
		{name: "unchanged", args: []string{"schema", "diff", old, old}},
		{name: "breaks, NEW on stdin", args: []string{"schema", "diff", old, "-"}, stdin: signless + "\n",
			stdout: `DECODE Post: int32 → uint64; a = {User: UUID("00000000-0000-0000-0000-000000000001"), Post: -1}, key 025553455200300000000000000000000000000000000113fe under OLD, none under NEW: under NEW, a's OLD key does not decode: Post at offset 23: -1 is outside uint64` + "\n",
			code:   1, stderr: "fdbtuple schema: 1 of 1 changes break keys stored under OLD"},
		{name: "OLD on stdin", args: []string{"schema", "diff", "-", widened}, stdin: `("USER", User uuid, Post int32)`,
			stdout: "SAFE Post: int32 → int64: every int32 value has the same bytes under int64 and decodes to itself\n"},
		{name: "bad schema", args: []string{"schema", "diff", old, "-"}, stdin: `("USER", User uuid, Post int63)`,
			code: 2, stderr: `fdbtuple schema: NEW -: keyschema: offset 25: expected a type`},
		{name: "missing file", args: []string{"schema", "diff", old, filepath.Join(dir, "none")},
			code: 2, stderr: "fdbtuple schema: NEW " + filepath.Join(dir, "none") + ": open"},
		{name: "two stdins", args: []string{"schema", "diff", "-", "-"},
			code: 2, stderr: "only one of OLD and NEW can be standard input"},
		{name: "unknown subcommand", args: []string{"schema", "merge", old, old},
			code: 2, stderr: `schema knows one subcommand, diff, not "merge"`},
		{name: "too few", args: []string{"schema", "diff", old},
			code: 2, stderr: "fdbtuple schema: diff takes two files, OLD and NEW; got 1"},
		{name: "too many", args: []string{"schema", "diff", old, old, old},
			code: 2, stderr: "fdbtuple schema: diff takes two files, OLD and NEW; got 3"},
		{name: "no subcommand", args: []string{"schema"},
			code: 2, stderr: "fdbtuple schema: missing the subcommand: fdbtuple schema diff OLD NEW"},
	}
	for _, g := range tests {
		g.run(t)
	}
}

func TestSchemaHelp(t *testing.T) {
	out, err := exec.Command(binary, "help", "schema").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"usage: fdbtuple schema diff OLD NEW", "DECODE", "ORDER", "RANGE", "SAFE", "Exit status: 0 when nothing breaks, 1 when something does, 2 for bad input"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("fdbtuple help schema does not say %q:\n%s", want, out)
		}
	}
}
