package tuple

import (
	"errors"
	"fmt"

	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
)

// Errors that name their fix: a descending element read without the
// extension, and a key that carries a prefix (Plan's search is
// prefixHint, in plan_under.go, which decodes; Scan's frames, since a
// failed Scan may have set some of its destinations).

// descHint adds the fix to err, an error of Scan or a Plan decoding with
// c, when it is an element at DefaultDescCode that c has no extension
// for: most likely this module's own descending element (a desc field, a
// Desc), which a Codec with DescExtension reads. (Unpack and the
// command-line tool say it in their own words.)
func (c Codec) descHint(err error) error {
	var de *DecodeError
	if !errors.As(err, &de) || !errors.Is(err, ErrInvalidCode) || de.Code != DefaultDescCode || c.extensionFor(DefaultDescCode) != nil {
		return err
	}
	de.Detail += fmt.Sprintf("; %#02x is the code of a descending element (a desc field, a Desc), which a Codec with DescExtension(%#02x) reads: a Plan's Codec(), or tuple.Codec{Extensions: []tuple.Extension{tuple.DescExtension(%#02x)}}; a Plan whose field lacks the desc tag it was written with needs the tag",
		byte(DefaultDescCode), byte(DefaultDescCode), byte(DefaultDescCode))
	return err
}

// scanPrefixHint adds the fix to err, c.Scan's error on key with n
// destinations, when key carries a prefix: when key[k:] (k up to
// hintPrefixLen) is a tuple of exactly n elements, framed with c, the
// error says so and names the call. It looks when the fault lies in the
// first hintPrefixLen bytes, and not for too many elements, for a key
// that is itself a tuple of n elements, nor for a rest of nulls alone.
func (c Codec) scanPrefixHint(key []byte, n int, err error) error {
	var de *DecodeError
	if !errors.As(err, &de) || errors.Is(err, ErrTooManyElements) || de.Offset >= hintPrefixLen || len(key) > hintKeyLen || c.framesAs(key, n) {
		return err // a key that is itself a tuple of n elements has no prefix to blame
	}
	for k := 1; k <= hintPrefixLen && k < len(key); k++ {
		if !onlyNulls(key[k:]) && c.framesAs(key[k:], n) {
			de.Detail += fmt.Sprintf("; after its first %d bytes (%s) the key is a tuple of %d elements: if they are a prefix, scan key[%d:] (under a subspace, subspace.UnpackWith; a Plan, Plan.Under)",
				k, Printable(key[:k]), n, k)
			return err
		}
	}
	return err
}

// onlyNulls reports whether b is top-level null elements alone (each a
// 00 byte): no sign of what a key holds, so no sign that the bytes
// before b are a prefix.
func onlyNulls(b []byte) bool {
	for _, c := range b {
		if c != 0x00 {
			return false
		}
	}
	return true
}

// framesAs reports whether b is a tuple of exactly n elements, framed
// with c.
func (c Codec) framesAs(b []byte, n int) bool {
	fr := codecFramer(c, b)
	l := wirecore.TopLevel(0)
	for i := 0; ; i++ {
		st, at := l.Next(b)
		switch {
		case st == wirecore.StepEnd:
			return i == n
		case i == n:
			return false
		}
		end, f := fr.frame(at, 0)
		if f.Failed() {
			return false
		}
		l.Pos = end
	}
}
