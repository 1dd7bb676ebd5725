package tuple

import (
	"bytes"
	"encoding/binary"
)

// constElement is a constant field's element: its encoding, and the
// first 16 bytes of that as two little-endian words with masks. A plan
// matches a constant in every key it decodes, and most constants are a
// few bytes ("user" is 6), so two loads and compares are worth keeping
// beside the bytes: they take a third of the time of a call to compare.
type constElement struct {
	enc   []byte
	words [2]uint64
	masks [2]uint64
}

// newConstElement is the constant whose encoding is enc.
func newConstElement(enc []byte) *constElement {
	c := &constElement{enc: enc}
	for i, b := range enc[:min(len(enc), 16)] {
		c.words[i/8] |= uint64(b) << (8 * (i % 8))
		c.masks[i/8] |= 0xFF << (8 * (i % 8))
	}
	return c
}

// prefixOf reports whether in starts with the constant's encoding. It
// is inlined into the plan's loop; near the end of a key, the words
// would read past it, and bytes are compared instead.
func (c *constElement) prefixOf(in []byte) bool {
	if len(in) < 16 || len(c.enc) > 16 {
		return bytes.HasPrefix(in, c.enc)
	}
	return binary.LittleEndian.Uint64(in)&c.masks[0] == c.words[0] &&
		binary.LittleEndian.Uint64(in[8:])&c.masks[1] == c.words[1]
}
