package timeline

import (
	"fmt"

	"github.com/fdbtuple/fdbtuple/tuple"
)

// KeyError is an error of the timeline with the key it concerned: a
// store's error on a read or a write, or a key that does not decode.
type KeyError struct {
	Op  string // "get", "put", "range", "decode"
	Key []byte
	Err error
}

func (e *KeyError) Error() string {
	return fmt.Sprintf("timeline: %s %s: %v", e.Op, tuple.Describe(e.Key), e.Err)
}

// Unwrap returns the underlying error.
func (e *KeyError) Unwrap() error { return e.Err }
