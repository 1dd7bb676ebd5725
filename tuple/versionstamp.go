package tuple

import (
	"encoding/binary"
	"fmt"
	"math"
	"reflect"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
)

// OffsetSize is the width of the position suffix that PackWithVersionstamp
// appends for the database's versionstamped-key mutation.
type OffsetSize int

// The two suffix widths FoundationDB has used.
const (
	// Offset4 is the 4-byte little-endian position of API version 520 and
	// later, the default.
	Offset4 OffsetSize = 4
	// Offset2 is the 2-byte little-endian position of API versions below
	// 520; positions above 65535 cannot be written in it.
	Offset2 OffsetSize = 2
)

// OffsetSizeForAPIVersion returns the suffix width a client at the given
// FoundationDB API version expects. There is no global API version here:
// callers that need the old form pass it explicitly.
func OffsetSizeForAPIVersion(apiVersion int) OffsetSize {
	if apiVersion < 520 {
		return Offset2
	}
	return Offset4
}

// PackWithVersionstamp packs t, which must hold exactly one incomplete
// versionstamp at any depth, after prefix, and appends the 4-byte
// little-endian position of the stamp's transaction version (the byte after
// its 33 code, counted from the start of the output, prefix included). The
// result is the key for a versionstamped-key mutation: the database writes
// the commit version at that position and drops the suffix.
//
// Like the official binding (and like Pack), it writes a string's bytes as
// they are, valid UTF-8 or not. Unlike it, it always writes the 4-byte
// position of API version 520 and later, which every supported client
// uses; AppendWithVersionstamp takes the width. Where the official binding panics (an element it cannot
// encode), it returns the error.
//
// The API version selected with fdb.APIVersion never changes these bytes.
// Where the official binding would write the 2-byte position (a version
// below 520 selected), this one returns an error wrapping ErrOffsetSize
// instead of writing a suffix that program's database would misread; such
// a program calls AppendWithVersionstamp with Offset2. With no version
// selected it packs, where the official binding returns fdb.Error{2200}.
func (t Tuple) PackWithVersionstamp(prefix []byte) ([]byte, error) {
	if v, err := fdb.GetAPIVersion(); err == nil && OffsetSizeForAPIVersion(v) != Offset4 {
		return nil, fmt.Errorf("%w: API version %d is selected, which reads a 2-byte versionstamp position; PackWithVersionstamp writes only the 4-byte one of API 520 and later: use AppendWithVersionstamp(prefix, tuple.Offset2)", ErrOffsetSize, v)
	}
	dst := make([]byte, len(prefix), len(prefix)+64)
	copy(dst, prefix)
	return t.appendWithVersionstamp(dst, Offset4, true)
}

// AppendWithVersionstamp is PackWithVersionstamp with the caller's buffer and
// suffix width: dst is the prefix, and the position is counted from dst[0].
// Strings must be valid UTF-8. On error it returns dst unchanged.
func (t Tuple) AppendWithVersionstamp(dst []byte, size OffsetSize) ([]byte, error) {
	return t.appendWithVersionstamp(dst, size, false)
}

func (t Tuple) appendWithVersionstamp(dst []byte, size OffsetSize, rawUTF8 bool) ([]byte, error) {
	if size != Offset2 && size != Offset4 {
		return dst, &EncodeError{Type: reflect.TypeOf(size), Err: ErrOffsetSize, Detail: fmt.Sprintf("%d bytes (Offset2 or Offset4)", int(size))}
	}
	e := encoder{allowIncomplete: true, rawUTF8: rawUTF8}
	out, err := e.appendTuple(dst, t, false, 0)
	switch {
	case err != nil:
		return dst, e.placed(err)
	case e.stamps == 0:
		return dst, tupleError(t, ErrNoIncompleteVersionstamp)
	case e.stamps > 1:
		return dst, tupleError(t, ErrMultipleIncompleteVersionstamps)
	}
	if size == Offset2 {
		if e.stampPos > math.MaxUint16 {
			return dst, tupleError(t, ErrVersionstampPosition)
		}
		return binary.LittleEndian.AppendUint16(out, uint16(e.stampPos)), nil
	}
	if uint64(e.stampPos) > math.MaxUint32 { // an int is 32 bits on some platforms, where no position is past it
		return dst, tupleError(t, ErrVersionstampPosition)
	}
	return binary.LittleEndian.AppendUint32(out, uint32(e.stampPos)), nil
}

// HasIncompleteVersionstamp reports whether t holds an incomplete
// versionstamp at any depth. As in the official binding, the error is
// ErrMultipleIncompleteVersionstamps when it holds more than one.
func (t Tuple) HasIncompleteVersionstamp() (bool, error) {
	n := countIncomplete(t, 0)
	if n > 1 {
		return true, ErrMultipleIncompleteVersionstamps
	}
	return n == 1, nil
}

func countIncomplete(t []any, depth int) int {
	n := 0
	for _, v := range t {
		// normalize, as the encoder does: a named tuple type holds stamps too.
		switch v := normalize(v).(type) {
		case Versionstamp:
			if !v.IsComplete() {
				n++
			}
		case Tuple, []any:
			if depth < wirecore.MaxDepth {
				n += countIncomplete(asSlice(v), depth+1)
			}
		}
	}
	return n
}
