// Command fdbtuple packs, unpacks and inspects FoundationDB tuple-layer
// keys.
//
//	fdbtuple pack '("user", 42)'              print the key, in hex
//	fdbtuple unpack '\x02user\x00\x15*'       print the tuple a key holds
//	fdbtuple describe 027573657200152a        annotate a key element by element
//	fdbtuple compare '("a", 9)' '("a", 10)'   order two tuples or keys
//	fdbtuple range '("user", 7)'              the key range below a tuple
//	fdbtuple strinc KEY                       the first key after a prefix
//	fdbtuple dir tree -bolt app.db            the directory layer's tree, read-only
//	fdbtuple dir check -dump dump.txt         its invariants, exit status 1 if broken
//
// Tuples are written in the text form of package tuple (Parse); keys in hex
// or in FoundationDB's printable form (\x00 escapes, as fdbcli prints
// them). Run "fdbtuple help COMMAND" for each command's flags and examples.
//
// Exit status: 0 on success, 1 for bad data (with a one-line message that
// gives the byte offset), 2 for a usage error; check also exits 3 for a
// protocol error and 130 when interrupted (help check says when).
//
// Place in the import DAG: the top. It may import every package of this
// module, and no package imports it.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

// command is one subcommand: its usage text, the flags it takes from the
// common set, how many arguments, and what it runs.
type command struct {
	summary string
	usage   string // after "fdbtuple NAME ", then examples
	flags   []string
	minArgs int
	maxArgs int // manyArgs or more: any number
	// missing, if set, is the usage error for too few arguments
	missing string
	run     func(env *env, o *options, args []string) error
}

var commands map[string]*command

func init() {
	commands = map[string]*command{
		"pack":     packCommand,
		"unpack":   unpackCommand,
		"describe": describeCommand,
		"compare":  compareCommand,
		"range":    rangeCommand,
		"strinc":   strincCommand,
		"serve":    serveCommand,
		"check":    checkCommand,
		"demo":     demoCommand,
		"matrix":   matrixCommand,
		"peers":    peersCommand,
		"gen":      genCommand,
		"schema":   schemaCommand,
		"dir":      dirCommand,
	}
}

// env is what a command reads and writes, so tests can run commands
// without a process.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
}

// Exit statuses.
const (
	exitOK    = 0
	exitData  = 1
	exitUsage = 2
	// check only: the peer could not be started or its hello failed,
	// and the run was interrupted (128 + SIGINT, as shells report it)
	exitProtocol    = 3
	exitInterrupted = 130
)

// exitError is an error with its own exit status.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

// usageError marks errors in how the tool was called, as opposed to bad
// data.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error {
	return &usageError{fmt.Sprintf(format, args...)}
}

// errHelp is returned when help was asked for and printed.
var errHelp = errors.New("help requested")

func main() {
	os.Exit(run(&env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr}, os.Args[1:]))
}

func run(e *env, args []string) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "-help" {
		printOverview(e.stdout)
		if len(args) == 0 {
			return exitUsage
		}
		return exitOK
	}
	name := args[0]
	if name == "help" {
		switch {
		case len(args) == 1:
			printOverview(e.stdout)
			return exitOK
		case len(args) == 2 && commands[args[1]] != nil:
			printUsage(e.stdout, args[1])
			return exitOK
		}
		fmt.Fprintf(e.stderr, "fdbtuple help: no command %q; run fdbtuple --help for the list\n", strings.Join(args[1:], " "))
		return exitUsage
	}
	cmd := commands[name]
	if cmd == nil {
		fmt.Fprintf(e.stderr, "fdbtuple: unknown command %q; run fdbtuple --help\n", name)
		return exitUsage
	}
	err := cmd.parseAndRun(e, name, args[1:])
	var ue *usageError
	var xe *exitError
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, errHelp):
		printUsage(e.stdout, name)
		return exitOK
	case errors.As(err, &ue):
		fmt.Fprintf(e.stderr, "fdbtuple %s: %v\nrun fdbtuple help %s for usage\n", name, err, name)
		return exitUsage
	case errors.As(err, &xe):
		printError(e.stderr, name, err)
		return xe.code
	}
	printError(e.stderr, name, err)
	return exitData
}

// printError writes err on one line, or several joined errors (gen's
// refusal of each type) one a line, each headed by the command.
func printError(w io.Writer, name string, err error) {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		for _, err := range j.Unwrap() {
			printError(w, name, err)
		}
		return
	}
	fmt.Fprintf(w, "fdbtuple %s: %v\n", name, oneLine(err))
}

// oneLine keeps an error message to one line, whatever it quotes.
func oneLine(err error) string {
	return strings.ReplaceAll(err.Error(), "\n", `\n`)
}

func printOverview(w io.Writer) {
	fmt.Fprintln(w, "fdbtuple: pack, unpack and inspect FoundationDB tuple-layer keys")
	fmt.Fprintln(w, "\nusage: fdbtuple COMMAND [flags] [arguments]")
	fmt.Fprintln(w, "\ncommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-9s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "\nTuples use the text form: (\"user\", 42, b\"\\x00\", nil, 1.5, float32(1.5), UUID(\"...\"), (\"nested\",))")
	fmt.Fprintln(w, "Keys are hex (0275736572) or fdbcli-printable (\\x02user\\x00).")
	fmt.Fprintln(w, "Run fdbtuple help COMMAND for a command's flags and examples.")
	fmt.Fprintln(w, "Exit status: 0 ok, 1 bad data (check: rows differ), 2 usage; check also 3 protocol error, 130 interrupted.")
}

func printUsage(w io.Writer, name string) {
	cmd := commands[name]
	fmt.Fprintf(w, "fdbtuple %s: %s\n\nusage: fdbtuple %s %s\n", name, cmd.summary, name, cmd.usage)
	if len(cmd.flags) > 0 {
		fmt.Fprintln(w, "\nflags:")
		fs := newFlagSet(name, &options{}, cmd.flags)
		fs.SetOutput(w)
		fs.PrintDefaults()
	}
}
