package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/types"
)

var describeCommand = &command{
	summary: "annotate a key element by element",
	usage: `[-lenient] [-ext decimal,desc] [-input auto|hex|printable] [-raw] KEY

Prints one line per element: its offset, its bytes, its type code's name
and its value, with nested tuples indented. Where the key stops decoding,
the last line gives the offset and the reason, and the exit status is 1
(with -lenient, the Python reference's decoding follows, exit status 0).

example:
  fdbtuple describe '\x02user\x00\x15*\x05\x00\xff\x00'
  offset  bytes                          type            value
       0  02 75 73 65 72 00              string          "user"
       6  15 2a                          int +1 bytes    42
       8  05                             nested          (
       9    00 ff                        null              nil
      11  00                             end nested      )`,
	flags: []string{"lenient", "input", "raw", "ext"}, minArgs: 0, maxArgs: 1,
	run: func(e *env, o *options, args []string) error {
		if len(args) == 0 && !o.raw {
			return usagef("want a KEY argument, or -raw to read one from standard input")
		}
		key, err := readOneKey(e, o, args)
		if err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "%6s  %-30s %-15s %s\n", "offset", "bytes", "type", "value")
		codec, _ := o.codec()
		d := describer{w: e.stdout, key: key, codec: tuple.Codec{Extensions: codec.Extensions}}
		err = d.top()
		if err != nil && o.lenient {
			if t, lerr := codec.Unpack(key); lerr == nil {
				fmt.Fprintf(e.stdout, "lenient: %s\n", codec.Format(t))
				return nil
			}
		}
		return err
	},
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

// describer walks a key, printing a row per element.
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

// fail prints the row for a fault and returns it with its offset counted
// from the start of the key.
func (d *describer) fail(pos, depth int, err error) error {
	var de *tuple.DecodeError
	if errors.As(err, &de) {
		shifted := *de
		shifted.Offset += pos
		err = &shifted
	}
	var code types.Code
	if pos < len(d.key) {
		code = types.Code(d.key[pos])
	}
	fmt.Fprintf(d.w, "%6d  %-30s %-15s error: %v\n", pos, strings.Repeat("  ", depth)+"^", code, err)
	return err
}

func (d *describer) top() error {
	for pos := 0; pos < len(d.key); {
		next, err := d.element(pos, 0)
		if err != nil {
			return err
		}
		pos = next
	}
	return nil
}

// element prints the element at pos and returns the position after it.
func (d *describer) element(pos, depth int) (int, error) {
	code := types.Code(d.key[pos])
	if code != types.CodeNested {
		v, n, err := d.codec.ConsumeElement(d.key[pos:])
		if err != nil {
			if code.Status() == types.StatusUser && !hasExtension(d.codec, code) {
				d.row(pos, len(d.key)-pos, depth, code.String(), fmt.Sprintf("user(0x%02x, …)", byte(code)))
				return pos, fmt.Errorf("offset %d: user type code 0x%02x is not known to this codec (try -ext)", pos, byte(code))
			}
			return pos, d.fail(pos, depth, err)
		}
		d.row(pos, n, depth, code.String(), d.codec.FormatElement(v))
		return pos + n, nil
	}
	if _, _, err := tuple.Next(d.key[pos:]); err != nil && len(d.codec.Extensions) == 0 {
		return pos, d.fail(pos, depth, err)
	}
	d.row(pos, 1, depth, code.String(), "(")
	for p := pos + 1; ; {
		switch {
		case p >= len(d.key):
			return pos, d.fail(pos, depth, &tuple.DecodeError{Code: code, Err: tuple.ErrUnterminated, Detail: "nested tuple has no closing 00"})
		case d.key[p] != 0x00:
			next, err := d.element(p, depth+1)
			if err != nil {
				return pos, err
			}
			p = next
		case p+1 < len(d.key) && d.key[p+1] == 0xFF:
			d.row(p, 2, depth+1, "null", "nil")
			p += 2
		default:
			d.row(p, 1, depth, "end nested", ")")
			return p + 1, nil
		}
	}
}
