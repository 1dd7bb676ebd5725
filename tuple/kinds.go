package tuple

import (
	"fmt"

	"github.com/fdbtuple/fdbtuple/types"
)

// Each element kind has a file: int.go, bigint.go, float.go, string.go
// (byte strings and strings), scalar.go (null, booleans, UUIDs),
// versionstamp.go and nested.go. Each holds the kind's Append, Consume and
// Size functions side by side, under a note on its byte format.
//
// The Append functions append one complete element, type code included,
// to dst and return the extended slice. None retains dst or changes
// dst[:len(dst)], and none allocates when cap(dst) has room for the
// element. The Size functions report how many bytes the matching Append
// function writes, so that a caller can size a buffer once.
//
// The Consume functions decode the first element of b, which must be of the
// kind they are named for, and report its encoded length n, so that b[n:]
// starts at the next element. They decode strictly, as Unpack does, and
// fail with a *DecodeError wrapping ErrWrongType when the element is of
// another kind. Offsets in their errors count from b[0]; the path of an
// error inside a nested tuple starts inside it. Each kind's Consume
// functions are in the file of that kind.
//
// Except for ConsumeBytes, ConsumeString, ConsumeBigInt and ConsumeTuple,
// which return new memory, they do not allocate. ConsumeBytesAppend and
// ConsumeStringAppend decode into a caller's buffer instead, for loops that
// must not allocate; their results never alias b.

// expect checks that b starts with an element of kind k. It is called for
// every element a Consume function reads, so the error is built apart.
func expect(b []byte, k types.Kind) error {
	if len(b) == 0 || types.Code(b[0]).Kind() != k {
		return kindError(b, k)
	}
	return nil
}

func kindError(b []byte, k types.Kind) error {
	if len(b) == 0 {
		return elementError(b, fault{0, faultEmpty})
	}
	got := types.Code(b[0]).Kind()
	if got == types.KindInvalid {
		return elementError(b, fault{0, faultCode})
	}
	return newDecodeError(b, 0, ErrWrongType, fmt.Sprintf("want %s, got %s", k, got))
}

// newDecodeError is a fault of the element at b[pos] that is no breach of
// the format but of what the caller asked for (a kind, a range).
func newDecodeError(b []byte, pos int, err error, detail string) *DecodeError {
	return &DecodeError{Offset: pos, Code: types.Code(b[pos]), Err: err, Detail: detail}
}

// ConsumeElement decodes the first element of b, of any kind, into the Go
// type Unpack would give it.
func ConsumeElement(b []byte) (v any, n int, err error) {
	return Codec{}.ConsumeElement(b)
}

// consumeFixed checks that b starts with a whole fixed-size element of
// kind k and returns its length.
func consumeFixed(b []byte, k types.Kind) (int, error) {
	if err := expect(b, k); err != nil {
		return 0, err
	}
	n := fixedSize[b[0]]
	if n > len(b) {
		return 0, elementError(b, fault{0, faultShort})
	}
	return n, nil
}
