package nested

import (
	"bytes"
	"encoding"
	"errors"
	"fmt"
	"iter"
	"reflect"
	"slices"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
	"github.com/fdbtuple/fdbtuple/types"
)

// Segment is one level of a path: a kind and the id elements that pick one
// record of that kind.
type Segment struct {
	Kind string
	ID   tuple.Tuple
}

// Path is a key path: a list of segments. The zero value is the root. A
// Path is a value; its methods never change it.
type Path struct {
	segs []Segment
}

var (
	_ encoding.BinaryAppender    = Path{}
	_ encoding.BinaryMarshaler   = Path{}
	_ encoding.BinaryUnmarshaler = (*Path)(nil)
	_ encoding.TextAppender      = Path{}
	_ encoding.TextMarshaler     = Path{}
	_ encoding.TextUnmarshaler   = (*Path)(nil)
)

// Errors of this package; decoding errors of the tuple layer are passed
// through, so errors.Is(err, tuple.ErrTruncated) works too.
var (
	// ErrNotPath: a key that does not start with a segment, or a key given
	// to UnmarshalBinary with fields after its path.
	ErrNotPath = errors.New("nested: not a key path")
	// ErrEmptyKind: a segment whose kind is the empty string.
	ErrEmptyKind = errors.New("nested: segment kind is empty")
	// ErrOffset: ScanSegment was given an offset below 0 or past the end
	// of the key.
	ErrOffset = errors.New("nested: offset outside the key")
)

// New returns the one-segment path kind-id.
func New(kind string, id ...any) Path {
	return Path{}.Child(kind, id...)
}

// Of returns the path made of the given segments.
func Of(segs ...Segment) Path {
	p := Path{segs: make([]Segment, len(segs))}
	for i, s := range segs {
		p.segs[i] = Segment{Kind: s.Kind, ID: slices.Clone(s.ID)}
	}
	return p
}

// Child returns p extended by the segment kind-id.
func (p Path) Child(kind string, id ...any) Path {
	segs := make([]Segment, len(p.segs), len(p.segs)+1)
	copy(segs, p.segs)
	return Path{segs: append(segs, Segment{Kind: kind, ID: slices.Clone(tuple.Tuple(id))})}
}

// Parent returns p without its last segment; the root's parent is the root.
func (p Path) Parent() Path {
	if len(p.segs) == 0 {
		return p
	}
	return Path{segs: p.segs[: len(p.segs)-1 : len(p.segs)-1]}
}

// Len returns the number of segments.
func (p Path) Len() int { return len(p.segs) }

// IsRoot reports whether p has no segments.
func (p Path) IsRoot() bool { return len(p.segs) == 0 }

// Segments yields the segments from the root down.
func (p Path) Segments() iter.Seq[Segment] {
	return func(yield func(Segment) bool) {
		for _, s := range p.segs {
			if !yield(Segment{Kind: s.Kind, ID: slices.Clone(s.ID)}) {
				return
			}
		}
	}
}

// Segment returns the i-th segment from the root.
func (p Path) Segment(i int) Segment {
	s := p.segs[i]
	return Segment{Kind: s.Kind, ID: slices.Clone(s.ID)}
}

// Kind returns the kind of the last segment, "" for the root.
func (p Path) Kind() string {
	if len(p.segs) == 0 {
		return ""
	}
	return p.segs[len(p.segs)-1].Kind
}

// ID returns the id elements of the last segment, nil for the root. For
// post-1234 it is tuple.Tuple{int64(1234)}.
func (p Path) ID() tuple.Tuple {
	if len(p.segs) == 0 {
		return nil
	}
	return slices.Clone(p.segs[len(p.segs)-1].ID)
}

// Tuple returns the tuple the path packs as: one nested tuple per segment.
func (p Path) Tuple() tuple.Tuple {
	t := make(tuple.Tuple, len(p.segs))
	for i, s := range p.segs {
		t[i] = append(tuple.Tuple{s.Kind}, s.ID...)
	}
	return t
}

