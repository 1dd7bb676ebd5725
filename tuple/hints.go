package tuple

// Errors that name their fix: a descending element read without the
// extension, and a key that carries a prefix (under a subspace, a table
// or tenant prefix) read by a Scan or a Plan without it. A hint looks at
// the key's bytes alone: it runs no code of the caller's (no custom
// type's method, no extension, no generated method), which a failed
// decode may have met and which may fail, or panic, on bytes that are
// not its own element.

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
	"github.com/fdbtuple/fdbtuple/types"
)

// descHint adds the fix to err, an error of Scan or a Plan decoding with
// c, when it is an element at DefaultDescCode that c has no extension
// for: most likely this module's own descending element (a desc field, a
// Desc), which a Codec with DescExtension reads. (Describe and the
// command-line tool say it in their own words; Unpack's error names the
// code only.)
func (c Codec) descHint(err error) error {
	var de *DecodeError
	if !errors.As(err, &de) || !errors.Is(err, ErrInvalidCode) || de.Code != DefaultDescCode || c.extensionFor(DefaultDescCode) != nil {
		return err
	}
	de.Detail += fmt.Sprintf("; %#02x is the code of a descending element (a desc field, a Desc), which a Codec with DescExtension(%#02x) reads: a Plan's Codec(), or tuple.Codec{Extensions: []tuple.Extension{tuple.DescExtension(%#02x)}}; a Plan whose field lacks the desc tag it was written with needs the tag",
		byte(DefaultDescCode), byte(DefaultDescCode), byte(DefaultDescCode))
	return err
}

// The longest prefix, and the longest key, that the prefix hints look
// for a prefix in: they frame the key once per offset, on the error path
// only.
const (
	hintPrefixLen = 64
	hintKeyLen    = 1 << 10
)

// prefixHint adds the fix to err, the plan's error from decoding key from
// its start, when key carries a prefix: when key[k:] (k up to
// hintPrefixLen) has the shape of the plan's keys (fits), the error says
// so and names Plan.Under. It looks only when the fault lies in the first
// hintPrefixLen bytes, where a prefix would make it, and not for too many
// elements, a key that goes on rather than one that starts early; nor
// for a rest of nulls alone, which any type of nullable fields reads (a
// key ending 00 00 would read as one of two such fields). Each offset
// costs a framing that most often stops at its first element, so a loop
// that skips the keys of other types by their errors pays little.
func (p *planCore) prefixHint(key []byte, err error) error {
	var de *DecodeError
	if !errors.As(err, &de) || errors.Is(err, ErrTooManyElements) || de.Offset >= hintPrefixLen || len(key) > hintKeyLen {
		return err
	}
	for k := 1; k <= hintPrefixLen && k < len(key); k++ {
		if !onlyNulls(key[k:]) && p.fits(key[k:]) {
			de.Detail += fmt.Sprintf("; the key is %s after its first %d bytes (%s): for keys under a prefix, use Plan.Under(prefix)",
				withArticle(p.layout.typ.String()), k, Printable(key[:k]))
			return err
		}
	}
	return err
}

// scanPrefixHint adds the fix to err, c.Scan's error on key with n
// destinations, when key carries a prefix: when key[k:] (k up to
// hintPrefixLen) is a tuple of exactly n elements, the error says so and
// names the call. It looks when the fault lies in the first hintPrefixLen
// bytes, and not for too many elements, for a key that is itself a tuple
// of n elements, nor for a rest of nulls alone. (It frames only: a failed
// Scan may have set some of its destinations.)
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
// by its bytes with c's leniency (see hintFramer).
func (c Codec) framesAs(b []byte, n int) bool {
	fr := hintFramer(b, c)
	l := wirecore.TopLevel(0)
	for i := 0; ; i++ {
		st, at := l.Next(b)
		switch {
		case st == wirecore.StepEnd:
			return i == n
		case i == n:
			return false
		}
		end, f := fr.Frame(at, 0)
		if f.Failed() {
			return false
		}
		l.Pos = end
	}
}

// fits reports whether b has the shape of the plan's keys, as far as its
// bytes tell: one element per field, framed by hintFramer, each constant
// its own bytes, each field's element one that the field's row reads,
// and nothing after them.
func (p *planCore) fits(b []byte) bool {
	fr := hintFramer(b, p.codec)
	return fitsLayout(&fr, wirecore.TopLevel(0), p.layout, p.codec.descCode(), 0)
}

// fitsLayout is fits for the level l of the input of fr and the fields
// of lay, at the given depth.
func fitsLayout(fr *wirecore.Framer, l wirecore.Level, lay *layout, descCode types.Code, depth int) bool {
	in := fr.In
	for i := range lay.fields {
		f := &lay.fields[i]
		st, at := l.Next(in)
		switch {
		case st == wirecore.StepNull || st == wirecore.StepElem && in[at] == byte(types.CodeNull):
			if f.constant != nil || !f.nullable && (f.inner.rule != ruleAny || f.desc) {
				return false
			}
			if st == wirecore.StepElem {
				l.Pos = at + 1
			}
			continue
		case st != wirecore.StepElem:
			return false
		}
		end, fault := fr.Frame(at, depth)
		if fault.Failed() || !fitsField(fr, f, at, end, descCode, depth) {
			return false
		}
		l.Pos = end
	}
	st, _ := l.Next(in)
	return st == wirecore.StepEnd
}

// fitsField reports whether the element in[at:end], which is no null,
// is one the field f reads, by its code: a constant's own bytes, the
// descending or extension code of a field tagged so, a kind its row
// reads (rows), and for a struct field its own fields.
func fitsField(fr *wirecore.Framer, f *planField, at, end int, descCode types.Code, depth int) bool {
	code := types.Code(fr.In[at])
	switch {
	case f.constant != nil:
		return bytes.Equal(fr.In[at:end], f.constant.enc)
	case f.desc:
		return code == descCode
	case f.ext != 0:
		return code == f.ext
	case f.asBytes:
		return code == types.CodeBytes
	}
	g := f.inner
	if !rows[g.rule].reads.has(code.Kind()) {
		return false
	}
	return g.lay == nil || fitsLayout(fr, wirecore.NestedLevel(at), g.lay, descCode, depth+1)
}

// hintFramer is a framer of b with c's leniency that frames this
// package's descending elements by their bytes (tuplewire.ConsumeDesc)
// and no other extension's: framing those would call the extension.
func hintFramer(b []byte, c Codec) wirecore.Framer {
	fr := wirecore.Framer{In: b, Lenient: c.Lenient}
	if code := c.descCode(); code != 0 {
		fr.Ext = descFrames(code)
	}
	return fr
}

// descFrames frames the descending elements of one code from their bytes.
type descFrames types.Code

func (code descFrames) FrameExtension(in []byte, pos int) (int, wirecore.Fault) {
	if types.Code(in[pos]) != types.Code(code) {
		return 0, wirecore.FaultAt(pos, wirecore.FaultCode)
	}
	_, n, err := tuplewire.ConsumeDesc(nil, in[pos:])
	if err != nil {
		return 0, wirecore.FaultAt(pos, wirecore.FaultExtension)
	}
	return pos + n, wirecore.Fault{}
}

// ExtensionProblem is never asked: a hint explains no fault.
func (code descFrames) ExtensionProblem([]byte, int) *wirecore.Problem { return nil }
