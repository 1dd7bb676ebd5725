package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/fdbtuple/fdbtuple/internal/proctest"
)

// binary is the fdbtuple command built once for the end-to-end tests.
var binary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "fdbtuple-test")
	if err != nil {
		panic(err)
	}
	binary = filepath.Join(dir, "fdbtuple")
	build := exec.Command("go", "build", "-o", binary, ".")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		panic(err)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// golden is one run of the built binary: its arguments, standard input,
// and the exact standard output, exit status and (a line of) standard
// error expected.
type golden struct {
	name   string
	args   []string
	stdin  string
	stdout string
	code   int
	stderr string // a substring of standard error
}

func (g golden) run(t *testing.T) {
	t.Helper()
	cmd := exec.Command(binary, g.args...)
	cmd.Stdin = strings.NewReader(g.stdin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	if code != g.code || stdout.String() != g.stdout || !strings.Contains(stderr.String(), g.stderr) {
		t.Errorf("%s: fdbtuple %q\n got exit %d, stdout:\n%s\nstderr: %s\nwant exit %d, stdout:\n%s\nstderr containing: %s",
			g.name, g.args, code, stdout.String(), stderr.String(), g.code, g.stdout, g.stderr)
	}
	if strings.Contains(stderr.String(), "goroutine") || strings.Contains(stderr.String(), "panic") {
		t.Errorf("%s: stack trace on stderr:\n%s", g.name, stderr.String())
	}
	if code != 0 && strings.Count(strings.TrimSpace(stderr.String()), "\n") > 1 {
		t.Errorf("%s: error message is not one line (plus a usage hint):\n%s", g.name, stderr.String())
	}
}

func TestGolden(t *testing.T) {
	tests := []golden{
		// pack
		{name: "pack hex", args: []string{"pack", `("user", 42)`}, stdout: "027573657200152a\n"},
		{name: "pack printable", args: []string{"pack", "--format", "printable", `("user", 42)`}, stdout: `\x02user\x00\x15*` + "\n"},
		{name: "pack flag after arg", args: []string{"pack", `("a",)`, "-format=printable"}, stdout: `\x02a\x00` + "\n"},
		{name: "pack raw", args: []string{"pack", "-format", "raw", `(1,)`}, stdout: "\x15\x01"},
		{name: "pack nested and types", args: []string{"pack", `(nil, ("x", nil), -1, 1.5, float32(1.5), true, b"\x00")`},
			stdout: "0005027800" + "00ff00" + "13fe" + "21bff8000000000000" + "20bfc00000" + "27" + "0100ff00" + "\n"},
		{name: "pack syntax error", args: []string{"pack", `("user" 42)`}, code: 1, stderr: "offset 8"},
		{name: "pack bad utf-8", args: []string{"pack", `("\xff",)`}, code: 1, stderr: "UTF-8"},
		{name: "pack bad format", args: []string{"pack", "-format", "xml", `(1,)`}, code: 2, stderr: "-format must be"},
		{name: "pack no args", args: []string{"pack"}, code: 2, stderr: "want 1 argument"},

		// unpack
		{name: "unpack printable", args: []string{"unpack", `\x02user\x00\x15\x2a`}, stdout: `("user", 42)` + "\n"},
		{name: "unpack hex", args: []string{"unpack", "027573657200152a"}, stdout: `("user", 42)` + "\n"},
		{name: "unpack 0x hex with spaces", args: []string{"unpack", "0x02 75 73 65 72 00 15 2a"}, stdout: `("user", 42)` + "\n"},
		{name: "unpack forced printable", args: []string{"unpack", "-input", "printable", "\\x15\\x01"}, stdout: "(1,)\n"},
		{name: "unpack raw stdin", args: []string{"unpack", "-raw"}, stdin: "\x02a\x00\x05\x00\xff\x00", stdout: `("a", (nil,))` + "\n"},
		{name: "unpack lines", args: []string{"unpack"}, stdin: "1501\n\\x02b\\x00\n\n14\n", stdout: "(1,)\n(\"b\",)\n(0,)\n"},
		{name: "unpack lines bad line", args: []string{"unpack"}, stdin: "1501\n16\n1502\n", stdout: "(1,)\n", code: 1, stderr: "line 2: tuple: truncated"},
		{name: "unpack truncated", args: []string{"unpack", "0216"}, code: 1, stderr: "at offset 0"},
		{name: "unpack invalid code", args: []string{"unpack", "1501 23"}, code: 1, stderr: "invalid type code at offset 2"},
		{name: "unpack lenient", args: []string{"unpack", "--lenient", "02616263"}, stdout: `("abc",)` + "\n"},
		{name: "unpack strict refuses", args: []string{"unpack", "02616263"}, code: 1, stderr: "unterminated element at offset 0"},
		{name: "unpack bad escape", args: []string{"unpack", `\q`}, code: 1, stderr: "not hex or printable"},
		{name: "unpack odd hex", args: []string{"unpack", "02616"}, code: 1, stderr: "odd number of hex digits (5) in \"02616\"; use -input printable to read it as text"},
		{name: "unpack odd hex as printable", args: []string{"unpack", "-input", "printable", "abc"}, code: 1, stderr: "invalid type code at offset 0"},
		{name: "unpack says it read printable", args: []string{"unpack", "02757365720g"}, code: 1, stderr: `(the key 02757365720g was read as printable text; -input hex reads hex)`},
		{name: "unpack raw with key", args: []string{"unpack", "-raw", "15"}, code: 2, stderr: "-raw reads"},

		// describe
		{name: "describe", args: []string{"describe", `\x02user\x00\x15*\x05\x00\xff\x00`}, stdout: "" +
			"offset  bytes                          type            value\n" +
			"     0  02 75 73 65 72 00              string          \"user\"\n" +
			"     6  15 2a                          int +1 bytes    42\n" +
			"     8  05                             nested          (\n" +
			"     9    00 ff                        null              nil\n" +
			"    11  00                             end nested      )\n"},
		{name: "describe failure", args: []string{"describe", "1501 02 ff 00"}, stdout: "" +
			"offset  bytes                          type            value\n" +
			"     0  15 01                          int +1 bytes    1\n" +
			"     2  02 ff 00                       trailing        not a tuple element: tuple: invalid UTF-8 in string at offset 2 (string): at byte 0 of the string\n"},
		{name: "describe long bytes", args: []string{"describe", "01 00ff 0102030405060708090a 00"}, stdout: "" +
			"offset  bytes                          type            value\n" +
			"     0  01 00 ff 01 02 03 04 05 …(14)  bytes           b\"\\x00\\x01\\x02\\x03\\x04\\x05\\x06\\x07\\x08\\x09\\x0a\"\n"},
		{name: "describe lenient", args: []string{"describe", "-lenient", "1600 01"}, stdout: "" +
			"offset  bytes                          type            value\n" +
			"     0  16 00 01                       trailing        not a tuple element: tuple: non-canonical integer encoding at offset 0 (int +2 bytes): leading 00 byte: the value fits in fewer bytes\n" +
			"lenient: (1,)\n"},
		{name: "describe range end", args: []string{"describe", "026100ff"}, stdout: "" +
			"offset  bytes                          type            value\n" +
			"     0  02 61 00                       string          \"a\"\n" +
			"     3  ff                             trailing        not a tuple element: tuple: invalid type code at offset 3 (escape byte (reserved)): escape byte (reserved) is not a standard type code\n"},
		{name: "unpack range end", args: []string{"unpack", "026100ff"}, code: 1, stderr: "unterminated element at offset 0 (element [0], string): no 00 terminator before the end of the input; the longest tuple the key starts with ends at offset 3"},
		{name: "describe strinc'd key", args: []string{"describe", "026101"}, stdout: "" +
			"offset  bytes                          type            value\n" +
			"     0  02 61 01                       trailing        not a tuple element: tuple: unterminated element at offset 0 (string): no 00 terminator before the end of the input\n"},
		{name: "describe prefix", args: []string{"describe", "-prefix", "app/", `app/\x15\x07`}, stdout: "" +
			"offset  bytes                          type            value\n" +
			"     0  61 70 70 2f                    prefix          app/\n" +
			"     4  15 07                          int +1 bytes    7\n"},
		{name: "describe stdin, fdbcli lines, values", args: []string{"describe", "-values"},
			stdin: "Range limited to 2 keys\n`\\x02a\\x00' is `\\x15\\x01'\n", stdout: "" +
				"offset  bytes                          type            value\n" +
				"     0  02 61 00                       string          \"a\"\n" +
				"value:\n" +
				"offset  bytes                          type            value\n" +
				"     0  15 01                          int +1 bytes    1\n"},

		// compare, range, strinc
		{name: "compare tuples", args: []string{"compare", `("post", 9)`, `("post", 10)`}, stdout: "-1\n"},
		{name: "compare key and tuple", args: []string{"compare", "1501", "(1,)"}, stdout: "0\n"},
		{name: "compare negative", args: []string{"compare", "(0,)", "(-1,)"}, stdout: "1\n"},
		{name: "compare bad", args: []string{"compare", "(1,)", "16"}, code: 1, stderr: "B: tuple: truncated"},
		{name: "range", args: []string{"range", "-format", "printable", `("user", 7)`}, stdout: `\x02user\x00\x15\x07\x00` + "\n" + `\x02user\x00\x15\x07\xff` + "\n"},
		{name: "strinc", args: []string{"strinc", "0275736572ff"}, stdout: "0275736573\n"},
		{name: "strinc all ff", args: []string{"strinc", "ffff"}, code: 1, stderr: "no prefix end"},
		{name: "strinc of a tuple", args: []string{"strinc", `("user",)`}, stdout: "027573657201\n"},
		{name: "range of a key", args: []string{"range", "026100"}, stdout: "02610000\n026100ff\n"},
		{name: "range of a printable key", args: []string{"range", "-format", "printable", `\x02a\x00`}, stdout: `\x02a\x00\x00` + "\n" + `\x02a\x00\xff` + "\n"},
		{name: "range of its own output", args: []string{"range", "02610000"}, stdout: "0261000000\n02610000ff\n"},
		{name: "unpack prefix", args: []string{"unpack", "-prefix", "app/", `app/\x02user\x00`}, stdout: `("user",)` + "\n"},
		{name: "unpack prefix missing", args: []string{"unpack", "-prefix", "app/", `apq/\x02user\x00`}, code: 1, stderr: `does not start with the prefix app/`},
		{name: "unpack prefix offset", args: []string{"unpack", "-prefix", "app/", `app/\x16\x01`}, code: 1, stderr: "truncated element at offset 4"},
		{name: "compare prefix", args: []string{"compare", "-prefix", "61", "611501", "(2,)"}, stdout: "-1\n"},
		{name: "unpack fdbcli lines", args: []string{"unpack", "-values"},
			stdin:  "Range limited to 3 keys\n`\\x02a\\x00' is `\\x15\\x01'\n`\\x02b\\x00' is `raw'\n\n02630000\n",
			stdout: "(\"a\",) = (1,)\n(\"b\",) = b\"raw\"\n(\"c\", nil)\n"},
		{name: "unpack fdbcli lines without values", args: []string{"unpack"},
			stdin: "`\\x02a\\x00' is `\\x15\\x01'\n", stdout: "(\"a\",)\n"},

		// extensions
		{name: "unpack decimal without -ext", args: []string{"unpack", "0270726963650040c227c6"}, code: 1, stderr: "invalid type code at offset 7"},
		{name: "unpack decimal", args: []string{"unpack", "-ext", "decimal", "0270726963650040c227c6"}, stdout: `("price", decimal("19.99"))` + "\n"},
		{name: "unpack desc", args: []string{"unpack", "-ext", "decimal,desc", "4ffd9e9dff00ffff"}, stdout: `(desc("ab"),)` + "\n"},
		{name: "bad -ext", args: []string{"unpack", "-ext", "money", "14"}, code: 2, stderr: "-ext knows decimal and desc"},
		{name: "describe decimal", args: []string{"describe", "-ext", "decimal", "1501 40c227c6"}, stdout: "" +
			"offset  bytes                          type            value\n" +
			"     0  15 01                          int +1 bytes    1\n" +
			"     2  40 c2 27 c6                    user(0x40)      decimal(\"19.99\")\n"},
		{name: "describe unknown user code", args: []string{"describe", "1501 40c227c6"}, stdout: "" +
			"offset  bytes                          type            value\n" +
			"     0  15 01                          int +1 bytes    1\n" +
			"     2  40 c2 27 c6                    trailing        not a tuple element: framing stopped: without its extension, where this element ends, and so the elements after it, are unknown; user type code 0x40 is this module's decimal: try -ext decimal\n" +
			"with -ext decimal: (1, decimal(\"19.99\"))\n"},

		{name: "describe truncated decimal", args: []string{"describe", "-ext", "decimal", "4081"}, stdout: "" +
			"offset  bytes                          type            value\n" +
			"     0  40 81                          trailing        not a tuple element: tuple: truncated element at offset 2 (user(0x40)): decimal: exponent cut short\n"},
		{name: "unpack decimal 1e1000000000", args: []string{"unpack", "-ext", "decimal", "40fe183b9aca0114"}, stdout: `(decimal("1e+1000000000"),)` + "\n"},
		{name: "unpack decimal 1e10000000", args: []string{"unpack", "-ext", "decimal", "40fe1798968114"}, stdout: `(decimal("1e+10000000"),)` + "\n"},
		{name: "compare huge decimals", args: []string{"compare", "-ext", "decimal", "40fe183b9aca0114", "40fe1798968114"}, stdout: "1\n"},
		{name: "pack decimal", args: []string{"pack", "-ext", "decimal,desc", `(decimal("19.99"), desc(decimal("-1e+1000000000")))`}, stdout: "40c227c64fbffe183b9aca0114ffff\n"},
		{name: "pack desc of desc", args: []string{"pack", "-ext", "desc", `(desc(desc(1)),)`}, code: 1, stderr: "cannot hold another"},

		// peers
		{name: "peers none built", args: []string{"peers", "-all", "nosuchdir"}, code: 1, stderr: "5 of 5 live peers are not built", stdout: "" +
			"fdb-tuple                not built (no nosuchdir/js/node_modules/fdb-tuple/package.json): its tests skip; build it with: (cd compat/js && npm ci)\n" +
			"python-foundationdb      not built (no nosuchdir/python/.venv/bin/python): its tests skip; build it with: python3 -m venv compat/python/.venv && compat/python/.venv/bin/pip install --require-hashes -r compat/python/requirements.txt\n" +
			"java-fdb                 not built (no nosuchdir/java/target/classpath.txt): its tests skip; build it with: compat/java/build.sh\n" +
			"rust-foundationdb-tuple  not built (no nosuchdir/rust/target/release/adapter): its tests skip; build it with: (cd compat/rust && cargo build --release --locked)\n" +
			"java-fdb-directory       not built (no nosuchdir/java/target/classpath.txt): its tests skip; build it with: compat/java/build.sh\n"},

		// demo
		{name: "demo extra arg", args: []string{"demo", "x"}, code: 2, stderr: "want 0 arguments"},

		// usage
		{name: "unknown command", args: []string{"frobnicate"}, code: 2, stderr: "unknown command"},
		{name: "help for an unknown command", args: []string{"help", "nosuch"}, code: 2, stderr: `no command "nosuch"`},
		{name: "an over-long stdin line", args: []string{"unpack"}, stdin: "026100\n" + strings.Repeat("a", 17<<20) + "\n", stdout: "(\"a\",)\n", code: 1, stderr: "line 2: longer than 16 MiB"},
		{name: "unknown flag", args: []string{"unpack", "-bogus", "15"}, code: 2, stderr: "flag provided but not defined"},
	}
	for _, g := range tests {
		g.run(t)
	}
}

// TestHelp checks that every command has help with examples, reachable
// three ways.
func TestHelp(t *testing.T) {
	for name := range commands {
		for _, args := range [][]string{{name, "--help"}, {name, "-h"}, {"help", name}} {
			out, err := exec.Command(binary, args...).Output()
			if err != nil {
				t.Errorf("fdbtuple %q: %v", args, err)
			}
			if !strings.Contains(string(out), "usage: fdbtuple "+name) || !strings.Contains(string(out), "example") {
				t.Errorf("fdbtuple %q printed:\n%s", args, out)
			}
		}
	}
	out, _ := exec.Command(binary, "--help").Output()
	for name := range commands {
		if !strings.Contains(string(out), name) {
			t.Errorf("overview does not list %s", name)
		}
	}
}

// FuzzDecodeKey: the key-input decoder never panics, and what it reads as
// hex or printable round-trips through the matching output format.
func FuzzDecodeKey(f *testing.F) {
	for _, s := range []string{"", "027573657200152a", `\x02user\x00\x15*`, "0x15 01", `\\`, `\x4`, "abc", "ab cd", `\"`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, mode := range []string{"auto", "hex", "printable"} {
			key, err := decodeKey(s, mode)
			if err != nil {
				continue
			}
			for _, format := range []string{"hex", "printable"} {
				back, err := decodeKey(formatKey(key, format), format)
				if err != nil || !bytes.Equal(back, key) {
					t.Fatalf("%q (%s): %x -> %s -> %x, %v", s, mode, key, format, back, err)
				}
			}
		}
	})
}

