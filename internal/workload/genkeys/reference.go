package genkeys

import (
	"bytes"
	"errors"
	"math"
	"math/bits"
	"reflect"
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
	s0, e0, err := refString(key, 0)
	if err != nil {
		return err
	}
	pos := e0 + 1
	if len(key)-pos < 17 || key[pos] != 0x30 {
		return errNotW1
	}
	copy(v.User[:], key[pos+1:pos+17])
	s1, e1, err := refString(key, pos+17)
	if err != nil {
		return err
	}
	if v.Post, pos, err = refInt(key, e1+1); err != nil {
		return err
	}
	s2, e2, err := refString(key, pos)
	if err != nil {
		return err
	}
	if v.At, pos, err = refInt(key, e2+1); err != nil {
		return err
	}
	s3, e3, err := refString(key, pos)
	if err != nil {
		return err
	}
	if v.React, pos, err = refInt(key, e3+1); err != nil {
		return err
	}
	if pos != len(key) {
		return errNotW1
	}
	n0, n1, n2, n3 := e0-s0, e1-s1, e2-s2, e3-s3
	var sb strings.Builder
	sb.Grow(n0 + n1 + n2 + n3)
	sb.Write(key[s0:e0])
	sb.Write(key[s1:e1])
	sb.Write(key[s2:e2])
	sb.Write(key[s3:e3])
	all := sb.String()
	v.Kind, all = all[:n0], all[n0:]
	v.PostKind, all = all[:n1], all[n1:]
	v.CKind, v.RKind = all[:n2], all[n2:]
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
	var mag uint64
	for _, c := range key[pos+1 : pos+1+n] {
		mag = mag<<8 | uint64(c)
	}
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

// StrictAppendW1 appends the key of *v to dst, refusing strings that
// hold a 00 (an escape it does not write) or invalid UTF-8.
func StrictAppendW1(dst []byte, v *W1) ([]byte, error) {
	start := len(dst)
	var err error
	if dst, err = refAppendString(dst, v.Kind); err != nil {
		return dst[:start], err
	}
	dst = append(append(dst, 0x30), v.User[:]...)
	if dst, err = refAppendString(dst, v.PostKind); err != nil {
		return dst[:start], err
	}
	dst = refAppendInt(dst, v.Post)
	if dst, err = refAppendString(dst, v.CKind); err != nil {
		return dst[:start], err
	}
	dst = refAppendInt(dst, v.At)
	if dst, err = refAppendString(dst, v.RKind); err != nil {
		return dst[:start], err
	}
	return refAppendInt(dst, v.React), nil
}

// StrictSizeW1 is the length of the key of *v.
func StrictSizeW1(v *W1) int {
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

// ReferenceDecodeW1Reflect is ReferenceDecodeW1 followed by the stores a
// decoder without generated code must make through reflect: each field
// of rv, a struct of W1's fields, reached with Field and set with
// reflect's typed setters. Measured against ReferenceDecodeW1, it is what
// reflect alone costs: the least any reflective decoder (Plan.Unmarshal
// of a type without generated methods) can take.
func ReferenceDecodeW1Reflect(key []byte, rv reflect.Value) error {
	var v W1
	if err := ReferenceDecodeW1(key, &v); err != nil {
		return err
	}
	rv.Field(0).SetString(v.Kind)
	copy(rv.Field(1).Bytes(), v.User[:])
	rv.Field(2).SetString(v.PostKind)
	rv.Field(3).SetInt(v.Post)
	rv.Field(4).SetString(v.CKind)
	rv.Field(5).SetInt(v.At)
	rv.Field(6).SetString(v.RKind)
	rv.Field(7).SetInt(v.React)
	return nil
}
