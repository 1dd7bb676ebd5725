package fdb

import (
	"errors"
	"strings"
)

// A KeyConvertible can be converted to a Key. The tuple and subspace
// packages' Tuple and Subspace implement it, as Key itself does.
type KeyConvertible interface {
	FDBKey() Key
}

// Key is a FoundationDB key: a sequence of bytes ordered byte by byte,
// unsigned. It implements KeyConvertible.
type Key []byte

// FDBKey returns k, so that Key satisfies KeyConvertible.
func (k Key) FDBKey() Key { return k }

// String returns the key in FoundationDB's printable form (see Printable).
func (k Key) String() string { return Printable(k) }

const hexDigits = "0123456789abcdef"

// Printable returns d in FoundationDB's printable form, byte for byte as
// fdbcli, the official Go binding and Java's ByteArrayUtil.printable write
// it: bytes 0x20 to 0x7E as they are, a backslash doubled, and every other
// byte as \xNN in lower case.
func Printable(d []byte) string {
	var b strings.Builder
	b.Grow(len(d))
	for _, c := range d {
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

// ErrNoStrinc is the error Strinc returns for a prefix that is empty or
// made only of 0xFF bytes: no key sorts after every key with that prefix.
var ErrNoStrinc = errors.New("fdb: no prefix end: the key must contain a byte other than 0xff")

// Strinc returns the first key that sorts after every key starting with
// prefix: trailing 0xFF bytes are dropped and the last remaining byte is
// incremented. It returns ErrNoStrinc for an empty prefix or one made only
// of 0xFF bytes. The result never shares memory with prefix.
func Strinc(prefix []byte) ([]byte, error) {
	n := len(prefix)
	for n > 0 && prefix[n-1] == 0xFF {
		n--
	}
	if n == 0 {
		return nil, ErrNoStrinc
	}
	end := make([]byte, n)
	copy(end, prefix)
	end[n-1]++
	return end, nil
}
