package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/fdbtuple/fdbtuple/tuple"
)

var packCommand = &command{
	summary: "print the key a tuple packs to",
	usage: `[-ext decimal,desc] [-format hex|printable|raw] TUPLE

examples:
  fdbtuple pack '("user", 42)'                    027573657200152a
  fdbtuple pack -format printable '("user", 42)'  \x02user\x00\x15*
  fdbtuple pack -ext decimal '(decimal("19.99"),)'  40c227c6`,
	flags: []string{"format", "ext"}, minArgs: 1, maxArgs: 1,
	run: func(e *env, o *options, args []string) error {
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
	t, err := codec.Parse(text)
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
	usage: `[-lenient] [-ext decimal,desc] [-input auto|hex|printable] [-raw] [KEY]

With KEY, print its tuple. Without, read one key per line from standard
input and print one tuple per line, so it works on large dumps; a line that
does not decode stops the run with its line number. With -raw, read all of
standard input as one key.

examples:
  fdbtuple unpack '\x02user\x00\x15*'         ("user", 42)
  fdbtuple unpack 027573657200152a            ("user", 42)
  printf '\x02a\x00' | fdbtuple unpack -raw   ("a",)`,
	flags: []string{"lenient", "input", "raw", "ext"}, minArgs: 0, maxArgs: 1,
	run: func(e *env, o *options, args []string) error {
		if len(args) == 1 || o.raw {
			key, err := readOneKey(e, o, args)
			if err != nil {
				return err
			}
			return printTuple(e, o, key)
		}
		return unpackLines(e, o)
	},
}

// readOneKey takes the KEY argument, or with -raw all of standard input.
func readOneKey(e *env, o *options, args []string) ([]byte, error) {
	if o.raw {
		if len(args) > 0 {
			return nil, usagef("-raw reads the key from standard input; drop the KEY argument")
		}
		return io.ReadAll(e.stdin)
	}
	return decodeKey(args[0], o.input)
}

func printTuple(e *env, o *options, key []byte) error {
	codec, _ := o.codec()
	t, err := codec.Unpack(key)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(e.stdout, codec.Format(t))
	return err
}

// maxLineBytes bounds one line of standard input: a key of 8 MiB in hex.
const maxLineBytes = 16 << 20

func unpackLines(e *env, o *options) error {
	sc := bufio.NewScanner(e.stdin)
	sc.Buffer(make([]byte, 0, 64<<10), maxLineBytes)
	w := bufio.NewWriter(e.stdout)
	defer w.Flush()
	codec, _ := o.codec()
	line := 1
	for ; sc.Scan(); line++ {
		text := string(bytes.TrimRight(sc.Bytes(), "\r"))
		if text == "" {
			continue
		}
		key, err := decodeKey(text, o.input)
		if err == nil {
			var t tuple.Tuple
			if t, err = codec.Unpack(key); err == nil {
				fmt.Fprintln(w, codec.Format(t))
				continue
			}
		}
		w.Flush()
		return fmt.Errorf("line %d: %w", line, err)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return fmt.Errorf("line %d: longer than %d MiB; use -raw to read one large key", line, maxLineBytes>>20)
		}
		return fmt.Errorf("line %d: %w", line, err)
	}
	return nil
}

var compareCommand = &command{
	summary: "order two tuples or keys: print -1, 0 or 1",
	usage: `[-lenient] [-input auto|hex|printable] A B

A and B are tuples in text form, or keys; a key is decoded first, so the
comparison is by tuple order, which equals the order of the packed bytes.

examples:
  fdbtuple compare '("post", 9)' '("post", 10)'     -1
  fdbtuple compare 1501 '(1,)'                       0`,
	flags: []string{"lenient", "input", "ext"}, minArgs: 2, maxArgs: 2,
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

// tupleOrKey reads tuple text (starting with "(") or a key.
func tupleOrKey(s string, o *options) (tuple.Tuple, error) {
	if t := bytes.TrimSpace([]byte(s)); len(t) > 0 && t[0] == '(' {
		codec, _ := o.codec()
		return codec.Parse(s)
	}
	key, err := decodeKey(s, o.input)
	if err != nil {
		return nil, err
	}
	codec, _ := o.codec()
	return codec.Unpack(key)
}

var rangeCommand = &command{
	summary: "print the begin and end keys of every tuple extending TUPLE",
	usage: `[-format hex|printable|raw] TUPLE

Prints two lines: packed TUPLE + 00 and packed TUPLE + ff. The range holds
every longer tuple starting with TUPLE, but not TUPLE itself.

example:
  fdbtuple range -format printable '("user", 7)'
  \x02user\x00\x15\x07\x00
  \x02user\x00\x15\x07\xff`,
	flags: []string{"format"}, minArgs: 1, maxArgs: 1,
	run: func(e *env, o *options, args []string) error {
		key, err := parseAndPack(args[0], o)
		if err != nil {
			return err
		}
		begin, end := tuple.PrefixRange(key)
		if err := printKey(e, begin, o.format); err != nil {
			return err
		}
		return printKey(e, end, o.format)
	},
}

var strincCommand = &command{
	summary: "print the first key after every key starting with KEY",
	usage: `[-input auto|hex|printable] [-format hex|printable|raw] KEY

Drops trailing ff bytes and increments the last byte (FoundationDB's strinc).

example:
  fdbtuple strinc 0275736572ff      0275736573`,
	flags: []string{"input", "format"}, minArgs: 1, maxArgs: 1,
	run: func(e *env, o *options, args []string) error {
		key, err := decodeKey(args[0], o.input)
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
