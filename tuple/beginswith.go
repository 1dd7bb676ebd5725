package tuple

import "github.com/fdbtuple/fdbtuple/tuple/tuplewire"

// Prefix queries for stores that offer "starts with" and "between"
// conditions on byte keys, as DynamoDB does on a binary sort key. Names
// follow fdb.PrefixRange: a Prefix is the bytes that every key of the set
// (and only those keys) starts with; Between gives inclusive ends.

// TupleBetween returns the inclusive ends of the keys whose tuple starts
// with the elements packed in tuplePrefix (which must be a whole packed
// tuple): low is tuplePrefix itself, high is tuplePrefix followed by FF.
// The results do not share memory with tuplePrefix.
//
// Which to use, on DynamoDB (begins_with(SK, :p), SK BETWEEN :low AND
// :high, both ends inclusive) and on an ordered store:
//
//	the keys                                 DynamoDB                                an ordered store
//	t, and every tuple that starts with t    BETWEEN TupleBetween(Pack(t))           [low, high) of the same ends
//	t, a string starting with s, anything    begins_with StringPrefix(Pack(t), s)    fdb.PrefixRange of those bytes
//	t, bytes starting with b, anything       begins_with BytesPrefix(Pack(t), b)     fdb.PrefixRange of those bytes
//
// Not begins_with(SK, Pack(t)) when t's last element is a string, a byte
// string or a nested tuple: that element ends with a 00 that a longer
// element continues with FF (an escaped 00 in the content, a null inside a
// nested tuple). ("post",) packs to 02 70 6F 73 74 00, which ("post\x00",)
// also starts with (02 70 6F 73 74 00 FF 00), so begins_with on it also
// returns the keys under ("post\x00",). It is right only when t ends with a
// fixed-length element (an integer, a float, a boolean, a UUID, a
// versionstamp, a null at the top level).
//
// The ends are exact over tuple keys: a key k with low <= k <= high starts
// with tuplePrefix (a key that differs earlier is below low or above high),
// and the byte after tuplePrefix is below FF for every tuple that extends
// it (no element starts with FF), while a string, byte string or nested
// tuple that merely continues tuplePrefix's last element has FF there
// followed by more bytes, which is above high. The one key in the range
// that no tuple packs to is high itself.
func TupleBetween(tuplePrefix []byte) (low, high []byte) {
	low = append([]byte(nil), tuplePrefix...)
	high = append(append(make([]byte, 0, len(tuplePrefix)+1), tuplePrefix...), 0xFF)
	return low, high
}

// StringPrefix returns the bytes that exactly the keys holding the tuple
// packed in tuplePrefix, then a string element whose text starts with s,
// then any elements, start with: the string's code and s's escaped bytes,
// without the terminating 00. It is the begins_with of a query such as
// every key under ("events", "2024-"), in string order (see TupleBetween
// for which helper to use where). s is taken as bytes: a prefix cut inside a multi-byte character matches the strings
// that continue it. The result does not share memory with tuplePrefix.
func StringPrefix(tuplePrefix []byte, s string) []byte {
	dst := append(make([]byte, 0, len(tuplePrefix)+len(s)+2), tuplePrefix...)
	dst = tuplewire.AppendString(dst, s)
	return dst[:len(dst)-1] // drop the terminator: the string may go on
}

// BytesPrefix is StringPrefix for a byte-string element: the keys holding
// the tuple packed in tuplePrefix, then a byte string starting with b,
// then any elements, are exactly those starting with the result.
func BytesPrefix(tuplePrefix []byte, b []byte) []byte {
	dst := append(make([]byte, 0, len(tuplePrefix)+len(b)+2), tuplePrefix...)
	dst = tuplewire.AppendBytes(dst, b)
	return dst[:len(dst)-1]
}
