package tuplewire

import (
	"fmt"

	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
	"github.com/fdbtuple/fdbtuple/types"
)

// Expect checks that b starts with an element of kind k, and returns the
// *DecodeError a Consume function gives otherwise (ErrWrongType, or
// ErrTruncated for an empty b, ErrInvalidCode for an unknown code). It
// reads one byte, so decoders of their own (package tuple's Consume
// functions, generated code) check kinds as the Consume functions do.
func Expect(b []byte, k types.Kind) error {
	if len(b) == 0 || types.Code(b[0]).Kind() != k {
		return kindError(b, k)
	}
	return nil
}

// kindError is built apart from Expect, which every Consume call runs.
func kindError(b []byte, k types.Kind) error {
	if len(b) == 0 {
		return elementError(b, wirecore.FaultAt(0, wirecore.FaultEmpty))
	}
	got := types.Code(b[0]).Kind()
	if got == types.KindInvalid {
		return elementError(b, wirecore.FaultAt(0, wirecore.FaultCode))
	}
	return &DecodeError{Code: types.Code(b[0]), Err: ErrWrongType, Detail: fmt.Sprintf("want %s, got %s", k, got)}
}

// consumeFixed checks that b starts with a whole fixed-size element of
// kind k and returns its length.
func consumeFixed(b []byte, k types.Kind) (int, error) {
	if err := Expect(b, k); err != nil {
		return 0, err
	}
	n := wirecore.FixedSize(b[0])
	if n > len(b) {
		return 0, elementError(b, wirecore.FaultAt(0, wirecore.FaultShort))
	}
	return n, nil
}
