package genkeys

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"math/bits"
	"strings"
	"unicode/utf8"
)

// The strict reference codec of W1, written by hand: the yardstick of
// issue #28, the least a correct decoder without unsafe can do. It checks
// each type code, finds each terminator with bytes.IndexByte, refuses the
// escapes it does not handle (a 00 inside a string), reads integers by
// their size code, refusing what is not in the shortest form or does not
// fit an int64, copies the UUID, checks UTF-8 as this codec does, and
// builds the four strings with one allocation. Its errors say no more
// than that the key is not W1's.

var errNotW1 = errors.New("genkeys: not a W1 key the reference codec reads")

// ReferenceDecodeW1 reads a whole W1 key into *v.
func ReferenceDecodeW1(key []byte, v *W1) error {
	var ends [4][2]int // the content of the four strings in key
	pos, size := 0, 0
	for i := range 4 {
		start, end, err := refString(key, pos)
		if err != nil {
			return err
		}
		ends[i] = [2]int{start, end}
		size += end - start
		pos = end + 1
		switch i {
		case 0:
			if len(key)-pos < 17 || key[pos] != 0x30 {
				return errNotW1
			}
			copy(v.User[:], key[pos+1:pos+17])
			pos += 17
		default:
			n, next, err := refInt(key, pos)
			if err != nil {
				return err
			}
			*[...]*int64{&v.Post, &v.At, &v.React}[i-1] = n
			pos = next
		}
	}
	if pos != len(key) {
		return errNotW1
	}
	var sb strings.Builder
	sb.Grow(size)
	for _, e := range ends {
		sb.Write(key[e[0]:e[1]])
	}
	all := sb.String()
	at := 0
	for i, p := range [...]*string{&v.Kind, &v.PostKind, &v.CKind, &v.RKind} {
		n := ends[i][1] - ends[i][0]
		*p = all[at : at+n]
		at += n
	}
	return nil
}

// refString frames the string at key[pos] and returns its content's
// bounds, refusing an escaped 00 and invalid UTF-8.
func refString(key []byte, pos int) (start, end int, err error) {
	if pos >= len(key) || key[pos] != 0x02 {
		return 0, 0, errNotW1
	}
	i := bytes.IndexByte(key[pos+1:], 0x00)
	if i < 0 {
		return 0, 0, errNotW1
	}
	start, end = pos+1, pos+1+i
	if end+1 < len(key) && key[end+1] == 0xFF { // an escaped 00
		return 0, 0, errNotW1
	}
	if !utf8.Valid(key[start:end]) {
		return 0, 0, errNotW1
	}
	return start, end, nil
}

// refInt reads the integer at key[pos] by its size code.
func refInt(key []byte, pos int) (int64, int, error) {
	if pos >= len(key) {
		return 0, 0, errNotW1
	}
	code := int(key[pos])
	n := code - 0x14
	neg := n < 0
	if neg {
		n = -n
	}
	if n > 8 || len(key)-pos-1 < n {
		return 0, 0, errNotW1
	}
	var buf [8]byte
	copy(buf[8-n:], key[pos+1:pos+1+n])
	mag := binary.BigEndian.Uint64(buf[:])
	if neg {
		mag = ^mag
		if n < 8 {
			mag &= 1<<(8*n) - 1
		}
	}
	if n > 0 && mag>>(8*(n-1)) == 0 { // not the shortest form
		return 0, 0, errNotW1
	}
	switch {
	case !neg && mag > math.MaxInt64, neg && mag > 1<<63:
		return 0, 0, errNotW1
	case neg:
		return int64(-mag), pos + 1 + n, nil
	}
	return int64(mag), pos + 1 + n, nil
}

// ReferenceAppendW1 appends the key of *v to dst, refusing strings that
// hold a 00 (an escape it does not write) or invalid UTF-8.
func ReferenceAppendW1(dst []byte, v *W1) ([]byte, error) {
	var err error
	if dst, err = refAppendString(dst, v.Kind); err != nil {
		return dst, err
	}
	dst = append(append(dst, 0x30), v.User[:]...)
	for i, s := range [...]string{v.PostKind, v.CKind, v.RKind} {
		if dst, err = refAppendString(dst, s); err != nil {
			return dst, err
		}
		dst = refAppendInt(dst, [...]int64{v.Post, v.At, v.React}[i])
	}
	return dst, nil
}

// ReferenceSizeW1 is the length of the key of *v.
func ReferenceSizeW1(v *W1) int {
	n := 17 + 2*4 + len(v.Kind) + len(v.PostKind) + len(v.CKind) + len(v.RKind)
	for _, i := range [...]int64{v.Post, v.At, v.React} {
		n += 1 + refIntSize(i)
	}
	return n
}

func refAppendString(dst []byte, s string) ([]byte, error) {
	if strings.IndexByte(s, 0) >= 0 || !utf8.ValidString(s) {
		return dst, errNotW1
	}
	return append(append(append(dst, 0x02), s...), 0x00), nil
}

// refIntSize is the number of magnitude bytes of i.
func refIntSize(i int64) int {
	mag := uint64(i)
	if i < 0 {
		mag = -mag
	}
	return (bits.Len64(mag) + 7) / 8
}

func refAppendInt(dst []byte, i int64) []byte {
	n := refIntSize(i)
	if i >= 0 {
		dst = append(dst, byte(0x14+n))
		for s := 8 * (n - 1); s >= 0; s -= 8 {
			dst = append(dst, byte(uint64(i)>>s))
		}
		return dst
	}
	dst = append(dst, byte(0x14-n))
	ones := uint64(i) - 1 // the one's complement of the magnitude, in n bytes
	for s := 8 * (n - 1); s >= 0; s -= 8 {
		dst = append(dst, byte(ones>>s))
	}
	return dst
}
