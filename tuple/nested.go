package tuple

import "github.com/fdbtuple/fdbtuple/types"

// Nested tuples: 05, the elements, and a closing 00. A null inside is
// written 00 FF. frame.go reads where a nested tuple ends.

// BeginNested appends the start of a nested tuple (05). Append its
// elements with the Append functions, writing nulls with AppendNestedNull,
// then close it with EndNested.
func BeginNested(dst []byte) []byte {
	return append(dst, byte(types.CodeNested))
}

// EndNested appends the 00 that closes a nested tuple.
func EndNested(dst []byte) []byte {
	return append(dst, 0x00)
}

// ConsumeTuple decodes a nested tuple (code 05) into a new Tuple.
func ConsumeTuple(b []byte) (v Tuple, n int, err error) {
	if err := expect(b, types.KindTuple); err != nil {
		return nil, 0, err
	}
	d := decoder{framer: framer{in: b}}
	t, n, f := d.tuple(nestedLevel(0), 1)
	if f.failed() {
		return nil, 0, d.error(f)
	}
	return t, n, nil
}

// AppendNestedElement appends v as an element of a nested tuple that the
// caller opened with BeginNested (and closes with EndNested): a nil is
// written 00 FF, and v's own nested tuples count from depth 1 toward
// MaxDepth, as the decoder counts them. It allocates nothing when cap(dst)
// has room for the common element types. An error's path starts inside v.
func AppendNestedElement(dst []byte, v any) ([]byte, error) {
	one := [1]any{v}
	if out, ok := appendPlain(dst, one[:], true, 1, noLimit); ok {
		return out, nil
	}
	var e encoder
	out, err := e.appendElem(dst, v, true, 1)
	if err != nil {
		return dst, e.placed(err)
	}
	return out, nil
}
