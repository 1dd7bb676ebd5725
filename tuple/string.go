package tuple

import (
	"bytes"
	"strings"
	"unicode/utf8"

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
	return append(appendEscapedBytes(dst, v), 0x00)
}

// AppendString appends a Unicode string the way AppendBytes appends bytes,
// with code 02. The string must be valid UTF-8, since every other binding
// rejects invalid UTF-8 when it reads the key; AppendString does not check
// (the check costs a pass over the string), so use AppendStringChecked or
// Tuple.AppendBinary where the text comes from outside.
func AppendString(dst []byte, v string) []byte {
	dst = append(dst, byte(types.CodeString))
	return append(appendEscapedString(dst, v), 0x00)
}

// AppendStringChecked is AppendString that first checks that v is valid
// UTF-8. On error it returns dst unchanged and ErrInvalidUTF8.
func AppendStringChecked(dst []byte, v string) ([]byte, error) {
	if !utf8.ValidString(v) {
		return dst, ErrInvalidUTF8
	}
	return AppendString(dst, v), nil
}

// appendEscapedBytes and appendEscapedString copy runs between zero bytes
// with one append each; the search for 00 is the vectorised IndexByte, so
// long strings with few zeros cost little more than a copy.
func appendEscapedBytes(dst, v []byte) []byte {
	for {
		i := bytes.IndexByte(v, 0x00)
		if i < 0 {
			return append(dst, v...)
		}
		dst = append(dst, v[:i]...)
		for ; i < len(v) && v[i] == 0x00; i++ { // a run of zeros
			dst = append(dst, 0x00, 0xFF)
		}
		v = v[i:]
	}
}

func appendEscapedString(dst []byte, v string) []byte {
	for {
		i := strings.IndexByte(v, 0x00)
		if i < 0 {
			return append(dst, v...)
		}
		dst = append(dst, v[:i]...)
		for ; i < len(v) && v[i] == 0x00; i++ { // a run of zeros
			dst = append(dst, 0x00, 0xFF)
		}
		v = v[i:]
	}
}

