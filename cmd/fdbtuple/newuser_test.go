package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestGoldenNewUser: the first tries of a new user, as a trial of the tool
// met them: keys pasted with spaces or quotes, the text form's constructor
// spellings, and the flags an error should name.
func TestGoldenNewUser(t *testing.T) {
	const spaceRefused = "starts with a space, which auto mode does not read as part of a printable key"
	tests := []golden{
		// White space around a key: an fdbcli line's quotes delimit its key,
		// so the spaces around it go; a printable key's are refused, since a
		// space is the byte 0x20.
		{name: "an indented fdbcli line", args: []string{"unpack", "-values"},
			stdin: "  `\\x02a\\x00' is `\\x15\\x01'  \n", stdout: "(\"a\",) = (1,)\n"},
		{name: "an indented fdbcli line, describe -fail", args: []string{"describe", "-fail"},
			stdin: "\t`\\x02a\\x00' is `\\x15\\x01'\n", stdout: "" +
				"offset  bytes                          type            value\n" +
				"     0  02 61 00                       string          \"a\"\n"},
		{name: "a key argument after a space", args: []string{"unpack", ` \x02user\x00\x15*`}, code: 1,
			stderr: `the key ' \x02user\x00\x15*' ` + spaceRefused},
		{name: "a key line after a space", args: []string{"unpack"}, stdin: "1501\n  \\x02a\\x00\n", stdout: "(1,)\n", code: 1,
			stderr: "line 2: the key '  \\x02a\\x00' " + spaceRefused},
		{name: "a key before a space", args: []string{"unpack", `\x15\x01 `}, code: 1, stderr: "ends with a space"},
		{name: "a space that is the key's", args: []string{"unpack", "-input", "printable", ` \xbf\xc0\x00\x00`}, stdout: "(float32(1.5),)\n"},
		{name: "a hex line with spaces", args: []string{"unpack"}, stdin: "  15 01  \n", stdout: "(1,)\n"},

		// A key with fdbcli's quotes.
		{name: "an fdbcli-quoted key", args: []string{"unpack", "`\\x02user\\x00\\x15*'"}, stdout: "(\"user\", 42)\n"},
		{name: "an fdbcli-quoted key on standard input", args: []string{"unpack"}, stdin: " `\\x02a\\x00'\n", stdout: "(\"a\",)\n"},
		{name: "an fdbcli-quoted key to describe", args: []string{"describe", "`\\x15\\x07'"}, stdout: "" +
			"offset  bytes                          type            value\n" +
			"     0  15 07                          int +1 bytes    7\n"},
		{name: "fdbcli's quotes read as bytes", args: []string{"unpack", "-input", "printable", "`\\x02user\\x00\\x15*'"}, code: 1,
			stderr: "(-input printable read fdbcli's quotes as bytes of the key; without it, the key between them is read)"},
		{name: "a key in double quotes", args: []string{"unpack", `"\x02user\x00\x15*"`}, code: 1,
			stderr: `(its double quotes were read as bytes 0x22 of the key; give the key without them: \x02user\x00\x15*)`},

		// Constructors in the text form, and the -ext lists hints name.
		{name: "Desc( for desc(", args: []string{"pack", "-ext", "desc", `("events", Desc(1700000000))`}, code: 1,
			stderr: "unknown constructor Desc( (did you mean desc(...)?)"},
		{name: "DECIMAL( without -ext", args: []string{"pack", `(DECIMAL("1"),)`}, code: 1,
			stderr: "(did you mean decimal(...) with -ext decimal?)"},
		{name: "desc( with -ext decimal", args: []string{"pack", "-ext", "decimal", `(desc(1),)`}, code: 1,
			stderr: "(desc(...) is this module's extension: try -ext decimal,desc)"},
		{name: "a desc key with -ext decimal", args: []string{"unpack", "-ext", "decimal", commentKey}, code: 1,
			stderr: "(user type code 0x4f is this module's desc: try -ext decimal,desc)"},
		{name: "desc( packs", args: []string{"pack", "-ext", "desc", `("events", desc(1700000000))`}, stdout: "026576656e7473004fe79aac0eff00ffff\n"},

		// A -prefix that reads as hex.
		{name: "a text prefix read as hex", args: []string{"unpack", "-prefix", "cafe", `cafe\x02a\x00`}, code: 1,
			stderr: `(-prefix cafe was read as hex; the key starts with it as text: use -input printable (which reads KEY as text too), or write it -prefix '\x63afe')`},
		{name: "the hint's -input printable", args: []string{"unpack", "-input", "printable", "-prefix", "cafe", `cafe\x02a\x00`}, stdout: "(\"a\",)\n"},
		{name: "the hint's escaped prefix", args: []string{"unpack", "-prefix", `\x63afe`, `cafe\x02a\x00`}, stdout: "(\"a\",)\n"},
		{name: "a hex prefix that matches neither", args: []string{"unpack", "-prefix", "cafe", `\x02a\x00`}, code: 1,
			stderr: `does not start with the prefix \xca\xfe` + "\n"},

		// What -lenient reads.
		{name: "a non-minimal integer", args: []string{"unpack", "16002a"}, code: 1,
			stderr: "(-lenient reads it as the Python binding does: (42,))"},
		{name: "an unterminated string", args: []string{"unpack", "026162"}, code: 1,
			stderr: "(-lenient reads it as the Python binding does: (\"ab\",))"},
		// describe -prefix follows its help: every key described, a key
		// without the prefix as a fault; exit 1 only with -fail.
		{name: "describe -prefix, a key without it", args: []string{"describe", "-prefix", "app/"},
			stdin: "app/\\x02a\\x00\n\\x02b\\x00\napp/\\x02c\\x00\n", stdout: describePrefixTrial},
		{name: "describe -prefix -fail, a key without it", args: []string{"describe", "-prefix", "app/", "-fail"},
			stdin: "app/\\x02a\\x00\n\\x02b\\x00\napp/\\x02c\\x00\n", stdout: describePrefixTrial, code: 1,
			stderr: "fdbtuple describe: 1 of 3 keys has a fault (-fail); the first: line 2: a fault at offset 0: key \\x02b\\x00 does not start with the prefix app/"},
		{name: "describe -prefix, one key without it", args: []string{"describe", "-prefix", "cafe", `cafe\x15\x01`}, stdout: "" +
			"offset  bytes                          type            value\n" +
			"     0  63 61 66 65 15 01              no prefix       key cafe\\x15\\x01 does not start with the prefix \\xca\\xfe (-prefix cafe was read as hex; the key starts with it as text: use -input printable (which reads KEY as text too), or write it -prefix '\\x63afe')\n"},

		// Wording.
		{name: "a one-byte prefix hint", args: []string{"unpack", `a\x15\x01`}, code: 1,
			stderr: "(if its first byte is a raw prefix, give it with -prefix 61)"},
		{name: "one argument too many", args: []string{"pack", "(1,)", "(2,)"}, code: 2, stderr: "want 1 argument, got 2\n"},
		{name: "matrix without reports", args: []string{"matrix"}, code: 2, stderr: "want at least 1 argument, got 0\n"},
		{name: "range of a key that is not a tuple", args: []string{"range", "026100ff"}, code: 1,
			stderr: "range takes a tuple, and this key is not one (strinc takes any key): tuple: unterminated element at offset 0"},
		{name: "range of a prefixed key", args: []string{"range", "-prefix", "app/", `app/\x02a\x00`}, stdout: "6170702f02610000\n6170702f026100ff\n"},
		{name: "range -prefix with tuple text", args: []string{"range", "-prefix", "app/", `("a",)`}, code: 2, stderr: "-prefix goes with a KEY argument"},

		{name: "lenient on lines", args: []string{"unpack"}, stdin: "026162\n", code: 1, stderr: "line 1: tuple: unterminated element at offset 0 (element [0], string): no 00 terminator before the end of the input (-lenient reads it"},
	}
	for _, g := range tests {
		g.run(t)
	}
}

