package main

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"

	"github.com/fdbtuple/fdbtuple/tuple"
)

// decodeKey reads a key argument: hex (optionally 0x-prefixed, spaces
// allowed) or FoundationDB's printable form. In auto mode, text made only
// of hex digits and spaces is hex, and must have an even number of digits;
// a key as fdbcli quotes it, `\x02a\x00', is the printable key between
// its quotes; anything else is printable, and must not start or end with
// white space (see errSpaceAround). Use -input printable for a printable
// key such as "cafe" that looks like hex, or one that starts with a space.
func decodeKey(s, mode string) ([]byte, error) {
	switch mode {
	case "hex":
		return decodeHex(s)
	case "printable":
		return decodePrintable(s)
	}
	if k, ok := fdbcliQuoted(s); ok {
		b, err := tuple.ParsePrintable(k)
		if err != nil {
			return nil, fmt.Errorf("fdbcli-quoted key: %w", err)
		}
		return b, nil
	}
	switch digits, ok := hexDigits(s); {
	case ok && digits%2 == 1:
		return nil, fmt.Errorf("odd number of hex digits (%d) in %q; use -input printable to read it as text", digits, s)
	case ok:
		return decodeHex(s)
	}
	if strings.TrimSpace(s) != s {
		return nil, errSpaceAround(s)
	}
	return decodePrintable(s)
}

// fdbcliQuoted returns the key between the quotes of a key as fdbcli
// prints it, `KEY' (white space around it is not the key's: the quotes
// delimit it), and whether s is one. A line of getrange output, `KEY' is
// `VALUE', is not one key.
func fdbcliQuoted(s string) (string, bool) {
	t := strings.TrimSpace(s)
	if len(t) < 2 || t[0] != '`' || t[len(t)-1] != '\'' || strings.Contains(t, "' is `") {
		return "", false
	}
	return t[1 : len(t)-1], true
}

// errSpaceAround refuses printable text with white space before or after
// it. In the printable form a space is a byte, 0x20 (float32's type code,
// or the integer 32 after \x15), but around a pasted key it is far more
// often the copy's than the key's: auto mode does not guess.
func errSpaceAround(s string) error {
	where, c := "starts", s[0]
	if t := strings.TrimLeft(s, " \t\r\n\v\f"); t == s {
		where, c = "ends", s[len(s)-1]
	}
	what := "a space"
	if c != ' ' {
		what = fmt.Sprintf("white space (%q)", c)
	}
	return fmt.Errorf("the key '%s' %s with %s, which auto mode does not read as part of a printable key (a space there would be byte 0x20, float32's type code); drop it, write a 0x20 byte as \\x20, or use -input printable to read the text as it is", shorten(s), where, what)
}

// readAsPrintable reports whether auto mode reads s as printable text, so
// that a decoding error can say so.
func readAsPrintable(s, mode string) bool {
	_, ok := hexDigits(s)
	return mode == "printable" || (mode != "hex" && !ok)
}

// hexDigits counts the hex digits of s, if s is only hex digits and
// spaces (after an optional 0x).
func hexDigits(s string) (int, bool) {
	s = strings.TrimPrefix(strings.TrimPrefix(s, "0x"), "0X")
	digits := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == ' ':
		case c >= '0' && c <= '9', c >= 'a' && c <= 'f', c >= 'A' && c <= 'F':
			digits++
		default:
			return 0, false
		}
	}
	return digits, digits > 0
}

func decodeHex(s string) ([]byte, error) {
	t := strings.ReplaceAll(strings.TrimPrefix(strings.TrimPrefix(s, "0x"), "0X"), " ", "")
	b, err := hex.DecodeString(t)
	if err != nil {
		return nil, fmt.Errorf("key is not hex: %v", err)
	}
	return b, nil
}

func decodePrintable(s string) ([]byte, error) {
	b, err := tuple.ParsePrintable(s)
	if err != nil {
		return nil, fmt.Errorf("key is not hex or printable: %w", err)
	}
	return b, nil
}

// formatKey prints a key as hex, printable or raw bytes.
func formatKey(b []byte, format string) string {
	switch format {
	case "printable":
		return tuple.Printable(b)
	case "raw":
		return string(b)
	}
	return hex.EncodeToString(b)
}

// prefixKey reads -prefix, nil when it is not given.
func (o *options) prefixKey() ([]byte, error) {
	if o.prefix == "" {
		return nil, nil
	}
	b, err := decodeKey(o.prefix, o.input)
	if err != nil {
		return nil, usagef("-prefix: %v", err)
	}
	return b, nil
}

// codecAndPrefix reads -ext, -lenient and -prefix, which the commands
// that decode keys share.
func (o *options) codecAndPrefix() (tuple.Codec, []byte, error) {
	codec, err := o.codec()
	if err != nil {
		return tuple.Codec{}, nil, err
	}
	prefix, err := o.prefixKey()
	return codec, prefix, err
}

// noPrefixError is a key that does not start with the -prefix key.
type noPrefixError struct{ key, prefix []byte }

func (e *noPrefixError) Error() string {
	return fmt.Sprintf("key %s does not start with the prefix %s", tuple.Printable(e.key), tuple.Printable(e.prefix))
}

func errNoPrefix(key, prefix []byte) error { return &noPrefixError{key, prefix} }

// fdbcliLine reads a line of fdbcli's getrange output, `KEY' is `VALUE',
// whose key and value are in the printable form.
func fdbcliLine(line string) (key, value []byte, ok bool, err error) {
	if !strings.HasPrefix(line, "`") || !strings.HasSuffix(line, "'") {
		return nil, nil, false, nil
	}
	k, v, found := strings.Cut(line[1:len(line)-1], "' is `")
	if !found {
		return nil, nil, false, nil
	}
	if key, err = tuple.ParsePrintable(k); err != nil {
		return nil, nil, true, fmt.Errorf("fdbcli key: %w", err)
	}
	if value, err = tuple.ParsePrintable(v); err != nil {
		return nil, nil, true, fmt.Errorf("fdbcli value: %w", err)
	}
	return key, value, true, nil
}

// maxLineBytes bounds one line of standard input: a key of 8 MiB in hex.
const maxLineBytes = 16 << 20

// eachInputLine calls f for each key on standard input: one a line, in
// hex or printable form or as a line of fdbcli getrange output (whose
// value comes too; white space around such a line is dropped). Blank
// lines and fdbcli's "Range limited to" notes are skipped; any other line
// is a key, read as decodeKey reads a KEY argument.
func eachInputLine(e *env, o *options, f func(line int, key, value []byte, hasValue bool) error) error {
	sc := bufio.NewScanner(e.stdin)
	sc.Buffer(make([]byte, 0, 64<<10), maxLineBytes)
	line := 1
	for ; sc.Scan(); line++ {
		text := string(bytes.TrimRight(sc.Bytes(), "\r"))
		trimmed := strings.TrimSpace(text) // an fdbcli line's quotes delimit its key and value
		if trimmed == "" || strings.HasPrefix(trimmed, "Range limited to ") {
			continue
		}
		key, value, isPair, err := fdbcliLine(trimmed)
		if err == nil && !isPair {
			key, err = decodeKey(text, o.input)
		}
		if err == nil {
			err = f(line, key, value, isPair)
		}
		if err != nil {
			if !strings.HasPrefix(err.Error(), "line ") {
				err = fmt.Errorf("line %d: %w", line, err)
			}
			return err
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return fmt.Errorf("line %d: longer than %d MiB; use -raw to read one large key", line, maxLineBytes>>20)
		}
		return fmt.Errorf("line %d: %w", line, err)
	}
	return nil
}
