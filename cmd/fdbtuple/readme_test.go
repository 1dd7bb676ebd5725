package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// shellWords splits a command line as sh does for the README's commands:
// words separated by spaces, a '...' word taken as it is.
func shellWords(t *testing.T, line string) []string {
	t.Helper()
	var words []string
	for line = strings.TrimSpace(line); line != ""; line = strings.TrimSpace(line) {
		if rest, ok := strings.CutPrefix(line, "'"); ok {
			word, after, found := strings.Cut(rest, "'")
			if !found {
				t.Fatalf("unterminated quote in %q", line)
			}
			words = append(words, word)
			line = after
			continue
		}
		word, after, _ := strings.Cut(line, " ")
		words = append(words, word)
		line = after
	}
	return words
}

// TestREADMECommands: every "$ fdbtuple ..." line of README.md's text
// blocks, run from the repository's root, prints the lines the README
// shows after it.
func TestREADMECommands(t *testing.T) {
	text, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(text), "\n")
	ran := 0
	for i := 0; i < len(lines); i++ {
		args, ok := strings.CutPrefix(lines[i], "$ fdbtuple ")
		if !ok {
			continue
		}
		var want []string
		for j := i + 1; j < len(lines) && !strings.HasPrefix(lines[j], "$ ") && !strings.HasPrefix(lines[j], "```"); j++ {
			want = append(want, lines[j])
		}
		cmd := exec.Command(binary, shellWords(t, args)...)
		cmd.Dir = "../.."
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Errorf("README.md:%d: fdbtuple %s: %v\n%s", i+1, args, err, out)
		}
		if got := strings.TrimSuffix(string(out), "\n"); got != strings.Join(want, "\n") {
			t.Errorf("README.md:%d: fdbtuple %s prints\n%s\nand the README shows\n%s", i+1, args, got, strings.Join(want, "\n"))
		}
		ran++
	}
	if ran < 2 {
		t.Errorf("README.md shows %d fdbtuple commands with their output; want at least 2", ran)
	}
}
