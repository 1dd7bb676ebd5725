package tuple

import (
	"encoding"

	"github.com/fdbtuple/fdbtuple/types"
	"github.com/google/uuid"
)

// TupleElement is any value a Tuple can hold; the package doc lists the
// supported Go types. The name matches the official binding.
type TupleElement = any

// Tuple is an ordered list of elements: the value the tuple layer encodes.
// The zero value is the empty tuple, which packs to zero bytes.
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
	_ encoding.BinaryAppender    = Tuple(nil)
	_ encoding.BinaryMarshaler   = Tuple(nil)
	_ encoding.BinaryUnmarshaler = (*Tuple)(nil)
)

// Pack returns the tuple's encoding. It has the official binding's
// signature and, like it, panics when an element cannot be encoded (an
// unsupported Go type, invalid UTF-8, an integer over 255 bytes, an
// incomplete versionstamp, nesting past MaxDepth). Use MarshalBinary or
// AppendBinary to get an error instead.
func (t Tuple) Pack() []byte {
	b, err := t.MarshalBinary()
	if err != nil {
		panic(err)
	}
	return b
}

// MarshalBinary returns the tuple's encoding in a slice of exactly the
// right length, allocated once.
func (t Tuple) MarshalBinary() ([]byte, error) { return packAfter(nil, t) }

// packAfter returns prefix followed by t's encoding, in a new slice of
// exactly the right length.
func packAfter(prefix []byte, t Tuple) ([]byte, error) {
	// Most keys are short: encode into a stack buffer and copy the result
	// out, which costs one allocation and one pass over the elements.
	var buf [stackPackLen]byte
	if len(prefix) <= len(buf) {
		if out, ok := appendPlain(append(buf[:0], prefix...), t, false, 0, len(buf)); ok {
			return clone(out), nil
		}
	}
	var e encoder
	n, err := e.sizeTuple(t, false, 0)
	if err != nil {
		return nil, err
	}
	e.validated = true
	dst := make([]byte, len(prefix), len(prefix)+n)
	copy(dst, prefix)
	return e.appendTuple(dst, t, false, 0)
}

// stackPackLen is the longest encoding MarshalBinary builds on the stack
// before copying it out; longer ones are sized first.
const stackPackLen = 256

// clone returns a copy of b with no spare capacity. Unlike make and copy,
// append does not zero the bytes it is about to overwrite.
func clone(b []byte) []byte {
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
	return e.appendTuple(dst, t, false, 0)
}

// UnmarshalBinary sets *t to the strict decoding of b. The result shares no
// memory with b.
func (t *Tuple) UnmarshalBinary(b []byte) error {
	u, err := Unpack(b)
	if err != nil {
		return err
	}
	*t = u
	return nil
}
