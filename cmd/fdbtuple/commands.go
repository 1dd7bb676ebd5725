package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/fdbtuple/fdbtuple/nested"
	"github.com/fdbtuple/fdbtuple/tuple"
)

var packCommand = &command{
	summary: "print the key a tuple packs to",
	usage: `[-ext decimal,desc] [-format hex|printable|raw] TUPLE
       fdbtuple pack -schema S [-ext decimal,desc] [-format hex|printable|raw] NAME=VALUE...

TUPLE is in the text form (its grammar: go doc
github.com/fdbtuple/fdbtuple/tuple, "Text form"). With -ext, it may hold
this module's extensions: decimal("19.99") (-ext decimal, code 0x40) and
desc(ELEMENT), one element in descending order (-ext desc, code 0x4f);
the constructors are lower case.

With -schema, print the key a program's plan writes for the field values
given, as unpack -schema prints them. S is the key schema, as
tuple.Plan's Schema prints it: its text, or a file holding it (a golden
schema file). Each field is NAME=VALUE (Meta.At=VALUE for a nested one),
in one argument or several, in any order; every field takes a value, and
constants come from the schema. A VALUE is written by its field's type:
a time in RFC 3339 (2024-03-01T12:00:00Z, any offset; a fraction finer
than its unit is refused, never rounded) or as its count of units since
the Unix epoch; a duration as Go writes it (1h30m, 1.5s); nil for a
nullable field's nil; anything else as an element of the text form
("text", 42, float32(1.5), UUID("..."), decimal("19.99")). A descending
field takes its value as it is. The schema names the extensions of its
fields; -ext adds those an any or tuple field holds. A schema under a
prefix writes the prefix first.

examples:
  fdbtuple pack '("user", 42)'                    027573657200152a
  fdbtuple pack -format printable '("user", 42)'  \x02user\x00\x15*
  fdbtuple pack -ext decimal '(decimal("19.99"),)'  40c227c6
  fdbtuple pack -ext desc '("events", desc(1700000000))'
                                  026576656e7473004fe79aac0eff00ffff
  fdbtuple pack -schema '("EV", At desc(time(ms)), ID int64)' At=2024-03-01T12:00:00Z ID=7
                                  024556004fe5fe72061d4dff00ffff1507`,
	flags: []string{"format", "ext", "schema"}, minArgs: 0, maxArgs: manyArgs,
	run: func(e *env, o *options, args []string) error {
		if o.schema != "" {
			return packSchema(e, o, args)
		}
		if len(args) != 1 {
			return usagef("want %s, got %d", arguments(1), len(args))
		}
		key, err := parseAndPack(args[0], o)
		if err != nil {
			return err
		}
		return printKey(e, key, o.format)
	},
}

// parseAndPack reads tuple text and packs it, with the extensions of -ext.
func parseAndPack(text string, o *options) ([]byte, error) {
	codec, err := o.codec()
	if err != nil {
		return nil, err
	}
	t, err := parseTuple(text, codec)
	if err != nil {
		return nil, err
	}
	return codec.Pack(t)
}

func printKey(e *env, key []byte, format string) error {
	if format == "raw" {
		_, err := e.stdout.Write(key)
		return err
	}
	_, err := fmt.Fprintln(e.stdout, formatKey(key, format))
	return err
}