// AppendBinary appends the path's key to dst. It allocates nothing when
// dst has room. On error it returns dst with its original length; an id
// that cannot be encoded is a *tuple.EncodeError whose Path is the one
// it has in the path's Tuple (segment, then element, the kind being 0).
func (p Path) AppendBinary(dst []byte) ([]byte, error) {
	start := len(dst)
	for i, s := range p.segs {
		var err error
		if dst, err = appendSegment(dst, i, s); err != nil {
			return dst[:start], err
		}
	}
	return dst, nil
}

// appendSegment appends segment i, the nested tuple (kind, id...),
// without building that tuple: the kind and then each id element as it is
// written inside a nested tuple.
func appendSegment(dst []byte, i int, s Segment) ([]byte, error) {
	if s.Kind == "" {
		return dst, ErrEmptyKind
	}
	dst, err := tuplewire.AppendStringChecked(tuplewire.BeginNested(dst), s.Kind)
	if err != nil {
		return dst, &tuple.EncodeError{Path: []int{i, 0}, Type: reflect.TypeOf(s.Kind), Err: err}
	}
	for j, v := range s.ID {
		// Inside the segment: depth 1, as the decoder counts it.
		if dst, err = tuple.AppendNestedElement(dst, v); err != nil {
			var ee *tuple.EncodeError
			if errors.As(err, &ee) { // [...] within v: [i, j+1, ...] here
				placed := *ee // a copy: the error is tuple's
				placed.Path = append([]int{i, j + 1}, ee.Path...)
				return dst, &placed
			}
			return dst, err
		}
	}
	return tuplewire.EndNested(dst), nil
}

// MarshalBinary returns the path's key.
func (p Path) MarshalBinary() ([]byte, error) { return p.Key() }

// Pack returns the path's key. Like tuple.Tuple.Pack it panics if an id
// cannot be encoded; use MarshalBinary to get an error instead.
func (p Path) Pack() []byte {
	b, err := p.MarshalBinary()
	if err != nil {
		panic(err)
	}
	return b
}

// Key returns the path's key followed by the packed fields: a record key
// whose path places it and whose fields (a version, an attribute name, ...)
// follow. See the package doc on the shape fields must not have.
func (p Path) Key(fields ...any) ([]byte, error) {
	n := sizeHint(fields)
	for _, s := range p.segs {
		n += 3 + len(s.Kind) + sizeHint(s.ID)
	}
	b, err := p.AppendBinary(make([]byte, 0, n))
	if err != nil {
		return nil, err
	}
	if b, err = tuple.Tuple(fields).AppendBinary(b); err != nil {
		return nil, err
	}
	return b[:len(b):len(b)], nil
}

// sizeHint is about the encoded length of elems, enough for most, so that
// a key is allocated once: exact for text without 00 bytes, and the
// longest fixed size for every other element.
func sizeHint(elems []any) int {
	n := 0
	for _, v := range elems {
		switch v := v.(type) {
		case string:
			n += 2 + len(v)
		case []byte:
			n += 2 + len(v)
		default:
			n += 18
		}
	}
	return n
}

// UnmarshalBinary sets p to the path a key holds. The key must be a path
// and nothing else; use Decode for keys with fields.
func (p *Path) UnmarshalBinary(key []byte) error {
	q, rest, err := Decode(key)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return fmt.Errorf("%w: %d bytes of fields follow the path: %s", ErrNotPath, len(rest), tuple.Describe(rest))
	}
	*p = q
	return nil
}

// Compare orders paths as their keys sort: -1, 0 or +1.
func Compare(a, b Path) int { return tuple.Compare(a.Tuple(), b.Tuple()) }

// Equal reports whether two paths are the same.
func (p Path) Equal(q Path) bool { return Compare(p, q) == 0 }

// Subtree returns the key range of the path's own key and all its
// descendants (and any fields after them): [key, key+FF). It holds the
// path's key itself, which a Range in this module does not (see
// tuple.RangeUnder), hence its own name.
func (p Path) Subtree() (begin, end []byte, err error) {
	key, err := p.MarshalBinary()
	if err != nil {
		return nil, nil, err
	}
	return key, append(bytes.Clone(key), 0xFF), nil
}

