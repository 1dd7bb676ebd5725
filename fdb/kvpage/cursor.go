package kvpage

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"

	"github.com/fdbtuple/fdbtuple/fdb"
)

// The errors of a continuation that cannot be read.
var (
	// ErrBadCursor: a continuation that is not one: not base64url, cut
	// short or altered (its check value does not match), or of a format
	// this package does not write.
	ErrBadCursor = errors.New("kvpage: invalid continuation")
	// ErrOtherRange: a continuation made for another range, or whose key
	// lies outside the range it is given with.
	ErrOtherRange = errors.New("kvpage: continuation of another range")
)

// The layout of a continuation, before base64url: a format byte, a flags
// byte, the range's fingerprint, the key, and a check value: CRC-32C of
// all that precedes it, big-endian. The check makes a continuation cut or
// altered in transit (a URL truncated by a mail client, a character
// mistyped) an error; without it, a shortened key is a valid key that
// sorts before the page's last one, and the next page would repeat keys.
// Format 1 had no check value.
const (
	cursorFormat  = 2
	flagReverse   = 1 << 0
	cursorHeader  = 2 + 8
	cursorCheck   = 4
	cursorFlagsOK = flagReverse
	// maxKey is FoundationDB's longest key: a longer continuation is
	// refused before it is decoded.
	maxKey = 10_000
)

// cursorEncoding is base64url without padding. Not strict: a last
// character that differs only in bits past the data decodes to the same
// continuation, harmlessly; any other change fails the check value.
var cursorEncoding = base64.RawURLEncoding

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// cursor is a decoded continuation: read on beyond key, in reverse or
// not.
type cursor struct {
	reverse bool
	key     fdb.Key
}

// fingerprint identifies a range in its continuations: FNV-1a (64 bits)
// of the begin's length (8 bytes, big-endian), the begin and the end. It
// tells ranges apart; it is no protection against a forged continuation,
// which the check that the key lies in the range makes harmless. It is
// written out here, not with hash/fnv, whose hash escapes to the heap.
func fingerprint(begin, end fdb.Key) uint64 {
	const offset, prime = 14695981039346656037, 1099511628211
	h := uint64(offset)
	var n [8]byte
	binary.BigEndian.PutUint64(n[:], uint64(len(begin)))
	for _, part := range [][]byte{n[:], begin, end} {
		for _, c := range part {
			h = (h ^ uint64(c)) * prime
		}
	}
	return h
}

// encode returns the continuation of c for the range w.
func (w window) encode(c cursor) string {
	raw := make([]byte, 0, cursorHeader+len(c.key)+cursorCheck)
	flags := byte(0)
	if c.reverse {
		flags |= flagReverse
	}
	raw = binary.BigEndian.AppendUint64(append(raw, cursorFormat, flags), fingerprint(w.begin, w.end))
	raw = append(raw, c.key...)
	raw = binary.BigEndian.AppendUint32(raw, crc32.Checksum(raw, castagnoli))
	return cursorEncoding.EncodeToString(raw)
}

// decode reads the continuation s, made for the range w.
func (w window) decode(s string) (cursor, error) {
	if most := cursorEncoding.EncodedLen(cursorHeader + maxKey + cursorCheck); len(s) > most {
		return cursor{}, fmt.Errorf("%w: %d characters, past the %d of a continuation of a key of %d bytes, FoundationDB's longest", ErrBadCursor, len(s), most, maxKey)
	}
	raw, err := cursorEncoding.DecodeString(s)
	var corrupt base64.CorruptInputError
	switch {
	case len(s)%4 == 1:
		// No base64url string without padding has this length: one
		// character was cut or added.
		return cursor{}, fmt.Errorf("%w: %d characters, a length no base64url text has: cut or extended", ErrBadCursor, len(s))
	case errors.As(err, &corrupt):
		return cursor{}, fmt.Errorf("%w: not base64url at offset %d of %q", ErrBadCursor, int64(corrupt), s)
	case err != nil:
		return cursor{}, fmt.Errorf("%w: %v", ErrBadCursor, err)
	case len(raw) < cursorHeader+cursorCheck:
		return cursor{}, fmt.Errorf("%w: %d bytes, cut short of the %d of its header and check value", ErrBadCursor, len(raw), cursorHeader+cursorCheck)
	case raw[0] != cursorFormat:
		return cursor{}, fmt.Errorf("%w: format %d at byte 0, not %d", ErrBadCursor, raw[0], cursorFormat)
	}
	body, check := raw[:len(raw)-cursorCheck], raw[len(raw)-cursorCheck:]
	switch {
	case binary.BigEndian.Uint32(check) != crc32.Checksum(body, castagnoli):
		return cursor{}, fmt.Errorf("%w: its check value (its last %d bytes) does not match: cut or altered", ErrBadCursor, cursorCheck)
	case raw[1]&^cursorFlagsOK != 0:
		return cursor{}, fmt.Errorf("%w: unknown flags %#02x at byte 1", ErrBadCursor, raw[1])
	case binary.BigEndian.Uint64(raw[2:cursorHeader]) != fingerprint(w.begin, w.end):
		return cursor{}, fmt.Errorf("%w: it was made for another range than [%s, %s)", ErrOtherRange, fdb.Printable(w.begin), fdb.Printable(w.end))
	}
	c := cursor{reverse: raw[1]&flagReverse != 0, key: fdb.Key(body[cursorHeader:])}
	if bytes.Compare(c.key, w.begin) < 0 || bytes.Compare(c.key, w.end) >= 0 {
		return cursor{}, fmt.Errorf("%w: its key %s lies outside [%s, %s)", ErrOtherRange, fdb.Printable(c.key), fdb.Printable(w.begin), fdb.Printable(w.end))
	}
	return c, nil
}
