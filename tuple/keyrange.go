package tuple

import "github.com/fdbtuple/fdbtuple/fdb"

// Ranges. Each name for a range in this module has one meaning:
//
//   - Range (Tuple.Range, RangeUnder, Plan.Range, PlanUnder.Range, and a
//     subspace's FDBRangeKeys, as in the official binding): the tuple keys
//     under a prefix, [prefix+00, prefix+FF). Every key in it is the
//     prefix followed by at least one element, since every element's
//     code is below FF; the prefix itself is not in it.
//   - fdb.PrefixRange: every key that starts with the prefix's bytes,
//     the prefix itself included, [prefix, fdb.Strinc(prefix)): a byte
//     range, which also holds keys that are not tuples after the prefix.
//   - Between (Plan.Between, PlanUnder.Between): the keys of a plan
//     whose field lies between two values, in the field's order.
//   - fdb.KeyRange: any [Begin, End).
//   - PrefixEnd is not a range but its end: the first key after every
//     key that starts with the prefix (fdb.Strinc). The first key after
//     one key is fdb.KeyAfter, the key followed by 00.

// Range returns the range of the tuple keys under t: RangeUnder of
// Pack(t), every key that is t's encoding followed by at least one
// element, not Pack(t) itself (the official binding's FDBRangeKeys).
// Like Pack, it panics if t cannot be packed; use RangeUnder on
// Codec.Pack's result to get an error instead.
func (t Tuple) Range() (begin, end []byte) {
	return RangeUnder(t.Pack())
}

// RangeUnder returns the range of the tuple keys under prefix,
// [prefix+00, prefix+FF): every key that is prefix followed by at least
// one element, and not prefix itself. (fdb.PrefixRange is another range:
// every key that starts with prefix's bytes.) The results do not share
// memory with prefix.
func RangeUnder(prefix []byte) (begin, end []byte) {
	begin = make([]byte, len(prefix)+1)
	copy(begin, prefix)
	end = make([]byte, len(prefix)+1)
	copy(end, prefix)
	end[len(prefix)] = 0xFF
	return begin, end
}

// PrefixEnd returns the first key that sorts after every key starting with
// prefix: fdb.Strinc, which drops trailing FF bytes and increments the last
// remaining byte. It fails with ErrNoPrefixEnd (fdb.ErrNoStrinc) for an
// empty prefix or one made only of FF bytes, which no key sorts after.
func PrefixEnd(prefix []byte) ([]byte, error) { return fdb.Strinc(prefix) }