// TestServeAndCheck: serve answers the protocol, and check run against
// serve (this codec against itself) passes with no divergence.
func TestServeAndCheck(t *testing.T) {
	golden{name: "serve", args: []string{"serve"},
		stdin:  `{"id":7,"op":"pack","tuple":[{"string":"foo"},{"int":"42"}]}` + "\n" + `{"id":8,"op":"unpack","packed":"16"}` + "\n",
		stdout: `{"id":7,"packed":"02666f6f00152a"}` + "\n" + `{"id":8,"error":"tuple: truncated element at offset 0 (element [0], int +2 bytes): needs 2 bytes after the code, 0 remain"}` + "\n",
	}.run(t)
	golden{name: "check without a command", args: []string{"check", "-random", "10"}, code: 2,
		stderr: "fdbtuple check: missing the peer's command after -- (usage: fdbtuple check [flags] -- COMMAND [ARGS...])"}.run(t)

	out, err := exec.Command(binary, "check", "-random", "200", "-json", filepath.Join(t.TempDir(), "r.json"), "--", binary, "serve").CombinedOutput()
	if err != nil || !strings.Contains(string(out), "PASS: 0 failures, 0 known divergences") {
		t.Fatalf("check against serve: %v\n%s", err, out)
	}
	bad, err := exec.Command(binary, "check", "-random", "0", "--", "sh", "-c", "exit 0").CombinedOutput()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != exitProtocol || !strings.Contains(string(bad), "hello") {
		t.Errorf("check against a peer that exits: %v\n%s", err, bad)
	}
}

