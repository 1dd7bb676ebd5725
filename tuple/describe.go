package tuple

// Describe renders any key for humans, for logs and error messages. It
// never fails: it decodes elements strictly for as long as they decode,
// prints them as a tuple, and shows whatever is left in printable form:
//
//	("user", 42)                     a valid packed tuple
//	("user", 42) + b"\x23\x00"       decoding stopped at the 0x23 code
//	() + b"hello"                    not a tuple at all
//
// At a user type code it has no extension for, it says so, since the
// element's length and so the elements after it are unknown:
//
//	("user",) + b"B\x01\x15*" (stopped at offset 6: user type code 0x42 has
//	no extension here, so where its element ends is unknown; a Codec with
//	the Extension for code 0x42 reads it)
//
// Codec.Describe also prints the elements of the codec's extensions.
func Describe(key []byte) string {
	return Codec{}.Describe(key)
}
