package tuple

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"slices"
	"unicode/utf8"

	"github.com/fdbtuple/fdbtuple/types"
)

// MaxDepth is the deepest nesting of tuples that the encoder writes and the
// decoder reads: a top-level tuple is depth 0 and each nested tuple one more.
// It bounds the recursion on hostile input, so that a key of a million 05
// bytes is an ErrTooDeep error rather than a stack overflow. Real key
// schemas nest a handful of levels.
const MaxDepth = 100

// Unpack decodes a packed tuple strictly: it accepts exactly the bytes that
// the official encoders write (see the package doc), and returns a
// *DecodeError for anything else. The result shares no memory with b.
func Unpack(b []byte) (Tuple, error) {
	return Codec{}.Unpack(b)
}

// decoder reads one input. Positions are absolute indices into in, so that
// errors report offsets into what the caller passed.
type decoder struct {
	in      []byte
	lenient bool
	rawUTF8 bool   // Codec.AllowInvalidUTF8
	codec   *Codec // for its extensions; nil: none
	// discard: check the input only, keeping no decoded element.
	discard bool
}

func (d *decoder) fail(pos int, err error, format string, args ...any) error {
	e := &DecodeError{Offset: pos, Err: err}
	if pos < len(d.in) {
		e.Code = types.Code(d.in[pos])
	}
	if format != "" {
		e.Detail = fmt.Sprintf(format, args...)
	}
	return e
}

// tuple decodes elements from pos until the input ends (top level) or a
// bare 00 closes a nested tuple. It returns the position after the tuple.
func (d *decoder) tuple(pos int, nested bool, depth int) (Tuple, int, error) {
	var t Tuple      // nil when empty, as the official binding decodes it
	start := pos - 1 // the 05 code, when nested
	for i := 0; ; i++ {
		if pos >= len(d.in) {
			if nested && !d.lenient {
				return nil, pos, d.fail(start, ErrUnterminated, "nested tuple has no closing 00")
			}
			return t, pos, nil
		}
		if nested && d.in[pos] == 0x00 {
			if pos+1 < len(d.in) && d.in[pos+1] == 0xFF {
				if !d.discard {
					t = append(t, nil)
				}
				pos += 2
				continue
			}
			return t, pos + 1, nil
		}
		v, next, err := d.element(pos, depth)
		if err != nil {
			return nil, pos, atIndex(err, i)
		}
		if !d.discard {
			if len(t) == cap(t) {
				// Double: append's growth of 1.25x for large slices
				// allocates five times the final size on the way.
				t = slices.Grow(t, max(len(t), 4))
			}
			t = append(t, v)
		}
		pos = next
	}
}

// element decodes the element at pos, which must exist, and returns the
// position after it.
func (d *decoder) element(pos, depth int) (any, int, error) {
	code := types.Code(d.in[pos])
	switch code.Kind() {
	case types.KindNull:
		return nil, pos + 1, nil
	case types.KindBytes:
		return d.bytes(pos)
	case types.KindString:
		return d.string(pos)
	case types.KindTuple:
		if depth >= MaxDepth {
			return nil, pos, d.fail(pos, ErrTooDeep, "more than %d levels", MaxDepth)
		}
		return d.tuple(pos+1, true, depth+1)
	case types.KindInt:
		iv, next, err := readInt(d.in, pos, d.lenient)
		if err != nil {
			return nil, pos, err
		}
		return iv.value(), next, nil
	case types.KindFloat32:
		u, next, err := d.fixed(pos, 4)
		return decodeFloat32(uint32(u)), next, err
	case types.KindFloat64:
		u, next, err := d.fixed(pos, 8)
		return decodeFloat64(u), next, err
	case types.KindBool:
		return code == types.CodeTrue, pos + 1, nil
	case types.KindUUID:
		var u UUID
		next, err := d.need(pos, len(u))
		copy(u[:], d.in[pos+1:next])
		return u, next, err
	case types.KindVersionstamp:
		next, err := d.need(pos, types.VersionstampLength)
		if err != nil {
			return nil, pos, err
		}
		var v Versionstamp
		_ = v.UnmarshalBinary(d.in[pos+1 : next])
		return v, next, nil
	}
	if d.codec != nil {
		if x := d.codec.extensionFor(code); x != nil {
			return d.extension(x, pos)
		}
	}
	return nil, pos, d.fail(pos, ErrInvalidCode, "%s is not a standard type code", code)
}

