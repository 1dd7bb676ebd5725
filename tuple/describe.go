package tuple

// Describe renders any key for humans, for logs and error messages. It
// never fails: it decodes elements strictly for as long as they decode,
// prints them as a tuple, and shows whatever is left in printable form:
//
//	("user", 42)                     a valid packed tuple
//	("user", 42) + b"\x23\x00"       decoding stopped at the 0x23 code
//	() + b"hello"                    not a tuple at all
//	("user", user(0x42, b"\x01"))     a user type code, not known here
//
// Codec.Describe also prints the elements of the codec's extensions.
func Describe(key []byte) string {
	return Codec{}.Describe(key)
}
