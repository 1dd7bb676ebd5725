package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/types"
)

var describeCommand = &command{
	summary: "annotate a key element by element",
	usage: `[-lenient] [-ext decimal,desc] [-input auto|hex|printable] [-prefix KEY] [-values] [-fail] [-raw] [KEY]

Prints one line per element: its offset, its bytes, its type code's name
and its value, with nested tuples indented. A raw prefix given with
-prefix is a row of its own. Bytes after the longest tuple the key starts
with (a range end's 00 or ff, a strinc'd last byte, a corrupt element) are
one "trailing" row that says why they are not an element. At an element
of a user type code without its extension, framing stops there, since its
length is unknown; the row names the -ext that reads it, and the key as
read with that -ext follows. With -lenient, the Python reference's
decoding of such a key follows.

A key with a fault is described, and the exit status is 0, unless -fail
is given: then any key with trailing bytes or without the -prefix makes
the exit status 1 (values, with -values, are not checked: a value need
not be a tuple).

Without KEY, it reads keys from standard input, one a line (hex,
printable, or fdbcli getrange output such as ` + "`\\x02a\\x00' is `v'" + `), and
describes each in turn; -values describes each value too.

examples:
  fdbtuple describe '\x02user\x00\x15*\x05\x00\xff\x00'
  offset  bytes                          type            value
       0  02 75 73 65 72 00              string          "user"
       6  15 2a                          int +1 bytes    42
       8  05                             nested          (
       9    00 ff                        null              nil
      11  00                             end nested      )
  fdbtuple describe 026100ff           a range end: ("a",) and trailing ff
  fdbtuple describe -fail 026100ff     the same, and exit status 1
  fdbtuple describe -prefix 'app/' 'app/\x15\x07'`,
	flags: []string{"lenient", "input", "raw", "ext", "prefix", "values", "fail"}, minArgs: 0, maxArgs: 1,
	run: func(e *env, o *options, args []string) error {
		codec, prefix, err := o.codecAndPrefix()
		if err != nil {
			return err
		}
		if len(args) == 1 || o.raw {
			key, err := readOneKey(e, o, args)
			if err != nil {
				return err
			}
			if f := describeKey(e.stdout, key, prefix, codec, o); f != nil && o.fail {
				return fmt.Errorf("the key has a fault at offset %d (-fail): %s", f.at, f.why)
			}
			return nil
		}
		first := true
		var firstFault error
		keys, faults := 0, 0
		err = eachInputLine(e, o, func(line int, key, value []byte, hasValue bool) error {
			if !first {
				fmt.Fprintln(e.stdout)
			}
			first = false
			keys++
			if f := describeKey(e.stdout, key, prefix, codec, o); f != nil {
				faults++
				if firstFault == nil {
					firstFault = fmt.Errorf("line %d: a fault at offset %d: %s", line, f.at, f.why)
				}
			}
			if hasValue && o.values {
				fmt.Fprintln(e.stdout, "value:")
				describeKey(e.stdout, value, nil, codec, o)
			}
			return nil
		})
		if err == nil && o.fail && faults > 0 {
			err = fmt.Errorf("%d of %d keys %s a fault (-fail); the first: %w", faults, keys, plural(faults, "has", "have"), firstFault)
		}
		return err
	},
}

// fault is where the elements of a key stop, and why.
type fault struct {
	at  int
	why string
}

// describeKey prints the annotated rows of one key, and returns its fault
// (nil if the key is whole elements after its prefix). A key that does not
// start with prefix is one row, that fault.
func describeKey(w io.Writer, key, prefix []byte, codec tuple.Codec, o *options) *fault {
	fmt.Fprintf(w, "%6s  %-30s %-15s %s\n", "offset", "bytes", "type", "value")
	if !bytes.HasPrefix(key, prefix) {
		why := withHints(errNoPrefix(key, prefix), prefixReadingHint(o, key)).Error()
		if len(key) == 0 {
			fmt.Fprintf(w, "%6d  %-30s %-15s %s\n", 0, "(empty key)", "no prefix", why)
		} else {
			d := describer{w: w, key: key}
			d.row(0, len(key), 0, "no prefix", why)
		}
		return &fault{0, why}
	}
	pos := len(prefix)
	strict := tuple.Codec{Extensions: codec.Extensions}
	end, why := longestTuple(key, pos, strict)
	d := describer{w: w, key: key[:end], codec: strict}
	if len(prefix) > 0 {
		d.row(0, len(prefix), 0, "prefix", tuple.Printable(prefix))
	}
	for p := pos; p < end; {
		p = d.element(p, 0)
	}
	if end == len(key) {
		return nil
	}
	d.key = key
	d.row(end, len(key)-end, 0, "trailing", "not a tuple element: "+why)
	if x := extensionAt(types.Code(key[end])); x != nil && !hasExtension(codec, x.extension.Code()) {
		with := tuple.Codec{Lenient: codec.Lenient, Extensions: append(slices.Clone(codec.Extensions), x.extension)}
		if t, err := with.UnpackAfter(key, pos); err == nil {
			fmt.Fprintf(w, "with -ext %s: %s\n", extListWith(codec, x), with.Format(t))
		}
	} else if prefix == nil {
		if h := prefixHint(key, end, strict); h != "" {
			fmt.Fprintf(w, "hint: %s\n", h)
		}
	}
	if o.lenient {
		if t, err := codec.UnpackAfter(key, pos); err == nil {
			fmt.Fprintf(w, "lenient: %s\n", codec.Format(t))
		}
	}
	return &fault{end, why}
}