// TestCheckExitStatus: differing rows, a refused divergence file and a
// protocol error each have their own exit status (help check lists them).
func TestCheckExitStatus(t *testing.T) {
	dir := t.TempDir()
	typo := filepath.Join(dir, "typo.json")
	if err := os.WriteFile(typo, []byte(`[{"id":"mine","peers":["fdbtuple"],"sections":["pack.jsonl"],"row":["nested/*"],"refusal":true,"reason":"r"}]`), 0o644); err != nil {
		t.Fatal(err)
	}
	golden{name: "typo'd divergence file", args: []string{"check", "-divergences", typo, "--", binary, "serve"},
		code: exitUsage, stderr: `unknown field "row"`}.run(t)
	golden{name: "replace without a file", args: []string{"check", "-replace-divergences", "--", binary, "serve"},
		code: exitUsage, stderr: "needs -divergences"}.run(t)
	golden{name: "a hello without pack", args: []string{"check", "--", "sh", "-c",
		`read x; echo '{"id":1,"name":"x","protocol":1,"ops":["hello"],"types":["int"]}'; cat >/dev/null`},
		code: exitProtocol, stderr: `lacks the required op "pack"`}.run(t)
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not found: the differing-rows case runs compat/testdata/planted/adapter.py")
	}
	out, err := exec.Command(binary, "check", "-random", "0", "--", py, "../../compat/testdata/planted/adapter.py").CombinedOutput()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != exitData || !strings.Contains(string(out), "rows differ") {
		t.Errorf("check against the planted bugs: %v, want exit status %d\n%s", err, exitData, out)
	}
}

