package tuple

import (
	"errors"
	"fmt"
	"reflect"
	"sync"
)

// generatedKey is what `fdbtuple gen` (package tuplegen) writes on *T: the
// encoder and decoder of T's keys under Codec{}, without reflect, and the
// schema they are written for.
type generatedKey interface {
	AppendTupleKey(dst []byte) ([]byte, error)
	UnmarshalTupleKey(key []byte) (n int, err error)
	TupleKeySchema() string
}

// generatedCodec runs the generated methods of *T for a plan. A call
// through an interface makes its receiver escape, and the caller's *T
// must not (so that no plan makes a key struct declared by its caller
// allocate): the methods run on a pooled copy instead.
type generatedCodec[T any] struct {
	slots sync.Pool // of *generatedSlot[T]
}

// generatedSlot is a T and its methods, as an interface made once.
type generatedSlot[T any] struct {
	v   T
	key generatedKey
}

// newGeneratedCodec returns the generated codec of a plan of struct type
// T for codec c, whose schema the plan's schema returns, or nil if the
// plan keeps its reflective path: the methods are written for Codec{}
// (with the descending extension NewPlan adds for desc fields), so any
// other codec keeps it. Methods written for another schema (T changed, and the
// generator was not run again) are ErrStaleGenerated: the plan would
// write and read keys by T's old layout.
func newGeneratedCodec[T any](c Codec, schema func() string) (*generatedCodec[T], error) {
	t := reflect.TypeFor[T]()
	if !reflect.PointerTo(t).Implements(reflect.TypeFor[generatedKey]()) ||
		c.Lenient || c.AllowInvalidUTF8 || len(c.Extensions) > 0 {
		return nil, nil
	}
	// The schema is printed only here, for a type with the methods.
	if written, now := any(new(T)).(generatedKey).TupleKeySchema(), schema(); written != now {
		return nil, fmt.Errorf("%w: the methods of *%v (from fdbtuple gen) are written for the key schema\n\t%s\nand %v is now\n\t%s\nrun go generate (fdbtuple gen) again", ErrStaleGenerated, t, written, t, now)
	}
	g := &generatedCodec[T]{}
	g.slots.New = func() any {
		s := new(generatedSlot[T])
		s.key = any(&s.v).(generatedKey)
		return s
	}
	return g, nil
}

// append appends the key of *v, as Plan.appendFields does: dst
// unchanged on error.
func (g *generatedCodec[T]) append(dst []byte, v *T) ([]byte, error) {
	s := g.slots.Get().(*generatedSlot[T])
	s.v = *v
	out, err := s.key.AppendTupleKey(dst)
	var zero T
	s.v = zero // keep nothing of the caller's alive
	g.slots.Put(s)
	if err != nil {
		return dst, err
	}
	return out, nil
}

// unmarshalAt decodes the fields of *v from key[start:] and returns the
// rest of the key, as Plan.unmarshalAt does: the offsets of errors count
// from key[0].
func (g *generatedCodec[T]) unmarshalAt(key []byte, start int, v *T) ([]byte, error) {
	s := g.slots.Get().(*generatedSlot[T])
	s.v = *v // the fields the key does not hold (tagged -, unexported) keep their values, as on the reflective path
	n, err := s.key.UnmarshalTupleKey(key[start:])
	if err == nil {
		*v = s.v
	}
	var zero T
	s.v = zero
	g.slots.Put(s)
	if err != nil {
		if de, ok := err.(*DecodeError); ok && start > 0 {
			return nil, de.Rebase(start)
		}
		return nil, err
	}
	return key[start+n:], nil
}

// CheckGenerated reports whether the methods `fdbtuple gen` wrote on *T
// are written for T's key schema as the program has it: nil when they
// are (or when *T has none), an error wrapping ErrStaleGenerated that
// names both schemas when T changed since the generator ran. NewPlan
// checks the same; the generated file calls CheckGenerated once, when
// its package is initialized, and its methods return the error from
// every call, so that a stale file called directly does not write or
// read keys by T's old layout either.
func CheckGenerated[T any]() error {
	if _, err := NewPlan[T](Codec{}); errors.Is(err, ErrStaleGenerated) {
		return err
	}
	return nil
}
