package tuplewire

import (
	"bytes"
	"strings"

	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
	"github.com/fdbtuple/fdbtuple/types"
)

// Byte strings (01) and Unicode strings (02, UTF-8): the code, the content
// with every 00 written 00 FF, and a terminating 00. Escaping keeps the
// order of the content: a shorter string sorts first because its
// terminating 00 is below every content byte, and 00 FF sorts below any
// other continuation.

// AppendBytes appends a byte string: 01, the bytes with every 00 written as
// 00 FF, and a terminating 00.
func AppendBytes(dst, v []byte) []byte {
	dst = append(dst, byte(types.CodeBytes))
	return append(wirecore.AppendEscapedBytes(dst, v), 0x00)
}

// AppendString appends a Unicode string the way AppendBytes appends bytes,
// with code 02. The string must be valid UTF-8, since every other binding
// rejects invalid UTF-8 when it reads the key; AppendString does not check
// (the check costs a pass over the string), so use AppendStringChecked
// where the text comes from outside.
func AppendString(dst []byte, v string) []byte {
	dst = append(dst, byte(types.CodeString))
	return append(wirecore.AppendEscapedString(dst, v), 0x00)
}

// AppendStringChecked is AppendString that first checks that v is valid
// UTF-8. On error it returns dst unchanged and ErrInvalidUTF8. A short
// ASCII string without a 00, the common key string, takes one pass that
// checks both, and one copy.
func AppendStringChecked(dst []byte, v string) ([]byte, error) {
	if wirecore.PlainASCII(v) {
		return append(append(append(dst, byte(types.CodeString)), v...), 0x00), nil
	}
	if !wirecore.TextStringOK(v, false) {
		return dst, ErrInvalidUTF8
	}
	return AppendString(dst, v), nil
}

// consumeRaw frames the byte or text string at b[0] and returns its
// escaped content, the number of 00s escaped in it, the element's length,
// and whether the content is known to be ASCII (short strings only), so
// that the Consume functions copy plain content with one append and check
// UTF-8 only when they must.
func consumeRaw(b []byte, k types.Kind) (raw []byte, esc, n int, ascii bool, err error) {
	if err := Expect(b, k); err != nil {
		return nil, 0, 0, false, err
	}
	if end, ascii := wirecore.ShortEndASCII(b, 1); end >= 0 {
		return b[1:end], 0, end + 1, ascii, nil
	}
	end, next, esc, f := wirecore.StringSpanLong(b, 0, false)
	if f.Failed() {
		return nil, 0, 0, false, elementError(b, f)
	}
	return b[1:end], esc, next, false, nil
}

// ConsumeBytesAppend decodes a byte string (code 01) by appending its
// unescaped content to dst. It does not allocate when cap(dst) has room.
func ConsumeBytesAppend(dst, b []byte) (out []byte, n int, err error) {
	raw, esc, n, _, err := consumeRaw(b, types.KindBytes)
	if err != nil {
		return dst, 0, err
	}
	return wirecore.Unescaped(dst, raw, esc), n, nil
}

// ConsumeBytes decodes a byte string (code 01) into new memory.
func ConsumeBytes(b []byte) (v []byte, n int, err error) {
	raw, esc, n, _, err := consumeRaw(b, types.KindBytes)
	if err != nil {
		return nil, 0, err
	}
	return wirecore.Unescaped(make([]byte, 0, len(raw)-esc), raw, esc), n, nil
}

// ConsumeStringAppend decodes a string (code 02) by appending its UTF-8
// bytes to dst, after checking they are valid UTF-8. It does not allocate
// when cap(dst) has room.
func ConsumeStringAppend(dst, b []byte) (out []byte, n int, err error) {
	return consumeStringAppend(dst, b, false)
}

// ConsumeStringAppendUnchecked is ConsumeStringAppend without the UTF-8
// check: it appends the string's bytes as they are, valid UTF-8 or not,
// as package tuple's Codec{AllowInvalidUTF8: true} reads them (keys the
// official Go binding wrote from such strings).
func ConsumeStringAppendUnchecked(dst, b []byte) (out []byte, n int, err error) {
	return consumeStringAppend(dst, b, true)
}

// consumeStringAppend is ConsumeStringAppend under the UTF-8 rule with
// allowInvalid (wirecore.TextOK).
func consumeStringAppend(dst, b []byte, allowInvalid bool) (out []byte, n int, err error) {
	raw, esc, n, ascii, err := consumeRaw(b, types.KindString)
	if err != nil {
		return dst, 0, err
	}
	start := len(dst)
	out = wirecore.Unescaped(dst, raw, esc)
	if !ascii && !wirecore.TextOK(out[start:], allowInvalid) {
		return dst, 0, elementError(b, wirecore.FaultAt(0, wirecore.FaultUTF8))
	}
	return out, n, nil
}

// ConsumeString decodes a string (code 02) into a new Go string.
func ConsumeString(b []byte) (v string, n int, err error) {
	raw, esc, n, ascii, err := consumeRaw(b, types.KindString)
	if err != nil {
		return "", 0, err
	}
	content := raw
	if esc > 0 {
		content = wirecore.Unescaped(make([]byte, 0, len(raw)-esc), raw, esc)
	}
	if !ascii && !wirecore.TextOK(content, false) {
		return "", 0, elementError(b, wirecore.FaultAt(0, wirecore.FaultUTF8))
	}
	return string(content), n, nil
}

// SizeBytes reports the encoded length of a byte string.
func SizeBytes(v []byte) int { return 2 + len(v) + bytes.Count(v, zeroByte) }

// SizeString reports the encoded length of a string.
func SizeString(v string) int { return 2 + len(v) + strings.Count(v, "\x00") }

var zeroByte = []byte{0}
