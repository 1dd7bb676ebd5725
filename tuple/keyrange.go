package tuple

// Range returns the key range holding every tuple that extends t by at
// least one element: [Pack(t)+00, Pack(t)+FF). It does not hold Pack(t)
// itself, as in the official binding's FDBRangeKeys. Like Pack, it panics
// if t cannot be packed; use PrefixRange on MarshalBinary's result to get
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
// prefix (FoundationDB's strinc): trailing FF bytes are dropped and the last
// remaining byte is incremented. It fails with ErrNoPrefixEnd for an empty
// prefix or one made only of FF bytes, which no key sorts after.
func PrefixEnd(prefix []byte) ([]byte, error) {
	n := len(prefix)
	for n > 0 && prefix[n-1] == 0xFF {
		n--
	}
	if n == 0 {
		return nil, ErrNoPrefixEnd
	}
	end := make([]byte, n)
	copy(end, prefix)
	end[n-1]++
	return end, nil
}