var unpackCommand = &command{
	summary: "print the tuple a key holds",
	usage: `[-lenient] [-ext decimal,desc] [-input auto|hex|printable] [-prefix KEY] [-values] [-path | -schema S] [-raw] [KEY]

With KEY, print its tuple. Without, read one key per line from standard
input (hex, printable, or fdbcli getrange output such as
` + "`\\x02a\\x00' is `v'" + `) and print one tuple per line, so it works on large
dumps; a line that does not decode stops the run with its line number.
With -values, an fdbcli line's value is printed too (KEY = VALUE), as a
tuple if it is one, else as a byte string. With -prefix, each key must
start with that raw prefix (a subspace's or a directory's), which is
stripped. With -path, a key that starts with a key path of package nested
prints as that path, /user-7/post-10, followed by + and the fields after
it, if any; other keys print as tuples. With -raw, read all of standard
input as one key.

With -schema S, print each key's fields as the program that wrote it
holds them, read by its plan: S is the key schema, as tuple.Plan's
Schema prints it (its text, or a file holding it, such as a golden
schema file). The fields print in key order as NAME=VALUE pairs
separated by spaces, which pack -schema reads back: a nested field as
Meta.At, a nullable field's nil as nil, a time in RFC 3339 in UTC with
its unit's digits (2024-03-01T12:00:00.000Z for ms; outside the years
0000-9999, its count of units since the Unix epoch), a duration as Go
writes it (1h30m0s), a descending field as its value, anything else in
the text form (-ext adds the extensions an any or tuple field holds).
Constants are checked, not printed. A schema under a prefix (a
PlanUnder's: under ("app", "comments") (...)) takes the prefix off each
key, after -prefix's if both are given. A key that is not the schema's is
an error that gives the byte offset and the field.

examples:
  fdbtuple unpack '\x02user\x00\x15*'                 ("user", 42)
  fdbtuple unpack 027573657200152a                    ("user", 42)
  fdbtuple unpack -prefix 'app/' 'app/\x02user\x00'    ("user",)
  fdbtuple unpack -path 050275736572001507000502706f737400150a00
                                                      /user-7/post-10
  printf '\x02a\x00' | fdbtuple unpack -raw           ("a",)
  fdbcli --exec 'getrange \x02 \x03' | fdbtuple unpack -values
  fdbtuple unpack -schema '("EV", At desc(time(ms)), ID int64)' 024556004fe5fe72061d4dff00ffff1507
                                     At=2024-03-01T12:00:00.000Z ID=7
  fdbtuple unpack -schema testdata/eventkey.schema < keys.txt`,
	flags: []string{"lenient", "input", "raw", "ext", "prefix", "values", "path", "schema"}, minArgs: 0, maxArgs: 1,
	run: func(e *env, o *options, args []string) error {
		if o.schema != "" {
			return unpackSchema(e, o, args)
		}
		codec, prefix, err := o.codecAndPrefix()
		if err != nil {
			return err
		}
		if len(args) == 1 || o.raw {
			key, err := readOneKey(e, o, args)
			if err != nil {
				return err
			}
			t, err := unpackAfter(codec, key, prefix)
			if err != nil {
				arg := ""
				if len(args) == 1 {
					arg = args[0]
				}
				err = explainKey(err, arg, key, prefix, o, codec)
				if end, _ := longestTuple(key, len(prefix), tuple.Codec{Extensions: codec.Extensions}); end > len(prefix) && bytes.HasPrefix(key, prefix) {
					err = fmt.Errorf("%w; the longest tuple the key starts with ends at offset %d (fdbtuple describe shows the rest)", err, end)
				}
				return err
			}
			_, err = fmt.Fprintln(e.stdout, keyText(codec, key, prefix, t, o.path))
			return err
		}
		w := bufio.NewWriter(e.stdout)
		defer w.Flush()
		return eachInputLine(e, o, func(line int, key, value []byte, hasValue bool) error {
			t, err := unpackAfter(codec, key, prefix)
			if err != nil {
				return explainKey(err, "", key, prefix, o, codec)
			}
			text := keyText(codec, key, prefix, t, o.path)
			if hasValue && o.values {
				if v, err := codec.Unpack(value); err == nil {
					text += " = " + codec.Format(v)
				} else {
					text += " = " + codec.FormatElement(value) // a byte string, as the text form writes it
				}
			}
			_, err = fmt.Fprintln(w, text)
			return err
		})
	},
}

// keyText prints a decoded key t: in the tuple text form or, with -path,
// as the key path it starts with (as package nested prints paths), then
// " + " and the fields after the path, if any. A key that does not start
// with a path prints as its tuple.
func keyText(codec tuple.Codec, key, prefix []byte, t tuple.Tuple, path bool) string {
	if !path {
		return codec.Format(t)
	}
	p, rest, err := nested.Decode(key[len(prefix):])
	if err != nil || (p.IsRoot() && len(rest) > 0) {
		return codec.Format(t)
	}
	if len(rest) == 0 {
		return p.String()
	}
	fields, err := codec.Unpack(rest)
	if err != nil {
		return codec.Format(t)
	}
	return p.String() + " + " + codec.Format(fields)
}

// unpackAfter decodes key after its raw prefix (nil: none), with offsets
// into the whole key.
func unpackAfter(codec tuple.Codec, key, prefix []byte) (tuple.Tuple, error) {
	if !bytes.HasPrefix(key, prefix) {
		return nil, errNoPrefix(key, prefix)
	}
	return codec.UnpackAfter(key, len(prefix))
}

// readOneKey takes the KEY argument, or with -raw all of standard input.
func readOneKey(e *env, o *options, args []string) ([]byte, error) {
	if o.raw {
		if len(args) > 0 {
			return nil, usagef("-raw reads the key from standard input; drop the KEY argument")
		}
		return io.ReadAll(e.stdin)
	}
	return keyArgument(args[0], o.input)
}