// TestDemo runs the demo end to end: it must load the store and print
// the scans, in order.
func TestDemo(t *testing.T) {
	out, err := exec.Command(binary, "demo", "-db", filepath.Join(t.TempDir(), "demo.db")).Output()
	if err != nil {
		t.Fatal(err)
	}
	text := string(out)
	i9 := strings.Index(text, "/post-9 ")
	i10 := strings.Index(text, "/post-10 ")
	if !strings.Contains(text, "Loaded 21 records") || i9 < 0 || i10 < i9 || !strings.Contains(text, "#POST#10") {
		t.Errorf("demo printed:\n%s", text)
	}
}

// TestCheckInterrupted: SIGINT or SIGTERM to a running check stops it and
// the peer's whole process group; nothing of the peer is left running. The
// report of the rows checked before the signal is printed and written to
// -json, marked as partial, and the message names the signal.
func TestCheckInterrupted(t *testing.T) {
	if !proctest.Supported() {
		t.Skip("looks processes up in /proc")
	}
	for i, sig := range []struct {
		signal os.Signal
		says   string
	}{{os.Interrupt, "interrupted (SIGINT)"}, {syscall.SIGTERM, "terminated (SIGTERM)"}} {
		marker := fmt.Sprintf("987.%06d%d", os.Getpid()%1000000, 3+i)
		report := filepath.Join(t.TempDir(), "r.json")
		cmd := exec.Command(binary, "check", "-timeout", "5s", "-random", "1000000", "-json", report, "--",
			"sh", "-c", `sleep `+marker+` & exec "$0" serve`, binary)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(1500 * time.Millisecond) // past the hello, into the rows
		start := time.Now()
		_ = cmd.Process.Signal(sig.signal)
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != exitInterrupted {
				t.Errorf("a check stopped by %v: %v, want exit status %d", sig.signal, err, exitInterrupted)
			}
		case <-time.After(5 * time.Second):
			_ = cmd.Process.Kill()
			t.Fatalf("the check did not stop within 5 s of %v", sig.signal)
		}
		if elapsed := time.Since(start); elapsed > 2*time.Second {
			t.Errorf("the check took %v to stop", elapsed)
		}
		if !strings.Contains(stderr.String(), sig.says) || !strings.Contains(stderr.String(), "partial") {
			t.Errorf("%v: stderr does not say why it stopped: %s", sig.signal, stderr.String())
		}
		if !strings.Contains(stdout.String(), "pack.jsonl") || !strings.Contains(stdout.String(), "INTERRUPTED") {
			t.Errorf("%v: no partial report on stdout:\n%s", sig.signal, stdout.String())
		}
		data, err := os.ReadFile(report)
		if err != nil || !strings.Contains(string(data), `"interrupted": true`) {
			t.Errorf("%v: -json file: %v\n%s", sig.signal, err, data)
		}
		if left := proctest.LeftRunning(marker); len(left) > 0 {
			t.Errorf("left running: %q", left)
		}
	}
}

