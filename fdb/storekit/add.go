package storekit

// LittleEndianAdd is FoundationDB's ADD atomic operation on one value
// (doLittleEndianAdd in fdbclient/Atomic.h): stored and param are unsigned
// little-endian integers, and the result is their sum cut to len(param)
// bytes. An absent or shorter stored value counts as zero-extended, a
// longer one as cut to len(param) bytes, and the sum wraps around on
// overflow. So an empty param gives an empty value, and an absent or empty
// stored value gives a copy of param, as FoundationDB's two early returns
// do.
//
// The result is a new slice, never nil, that shares no memory with either
// argument: storing it stores a present value, empty or not.
func LittleEndianAdd(stored, param []byte) []byte {
	sum := make([]byte, len(param))
	carry := 0
	for i, p := range param {
		s := int(p) + carry
		if i < len(stored) {
			s += int(stored[i])
		}
		sum[i] = byte(s)
		carry = s >> 8
	}
	return sum
}

// applyAdds applies pending adds to a stored value, oldest first.
func applyAdds(stored []byte, params [][]byte) []byte {
	v := stored
	for _, p := range params {
		v = LittleEndianAdd(v, p)
	}
	return v
}