// longestTuple returns the end of the longest prefix of key[pos:] that
// is a whole tuple, and why the bytes after it are not an element. The
// greedy reading can overshoot: in a range end such as 02 61 00 ff the
// 00 ff reads as an escaped zero inside the string, so where it fails,
// shorter cuts are tried (for a tail of up to maxBacktrack bytes).
func longestTuple(key []byte, pos int, codec tuple.Codec) (end int, fault string) {
	end, fault = wholeElements(key, pos, codec)
	if end == len(key) || len(key)-end > maxBacktrack {
		return end, fault
	}
	for cut := len(key) - 1; cut > end; cut-- {
		if e, _ := wholeElements(key[:cut], end, codec); e == cut {
			_, why := wholeElements(key, cut, codec)
			return cut, why
		}
	}
	return end, fault
}

// maxBacktrack bounds the tail longestTuple cuts back into.
const maxBacktrack = 4096

// wholeElements reads whole elements from pos and returns where the first
// that fails starts, with its fault.
func wholeElements(key []byte, pos int, codec tuple.Codec) (end int, fault string) {
	for pos < len(key) {
		_, n, err := codec.ConsumeElement(key[pos:])
		if err != nil {
			if h := extensionHint(types.Code(key[pos]), codec); h != "" {
				return pos, "framing stopped: without its extension, where this element ends, and so the elements after it, are unknown; " + h
			}
			var de *tuple.DecodeError
			if errors.As(err, &de) {
				err = de.Rebase(pos) // into the key, not the element
			}
			return pos, err.Error()
		}
		pos += n
	}
	return pos, ""
}

// hasExtension reports whether c has an extension for code.
func hasExtension(c tuple.Codec, code types.Code) bool {
	for _, x := range c.Extensions {
		if x.Code() == code {
			return true
		}
	}
	return false
}

// describer prints a row per element of a key that decodes.
type describer struct {
	w     io.Writer
	key   []byte
	codec tuple.Codec // strict, with the -ext extensions
}

const maxShownBytes = 8

func (d *describer) row(pos, n, depth int, code string, value string) {
	raw := d.key[pos : pos+n]
	shown := fmt.Sprintf("% x", raw[:min(len(raw), maxShownBytes)])
	if len(raw) > maxShownBytes {
		shown += fmt.Sprintf(" …(%d)", len(raw))
	}
	indent := strings.Repeat("  ", depth)
	fmt.Fprintf(d.w, "%6d  %-30s %-15s %s\n", pos, indent+shown, code, indent+value)
}

// element prints the element at pos, which decodes (longestTuple has
// checked it), and returns the position after it. A nested tuple's
// elements come from the codec's own framing, NestedElements.
func (d *describer) element(pos, depth int) int {
	code := types.Code(d.key[pos])
	v, n, _ := d.codec.ConsumeElement(d.key[pos:])
	if code != types.CodeNested {
		d.row(pos, n, depth, code.String(), d.codec.FormatElement(v))
		return pos + n
	}
	d.row(pos, 1, depth, code.String(), "(")
	p := pos + 1
	for elem, err := range d.codec.NestedElements(d.key[pos : pos+n]) {
		if err != nil {
			break // not met: ConsumeElement has decoded the whole tuple
		}
		if types.Code(elem[0]) == types.CodeNull {
			d.row(p, len(elem), depth+1, "null", "nil")
			p += len(elem)
			continue
		}
		p = d.element(p, depth+1)
	}
	d.row(p, 1, depth, "end nested", ")")
	return p + 1
}
