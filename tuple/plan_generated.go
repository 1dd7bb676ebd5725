package tuple

import "reflect"

// generatedKey is what `fdbtuple gen` (package tuplegen) writes on *T: the
// encoder and decoder of T's keys under Codec{}, without reflect.
type generatedKey interface {
	AppendTupleKey(dst []byte) ([]byte, error)
	UnmarshalTupleKey(key []byte) (n int, err error)
}

// usesGenerated reports whether a plan of struct type t for codec c uses
// the methods generated on *t: they are written for Codec{} (with the
// descending extension NewPlan adds for desc fields), so any other codec
// keeps the reflective path.
func usesGenerated(t reflect.Type, c Codec) bool {
	return reflect.PointerTo(t).Implements(reflect.TypeFor[generatedKey]()) &&
		!c.Lenient && !c.AllowInvalidUTF8 && len(c.Extensions) == 0
}

// appendGenerated appends the key of *v with the generated method. It
// calls the method on a copy of *v: a call through an interface makes its
// receiver escape, and v must not, so that the reflective path of every
// other plan allocates nothing for a key struct declared by the caller.
func appendGenerated[T any](dst []byte, v *T) ([]byte, error) {
	c := new(T)
	*c = *v
	return any(c).(generatedKey).AppendTupleKey(dst)
}

// unmarshalGenerated decodes the start of key into *v with the generated
// method (into a copy, as appendGenerated) and returns the rest of key.
func unmarshalGenerated[T any](key []byte, v *T) ([]byte, error) {
	c := new(T)
	n, err := any(c).(generatedKey).UnmarshalTupleKey(key)
	if err != nil {
		return nil, err
	}
	*v = *c
	return key[n:], nil
}
