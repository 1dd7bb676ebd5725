package main

import (
	"encoding/hex"
	"errors"
	"fmt"
	"strings"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/types"
)

// The hints a failing command adds to its error: each says what would
// most likely make the next try work, and only where it applies.

// keyArgument decodes a KEY argument, refusing a line of fdbcli getrange
// output, which unpack and describe read on standard input.
func keyArgument(arg, mode string) ([]byte, error) {
	if k, _, isPair := strings.Cut(strings.TrimPrefix(arg, "`"), "' is `"); isPair && strings.HasPrefix(arg, "`") {
		return nil, usagef("the argument is a line of fdbcli getrange output (`KEY' is `VALUE'): unpack and describe read such lines on standard input (with -values, the value too), or give the key alone: %s", k)
	}
	return decodeKey(arg, mode)
}

// explainKey adds to an error about a key the hints that apply: the
// extension that reads an unknown user type code, a raw prefix that
// -prefix would strip, and how auto mode read an argument that looks like
// hex. arg is the key as given ("" for a line of standard input), prefix
// the -prefix key (nil: none).
func explainKey(err error, arg string, key, prefix []byte, o *options, codec tuple.Codec) error {
	var de *tuple.DecodeError
	if err == nil || !errors.As(err, &de) {
		return err
	}
	var hints []string
	if h := extensionHint(de.Code, codec); h != "" {
		hints = append(hints, h)
	} else if prefix == nil {
		if h := prefixHint(key, de.Offset, codec); h != "" {
			hints = append(hints, h)
		}
	}
	if arg != "" && looksLikeHex(arg, o.input) {
		hints = append(hints, fmt.Sprintf("the key %s was read as printable text; -input hex reads hex", shorten(arg)))
	}
	if len(hints) == 0 {
		return err
	}
	return fmt.Errorf("%w (%s)", err, strings.Join(hints, "; "))
}

// extensionHint names the -ext that reads code, a user type code that
// codec has no extension for; "" if code is not such a code.
func extensionHint(code types.Code, codec tuple.Codec) string {
	if code.Status() != types.StatusUser || hasExtension(codec, code) {
		return ""
	}
	if x := extensionAt(code); x != nil {
		return fmt.Sprintf("user type code 0x%02x is this module's %s: try -ext %s", byte(code), x.name, x.name)
	}
	return fmt.Sprintf("user type code 0x%02x: no -ext of this tool reads it", byte(code))
}

// maxPrefixGuess bounds the raw prefix prefixHint looks for.
const maxPrefixGuess = 64

// prefixHint suggests -prefix when the key's first byte is already not an
// element (faultAt is 0) and the bytes after some raw prefix are a whole
// tuple of two bytes or more: a subspace's or a directory's key given
// without -prefix. (A fault further in is a corrupt element, not a
// prefix; a one-byte rest, 00 or 14, is too often there by chance.)
func prefixHint(key []byte, faultAt int, codec tuple.Codec) string {
	if faultAt != 0 {
		return ""
	}
	for n := 1; n <= len(key)-2 && n <= maxPrefixGuess; n++ {
		if t, err := codec.UnpackAfter(key, n); err == nil && len(t) > 0 {
			return fmt.Sprintf("if its first %d bytes are a raw prefix, give them with -prefix %s", n, prefixArgument(key[:n]))
		}
	}
	return ""
}

// prefixArgument writes a prefix as -prefix reads it in auto mode: text
// of printable ASCII single-quoted for the shell ('app/'), anything else,
// or text that would read as hex, in hex.
func prefixArgument(p []byte) string {
	s := string(p)
	if _, isHex := hexDigits(s); isHex || strings.ContainsAny(s, `'\`) || tuple.Printable(p) != s {
		return hex.EncodeToString(p)
	}
	return "'" + s + "'"
}

// looksLikeHex reports whether auto mode read arg as printable text
// although it is mostly hex digits and has no escape: a hex key with a
// typo, or with separators other than spaces.
func looksLikeHex(arg, mode string) bool {
	if mode != "auto" && mode != "" || !readAsPrintable(arg, mode) || strings.Contains(arg, `\`) {
		return false
	}
	digits, other := 0, 0
	for _, c := range strings.TrimPrefix(strings.TrimPrefix(arg, "0x"), "0X") {
		switch {
		case c == ' ':
		case c >= '0' && c <= '9', c >= 'a' && c <= 'f', c >= 'A' && c <= 'F':
			digits++
		default:
			other++
		}
	}
	return digits >= 2*other && digits > 0
}

// shorten keeps an argument quoted in a message to 40 bytes.
func shorten(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}

// parseTuple reads tuple text with codec; a constructor of an extension
// that -ext did not name gets the -ext that reads it.
func parseTuple(text string, codec tuple.Codec) (tuple.Tuple, error) {
	t, err := codec.Parse(text)
	var se *tuple.SyntaxError
	if err == nil || !errors.As(err, &se) || se.Offset > len(text) {
		return t, err
	}
	for _, x := range extFlags {
		if strings.HasPrefix(text[se.Offset:], x.name+"(") && !hasExtension(codec, x.extension.Code()) {
			return nil, fmt.Errorf("%w (%s(...) is this module's extension: try -ext %s)", err, x.name, x.name)
		}
	}
	return nil, err
}
