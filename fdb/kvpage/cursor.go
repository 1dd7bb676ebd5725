package kvpage

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/fdbtuple/fdbtuple/fdb"
)

// The errors of a continuation that cannot be read.
var (
	// ErrBadCursor: a continuation that is not one: not base64url, cut
	// short, or of a format this package does not write.
	ErrBadCursor = errors.New("kvpage: invalid continuation")
	// ErrOtherRange: a continuation made for another range, or whose key
	// lies outside the range it is given with.
	ErrOtherRange = errors.New("kvpage: continuation of another range")
)

// The layout of a continuation, before base64url: a format byte, a flags
// byte, the range's fingerprint, the key.
const (
	cursorFormat  = 1
	flagReverse   = 1 << 0
	cursorHeader  = 2 + 8
	cursorFlagsOK = flagReverse
	// maxKey is FoundationDB's longest key: a longer continuation is
	// refused before it is decoded.
	maxKey = 10_000
)

var cursorEncoding = base64.RawURLEncoding

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
	raw := make([]byte, 0, cursorHeader+len(c.key))
	flags := byte(0)
	if c.reverse {
		flags |= flagReverse
	}
	raw = binary.BigEndian.AppendUint64(append(raw, cursorFormat, flags), fingerprint(w.begin, w.end))
	return cursorEncoding.EncodeToString(append(raw, c.key...))
}

// decode reads the continuation s, made for the range w.
func (w window) decode(s string) (cursor, error) {
	if most := cursorEncoding.EncodedLen(cursorHeader + maxKey); len(s) > most {
		return cursor{}, fmt.Errorf("%w: %d characters, past the %d of a continuation of a key of %d bytes, FoundationDB's longest", ErrBadCursor, len(s), most, maxKey)
	}
	raw, err := cursorEncoding.DecodeString(s)
	var corrupt base64.CorruptInputError
	switch {
	case errors.As(err, &corrupt):
		return cursor{}, fmt.Errorf("%w: not base64url at offset %d of %q", ErrBadCursor, int64(corrupt), s)
	case err != nil:
		return cursor{}, fmt.Errorf("%w: %v", ErrBadCursor, err)
	case len(raw) < cursorHeader:
		return cursor{}, fmt.Errorf("%w: %d bytes, cut short of the %d of its header", ErrBadCursor, len(raw), cursorHeader)
	case raw[0] != cursorFormat:
		return cursor{}, fmt.Errorf("%w: format %d at byte 0, not %d", ErrBadCursor, raw[0], cursorFormat)
	case raw[1]&^cursorFlagsOK != 0:
		return cursor{}, fmt.Errorf("%w: unknown flags %#02x at byte 1", ErrBadCursor, raw[1])
	case binary.BigEndian.Uint64(raw[2:cursorHeader]) != fingerprint(w.begin, w.end):
		return cursor{}, fmt.Errorf("%w: it was made for another range than [%s, %s)", ErrOtherRange, fdb.Printable(w.begin), fdb.Printable(w.end))
	}
	c := cursor{reverse: raw[1]&flagReverse != 0, key: fdb.Key(raw[cursorHeader:])}
	if bytes.Compare(c.key, w.begin) < 0 || bytes.Compare(c.key, w.end) >= 0 {
		return cursor{}, fmt.Errorf("%w: its key %s lies outside [%s, %s)", ErrOtherRange, fdb.Printable(c.key), fdb.Printable(w.begin), fdb.Printable(w.end))
	}
	return c, nil
}
