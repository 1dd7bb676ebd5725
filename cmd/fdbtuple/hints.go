package main

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/types"
)

// The hints a failing command adds to its error: each says what would
// most likely make the next try work, and only where it applies.

// keyArgument decodes a KEY argument, refusing a line of fdbcli getrange
// output, which unpack and describe read on standard input.
func keyArgument(arg, mode string) ([]byte, error) {
	trimmed := strings.TrimSpace(arg)
	if k, _, isPair := strings.Cut(strings.TrimPrefix(trimmed, "`"), "' is `"); isPair && strings.HasPrefix(trimmed, "`") {
		return nil, usagef("the argument is a line of fdbcli getrange output (`KEY' is `VALUE'): unpack and describe read such lines on standard input (with -values, the value too), or give the key alone: %s", k)
	}
	return decodeKey(arg, mode)
}

// explainKey adds to an error about a key the hints that apply: the
// extension that reads an unknown user type code, a raw prefix that
// -prefix would strip, -lenient for what the Python reference reads, quotes
// that were read as part of the key, how auto mode read an argument that
// looks like hex, and a -prefix that auto mode read as hex. arg is the key
// as given ("" for a line of standard input), prefix the -prefix key (nil:
// none).
func explainKey(err error, arg string, key, prefix []byte, o *options, codec tuple.Codec) error {
	var np *noPrefixError
	if errors.As(err, &np) {
		return withHints(err, prefixReadingHint(o, key))
	}
	var de *tuple.DecodeError
	if err == nil || !errors.As(err, &de) {
		return err
	}
	var hints []string
	if h := extensionHint(de.Code, codec); h != "" {
		hints = append(hints, h)
	} else if prefix == nil {
		hints = append(hints, prefixHint(key, de.Offset, codec))
	}
	hints = append(hints, lenientHint(err, key, len(prefix), codec), quotesHint(arg, o.input))
	if arg != "" && looksLikeHex(arg, o.input) {
		hints = append(hints, fmt.Sprintf("the key %s was read as printable text; -input hex reads hex", shorten(arg)))
	}
	return withHints(err, hints...)
}

// withHints adds the hints that are not "" to err, in parentheses.
func withHints(err error, hints ...string) error {
	hints = slices.DeleteFunc(hints, func(h string) bool { return h == "" })
	if len(hints) == 0 {
		return err
	}
	return fmt.Errorf("%w (%s)", err, strings.Join(hints, "; "))
}

// lenientHint names -lenient where it reads the key from pos: an
// unterminated string or a non-minimal integer, which the Python binding
// decodes. Not for a key that starts with a whole tuple (a range end such
// as 02 61 00 ff): its first bytes are more likely the key than a lenient
// reading of all of it.
func lenientHint(err error, key []byte, pos int, codec tuple.Codec) string {
	if codec.Lenient || !errors.Is(err, tuple.ErrUnterminated) && !errors.Is(err, tuple.ErrNonCanonical) {
		return ""
	}
	if end, _ := longestTuple(key, pos, tuple.Codec{Extensions: codec.Extensions}); end > pos {
		return ""
	}
	lenient := codec
	lenient.Lenient = true
	t, err := lenient.UnpackAfter(key, pos)
	if err != nil {
		return ""
	}
	return fmt.Sprintf("-lenient reads it as the Python binding does: %s", lenient.Format(t))
}

// quotesHint is for a key argument in quotes that were read as its first
// and last bytes: double quotes, or fdbcli's `KEY' under -input printable
// (auto mode reads the key between those).
func quotesHint(arg, mode string) string {
	t := strings.TrimSpace(arg)
	switch {
	case len(t) < 2:
	case t[0] == '"' && t[len(t)-1] == '"':
		return fmt.Sprintf("its double quotes were read as bytes 0x22 of the key; give the key without them: %s", shorten(t[1:len(t)-1]))
	case t[0] == '`' && t[len(t)-1] == '\'' && mode == "printable":
		return "-input printable read fdbcli's quotes as bytes of the key; without it, the key between them is read"
	}
	return ""
}

