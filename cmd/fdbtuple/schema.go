package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/fdbtuple/fdbtuple/tuple/keyschema"
)

var schemaCommand = &command{
	summary: "diff two key schemas: does a change to a key type break stored keys?",
	usage: `diff OLD NEW

OLD and NEW are files holding a key schema, as tuple.Plan's Schema prints
it (- reads one of them from standard input), OLD the schema of the keys
already stored, NEW the schema of the code that will read them. Prints one
line per change: its category, the field, what changed and, for a break, a
witness: two values, their keys under OLD and NEW in hex, and what goes
wrong, checked by encoding and decoding.

  DECODE  a key written under OLD does not decode under NEW, or decodes
          to a different value
  ORDER   keys written under OLD do not sort as NEW's values say, or equal
          values have different keys under OLD and NEW
  RANGE   a prefix or range query over the same leading items selects a
          different set of keys
  SAFE    none of these

When NEW changes several things, each witness shows its change by itself:
its NEW keys, marked (this change alone), are under OLD with only that
change made.

Exit status: 0 when nothing breaks, 1 when something does, 2 for bad input
(a schema that does not parse: its offset and what was expected).

examples:
  echo '("USER", User uuid, Post int32)' > old.schema
  echo '("USER", User uuid, Post int64)' | fdbtuple schema diff old.schema -
  SAFE Post: int32 → int64: every int32 value has the same bytes under int64 and decodes to itself
  echo '("USER", User uuid, Post uint64)' | fdbtuple schema diff old.schema -
  DECODE Post: int32 → uint64; a = {User: ..., Post: -1}, key ... under OLD, none under NEW: ...`,
	// The counts are checked here, to say them in the user's terms: the
	// generic "want 3 arguments" counts the word diff.
	minArgs: 0, maxArgs: manyArgs,
	run: func(e *env, _ *options, args []string) error {
		if len(args) == 0 {
			return usagef("missing the subcommand: fdbtuple schema diff OLD NEW")
		}
		if args[0] != "diff" {
			return usagef("schema knows one subcommand, diff, not %q", args[0])
		}
		if files := len(args) - 1; files != 2 {
			return usagef("diff takes two files, OLD and NEW; got %d", files)
		}
		if args[1] == "-" && args[2] == "-" {
			return usagef("only one of OLD and NEW can be standard input")
		}
		var schemas [2]*keyschema.Schema
		for i, name := range args[1:] {
			s, err := readSchema(e, name)
			if err != nil {
				return usagef("%s %s: %v", [2]string{"OLD", "NEW"}[i], name, err)
			}
			schemas[i] = s
		}
		changes := keyschema.Diff(schemas[0], schemas[1])
		broken := 0
		for _, c := range changes {
			if c.Breaking() {
				broken++
			}
			if _, err := fmt.Fprintln(e.stdout, c); err != nil {
				return err
			}
		}
		if broken > 0 {
			return fmt.Errorf("%d of %d changes break keys stored under OLD", broken, len(changes))
		}
		return nil
	},
}

// readSchema reads and parses a schema file (- for standard input),
// without its final newline.
func readSchema(e *env, name string) (*keyschema.Schema, error) {
	var text []byte
	var err error
	if name == "-" {
		text, err = io.ReadAll(e.stdin)
	} else {
		text, err = os.ReadFile(name)
	}
	if err != nil {
		return nil, err
	}
	return keyschema.Parse(strings.TrimSuffix(strings.TrimSuffix(string(text), "\n"), "\r"))
}
