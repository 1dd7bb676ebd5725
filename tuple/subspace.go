package tuple

import (
	"bytes"
	"errors"
	"fmt"
)

// Subspace is a raw key prefix under which tuples are packed: a pure value
// that needs no database, equivalent to the official subspace package
// without its database types. The zero value is the empty prefix.
type Subspace struct {
	prefix []byte
}

// NewSubspace returns the subspace of keys starting with prefix, which is
// copied.
func NewSubspace(prefix []byte) Subspace {
	return Subspace{prefix: bytes.Clone(prefix)}
}

// SubspaceOf returns the subspace whose prefix is the packed t.
func SubspaceOf(t Tuple) (Subspace, error) {
	return Subspace{}.Sub(t...)
}

// Bytes returns a copy of the prefix.
func (s Subspace) Bytes() []byte { return bytes.Clone(s.prefix) }

// Sub returns the subspace of s extended by the packed elements.
func (s Subspace) Sub(elems ...any) (Subspace, error) {
	p, err := s.Pack(elems)
	if err != nil {
		return Subspace{}, err
	}
	return Subspace{prefix: p}, nil
}

// Pack returns the prefix followed by the packed t.
func (s Subspace) Pack(t Tuple) ([]byte, error) { return packAfter(s.prefix, t) }

// PackWithVersionstamp is Tuple.PackWithVersionstamp with s's prefix.
func (s Subspace) PackWithVersionstamp(t Tuple) ([]byte, error) {
	return t.PackWithVersionstamp(s.prefix)
}

// Contains reports whether key starts with the prefix.
func (s Subspace) Contains(key []byte) bool {
	return bytes.HasPrefix(key, s.prefix)
}

// Unpack strictly decodes the tuple after the prefix. A key outside s gives
// ErrNotInSubspace.
func (s Subspace) Unpack(key []byte) (Tuple, error) {
	if !s.Contains(key) {
		return nil, fmt.Errorf("%w: key %s, prefix %s", ErrNotInSubspace, Printable(key), Printable(s.prefix))
	}
	t, err := Unpack(key[len(s.prefix):])
	var de *DecodeError
	if errors.As(err, &de) {
		de.Offset += len(s.prefix) // report offsets into key, not the suffix
	}
	return t, err
}

// Range returns [prefix+00, prefix+FF): every tuple key in s, but not the
// bare prefix.
func (s Subspace) Range() (begin, end []byte) {
	return PrefixRange(s.prefix)
}

// String returns "Subspace(<printable prefix>)".
func (s Subspace) String() string {
	return "Subspace(" + Printable(s.prefix) + ")"
}
