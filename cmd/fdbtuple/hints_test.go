package main

import (
	"os/exec"
	"strings"
	"testing"
)

// commentKey is ("COMMENT", desc("ab"), "REACT", 42) packed with -ext
// desc: an extension element with more elements after it.
const commentKey = "02434f4d4d454e54004ffd9e9dff00ffff02524541435400152a"

// TestGoldenHints: what the commands say and print where a first try goes
// wrong, and the flags that make the second try work.
func TestGoldenHints(t *testing.T) {
	tests := []golden{
		// An fdbcli line given as an argument.
		{name: "fdbcli line as an argument", args: []string{"unpack", "`\\x02user\\x00\\x15*' is `v'"}, code: 2,
			stderr: "a line of fdbcli getrange output (`KEY' is `VALUE'): unpack and describe read such lines on standard input (with -values, the value too), or give the key alone: \\x02user\\x00\\x15*"},
		{name: "fdbcli line to compare", args: []string{"compare", "`\\x15\\x01' is `v'", "(1,)"}, code: 2, stderr: "a line of fdbcli getrange output"},

		// A raw prefix without -prefix.
		{name: "raw prefix hint", args: []string{"unpack", `app/\x02user\x00`}, code: 1,
			stderr: "(if its first 4 bytes are a raw prefix, give them with -prefix 'app/')"},
		{name: "raw prefix hint in hex", args: []string{"unpack", "abcd 02757365720000"}, code: 1,
			stderr: "(if its first 2 bytes are a raw prefix, give them with -prefix abcd)"},
		{name: "raw prefix hint in describe", args: []string{"describe", `app/\x15\x07`}, stdout: "" +
			"offset  bytes                          type            value\n" +
			"     0  61 70 70 2f 15 07              trailing        not a tuple element: tuple: invalid type code at offset 0 (code(0x61)): code(0x61) is not a standard type code\n" +
			"hint: if its first 4 bytes are a raw prefix, give them with -prefix 'app/'\n"},
		{name: "the hint's -prefix works", args: []string{"unpack", "-prefix", "app/", `app/\x02user\x00`}, stdout: "(\"user\",)\n"},

		// -ext, the same hint everywhere.
		{name: "unpack names the -ext", args: []string{"unpack", "0270726963650040c227c6"}, code: 1,
			stderr: "(user type code 0x40 is this module's decimal: try -ext decimal)"},
		{name: "pack names the -ext", args: []string{"pack", `("a", desc(5))`}, code: 1,
			stderr: "unknown constructor desc( (desc(...) is this module's extension: try -ext desc)"},
		{name: "compare names the -ext", args: []string{"compare", `(decimal("1"),)`, "(1,)"}, code: 1, stderr: "try -ext decimal"},
		{name: "an unknown user code", args: []string{"unpack", "4201"}, code: 1, stderr: "(user type code 0x42: no -ext of this tool reads it)"},
		{name: "lines name the -ext", args: []string{"unpack"}, stdin: "1501\n" + commentKey + "\n", stdout: "(1,)\n", code: 1,
			stderr: "line 2: tuple: invalid type code at offset 9 (element [1], user(0x4f)): user(0x4f) is not a standard type code (user type code 0x4f is this module's desc: try -ext desc)"},

		// describe does not swallow what follows an unknown extension element.
		{name: "describe after an extension element", args: []string{"describe", commentKey}, stdout: "" +
			"offset  bytes                          type            value\n" +
			"     0  02 43 4f 4d 4d 45 4e 54 …(9)   string          \"COMMENT\"\n" +
			"     9  4f fd 9e 9d ff 00 ff ff …(17)  trailing        not a tuple element: framing stopped: without its extension, where this element ends, and so the elements after it, are unknown; user type code 0x4f is this module's desc: try -ext desc\n" +
			"with -ext desc: (\"COMMENT\", desc(\"ab\"), \"REACT\", 42)\n"},

		// -input printable is honoured for text that starts with "(".
		{name: "strinc -input printable", args: []string{"strinc", "-input", "printable", "(a"}, stdout: "2862\n"},
		{name: "range -input printable", args: []string{"range", "-input", "printable", "-prefix", "(", `(\x02a\x00`}, stdout: "2802610000\n28026100ff\n"},
		{name: "compare -input printable", args: []string{"compare", "-input", "printable", "(1,)", "(2,)"}, code: 1,
			stderr: "A: tuple: invalid type code at offset 0"},

		// unpack -values writes a value that is not a tuple as the text form does.
		{name: "unpack -values escapes a quote", args: []string{"unpack", "-values"},
			stdin: "`\\x02a\\x00' is `a\"b\\\\c'\n", stdout: `("a",) = b"a\"b\\c"` + "\n"},

		// describe -fail.
		{name: "describe -fail", args: []string{"describe", "-fail", "026100ff"}, code: 1, stdout: "" +
			"offset  bytes                          type            value\n" +
			"     0  02 61 00                       string          \"a\"\n" +
			"     3  ff                             trailing        not a tuple element: tuple: invalid type code at offset 3 (escape byte (reserved)): escape byte (reserved) is not a standard type code\n",
			stderr: "fdbtuple describe: the key has a fault at offset 3 (-fail): tuple: invalid type code at offset 3"},
		{name: "describe -fail on a whole key", args: []string{"describe", "-fail", "026100"}, stdout: "" +
			"offset  bytes                          type            value\n" +
			"     0  02 61 00                       string          \"a\"\n"},
		{name: "describe -fail on lines", args: []string{"describe", "-fail", "-prefix", "01"}, stdin: "0102610000\n026100\n01026100ff\n", code: 1, stdout: "" +
			"offset  bytes                          type            value\n" +
			"     0  01                             prefix          \\x01\n" +
			"     1  02 61 00                       string          \"a\"\n" +
			"     4  00                             null            nil\n" +
			"\n" +
			"offset  bytes                          type            value\n" +
			"     0  02 61 00                       no prefix       key \\x02a\\x00 does not start with the prefix \\x01\n" +
			"\n" +
			"offset  bytes                          type            value\n" +
			"     0  01                             prefix          \\x01\n" +
			"     1  02 61 00                       string          \"a\"\n" +
			"     4  ff                             trailing        not a tuple element: tuple: invalid type code at offset 4 (escape byte (reserved)): escape byte (reserved) is not a standard type code\n",
			stderr: "fdbtuple describe: 2 of 3 keys have a fault (-fail); the first: line 2: a fault at offset 0: key \\x02a\\x00 does not start with the prefix \\x01"},

		// unpack -path.
		{name: "unpack -path", args: []string{"unpack", "-path", "050275736572001507000502706f737400150a00"}, stdout: "/user-7/post-10\n"},
		{name: "unpack -path lines", args: []string{"unpack", "-path"},
			stdin:  "050275736572001507000502706f737400150a00\n05027573657200150700027469746c6500\n026100\n",
			stdout: "/user-7/post-10\n/user-7 + (\"title\",)\n(\"a\",)\n"},
		{name: "unpack without -path", args: []string{"unpack", "050275736572001507000502706f737400150a00"}, stdout: "((\"user\", 7), (\"post\", 10))\n"},
	}
	for _, g := range tests {
		g.run(t)
	}
}