// prefixReadingHint is for a -prefix that auto mode read as hex (cafe is
// ca fe) where the key starts with the text instead.
func prefixReadingHint(o *options, key []byte) string {
	if o.input != "" && o.input != "auto" {
		return ""
	}
	if _, isHex := hexDigits(o.prefix); !isHex {
		return ""
	}
	text, err := tuple.ParsePrintable(o.prefix)
	if err != nil || !bytes.HasPrefix(key, text) {
		return ""
	}
	return fmt.Sprintf("-prefix %s was read as hex; the key starts with it as text: use -input printable (which reads KEY as text too), or write it -prefix '\\x%02x%s'", o.prefix, text[0], text[1:])
}

// extensionHint names the -ext that reads code, a user type code that
// codec has no extension for; "" if code is not such a code.
func extensionHint(code types.Code, codec tuple.Codec) string {
	if code.Status() != types.StatusUser || hasExtension(codec, code) {
		return ""
	}
	if x := extensionAt(code); x != nil {
		return fmt.Sprintf("user type code 0x%02x is this module's %s: try -ext %s", byte(code), x.name, extListWith(codec, x))
	}
	return fmt.Sprintf("user type code 0x%02x: no -ext of this tool reads it", byte(code))
}

// extListWith is the -ext list that names codec's extensions and x.
func extListWith(codec tuple.Codec, x *extFlag) string {
	var names []string
	for _, e := range extFlags {
		if e.name == x.name || hasExtension(codec, e.extension.Code()) {
			names = append(names, e.name)
		}
	}
	return strings.Join(names, ",")
}

// maxPrefixGuess bounds the raw prefix prefixHint looks for.
const maxPrefixGuess = 64

// prefixHint suggests -prefix when the key's first byte is already not an
// element (faultAt is 0) and the bytes after some raw prefix are a whole
// tuple of two bytes or more: a subspace's or a directory's key given
// without -prefix. (A fault further in is a corrupt element, not a
// prefix; a one-byte rest, 00 or 14, is too often there by chance.)
func prefixHint(key []byte, faultAt int, codec tuple.Codec) string {
	if faultAt != 0 || len(key) == 0 || key[0] == '`' || key[0] == '"' {
		return "" // a quote pasted with the key is not a prefix (quotesHint)
	}
	for n := 1; n <= len(key)-2 && n <= maxPrefixGuess; n++ {
		if t, err := codec.UnpackAfter(key, n); err == nil && len(t) > 0 {
			return fmt.Sprintf("if its first %s a raw prefix, give %s with -prefix %s", countedBytes(n), plural(n, "it", "them"), prefixArgument(key[:n]))
		}
	}
	return ""
}

// countedBytes says "byte is" or "N bytes are".
func countedBytes(n int) string {
	if n == 1 {
		return "byte is"
	}
	return fmt.Sprintf("%d bytes are", n)
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
// that -ext did not name gets the -ext that reads it, and one spelled in
// another case (Desc for desc) the spelling that works.
func parseTuple(text string, codec tuple.Codec) (tuple.Tuple, error) {
	t, err := codec.Parse(text)
	var se *tuple.SyntaxError
	if err == nil || !errors.As(err, &se) || se.Offset > len(text) {
		return t, err
	}
	at := text[se.Offset:]
	for i := range extFlags {
		x := &extFlags[i]
		known := hasExtension(codec, x.extension.Code())
		switch {
		case strings.HasPrefix(at, x.name+"(") && !known:
			return nil, fmt.Errorf("%w (%s(...) is this module's extension: try -ext %s)", err, x.name, extListWith(codec, x))
		case len(at) > len(x.name) && strings.EqualFold(at[:len(x.name)+1], x.name+"(") && !strings.HasPrefix(at, x.name+"("):
			with := ""
			if !known {
				with = " with -ext " + extListWith(codec, x)
			}
			return nil, fmt.Errorf("%w (did you mean %s(...)%s?)", err, x.name, with)
		}
	}
	return nil, err
}
