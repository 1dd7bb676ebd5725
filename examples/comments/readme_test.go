package main

import (
	"bytes"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/fdbtuple/fdbtuple/property_test/order"
	"github.com/fdbtuple/fdbtuple/tuple"
)

// walkHeading starts the README's walk-through section; the section runs
// to the next heading of its level.
const walkHeading = "## Walk-through"

// block is a fenced block of the README: its info string, its lines, and
// the file of this package the prose before it names last.
type block struct {
	info  string
	lines []string
	file  string
	line  int // in README.md, of the opening fence
}

// walkthroughBlocks reads the fenced blocks of the README's walk-through.
func walkthroughBlocks(t *testing.T) []block {
	t.Helper()
	text, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(text), "\n")
	start := -1
	for i, l := range lines {
		if strings.HasPrefix(l, walkHeading) {
			start = i
			break
		}
	}
	if start < 0 {
		t.Fatalf("README.md has no section %q", walkHeading)
	}
	named := regexp.MustCompile("`examples/comments/([a-z_]+\\.(?:go|schema))`")
	var blocks []block
	file := ""
	for i := start + 1; i < len(lines); i++ {
		l := lines[i]
		if strings.HasPrefix(l, "## ") {
			break
		}
		if !strings.HasPrefix(l, "```") {
			for _, m := range named.FindAllStringSubmatch(l, -1) {
				file = m[1]
			}
			continue
		}
		b := block{info: strings.TrimPrefix(l, "```"), file: file, line: i + 1}
		for i++; i < len(lines) && lines[i] != "```"; i++ {
			b.lines = append(b.lines, lines[i])
		}
		blocks = append(blocks, b)
	}
	return blocks
}

// contains reports whether file holds the lines of b one after another,
// each indented alike by tabs (a block shows code from inside a function
// without its indentation).
func contains(file string, b []string) bool {
	lines := strings.Split(file, "\n")
	for i, l := range lines {
		indent, ok := strings.CutSuffix(l, b[0])
		if !ok || strings.Trim(indent, "\t") != "" || i+len(b) > len(lines) {
			continue
		}
		match := true
		for j, want := range b {
			got := lines[i+j]
			if got != indent+want && (want != "" || got != "") {
				match = false
				break
			}
		}
		if match {
			return true
		}
	}
	return false
}

// TestREADME: the README's walk-through is this package as it is. Each
// Go block is a piece of the file the text before it names, the output
// it shows is what the program prints, and the failure it shows is what
// TestCommentKeySchema reports for the change it describes.
func TestREADME(t *testing.T) {
	blocks := walkthroughBlocks(t)
	var code, outputs, failures int
	for _, b := range blocks {
		switch {
		case b.info == "go":
			code++
			if b.file == "" || !strings.HasSuffix(b.file, ".go") {
				t.Errorf("README.md:%d: the text before the Go block names no file of examples/comments", b.line)
				continue
			}
			src, err := os.ReadFile(b.file)
			if err != nil {
				t.Errorf("README.md:%d: %v", b.line, err)
				continue
			}
			if !contains(string(src), b.lines) {
				t.Errorf("README.md:%d: the Go block is not in %s as printed:\n%s", b.line, b.file, strings.Join(b.lines, "\n"))
			}
		case len(b.lines) > 0 && b.lines[0] == "$ go run ./examples/comments":
			outputs++
			var out bytes.Buffer
			if err := runInTemp(&out); err != nil {
				t.Fatal(err)
			}
			want := strings.Join(b.lines[1:], "\n") + "\n"
			if out.String() != want {
				t.Errorf("README.md:%d: go run ./examples/comments prints\n%s\nand the README shows\n%s", b.line, out.String(), want)
			}
		case len(b.lines) > 0 && strings.HasPrefix(b.lines[0], "order.CheckSchema:"):
			failures++
			got := schemaFailure(t)
			if want := strings.Join(b.lines, "\n"); got != want {
				t.Errorf("README.md:%d: TestCommentKeySchema, with At in whole seconds, reports\n%s\nand the README shows\n%s", b.line, got, want)
			}
		case b.info == "sh":
			// Commands: go generate and go test run them, in CI.
		default:
			t.Errorf("README.md:%d: a block of the walk-through that this test does not check: %q", b.line, b.info)
		}
	}
	if code < 4 || outputs != 1 || failures != 1 {
		t.Errorf("README.md's walk-through has %d Go blocks, %d outputs and %d schema failures: want at least 4, 1 and 1", code, outputs, failures)
	}
}

// recorder is a test that keeps what fails it.
type recorder struct {
	testing.TB
	failures []string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, a ...any) {
	r.failures = append(r.failures, fmt.Sprintf(format, a...))
}
func (r *recorder) Fatalf(format string, a ...any) {
	r.failures = append(r.failures, fmt.Sprintf(format, a...))
}

// commentKeyInSeconds is CommentKey with its time in whole seconds: the
// change the README's walk-through makes to show the schema test failing.
type commentKeyInSeconds struct {
	Post int64
	At   time.Time `tuple:",desc,unit=s"`
	ID   int64
}

// schemaFailure is what TestCommentKeySchema reports for
// commentKeyInSeconds.
func schemaFailure(t *testing.T) string {
	r := &recorder{TB: t}
	order.CheckSchema(r, tuple.MustPlan[commentKeyInSeconds](tuple.Codec{}), "testdata/commentkey.schema")
	if len(r.failures) != 1 {
		t.Fatalf("CheckSchema of a key in seconds under a schema in milliseconds: %d failures, want 1: %q", len(r.failures), r.failures)
	}
	return r.failures[0]
}
