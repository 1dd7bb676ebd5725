package wirecore

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"strings"
	"unicode/utf8"
)

// Byte strings (01) and Unicode strings (02, UTF-8): the code, the content
// with every 00 written 00 FF, and a terminating 00. Escaping keeps the
// order of the content: a shorter string sorts first because its
// terminating 00 is below every content byte, and 00 FF sorts below any
// other continuation.

// AppendEscapedBytes and AppendEscapedString copy runs between zero bytes
// with one append each; the search for 00 is the vectorised IndexByte, so
// long strings with few zeros cost little more than a copy.
func AppendEscapedBytes(dst, v []byte) []byte {
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

// AppendEscapedString is AppendEscapedBytes for a string.
func AppendEscapedString(dst []byte, v string) []byte {
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

// StringSpan frames the byte or text string at in[pos]: its escaped
// content is in[pos+1:end], the element ends at next, and esc counts its
// escaped zeros. Leniently, a string without a terminator runs to the
// end of the input.
//
// The short-string fast path is ShortEnd, written once and inlined
// (go build -gcflags=-m: "can inline ShortEnd with cost 60"); StringSpan
// itself is not (cost 162, the budget is 80). So the six loops that run
// per string element of a key (Frame, the decoder's strings, the shape
// pass, Scan's strings, tuplewire's Consume functions and Next) call
// ShortEnd themselves and StringSpanLong when it declines (a call to
// StringSpan in Frame measured +39 % on Next of W4, p=0.016); the rest
// (byte strings in the decoder and Scan, error paths) calls StringSpan.
func StringSpan(in []byte, pos int, lenient bool) (end, next, esc int, f Fault) {
	if end := ShortEnd(in, pos+1); end >= 0 {
		return end, end + 1, 0, Fault{}
	}
	return StringSpanLong(in, pos, lenient)
}

// StringSpanLong is StringSpan for a string that ShortEnd did not frame.
func StringSpanLong(in []byte, pos int, lenient bool) (end, next, esc int, f Fault) {
	end, esc, found := terminatorLong(in, pos+1)
	switch {
	case found:
		return end, end + 1, esc, Fault{}
	case lenient:
		return end, end, esc, Fault{}
	}
	return 0, 0, 0, Fault{pos, FaultUnterminated}
}

// ShortEnd is the first step of framing a string: it finds the
// terminating 00 (the first 00 not followed by FF) of a short string,
// small enough to be inlined, for most key strings are short and the call
// of the vectorised search costs more than such a string. It returns -1
// for a string that is long (no 00 among the ShortLen bytes from
// in[from]) or holds an escaped zero. ShortEndASCII is the same search for
// a decoder.
func ShortEnd(in []byte, from int) int {
	for i := from; i < len(in) && i < from+ShortLen; i++ {
		if in[i] == 0x00 {
			if i+1 < len(in) && in[i+1] == 0xFF {
				return -1
			}
			return i
		}
	}
	return -1
}

// ShortEndASCII is ShortEnd for a decoder, which also learns whether the
// content is ASCII (and so need not be checked for UTF-8 again). It reads
// eight bytes at a time, the first 00 and the 80 bits found by word
// arithmetic: too large to be inlined, it still takes less than the byte
// loop on strings of a few bytes once the work of the ASCII test is
// counted. The byte loop reads the last bytes of the input.
func ShortEndASCII(in []byte, from int) (end int, ascii bool) {
	var high uint64 // the content's bytes ORed: ASCII while no 80 bit is set
	i := from
	for ; i <= len(in)-8 && i < from+ShortLen; i += 8 {
		w := binary.LittleEndian.Uint64(in[i:])
		// The lowest 80 bit of zeros marks the first 00 byte of w: a
		// borrow only runs up from a 00 byte.
		if zeros := (w - lowBits) &^ w & highBits; zeros != 0 {
			n := bits.TrailingZeros64(zeros) / 8
			high |= w & (1<<(8*n) - 1)
			return shortEndAt(in, i+n, high)
		}
		high |= w
	}
	for ; i < len(in) && i < from+ShortLen; i++ {
		if in[i] == 0x00 {
			return shortEndAt(in, i, high)
		}
		high |= uint64(in[i])
	}
	return -1, false
}

// lowBits and highBits are 01 and 80 in each byte of a word.
const (
	lowBits  = 0x0101010101010101
	highBits = 0x8080808080808080
)

// shortEndAt is ShortEndASCII's answer for the first 00 of a string's content,
// at in[i], after content whose bytes ORed are high.
func shortEndAt(in []byte, i int, high uint64) (int, bool) {
	if i+1 < len(in) && in[i+1] == 0xFF { // an escaped zero
		return -1, false
	}
	return i, high&highBits == 0
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

// Unescaped appends the escaped content raw of a string, unescaped; esc
// counts its escaped 00s (as the framing found them), and content without
// any is copied with one append.
func Unescaped(dst, raw []byte, esc int) []byte {
	if esc == 0 {
		return append(dst, raw...)
	}
	out, _ := AppendUnescaped(dst, raw, 0)
	return out
}

// AppendUnescaped appends the content of a byte or text string that
// starts at in[from], with every 00 FF turned back into 00, and returns
// the offset of its terminator, the first 00 not followed by FF (len(in)
// if there is none). Given a string's escaped content alone, it appends
// all of it.
func AppendUnescaped(dst, in []byte, from int) ([]byte, int) {
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

// WriteUnescaped is AppendUnescaped for a strings.Builder, for a
// decoder's one buffer of all strings.
func WriteUnescaped(w *strings.Builder, in []byte, from int) int {
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

// TextOK is the UTF-8 rule of string elements (code 02), written once:
// the content of a string is valid UTF-8, unless the codec allows any
// bytes (package tuple's Codec.AllowInvalidUTF8, for keys the official Go
// binding wrote from Go strings that are not UTF-8), in which case
// anything is. Every reader of string elements asks it with the option it
// runs under (tuplewire's Consume functions, package tuple's decoder and
// scanner), and so do the writers that check (Pack's encoders,
// AppendElems, tuplewire.AppendStringChecked) and the text parser for a
// string literal's value. A reader that already knows its content is
// ASCII need not ask.
//
// TextOK and TextStringOK are the one rule for content in a []byte and
// in a string, as utf8.Valid and utf8.ValidString are: both inline, so
// that the check costs what utf8's own does.
func TextOK(content []byte, allowInvalid bool) bool {
	return allowInvalid || utf8.Valid(content)
}

// TextStringOK is TextOK for content held in a string.
func TextStringOK(content string, allowInvalid bool) bool {
	return allowInvalid || utf8.ValidString(content)
}

// InvalidUTF8At returns the index of the first byte of b that does not
// start a valid UTF-8 sequence, or -1 if there is none. The decoders ask
// it of string payloads, the text parser of string literals.
func InvalidUTF8At[B ~[]byte | ~string](b B) int {
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRuneInString(string(b[i:min(i+utf8.UTFMax, len(b))]))
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return -1
}

// ShortLen bounds the strings of the fast paths. Keys are mostly short
// ASCII strings. For those, one plain loop that checks every byte at once
// (no 00 to escape, nothing to validate as UTF-8) beats the vectorised
// searches, whose call overhead dominates on a few bytes. Longer inputs
// go to the vectorised paths.
const ShortLen = 32

// PlainASCII reports whether s is short, ASCII and free of 00 bytes, so
// that it can be copied into an encoding as it is.
func PlainASCII(s string) bool {
	if len(s) > ShortLen {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == 0x00 || c >= 0x80 {
			return false
		}
	}
	return true
}
