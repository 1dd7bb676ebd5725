package tuple

import (
	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
	"github.com/fdbtuple/fdbtuple/types"
)

// Nested tuples as values: tuplewire writes their framing (BeginNested,
// EndNested, AppendNestedNull).

// ConsumeTuple decodes a nested tuple (code 05) into a new Tuple.
func ConsumeTuple(b []byte) (v Tuple, n int, err error) {
	if err := tuplewire.Expect(b, types.KindTuple); err != nil {
		return nil, 0, err
	}
	d := decoder{framer: framer{in: b}}
	t, n, f := d.tuple(wirecore.NestedLevel(0), 1)
	if f.Failed() {
		return nil, 0, d.error(f)
	}
	return t, n, nil
}

// AppendNestedElement appends v as an element of a nested tuple that the
// caller opened with tuplewire.BeginNested (and closes with
// tuplewire.EndNested): AppendElems for the inside of a nested tuple, for
// keys built element by element with tuplewire (package nested's paths
// are). It is here, not in tuplewire, because v is any Go value Pack
// accepts, which takes the reflective encoder. A nil is
// written 00 FF, and v's own nested tuples count from depth 1 toward
// tuplewire.MaxDepth, as the decoder counts them. It allocates nothing when cap(dst)
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
