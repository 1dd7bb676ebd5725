package types

import (
	"bytes"
	"encoding"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// VersionstampLength is the number of bytes of a versionstamp after its
// code: 10 of transaction version and 2 of user version.
const VersionstampLength = 12

// Versionstamp is a 96-bit FoundationDB versionstamp.
//
// TransactionVersion is the 8-byte big-endian commit version followed by
// the 2-byte batch order, both assigned by the database. UserVersion orders
// several stamps written by one transaction.
//
// A TransactionVersion of ten 0xFF bytes marks an incomplete stamp: a
// placeholder that the database overwrites at commit. Every official
// decoder reads those bytes as incomplete, so a complete stamp cannot have
// that transaction version.
type Versionstamp struct {
	TransactionVersion [10]byte
	UserVersion        uint16
}

var (
	_ encoding.BinaryAppender    = Versionstamp{}
	_ encoding.BinaryMarshaler   = Versionstamp{}
	_ encoding.BinaryUnmarshaler = (*Versionstamp)(nil)
	_ encoding.TextAppender      = Versionstamp{}
	_ encoding.TextMarshaler     = Versionstamp{}
	_ encoding.TextUnmarshaler   = (*Versionstamp)(nil)
)

var incompleteTransactionVersion = [10]byte{0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF}

// IncompleteVersionstamp returns a placeholder stamp with the given user
// version, for use with the versionstamped-key mutation.
func IncompleteVersionstamp(userVersion uint16) Versionstamp {
	return Versionstamp{TransactionVersion: incompleteTransactionVersion, UserVersion: userVersion}
}

// IsComplete reports whether the transaction version is a real one rather
// than the all-0xFF placeholder.
func (v Versionstamp) IsComplete() bool {
	return v.TransactionVersion != incompleteTransactionVersion
}

// Bytes returns the 12-byte big-endian form: transaction version, then user
// version. It is the element's encoding without its 0x33 code.
func (v Versionstamp) Bytes() []byte {
	b, _ := v.AppendBinary(make([]byte, 0, VersionstampLength))
	return b
}

// AppendBinary appends the 12-byte form to dst. It never fails; the error
// result satisfies encoding.BinaryAppender.
func (v Versionstamp) AppendBinary(dst []byte) ([]byte, error) {
	dst = append(dst, v.TransactionVersion[:]...)
	return append(dst, byte(v.UserVersion>>8), byte(v.UserVersion)), nil
}

// MarshalBinary returns the 12-byte form. It never fails.
func (v Versionstamp) MarshalBinary() ([]byte, error) {
	return v.Bytes(), nil
}

// ErrVersionstampLength is returned by UnmarshalBinary for input that is not
// exactly 12 bytes long.
var ErrVersionstampLength = errors.New("types: versionstamp must be 12 bytes")

// UnmarshalBinary sets v from the 12-byte form.
func (v *Versionstamp) UnmarshalBinary(b []byte) error {
	if len(b) != VersionstampLength {
		return fmt.Errorf("%w, got %d", ErrVersionstampLength, len(b))
	}
	copy(v.TransactionVersion[:], b)
	v.UserVersion = uint16(b[10])<<8 | uint16(b[11])
	return nil
}

// Compare orders stamps as their encodings sort: by transaction version,
// then by user version. Every complete stamp sorts before every incomplete
// one. It returns -1, 0 or +1.
func (v Versionstamp) Compare(w Versionstamp) int {
	if c := bytes.Compare(v.TransactionVersion[:], w.TransactionVersion[:]); c != 0 {
		return c
	}
	switch {
	case v.UserVersion < w.UserVersion:
		return -1
	case v.UserVersion > w.UserVersion:
		return +1
	}
	return 0
}

// String returns the text form used by the tuple package:
// Versionstamp(<20 hex digits>, <user version>). An incomplete stamp shows
// its transaction version as twenty f digits.
func (v Versionstamp) String() string {
	b, _ := v.AppendText(make([]byte, 0, 40))
	return string(b)
}

// AppendText appends the String form to dst. It never fails.
func (v Versionstamp) AppendText(dst []byte) ([]byte, error) {
	dst = append(dst, "Versionstamp("...)
	dst = hex.AppendEncode(dst, v.TransactionVersion[:])
	dst = append(dst, ", "...)
	dst = strconv.AppendUint(dst, uint64(v.UserVersion), 10)
	return append(dst, ')'), nil
}

// MarshalText returns the String form. It never fails.
func (v Versionstamp) MarshalText() ([]byte, error) {
	return v.AppendText(nil)
}

// ErrVersionstampSyntax is returned for text that is not a versionstamp.
var ErrVersionstampSyntax = errors.New("types: invalid versionstamp text")

// UnmarshalText parses the String form. It also accepts the word
// "incomplete" in place of the twenty f digits.
func (v *Versionstamp) UnmarshalText(text []byte) error {
	s, ok := strings.CutPrefix(string(text), "Versionstamp(")
	if !ok {
		return fmt.Errorf("%w: %q does not start with Versionstamp(", ErrVersionstampSyntax, text)
	}
	s, ok = strings.CutSuffix(s, ")")
	if !ok {
		return fmt.Errorf("%w: %q does not end with )", ErrVersionstampSyntax, text)
	}
	txText, uvText, ok := strings.Cut(s, ",")
	if !ok {
		return fmt.Errorf("%w: %q has no user version", ErrVersionstampSyntax, text)
	}
	txText, uvText = strings.TrimSpace(txText), strings.TrimSpace(uvText)
	var w Versionstamp
	if txText == "incomplete" {
		w.TransactionVersion = incompleteTransactionVersion
	} else if len(txText) != 20 {
		return fmt.Errorf("%w: transaction version %q is not 20 hex digits", ErrVersionstampSyntax, txText)
	} else if _, err := hex.Decode(w.TransactionVersion[:], []byte(txText)); err != nil {
		return fmt.Errorf("%w: transaction version %q: %v", ErrVersionstampSyntax, txText, err)
	}
	uv, err := strconv.ParseUint(uvText, 10, 16)
	if err != nil {
		return fmt.Errorf("%w: user version %q is not a number from 0 to 65535", ErrVersionstampSyntax, uvText)
	}
	w.UserVersion = uint16(uv)
	*v = w
	return nil
}
