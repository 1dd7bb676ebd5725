package tuple

import (
	"encoding"

	"github.com/google/uuid"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/types"
)

// TupleElement is any value a Tuple can hold; the package doc lists the
// supported Go types. The name matches the official binding.
type TupleElement = any

// Tuple is an ordered list of elements: the value the tuple layer encodes.
// The zero value is the empty tuple, which packs to zero bytes.
//
// Tuple deliberately implements none of encoding.BinaryMarshaler,
// TextMarshaler or their Unmarshalers, so that encoding/gob and
// encoding/json treat it as the official binding's Tuple is treated: as a
// slice (see MarshalJSON). Pack, Codec.Pack and AppendBinary give its key.
type Tuple []TupleElement

// UUID is github.com/google/uuid's UUID, a [16]byte. The alias keeps code
// written against the official binding's tuple.UUID compiling.
type UUID = uuid.UUID

// Versionstamp is types.Versionstamp, aliased so that code written against
// the official binding's tuple.Versionstamp compiles.
type Versionstamp = types.Versionstamp

// IncompleteVersionstamp returns a placeholder stamp with the given user
// version, for use with PackWithVersionstamp.
func IncompleteVersionstamp(userVersion uint16) Versionstamp {
	return types.IncompleteVersionstamp(userVersion)
}

var (
	_ encoding.BinaryAppender = Tuple(nil)
	_ fdb.KeyConvertible      = Tuple(nil)
	_ fdb.ExactRange          = Tuple(nil)
)

// Pack returns the tuple's encoding. It has the official binding's
// signature and behaviour: it panics when an element cannot be encoded (an
// unsupported Go type, an integer over 255 bytes, an incomplete
// versionstamp, nesting past tuplewire.MaxDepth), and it writes a string's bytes as
// they are, valid UTF-8 or not. Use Codec.Pack or AppendBinary to get an
// error instead, and the strict check of every string.
func (t Tuple) Pack() []byte {
	b, err := packAfter(nil, t, true)
	if err != nil {
		panic(err)
	}
	return b
}

// packAfter returns prefix followed by t's encoding, in a new slice of
// exactly the right length. With rawUTF8 it writes strings that are not
// valid UTF-8 byte for byte instead of refusing them.
func packAfter(prefix []byte, t Tuple, rawUTF8 bool) ([]byte, error) {
	// Most keys are short: encode into a stack buffer and copy the result
	// out, which costs one allocation and one pass over the elements.
	var buf [stackPackLen]byte
	if len(prefix) <= len(buf) {
		if out, ok := appendPlain(append(buf[:0], prefix...), t, false, 0, len(buf)); ok {
			return clone(out), nil
		}
	}
	e := encoder{rawUTF8: rawUTF8}
	n, err := e.sizeTuple(t, false, 0)
	if err != nil {
		return nil, e.placed(err)
	}
	e.validated = true
	dst := make([]byte, len(prefix), len(prefix)+n)
	copy(dst, prefix)
	out, err := e.appendTuple(dst, t, false, 0)
	return out, e.placed(err)
}

// stackPackLen is the longest encoding Pack builds on the stack before
// copying it out; longer ones are sized first.
const stackPackLen = 256

// clone returns a copy of b with no spare capacity. Unlike make and copy,
// append does not zero the bytes it is about to overwrite.
func clone(b []byte) []byte {
	if len(b) == 0 {
		return []byte{} // not nil, as the official binding's empty key
	}
	c := append([]byte(nil), b...)
	return c[:len(c):len(c)]
}

// AppendBinary appends the tuple's encoding to dst. It never retains dst or
// changes dst[:len(dst)], and it does not allocate when cap(dst) has room.
// On error it returns dst with its original length.
func (t Tuple) AppendBinary(dst []byte) ([]byte, error) {
	if out, ok := appendPlain(dst, t, false, 0, noLimit); ok {
		return out, nil
	}
	var e encoder
	out, err := e.appendTuple(dst, t, false, 0)
	return out, e.placed(err)
}

// FDBKey returns Pack(), so that a Tuple is an fdb.KeyConvertible, as in
// the official binding. Like Pack, it panics if t cannot be encoded.
func (t Tuple) FDBKey() fdb.Key { return t.Pack() }

// FDBRangeKeys returns the range of every tuple that extends t by at least
// one element (see Range), as fdb.Keys.
func (t Tuple) FDBRangeKeys() (fdb.KeyConvertible, fdb.KeyConvertible) {
	begin, end := t.Range()
	return fdb.Key(begin), fdb.Key(end)
}

// FDBRangeKeySelectors returns FirstGreaterOrEqual of FDBRangeKeys' ends.
func (t Tuple) FDBRangeKeySelectors() (fdb.Selectable, fdb.Selectable) {
	begin, end := t.FDBRangeKeys()
	return fdb.FirstGreaterOrEqual(begin), fdb.FirstGreaterOrEqual(end)
}
