package tuple

import "bytes"

// Keys are mostly short ASCII strings. For those, one plain loop that
// checks every byte at once (no 00 to escape, nothing to validate as
// UTF-8) beats the vectorised searches, whose call overhead dominates on
// a few bytes. Longer inputs go to the vectorised paths.
const shortLen = 32

// plainASCII reports whether s is short, ASCII and free of 00 bytes, so
// that it can be copied into an encoding as it is.
func plainASCII(s string) bool {
	if len(s) > shortLen {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == 0x00 || c >= 0x80 {
			return false
		}
	}
	return true
}

// shortStringLen returns the encoded length of a byte or text string
// element at b[0] that ends within shortLen bytes and holds no escaped 00,
// or 0 when it is not one (the general path then decides).
func shortStringLen(b []byte) int {
	if b[0] != 0x01 && b[0] != 0x02 {
		return 0
	}
	for i := 1; i < len(b) && i <= shortLen; i++ {
		if b[i] == 0x00 {
			if i+1 < len(b) && b[i+1] == 0xFF {
				return 0
			}
			return i + 1
		}
	}
	return 0
}

// indexZero is bytes.IndexByte(b, 0) with a plain loop over the first
// bytes.
func indexZero(b []byte) int {
	n := min(len(b), shortLen)
	for i := 0; i < n; i++ {
		if b[i] == 0x00 {
			return i
		}
	}
	if n == len(b) {
		return -1
	}
	if i := bytes.IndexByte(b[n:], 0x00); i >= 0 {
		return n + i
	}
	return -1
}