var compareCommand = &command{
	summary: "order two tuples or keys: print -1, 0 or 1",
	usage: `[-lenient] [-ext decimal,desc] [-input auto|hex|printable] [-prefix KEY] A B

A and B are tuples in text form, or keys; a key is decoded first, so the
comparison is by tuple order, which equals the order of the packed bytes.

examples:
  fdbtuple compare '("post", 9)' '("post", 10)'     -1
  fdbtuple compare 1501 '(1,)'                       0`,
	flags: []string{"lenient", "input", "ext", "prefix"}, minArgs: 2, maxArgs: 2,
	run: func(e *env, o *options, args []string) error {
		var ts [2]tuple.Tuple
		for i, a := range args {
			t, err := tupleOrKey(a, o)
			if err != nil {
				return fmt.Errorf("%s: %w", "AB"[i:i+1], err)
			}
			ts[i] = t
		}
		codec, _ := o.codec()
		_, err := fmt.Fprintln(e.stdout, codec.Compare(ts[0], ts[1]))
		return err
	},
}

// isTupleText reports whether an argument is tuple text rather than a key:
// it starts with "(", and -input does not say that it is a key.
func isTupleText(s, mode string) bool {
	t := strings.TrimSpace(s)
	return len(t) > 0 && t[0] == '(' && (mode == "" || mode == "auto")
}

// tupleOrKey reads tuple text (starting with "(") or a key, which -prefix
// strips.
func tupleOrKey(s string, o *options) (tuple.Tuple, error) {
	codec, err := o.codec()
	if err != nil {
		return nil, err
	}
	if isTupleText(s, o.input) {
		return parseTuple(s, codec)
	}
	key, err := keyArgument(s, o.input)
	if err != nil {
		return nil, err
	}
	prefix, err := o.prefixKey()
	if err != nil {
		return nil, err
	}
	t, err := unpackAfter(codec, key, prefix)
	return t, explainKey(err, s, key, prefix, o, codec)
}

// packedOrKey reads tuple text, packed, or a key (as the CLI prints keys).
func packedOrKey(s string, o *options) ([]byte, error) {
	if isTupleText(s, o.input) {
		return parseAndPack(s, o)
	}
	return keyArgument(s, o.input)
}

var rangeCommand = &command{
	summary: "print the begin and end keys of every tuple extending TUPLE (or KEY)",
	usage: `[-ext decimal,desc] [-input auto|hex|printable] [-prefix KEY] [-format hex|printable|raw] TUPLE|KEY

Prints two lines: packed TUPLE + 00 and packed TUPLE + ff. The range holds
every longer tuple starting with TUPLE, but not TUPLE itself. A KEY (hex
or printable, as this tool prints keys) stands for the tuple it packs: a
key that is not a tuple (02 61 00 ff, a range end) is refused, except for
a raw prefix given with -prefix; strinc takes any key.

examples:
  fdbtuple range -format printable '("user", 7)'
  \x02user\x00\x15\x07\x00
  \x02user\x00\x15\x07\xff
  fdbtuple range 026100               026100 00 and 026100 ff, as for ("a",)
  fdbtuple range -prefix app/ 'app/\x02a\x00'    the same under the prefix app/`,
	flags: []string{"format", "input", "ext", "prefix"}, minArgs: 1, maxArgs: 1,
	run: func(e *env, o *options, args []string) error {
		key, err := packedOrKey(args[0], o)
		if err != nil {
			return err
		}
		codec, prefix, err := o.codecAndPrefix()
		switch {
		case err != nil:
			return err
		case isTupleText(args[0], o.input) && prefix != nil:
			return usagef("-prefix goes with a KEY argument, not TUPLE text")
		case !isTupleText(args[0], o.input):
			if _, err := unpackAfter(codec, key, prefix); err != nil {
				return explainKey(fmt.Errorf("range takes a tuple, and this key is not one (strinc takes any key): %w", err), args[0], key, prefix, o, codec)
			}
		}
		begin, end := tuple.RangeUnder(key)
		if err := printKey(e, begin, o.format); err != nil {
			return err
		}
		return printKey(e, end, o.format)
	},
}

var strincCommand = &command{
	summary: "print the first key after every key starting with KEY (or TUPLE's key)",
	usage: `[-ext decimal,desc] [-input auto|hex|printable] [-format hex|printable|raw] KEY|TUPLE

Drops trailing ff bytes and increments the last byte (FoundationDB's strinc).

examples:
  fdbtuple strinc 0275736572ff      0275736573
  fdbtuple strinc '("user",)'       027573657201`,
	flags: []string{"input", "format", "ext"}, minArgs: 1, maxArgs: 1,
	run: func(e *env, o *options, args []string) error {
		key, err := packedOrKey(args[0], o)
		if err != nil {
			return err
		}
		end, err := tuple.PrefixEnd(key)
		if err != nil {
			return err
		}
		return printKey(e, end, o.format)
	},
}
