package gobinding_test

import (
	"fmt"

	official "github.com/fdbtuple/fdbtuple/compat/gobinding/official/tuple"
	"github.com/fdbtuple/fdbtuple/tuple"
)

// toOfficial converts a tuple to the official package's types: its UUID,
// Versionstamp and Tuple are types of their own, the rest is shared.
func toOfficial(t tuple.Tuple) official.Tuple {
	if t == nil {
		return nil
	}
	out := make(official.Tuple, len(t))
	for i, v := range t {
		switch v := v.(type) {
		case tuple.UUID:
			out[i] = official.UUID(v)
		case tuple.Versionstamp:
			out[i] = official.Versionstamp{TransactionVersion: v.TransactionVersion, UserVersion: v.UserVersion}
		case tuple.Tuple:
			out[i] = toOfficial(v)
		default:
			out[i] = v
		}
	}
	return out
}

// fromOfficial converts the official package's decoding to this one's
// types.
func fromOfficial(t official.Tuple) tuple.Tuple {
	if t == nil {
		return nil
	}
	out := make(tuple.Tuple, len(t))
	for i, v := range t {
		switch v := v.(type) {
		case official.UUID:
			out[i] = tuple.UUID(v)
		case official.Versionstamp:
			out[i] = tuple.Versionstamp{TransactionVersion: v.TransactionVersion, UserVersion: v.UserVersion}
		case official.Tuple:
			out[i] = fromOfficial(v)
		default:
			out[i] = v
		}
	}
	return out
}

// outcome is what one call did: its result, or the error it returned, or
// the panic it raised.
type outcome struct {
	val      any
	err      error
	panicked any
}

func (o outcome) String() string {
	switch {
	case o.panicked != nil:
		return fmt.Sprintf("panic(%v)", o.panicked)
	case o.err != nil:
		return fmt.Sprintf("error(%v)", o.err)
	}
	return fmt.Sprintf("%v", o.val)
}

// call runs f, catching a panic.
func call[T any](f func() (T, error)) (o outcome) {
	defer func() {
		if r := recover(); r != nil {
			o = outcome{panicked: r}
		}
	}()
	v, err := f()
	return outcome{val: v, err: err}
}

// ok wraps a function without an error result for call.
func ok[T any](f func() T) func() (T, error) {
	return func() (T, error) { return f(), nil }
}