// consumeRaw frames the byte or text string at b[0] and returns its
// escaped content, the number of 00s escaped in it, the element's length,
// and whether the content is known to be ASCII (short strings only), so
// that the Consume functions copy plain content with one append and check
// UTF-8 only when they must.
func consumeRaw(b []byte, k types.Kind) (raw []byte, esc, n int, ascii bool, err error) {
	if err := expect(b, k); err != nil {
		return nil, 0, 0, false, err
	}
	if end, ascii := shortEnd(b, 1); end >= 0 {
		return b[1:end], 0, end + 1, ascii, nil
	}
	end, next, esc, f := stringSpanLong(b, 0, false)
	if f.failed() {
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
	return unescaped(dst, raw, esc), n, nil
}

// ConsumeBytes decodes a byte string (code 01) into new memory.
func ConsumeBytes(b []byte) (v []byte, n int, err error) {
	raw, esc, n, _, err := consumeRaw(b, types.KindBytes)
	if err != nil {
		return nil, 0, err
	}
	return unescaped(make([]byte, 0, len(raw)-esc), raw, esc), n, nil
}

// ConsumeStringAppend decodes a string (code 02) by appending its UTF-8
// bytes to dst, after checking they are valid UTF-8. It does not allocate
// when cap(dst) has room.
func ConsumeStringAppend(dst, b []byte) (out []byte, n int, err error) {
	raw, esc, n, ascii, err := consumeRaw(b, types.KindString)
	if err != nil {
		return dst, 0, err
	}
	start := len(dst)
	out = unescaped(dst, raw, esc)
	if !ascii && !utf8.Valid(out[start:]) {
		return dst, 0, elementError(b, fault{0, faultUTF8})
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
		content = unescaped(make([]byte, 0, len(raw)-esc), raw, esc)
	}
	if !ascii && !utf8.Valid(content) {
		return "", 0, elementError(b, fault{0, faultUTF8})
	}
	return string(content), n, nil
}

// stringSpan frames the byte or text string at in[pos]: its escaped
// content is in[pos+1:end], the element ends at next, and esc counts its
// escaped zeros. Leniently, a string without a terminator runs to the
// end of the input.
func stringSpan(in []byte, pos int, lenient bool) (end, next, esc int, f fault) {
	if end, _ := shortEnd(in, pos+1); end >= 0 {
		return end, end + 1, 0, fault{}
	}
	return stringSpanLong(in, pos, lenient)
}

func stringSpanLong(in []byte, pos int, lenient bool) (end, next, esc int, f fault) {
	end, esc, found := terminatorLong(in, pos+1)
	switch {
	case found:
		return end, end + 1, esc, fault{}
	case lenient:
		return end, end, esc, fault{}
	}
	return 0, 0, 0, fault{pos, faultUnterminated}
}

// shortEnd is the first step of finding a string's terminating 00 (the
// first 00 not followed by FF), small enough to be inlined:
// most key strings are short, and one plain loop finds their end sooner
// than the vectorised search. It returns -1 for a string that is long or
// holds an escaped zero, and whether the content is ASCII, which a
// string then need not be checked for UTF-8 again.
func shortEnd(in []byte, from int) (end int, ascii bool) {
	var high byte
	for i := from; i < len(in) && i < from+shortLen; i++ {
		if in[i] == 0x00 {
			if i+1 < len(in) && in[i+1] == 0xFF {
				return -1, false
			}
			return i, high < 0x80
		}
		high |= in[i]
	}
	return -1, false
}

// terminatorLong finds the terminating 00 of strings that are long or hold a 00.
// Runs of escaped zeros are stepped over without a new search.
func terminatorLong(in []byte, from int) (end, escapes int, found bool) {
	i := bytes.IndexByte(in[from:], 0x00)
	for i >= 0 {
		from += i
		for from+1 < len(in) && in[from] == 0x00 && in[from+1] == 0xFF {
			escapes++
			from += 2
		}
		if from < len(in) && in[from] == 0x00 {
			return from, escapes, true
		}
		i = bytes.IndexByte(in[from:], 0x00)
	}
	return len(in), escapes, false
}

// unescaped appends the escaped content raw of a string, unescaped; esc
// counts its escaped 00s (as the framing found them), and content without
// any is copied with one append.
func unescaped(dst, raw []byte, esc int) []byte {
	if esc == 0 {
		return append(dst, raw...)
	}
	out, _ := appendUnescaped(dst, raw, 0)
	return out
}

// appendUnescaped appends the content of a byte or text string that
// starts at in[from], with every 00 FF turned back into 00, and returns
// the offset of its terminator, the first 00 not followed by FF (len(in)
// if there is none). Given a string's escaped content alone, it appends
// all of it.
func appendUnescaped(dst, in []byte, from int) ([]byte, int) {
	for {
		run, zeros, next, done := unescapeStep(in, from)
		dst = append(dst, run...)
		for ; zeros > 0; zeros-- {
			dst = append(dst, 0x00)
		}
		if done {
			return dst, next
		}
		from = next
	}
}

// writeUnescaped is appendUnescaped for a strings.Builder, for the
// decoder's one buffer of all strings.
func writeUnescaped(w *strings.Builder, in []byte, from int) int {
	for {
		run, zeros, next, done := unescapeStep(in, from)
		w.Write(run)
		for ; zeros > 0; zeros-- {
			w.WriteByte(0x00)
		}
		if done {
			return next
		}
		from = next
	}
}

// unescapeStep is the one reader of escaped content: from in[from], the
// bytes up to and through the next escaped 00 (run), how many escaped 00s
// follow it directly (zeros, stepped over without a new search), and
// where to go on; or, done, the bytes up to the terminator (or the end of
// in) and the terminator's offset.
func unescapeStep(in []byte, from int) (run []byte, zeros, next int, done bool) {
	i := bytes.IndexByte(in[from:], 0x00)
	if i < 0 {
		return in[from:], 0, len(in), true
	}
	end := from + i
	if end+1 >= len(in) || in[end+1] != 0xFF {
		return in[from:end], 0, end, true
	}
	next = end + 2
	for next+1 < len(in) && in[next] == 0x00 && in[next+1] == 0xFF {
		zeros++
		next += 2
	}
	return in[from : end+1], zeros, next, false
}

// invalidUTF8At returns the index of the first byte of b that does not
// start a valid UTF-8 sequence, or -1 if there is none. The decoders ask
// it of string payloads, the parser of string literals.
func invalidUTF8At[B ~[]byte | ~string](b B) int {
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRuneInString(string(b[i:min(i+utf8.UTFMax, len(b))]))
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return -1
}

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

// SizeBytes reports the encoded length of a byte string.
func SizeBytes(v []byte) int { return 2 + len(v) + bytes.Count(v, zeroByte) }

// SizeString reports the encoded length of a string.
func SizeString(v string) int { return 2 + len(v) + strings.Count(v, "\x00") }

var zeroByte = []byte{0}
