package keyschema

import (
	"bytes"
	"errors"
	"fmt"
	"math/big"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
	"github.com/fdbtuple/fdbtuple/types"
)

// A keyError says where a key does not decode under a schema: the
// field (its path), the byte offset in the key, and why. A witness's
// Effect quotes it.
type keyError struct {
	Path   string // the field, e.g. "Meta.At"; a constant as its position, "[0]"
	Offset int    // byte offset in the key
	Err    error  // the tuple layer's error, or what the schema expected
}

// Error reads "Post at offset 6: -1 is outside uint64".
func (e *keyError) Error() string {
	return fmt.Sprintf("%s at offset %d: %v", e.Path, e.Offset, e.Err)
}

// Unwrap returns the cause, a tuple.DecodeError when the tuple layer
// refused the element.
func (e *keyError) Unwrap() error { return e.Err }

// decodeKey reads a key under s by walking s's items over it with the
// Consume functions of package tuplewire: each element must be of its field's
// kind and in its range, each constant must be its constant, and the
// key must end where the items end.
func decodeKey(s *Schema, key []byte) (record, error) {
	if !bytes.HasPrefix(key, s.Prefix) {
		at := 0
		for at < len(key) && key[at] == s.Prefix[at] {
			at++
		}
		return nil, &keyError{Path: "under", Offset: at, Err: fmt.Errorf("the key is not under the prefix %s", tuple.PrefixText(s.Prefix))}
	}
	w := walker{codec: codecFor(s)}
	r, n, err := w.items(s.Items, key[len(s.Prefix):], len(s.Prefix), false, "")
	if err != nil {
		return nil, err
	}
	n += len(s.Prefix)
	if n != len(key) {
		return nil, &keyError{Path: "key", Offset: n, Err: errors.New("the key goes on after the schema's last item")}
	}
	return r, nil
}

// codecFor is the codec that writes and reads the elements of s: the
// standard one, with DescExtension at each code s's descending fields use.
func codecFor(schemas ...*Schema) tuple.Codec {
	var c tuple.Codec
	seen := map[byte]bool{}
	var visit func(items []Item)
	var visitType func(t *Type)
	visitType = func(t *Type) {
		switch t.Kind {
		case KindDesc:
			if !seen[t.Code] {
				seen[t.Code] = true
				c.Extensions = append(c.Extensions, tuple.DescExtension(types.Code(t.Code)))
			}
			visitType(t.Elem)
		case KindNullable, KindOptional:
			visitType(t.Elem)
		case KindStruct:
			visit(t.Items)
		}
	}
	visit = func(items []Item) {
		for _, it := range items {
			if !it.IsConst() {
				visitType(it.Type)
			}
		}
	}
	for _, s := range schemas {
		visit(s.Items)
	}
	return c
}

type walker struct{ codec tuple.Codec }

func fieldPath(parent string, items []Item, i int) string {
	name := items[i].Name
	if items[i].IsConst() {
		name = fmt.Sprintf("[%d]", i)
	}
	if parent == "" {
		return name
	}
	return parent + "." + name
}

// items reads a list of items from b, at offset base of the key; inside a
// nested tuple a null is 00 FF and the list ends at a lone 00.
func (w walker) items(items []Item, b []byte, base int, nested bool, parent string) (record, int, error) {
	r := make(record, len(items))
	pos := 0
	for i := range items {
		path := fieldPath(parent, items, i)
		if pos >= len(b) && !nested && items[i].IsOptional() { // the key ends before it: nil
			r[i] = null{}
			continue
		}
		if pos >= len(b) || (nested && endsNested(b[pos:])) {
			return nil, 0, &keyError{Path: path, Offset: base + pos, Err: errors.New("the key ends before this item")}
		}
		if items[i].IsConst() {
			want, err := tuple.Codec{}.AppendTuple(nil, tuple.Tuple{items[i].Const})
			if err != nil {
				return nil, 0, &keyError{Path: path, Offset: base + pos, Err: err}
			}
			if !bytes.HasPrefix(b[pos:], want) {
				return nil, 0, &keyError{Path: path, Offset: base + pos, Err: fmt.Errorf("expected the constant %s (%x)", constText(items[i].Const), want)}
			}
			r[i] = items[i].Const
			pos += len(want)
			continue
		}
		v, n, err := w.value(items[i].Type, b[pos:], base+pos, nested, path)
		if err != nil {
			return nil, 0, err
		}
		r[i] = v
		pos += n
	}
	return r, pos, nil
}

// endsNested reports whether b starts with the 00 that ends a nested
// tuple (not the 00 FF of a null in it).
func endsNested(b []byte) bool {
	return b[0] == 0x00 && (len(b) < 2 || b[1] != 0xFF)
}

