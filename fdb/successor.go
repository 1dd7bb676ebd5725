package fdb

// KeyAfter returns the first key after key: key followed by a 00 byte,
// in a slice of its own. It is the first key a range read resumes at
// after reading key (FirstGreaterThan(key) as a key rather than a
// selector), and the end of the range that holds key alone,
// [key, KeyAfter(key)).
//
// Three successors, one for each question:
//
//   - KeyAfter(k): the first key after the key k. The keys that start
//     with k and go on (k followed by more bytes) are after it.
//   - Strinc(p): the first key after every key that starts with the bytes
//     p, the end of PrefixRange(p).
//   - p followed by FF (the end of tuple.RangeUnder(p)): the first key
//     after every tuple key that is p followed by elements. A key that
//     goes on with FF, which starts no element (p a string element, and
//     the key a longer string, "a\x00" after "a"), is after it.
func KeyAfter(key []byte) Key {
	k := make(Key, len(key)+1)
	copy(k, key)
	return k
}