// KindRange returns the key range of every child of p of the given kind,
// with their descendants: the keys starting with the segment ("post", ...)
// under p, and no other kind, not even "posts".
func (p Path) KindRange(kind string) (begin, end []byte, err error) {
	if kind == "" {
		return nil, nil, ErrEmptyKind
	}
	key, err := p.MarshalBinary()
	if err != nil {
		return nil, nil, err
	}
	// The child segment's bytes start 05 02 <kind> 00; its id elements or
	// its closing 00 follow, all below FF.
	begin, err = tuplewire.AppendStringChecked(tuplewire.BeginNested(key), kind)
	if err != nil {
		return nil, nil, err
	}
	return begin, append(bytes.Clone(begin), 0xFF), nil
}

// Contains reports whether key is p's own key or a descendant's (or either
// with fields). It packs p on every call; a loop over many keys should
// pack p once and test bytes.HasPrefix(key, packed), which is the same
// test.
func (p Path) Contains(key []byte) bool {
	prefix, err := p.MarshalBinary()
	return err == nil && bytes.HasPrefix(key, prefix)
}

// Decode reads the path at the start of key: every leading element that is
// a nested tuple starting with a non-empty string. It returns the path and
// the rest of the key, the fields, still packed: a sub-slice of key
// holding their tuple-layer bytes, not a tuple.Tuple. tuple.Unpack(rest)
// gives them as a Tuple, tuple.Scan reads them into typed variables. Of
// the rest Decode has read only the framing of the first element, to see
// that it is not a segment. A key whose first element is not a segment is
// ErrNotPath; an empty key is the root.
func Decode(key []byte) (Path, []byte, error) {
	return decode(key, -1)
}

// DecodeDepth reads exactly depth segments and returns the rest of the
// key, whatever its shape, as fields.
func DecodeDepth(key []byte, depth int) (Path, []byte, error) {
	return decode(key, depth)
}

func decode(key []byte, depth int) (Path, []byte, error) {
	// Find where the segments end, looking only at their framing and at
	// their kinds' type codes, then decode them all with one Unpack, which
	// allocates once for all their elements and once for all their text.
	end, count := 0, 0
	for depth < 0 || count < depth {
		rest := key[end:]
		if len(rest) == 0 {
			if depth >= 0 {
				return Path{}, nil, fmt.Errorf("%w: key has %d segments, want %d", ErrNotPath, count, depth)
			}
			break
		}
		code, n, err := tuplewire.Next(rest)
		if err != nil {
			return Path{}, nil, shifted(err, end)
		}
		if !isSegment(code, rest[:n]) {
			if depth >= 0 || count == 0 {
				return Path{}, nil, notSegment(key, end, n, count, code)
			}
			break
		}
		end += n
		count++
	}
	if count == 0 {
		return Path{}, key, nil
	}
	t, err := tuple.Unpack(key[:end])
	if err != nil {
		return Path{}, nil, err
	}
	p := Path{segs: make([]Segment, len(t))}
	for i, v := range t {
		seg := v.(tuple.Tuple) // isSegment saw a nested tuple
		p.segs[i] = Segment{Kind: seg[0].(string), ID: seg[1:len(seg):len(seg)]}
	}
	return p, key[end:], nil
}

// isSegment reports whether the element elem, of the given code, is a
// segment: a nested tuple whose first element is a non-empty string.
// (The encoding of an empty string is 02 00; any other is longer.)
func isSegment(code types.Code, elem []byte) bool {
	if code != types.CodeNested || len(elem) < 2 {
		return false
	}
	kindCode, n, err := tuplewire.Next(elem[1:])
	return err == nil && kindCode == types.CodeString && n > 2
}

// notSegment is the error for a key whose element at offset, the count-th,
// should have been a segment and is not.
func notSegment(key []byte, offset, n, count int, code types.Code) error {
	if code != types.CodeNested {
		return fmt.Errorf("%w: element %d at offset %d is %s, not a segment (a nested tuple starting with a string kind)", ErrNotPath, count, offset, code.Kind())
	}
	t, _, err := tuple.ConsumeTuple(key[offset : offset+n])
	if err != nil {
		return shifted(err, offset)
	}
	return fmt.Errorf("%w: element %d at offset %d is the tuple %s, not a segment (its first element must be a non-empty string kind)", ErrNotPath, count, offset, t)
}

// shifted reports a tuple decoding error at its offset in the whole key.
func shifted(err error, offset int) error {
	var de *tuple.DecodeError
	if errors.As(err, &de) {
		return de.Rebase(offset)
	}
	return err
}
