package genkeys

import (
	"encoding/binary"
	"math/bits"
	"strings"
	"unicode/utf8"
)

// The lean reference encoder of W1, written by hand: the yardstick of
// issue #38, the least a correct encoder without unsafe does. It writes
// the bytes tuple.Pack writes for every W1 value, and refuses what Pack
// refuses (a string that is not valid UTF-8), where the strict reference
// (reference.go) appends an integer a byte at a time and refuses a string
// holding a 00. What it does:
//
//   - an integer is its code and the magnitude (its one's complement for a
//     negative value) shifted to the top of one 8-byte big-endian store,
//     of which the slice keeps the magnitude's bytes; the store writes up
//     to 8 bytes past the element into dst's capacity, so that with fewer
//     than 9 bytes of room it grows dst where the element would have fit;
//   - a string of up to 32 bytes is checked for a 00 or a byte of 80 or
//     more in one loop and, being neither (the common key string),
//     appended with one copy; any other is checked with utf8.ValidString
//     and escaped, 00 written 00 FF, between the 00s strings.IndexByte
//     finds;
//   - the UUID is one copy.

// LeanAppendW1 appends the key of *v to dst: dst unchanged and an error
// if a string is not valid UTF-8.
func LeanAppendW1(dst []byte, v *W1) ([]byte, error) {
	start := len(dst)
	var ok bool
	if dst, ok = leanAppendString(dst, v.Kind); !ok {
		return dst[:start], errNotW1
	}
	dst = append(append(dst, 0x30), v.User[:]...)
	if dst, ok = leanAppendString(dst, v.PostKind); !ok {
		return dst[:start], errNotW1
	}
	dst = leanAppendInt(dst, v.Post)
	if dst, ok = leanAppendString(dst, v.CKind); !ok {
		return dst[:start], errNotW1
	}
	dst = leanAppendInt(dst, v.At)
	if dst, ok = leanAppendString(dst, v.RKind); !ok {
		return dst[:start], errNotW1
	}
	return leanAppendInt(dst, v.React), nil
}

// LeanMarshalW1 returns the key of *v in a new slice, made with the
// key's length when its strings hold no 00 (each 00 adds a byte, which
// append then makes room for), and the 8 bytes past the end that the last
// integer's store writes.
func LeanMarshalW1(v *W1) ([]byte, error) {
	n := 17 + 2*4 + len(v.Kind) + len(v.PostKind) + len(v.CKind) + len(v.RKind) +
		leanIntSize(v.Post) + leanIntSize(v.At) + leanIntSize(v.React)
	return LeanAppendW1(make([]byte, 0, n+8), v)
}

// leanAppendString appends the string element of s (02, s with each 00
// written 00 FF, 00), or reports that s is not valid UTF-8.
func leanAppendString(dst []byte, s string) ([]byte, bool) {
	if len(s) <= 32 {
		plain := true
		for i := 0; i < len(s); i++ {
			if c := s[i]; c == 0 || c >= 0x80 {
				plain = false
				break
			}
		}
		if plain {
			return append(append(append(dst, 0x02), s...), 0x00), true
		}
	}
	if !utf8.ValidString(s) {
		return dst, false
	}
	dst = append(dst, 0x02)
	for {
		i := strings.IndexByte(s, 0)
		if i < 0 {
			return append(append(dst, s...), 0x00), true
		}
		dst = append(append(dst, s[:i+1]...), 0xFF)
		s = s[i+1:]
	}
}

// leanAppendInt appends the integer element of i: its code (14 plus or
// minus the magnitude's length n), then the last n bytes of one 8-byte
// store of the magnitude (its one's complement for a negative i) shifted
// to the top.
func leanAppendInt(dst []byte, i int64) []byte {
	m := uint64(i)
	if i < 0 {
		m = -m
	}
	n := (bits.Len64(m) + 7) / 8
	code := byte(0x14 + n)
	if i < 0 {
		code, m = byte(0x14-n), ^m
	}
	at := len(dst) + 1
	return binary.BigEndian.AppendUint64(append(dst, code), m<<(64-8*n))[:at+n]
}

// leanIntSize is the length of the integer element of i.
func leanIntSize(i int64) int {
	m := uint64(i)
	if i < 0 {
		m = -m
	}
	return 1 + (bits.Len64(m)+7)/8
}
