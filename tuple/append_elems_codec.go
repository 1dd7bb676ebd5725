package tuple

import (
	"reflect"

	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
)

// AppendElems is the package AppendElems with c's extensions and options:
// the inverse of c.Scan. A value that one of c's extensions owns is
// written by it: Desc{V: v} as a descending element (c needs a
// DescExtension, as c.Scan does to read one back into Desc{V: &v}), a
// decimal by its extension. With AllowInvalidUTF8, a string is written
// byte for byte. Nested tuples ([]any, Tuple) follow the same rules.
//
// Because an extension is called through an interface, the values given
// to Codec.AppendElems escape to the heap (an int64 beyond 255 costs an
// allocation to box); the package AppendElems keeps them on the stack.
func (c Codec) AppendElems(dst []byte, vals ...any) ([]byte, error) {
	if len(c.Extensions) > 0 {
		if err := c.check(); err != nil {
			return dst, err
		}
	}
	var tr trail
	out, err := c.appendElems(dst, vals, false, 0, &tr)
	if err != nil {
		return dst, tr.place(err)
	}
	return out, nil
}

func (c Codec) appendElems(dst []byte, vals []any, nested bool, depth int, tr *trail) ([]byte, error) {
	for i, v := range vals {
		var err error
		if dst, err = c.appendElem(dst, v, nested, depth, tr); err != nil {
			tr.add(i)
			return dst, err
		}
	}
	return dst, nil
}

// appendElem appends one value: a nested tuple element by element, a
// value of an extension by the extension, anything else as the package
// AppendElems does.
func (c Codec) appendElem(dst []byte, v any, nested bool, depth int, tr *trail) ([]byte, error) {
	switch t := v.(type) {
	case Tuple:
		return c.appendNestedElems(dst, t, depth, tr)
	case []any:
		return c.appendNestedElems(dst, t, depth, tr)
	case string:
		if c.AllowInvalidUTF8 {
			return tuplewire.AppendString(dst, t), nil
		}
	}
	if x := c.owner(v); x != nil {
		return appendOwned(dst, x, v, c)
	}
	if c.AllowInvalidUTF8 { // a named string type too, as c.Scan reads it
		if rv := reflect.ValueOf(v); rv.Kind() == reflect.String && typeOf(rv.Type()).rule == ruleString {
			return tuplewire.AppendString(dst, rv.String()), nil
		}
	}
	return appendLooseElem(dst, v, nested, depth, tr)
}
