package tuple

// Describe renders any key for humans, for logs and error messages. It
// never fails: it decodes elements strictly for as long as they decode,
// prints them as a tuple, and shows whatever is left in printable form:
//
//	("user", 42)                     a valid packed tuple
//	("user", 42) + b"\x23\x00"       decoding stopped at the 0x23 code
//	() + b"hello"                    not a tuple at all
func Describe(key []byte) string {
	var t Tuple
	rest := key
	for len(rest) > 0 {
		v, n, err := ConsumeElement(rest)
		if err != nil {
			break
		}
		t = append(t, v)
		rest = rest[n:]
	}
	out, _ := appendTupleText(nil, t, true, 0)
	if len(rest) > 0 {
		out = appendBytesText(append(out, " + "...), rest)
	}
	return string(out)
}
