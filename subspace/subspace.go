// Package subspace is the official FoundationDB Go binding's subspace
// package without cgo: the same Subspace interface, constructors and
// behaviour, over this module's tuple and fdb packages. Code that uses the
// official package moves over by changing its import paths.
//
// A subspace is a key prefix, usually a packed tuple, under which a layer
// keeps its keys: Pack puts a tuple's encoding after the prefix, Unpack
// takes it off again, and the subspace as an fdb.ExactRange holds every
// tuple key under it. It needs no database.
//
//	users := subspace.Sub("app", "users")
//	key := users.Pack(tuple.Tuple{42, "name"}) // ("app", "users", 42, "name")
//	t, err := users.Unpack(key)                 // (42, "name")
//	begin, end := users.FDBRangeKeys()          // every key under ("app", "users")
//
// Like the official package, Sub and Pack panic when an element cannot be
// packed, and strings are written byte for byte (see tuple.Tuple.Pack).
// Unpack reads what Pack writes, strings holding invalid UTF-8 included
// (the official binding writes and reads them); it is otherwise strict,
// as tuple.Unpack is, and its errors give offsets into the whole key.
//
// PackWith and UnpackWith take a tuple.Codec: they pack with an error
// instead of a panic, with the codec's extensions (a tuple.Desc, a
// decimal) and its options (strict UTF-8 unless AllowInvalidUTF8). For
// typed keys under a subspace, use tuple.Plan.Under(s.Bytes()).
//
// Place in the import DAG: above tuple. It must not import nested, vectors,
// compat or cmd/fdbtuple.
package subspace

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/tuple"
)

// Subspace is a key prefix with the tuple operations under it.
type Subspace interface {
	// Sub returns the subspace whose prefix is this one followed by the
	// packed elements. It panics if they cannot be packed.
	Sub(el ...tuple.TupleElement) Subspace

	// Bytes returns the prefix. The caller must not change it.
	Bytes() []byte

	// Pack returns the prefix followed by the packed t. It panics if t
	// cannot be packed.
	Pack(t tuple.Tuple) fdb.Key

	// PackWithVersionstamp is tuple.Tuple.PackWithVersionstamp with this
	// subspace's prefix: t must hold exactly one incomplete versionstamp.
	PackWithVersionstamp(t tuple.Tuple) (fdb.Key, error)

	// Unpack decodes the tuple after the prefix: what Pack writes,
	// strictly otherwise. A key outside the subspace is
	// ErrNotInSubspace. UnpackWith takes a tuple.Codec.
	Unpack(k fdb.KeyConvertible) (tuple.Tuple, error)

	// Contains reports whether the key starts with the prefix.
	Contains(k fdb.KeyConvertible) bool

	// A subspace is the key of its prefix...
	fdb.KeyConvertible

	// ...and the range of every tuple key under it: [prefix+00,
	// prefix+FF), which does not hold the bare prefix.
	fdb.ExactRange
}

// ErrNotInSubspace is the error Unpack returns for a key that does not
// start with the subspace's prefix.
var ErrNotInSubspace = errors.New("subspace: key is not in subspace")

// officialStrings packs strings byte for byte, valid UTF-8 or not, as the
// official binding does.
var officialStrings = tuple.Codec{AllowInvalidUTF8: true}

type subspace struct {
	rawPrefix []byte
}

// AllKeys returns the subspace with the empty prefix, which holds every
// key.
func AllKeys() Subspace { return subspace{} }

// Sub returns the subspace whose prefix is the packed elements. It panics
// if they cannot be packed.
func Sub(el ...tuple.TupleElement) Subspace { return subspace{tuple.Tuple(el).Pack()} }

// FromBytes returns the subspace with a copy of b as its prefix.
func FromBytes(b []byte) Subspace { return subspace{bytes.Clone(b)} }

// String returns "Subspace(rawPrefix=<printable prefix>)".
func (s subspace) String() string {
	return "Subspace(rawPrefix=" + fdb.Printable(s.rawPrefix) + ")"
}

func (s subspace) Sub(el ...tuple.TupleElement) Subspace {
	return subspace{s.Pack(el)}
}

func (s subspace) Bytes() []byte { return s.rawPrefix }

func (s subspace) Pack(t tuple.Tuple) fdb.Key {
	key, err := officialStrings.PackAfter(s.rawPrefix, t)
	if err != nil {
		panic(err)
	}
	return fdb.Key(key)
}

func (s subspace) PackWithVersionstamp(t tuple.Tuple) (fdb.Key, error) {
	return t.PackWithVersionstamp(s.rawPrefix)
}

func (s subspace) Unpack(k fdb.KeyConvertible) (tuple.Tuple, error) {
	return UnpackWith(s, officialStrings, k)
}

// PackWith returns the prefix of s followed by t packed with c. Unlike
// s.Pack, it returns an error where Pack panics, and it writes what c's
// extensions own (a tuple.Desc with tuple.DescExtension).
func PackWith(s Subspace, c tuple.Codec, t tuple.Tuple) (fdb.Key, error) {
	key, err := c.PackAfter(s.Bytes(), t)
	if err != nil {
		return nil, err
	}
	return fdb.Key(key), nil
}

// UnpackWith decodes the tuple after the prefix of s with c, which reads
// the elements of its extensions and decides what is strict. A key
// outside s is ErrNotInSubspace; the offsets of decoding errors count
// from the start of the key.
func UnpackWith(s Subspace, c tuple.Codec, k fdb.KeyConvertible) (tuple.Tuple, error) {
	key, prefix := k.FDBKey(), s.Bytes()
	if !bytes.HasPrefix(key, prefix) {
		return nil, fmt.Errorf("%w: key %s, prefix %s", ErrNotInSubspace, fdb.Printable(key), fdb.Printable(prefix))
	}
	return c.UnpackAfter(key, len(prefix))
}

func (s subspace) Contains(k fdb.KeyConvertible) bool {
	return bytes.HasPrefix(k.FDBKey(), s.rawPrefix)
}

func (s subspace) FDBKey() fdb.Key { return fdb.Key(s.rawPrefix) }

func (s subspace) FDBRangeKeys() (fdb.KeyConvertible, fdb.KeyConvertible) {
	begin, end := tuple.RangeUnder(s.rawPrefix)
	return fdb.Key(begin), fdb.Key(end)
}

func (s subspace) FDBRangeKeySelectors() (fdb.Selectable, fdb.Selectable) {
	begin, end := s.FDBRangeKeys()
	return fdb.FirstGreaterOrEqual(begin), fdb.FirstGreaterOrEqual(end)
}
