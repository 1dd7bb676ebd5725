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
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' {
			out = append(out, c)
			continue
		}
		switch {
		case i+1 < len(s) && (s[i+1] == '\\' || s[i+1] == '"' || s[i+1] == '\''):
			out = append(out, s[i+1])
			i++
		case i+3 < len(s) && s[i+1] == 'x' && isHex(s[i+2]) && isHex(s[i+3]):
			b, _ := strconv.ParseUint(s[i+2:i+4], 16, 8)
			out = append(out, byte(b))
			i += 3
		default:
			return nil, &SyntaxError{Offset: i, Err: ErrSyntax, Msg: `a backslash must start \\, \", \' or \xNN`}
		}
	}
	return out, nil
}
