package tuple

import "github.com/fdbtuple/fdbtuple/fdb"

// Range returns the key range holding every tuple that extends t by at
// least one element: [Pack(t)+00, Pack(t)+FF). It does not hold Pack(t)
// itself, as in the official binding's FDBRangeKeys. Like Pack, it panics
// if t cannot be packed; use PrefixRange on Codec.Pack's result to get
// an error instead.
func (t Tuple) Range() (begin, end []byte) {
	return PrefixRange(t.Pack())
}

// PrefixRange returns [prefix+00, prefix+FF): every key that is a packed
// tuple of at least one element after prefix. The results do not share
// memory with prefix.
func PrefixRange(prefix []byte) (begin, end []byte) {
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
