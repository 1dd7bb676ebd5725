package tuple

import (
	"strconv"

	"github.com/fdbtuple/fdbtuple/fdb"
)

// Printable returns key in FoundationDB's printable form; it is
// fdb.Printable, kept here so that tuple code needs one import.
func Printable(key []byte) string { return fdb.Printable(key) }

// ParsePrintable is the inverse of Printable: it reads a key written in
// FoundationDB's printable form, where \xNN is a byte, \\ a backslash, and
// every other character stands for its own bytes. It also takes \" and \',
// which fdbcli accepts inside quoted keys.
func ParsePrintable(s string) ([]byte, error) {
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); {
		if s[i] != '\\' {
			out = append(out, s[i])
			i++
			continue
		}
		b, n, ok := unescapePrintable(s, i, true)
		if !ok {
			return nil, &SyntaxError{Offset: i, Err: ErrSyntax, Msg: `a backslash must start \\, \", \' or \xNN`}
		}
		out = append(out, b)
		i += n
	}
	return out, nil
}

// unescapePrintable reads the escape at s[i] (a backslash) of the
// printable form: \\ or \xNN, and with quotes \" and \' too, which fdbcli
// accepts inside quoted keys. It returns the byte and the escape's length.
func unescapePrintable(s string, i int, quotes bool) (b byte, n int, ok bool) {
	switch {
	case i+1 < len(s) && (s[i+1] == '\\' || quotes && (s[i+1] == '"' || s[i+1] == '\'')):
		return s[i+1], 2, true
	case i+3 < len(s) && s[i+1] == 'x' && isHex(s[i+2]) && isHex(s[i+3]):
		v, _ := strconv.ParseUint(s[i+2:i+4], 16, 8)
		return byte(v), 4, true
	}
	return 0, 0, false
}