// extension decodes an element of one of the codec's extensions.
func (d *decoder) extension(x Extension, pos int) (any, int, error) {
	v, n, err := x.ConsumeElement(d.in[pos:], *d.codec)
	switch {
	case err != nil:
		var de *DecodeError
		if errors.As(err, &de) {
			c := *de
			c.Offset += pos
			return nil, pos, &c
		}
		return nil, pos, &DecodeError{Offset: pos, Code: x.Code(), Err: ErrInvalidCode, Detail: x.Name() + ": " + err.Error()}
	case n <= 0 || n > len(d.in)-pos:
		return nil, pos, d.fail(pos, ErrInvalidCode, "extension %s reported an element length of %d", x.Name(), n)
	}
	return v, pos + n, nil
}

// need checks that n bytes follow the code at pos and returns the position
// after them. On error the returned position is pos+1, so that slicing with
// it stays in bounds.
func (d *decoder) need(pos, n int) (int, error) {
	if len(d.in)-pos-1 < n {
		return pos + 1, d.fail(pos, ErrTruncated, "needs %d bytes after the code, %d remain", n, len(d.in)-pos-1)
	}
	return pos + 1 + n, nil
}

// fixed reads the n-byte big-endian unsigned value after the code at pos.
func (d *decoder) fixed(pos, n int) (uint64, int, error) {
	next, err := d.need(pos, n)
	if err != nil {
		return 0, next, err
	}
	var u uint64
	for _, c := range d.in[pos+1 : next] {
		u = u<<8 | uint64(c)
	}
	return u, next, nil
}

func decodeFloat32(u uint32) float32 {
	if u&(1<<31) != 0 {
		u ^= 1 << 31
	} else {
		u = ^u
	}
	return math.Float32frombits(u)
}

func decodeFloat64(u uint64) float64 {
	if u&(1<<63) != 0 {
		u ^= 1 << 63
	} else {
		u = ^u
	}
	return math.Float64frombits(u)
}

// terminator finds the 00 that ends the byte or text string whose payload
// starts at from: the first 00 not followed by FF. It also counts the
// escaped zeros. If there is none it returns end == len(in), found false.
// Runs of escaped zeros are stepped over without a new search, so that a
// string of zeros costs no more per byte than one with a few.
func terminator(in []byte, from int) (end, escapes int, found bool) {
	// The first search favours short strings; after an escaped zero the
	// rest may be long, so the vectorised search takes over.
	i := indexZero(in[from:])
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

// payload returns the unescaped payload of the string element at pos, in
// new memory, and the position after its terminator.
func (d *decoder) payload(pos int) ([]byte, int, error) {
	end, escapes, found := terminator(d.in, pos+1)
	next := end + 1
	if !found {
		if !d.lenient {
			return nil, pos, d.fail(pos, ErrUnterminated, "no 00 terminator before the end of the input")
		}
		next = end
	}
	out := make([]byte, 0, end-pos-1-escapes)
	return appendUnescaped(out, d.in[pos+1:end]), next, nil
}

// appendUnescaped appends raw with every 00 FF turned back into 00.
func appendUnescaped(dst, raw []byte) []byte {
	for {
		i := bytes.IndexByte(raw, 0x00)
		if i < 0 || i+1 >= len(raw) {
			return append(dst, raw...)
		}
		dst = append(dst, raw[:i+1]...)
		raw = raw[i+2:] // skip the FF
		for len(raw) >= 2 && raw[0] == 0x00 && raw[1] == 0xFF {
			dst = append(dst, 0x00)
			raw = raw[2:]
		}
	}
}

func (d *decoder) bytes(pos int) (any, int, error) {
	b, next, err := d.payload(pos)
	if err != nil {
		return nil, pos, err
	}
	return b, next, nil
}

func (d *decoder) string(pos int) (any, int, error) {
	b, next, err := d.payload(pos)
	if err != nil {
		return nil, pos, err
	}
	if !d.rawUTF8 && !utf8.Valid(b) {
		return nil, pos, d.fail(pos, ErrInvalidUTF8, "at byte %d of the string", invalidUTF8At(b))
	}
	return string(b), next, nil
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