// TestNoQuotePrefixHint: the -prefix hint never suggests a prefix that
// starts with a quote pasted with the key.
func TestNoQuotePrefixHint(t *testing.T) {
	for _, key := range []string{"`\\x02user\\x00\\x15*'", "`\\x02user\\x00\\x15*", `"\x02user\x00\x15*`} {
		for _, input := range []string{"auto", "printable"} {
			var stderr strings.Builder
			cmd := exec.Command(binary, "unpack", "-input", input, key)
			cmd.Stderr = &stderr
			cmdErr := cmd.Run()
			if strings.Contains(stderr.String(), "-prefix") {
				t.Errorf("unpack -input %s %s: %v, a -prefix hint: %s", input, key, cmdErr, stderr.String())
			}
		}
	}
}

// describePrefixTrial is what describe -prefix app/ prints for the trial's
// three keys, the second without the prefix.
const describePrefixTrial = "" +
	"offset  bytes                          type            value\n" +
	"     0  61 70 70 2f                    prefix          app/\n" +
	"     4  02 61 00                       string          \"a\"\n" +
	"\n" +
	"offset  bytes                          type            value\n" +
	"     0  02 62 00                       no prefix       key \\x02b\\x00 does not start with the prefix app/\n" +
	"\n" +
	"offset  bytes                          type            value\n" +
	"     0  61 70 70 2f                    prefix          app/\n" +
	"     4  02 63 00                       string          \"c\"\n"

// TestHelpWording: the overview lists every exit status, and help check
// writes every flag's argument one way (-random N, not -random int).
func TestHelpWording(t *testing.T) {
	out, err := exec.Command(binary, "help").Output()
	if err != nil || !strings.Contains(string(out), "3 protocol error, 130 interrupted") {
		t.Errorf("help: %v, no exit status 3 and 130:\n%s", err, out)
	}
	out, err = exec.Command(binary, "help", "check").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, typeName := range []string{" int\n", " duration\n", " string\n"} {
		if strings.Contains(string(out), typeName) {
			t.Errorf("help check names a flag's argument by its Go type (%q):\n%s", strings.TrimSpace(typeName), out)
		}
	}
	out, err = exec.Command(binary, "help", "pack").Output()
	if err != nil || !strings.Contains(string(out), "desc(ELEMENT)") {
		t.Errorf("help pack: %v, does not document desc(...):\n%s", err, out)
	}
}