// value reads one value of type t from the element at the start of b.
func (w walker) value(t *Type, b []byte, base int, nested bool, path string) (any, int, error) {
	fail := func(err error) (any, int, error) {
		var de *tuple.DecodeError
		if errors.As(err, &de) {
			inner := *de
			inner.Offset += base
			err = &inner
		}
		return nil, 0, &keyError{Path: path, Offset: base, Err: err}
	}
	if len(b) == 0 {
		return fail(errors.New("the key ends before this field"))
	}
	switch t.Kind {
	case KindNullable:
		if b[0] == 0x00 {
			if !nested {
				return null{}, 1, nil
			}
			if len(b) > 1 && b[1] == 0xFF {
				return null{}, 2, nil
			}
		}
		return w.value(t.Elem, b, base, nested, path)
	case KindOptional: // present: a value, never a null
		if b[0] == 0x00 {
			return fail(errors.New("a null, but an optional field is left out of the key when nil, never written as a null"))
		}
		return w.value(t.Elem, b, base, nested, path)
	case KindDesc:
		return w.desc(t, b, base, path)
	case KindStruct:
		if b[0] != byte(types.CodeNested) {
			return fail(fmt.Errorf("expected a nested tuple (code 05) for a struct, found code %02x", b[0]))
		}
		r, n, err := w.items(t.Items, b[1:], base+1, true, path)
		if err != nil {
			return nil, 0, err
		}
		if 1+n >= len(b) || b[1+n] != 0x00 {
			return nil, 0, &keyError{Path: path, Offset: base + 1 + n, Err: errors.New("the nested tuple goes on after the struct's last item")}
		}
		return r, n + 2, nil
	case KindExt, KindCustom:
		return fail(&opaqueError{t})
	}
	if nested && b[0] == 0x00 {
		if t.Kind == KindAny && len(b) > 1 && b[1] == 0xFF {
			return nil, 2, nil
		}
		return fail(fmt.Errorf("a null, but %s is not nullable", t))
	}
	if isInteger(t.Kind) {
		v, n, err := tuplewire.ConsumeBigInt(b)
		if err != nil {
			return fail(err)
		}
		if t.Kind == KindTime || t.Kind == KindDuration {
			v.Mul(v, big.NewInt(unitNanos[t.Unit]))
		}
		if !fits(t, v) {
			return fail(fmt.Errorf("%s is outside %s", formatValue(t, v), t))
		}
		return v, n, nil
	}
	v, n, err := w.scalar(t.Kind, b)
	if err != nil {
		return fail(err)
	}
	return v, n, nil
}

// scalar reads a scalar of kind k with its tuplewire Consume function.
func (w walker) scalar(k Kind, b []byte) (any, int, error) {
	switch k {
	case KindString:
		return unpack(tuplewire.ConsumeString(b))
	case KindBytes:
		return unpack(tuplewire.ConsumeBytes(b))
	case KindBool:
		return unpack(tuplewire.ConsumeBool(b))
	case KindFloat32:
		return unpack(tuplewire.ConsumeFloat32(b))
	case KindFloat64:
		return unpack(tuplewire.ConsumeFloat64(b))
	case KindUUID:
		return unpack(tuplewire.ConsumeUUID(b))
	case KindVersionstamp:
		return unpack(tuplewire.ConsumeVersionstamp(b))
	case KindTuple:
		if b[0] != byte(types.CodeNested) {
			return unpack(tuple.ConsumeTuple(b)) // its error
		}
	}
	// any, and the elements of a tuple: read by the schema's codec, as a
	// plan reads them.
	return w.codec.ConsumeElement(b)
}

func unpack[V any](v V, n int, err error) (any, int, error) { return v, n, err }

// desc reads a descending element: the codec's DescExtension finds its
// end and its ascending element, over which the wrapped type is walked.
func (w walker) desc(t *Type, b []byte, base int, path string) (any, int, error) {
	if b[0] != t.Code {
		return nil, 0, &keyError{Path: path, Offset: base, Err: fmt.Errorf("expected a descending element (code %02x), found code %02x", t.Code, b[0])}
	}
	c := tuple.Codec{Extensions: []tuple.Extension{tuple.DescExtension(types.Code(t.Code))}}
	v, n, err := c.ConsumeElement(b)
	if err != nil {
		return nil, 0, &keyError{Path: path, Offset: base, Err: err}
	}
	asc, err := w.codec.AppendTuple(nil, tuple.Tuple{v.(tuple.Desc).V})
	if err != nil {
		return nil, 0, &keyError{Path: path, Offset: base, Err: err}
	}
	inner, m, err := w.value(t.Elem, asc, base, false, path)
	if err != nil {
		var de *keyError
		if errors.As(err, &de) {
			de.Err = fmt.Errorf("inside a descending element: %w", de.Err)
		}
		return nil, 0, err
	}
	if m != len(asc) {
		return nil, 0, &keyError{Path: path, Offset: base, Err: errors.New("the descending element holds more than one element")}
	}
	return inner, n, nil
}