// TestHintsOnlyWhereTheyApply: the printable-input hint is for text that
// looks like mistyped hex, and it quotes the key as given, without doubled
// backslashes; a -prefix mismatch gets none.
func TestHintsOnlyWhereTheyApply(t *testing.T) {
	for _, args := range [][]string{
		{"unpack", "-prefix", "app/", `apq/\x02a\x00`},
		{"unpack", `\x02user\x00\x16`},
		{"unpack", "xyz"},
		{"compare", `\x16`, "(1,)"},
	} {
		var stderr strings.Builder
		cmd := exec.Command(binary, args...)
		cmd.Stderr = &stderr
		if err := cmd.Run(); err == nil {
			t.Errorf("fdbtuple %q succeeded", args)
		}
		if strings.Contains(stderr.String(), "printable text") || strings.Contains(stderr.String(), `\\`) {
			t.Errorf("fdbtuple %q: a hint that does not apply, or doubled backslashes: %s", args, stderr.String())
		}
	}
}

// TestHelpPrintable: help writes text only, no raw control bytes (the
// fdbcli example of unpack once wrote its 02 and 00 bytes); pack's -ext is
// not described as decoding.
func TestHelpPrintable(t *testing.T) {
	for name := range commands {
		out, err := exec.Command(binary, "help", name).Output()
		if err != nil {
			t.Fatalf("help %s: %v", name, err)
		}
		for i, c := range out {
			if c < 0x20 && c != '\n' && c != '\t' || c == 0x7f {
				t.Errorf("help %s: byte %#02x at offset %d", name, c, i)
				break
			}
		}
	}
	out, err := exec.Command(binary, "help", "pack").Output()
	if err != nil || strings.Contains(string(out), "decode") {
		t.Errorf("help pack says decode, or failed (%v):\n%s", err, out)
	}
}
