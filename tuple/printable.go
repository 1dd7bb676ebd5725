package tuple

import (
	"strings"
)

const hexDigits = "0123456789abcdef"

// Printable returns key in FoundationDB's printable form, byte for byte as
// fdbcli, the Go binding's fdb.Printable and Java's ByteArrayUtil.printable
// write it: bytes 0x20 to 0x7E as they are, a backslash doubled, and every
// other byte as \xNN in lower case.
func Printable(key []byte) string {
	var b strings.Builder
	b.Grow(len(key))
	for _, c := range key {
		switch {
		case c == '\\':
			b.WriteString(`\\`)
		case c >= 0x20 && c <= 0x7E:
			b.WriteByte(c)
		default:
			b.WriteString(`\x`)
			b.WriteByte(hexDigits[c>>4])
			b.WriteByte(hexDigits[c&0xF])
		}
	}
	return b.String()
}
