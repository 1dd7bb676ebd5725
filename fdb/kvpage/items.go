package kvpage

import (
	"errors"
	"fmt"
	"iter"

	"github.com/fdbtuple/fdbtuple/fdb"
)

// A Decoder decodes a key into a T: *tuple.Plan[T] and *tuple.PlanUnder[T]
// are Decoders, and so is anything else with their Unmarshal method.
type Decoder[T any] interface {
	Unmarshal(key []byte, v *T) error
}

// Item is a pair of a range with its key decoded.
type Item[T any] struct {
	Key     fdb.Key
	Value   []byte
	Decoded T // the key, decoded by the Decoder
}

// ErrUndecodable: a key of the range that the Decoder refuses (see
// KeyError).
var ErrUndecodable = errors.New("kvpage: key does not decode")

// KeyError is a key of the range that the Decoder refuses: a key of
// another type among the range's, or a damaged one. Its Err is the
// Decoder's error, which for a plan says at which byte offset and field.
// errors.Is finds ErrUndecodable and the Decoder's sentinels in it.
type KeyError struct {
	Key fdb.Key
	Err error
}

func (e *KeyError) Error() string {
	return fmt.Sprintf("kvpage: key %s does not decode: %v", fdb.Printable(e.Key), e.Err)
}

// Unwrap returns ErrUndecodable and the Decoder's error.
func (e *KeyError) Unwrap() []error { return []error{ErrUndecodable, e.Err} }

// decode sets *it to kv with its key decoded. it is the caller's, on the
// heap once for many pairs: the Decoder is an interface, so the pointer
// it is given escapes, and a variable of decode's own would cost an
// allocation per pair.
func decode[T any](dec Decoder[T], kv fdb.KeyValue, it *Item[T]) error {
	*it = Item[T]{Key: kv.Key, Value: kv.Value}
	if err := dec.Unmarshal(kv.Key, &it.Decoded); err != nil {
		*it = Item[T]{}
		return &KeyError{Key: kv.Key, Err: err}
	}
	return nil
}

// Items is Pairs with each key decoded by dec (a plan, or a plan under a
// prefix, whose range r is). A key that does not decode is a *KeyError,
// yielded once: it ends the iteration, and no key is skipped.
func Items[T any](rt fdb.ReadTransactor, dec Decoder[T], r fdb.ExactRange, o Options) iter.Seq2[Item[T], error] {
	return func(yield func(Item[T], error) bool) {
		var it Item[T]
		for kv, err := range Pairs(rt, r, o) {
			if err == nil {
				err = decode(dec, kv, &it)
			}
			if err != nil {
				yield(Item[T]{}, err)
				return
			}
			if !yield(it, nil) {
				return
			}
		}
	}
}

// ReadItems is Read with each key decoded by dec. A key that does not
// decode fails the page with a *KeyError.
func ReadItems[T any](rt fdb.ReadTransactor, dec Decoder[T], r fdb.ExactRange, after string, o Options) (Page[Item[T]], error) {
	p, err := Read(rt, r, after, o)
	if err != nil {
		return Page[Item[T]]{}, err
	}
	out := Page[Item[T]]{Next: p.Next, Back: p.Back, Reverse: p.Reverse, Items: make([]Item[T], len(p.Items))}
	for i, kv := range p.Items {
		if err := decode(dec, kv, &out.Items[i]); err != nil {
			return Page[Item[T]]{}, err
		}
	}
	return out, nil
}