// TestCheckHangingPeer: the case. A peer that never answers its
// hello ends the check within two seconds, with the exit status of a
// protocol error, and nothing of it is left running.
func TestCheckHangingPeer(t *testing.T) {
	if !proctest.Supported() {
		t.Skip("looks processes up in /proc")
	}
	marker := fmt.Sprintf("987.%06d2", os.Getpid()%1000000)
	start := time.Now()
	golden{name: "hanging peer", args: []string{"check", "-timeout", "200ms", "--", "sh", "-c", "sleep " + marker + "; true"},
		code: exitProtocol, stderr: "no response within 200ms"}.run(t)
	if elapsed := time.Since(start); elapsed > 2*time.Second {
		t.Errorf("the check took %v", elapsed)
	}
	if left := proctest.LeftRunning(marker); len(left) > 0 {
		t.Errorf("left running: %q", left)
	}
}

// TestDescribeErrorOnce: describe shows why bytes are not an element in
// its table only; standard error stays empty and the exit status 0.
func TestDescribeErrorOnce(t *testing.T) {
	cmd := exec.Command(binary, "describe", "1501 02 ff 00")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("describe: %v (%s)", err, stderr.String())
	}
	if stderr.Len() != 0 || strings.Count(stdout.String(), "invalid UTF-8") != 1 {
		t.Errorf("the fault is shown %d times in the table, stderr %q", strings.Count(stdout.String(), "invalid UTF-8"), stderr.String())
	}
}
