package tuple

// What holds other elements or none, both ways, for every caller: nested
// tuples (Tuple, []any, Scan's []any of destinations), the empty
// interface (the element of what it holds), pointers and nulls (nil is a
// null, which sorts first, desc or not) and a plan's struct fields (a
// nested tuple of their fields). tuplewire writes the framing
// (BeginNested, EndNested, AppendNestedNull).

import (
	"fmt"
	"reflect"

	"github.com/fdbtuple/fdbtuple/tuple/internal/schematext"
	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
	"github.com/fdbtuple/fdbtuple/types"
)

// The rows' facts (gotype.go's row), which rows (value.go) lists. A
// struct's schema is its fields' (writeLayout), and the prefix hint
// checks its fields inside its nested tuple.
var (
	tupleRow  = row{schema: word(schematext.Tuple), reads: kinds(types.KindTuple)}
	anyRow    = row{schema: word(schematext.Any), reads: anyKind}
	structRow = row{reads: kinds(types.KindTuple)}
)

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

func (e *encoder) appendNested(dst []byte, t []any, depth int) ([]byte, error) {
	if depth >= wirecore.MaxDepth {
		return dst, encodeError(t, ErrTooDeep)
	}
	start := len(dst)
	dst, err := e.appendTuple(tuplewire.BeginNested(dst), t, true, depth+1)
	if err != nil {
		return dst[:start], err
	}
	return tuplewire.EndNested(dst), nil
}

func (e *encoder) sizeNested(t []any, depth int) (int, error) {
	if depth >= wirecore.MaxDepth {
		return 0, encodeError(t, ErrTooDeep)
	}
	n, err := e.sizeTuple(t, true, depth+1)
	return n + 2, err
}

func appendLooseNested(dst []byte, t []any, depth int, tr *trail) ([]byte, error) {
	if depth >= wirecore.MaxDepth {
		return dst, encodeError(t, ErrTooDeep)
	}
	out, err := appendLoose(tuplewire.BeginNested(dst), t, true, depth+1, tr)
	if err != nil {
		return dst, err
	}
	return tuplewire.EndNested(out), nil
}

func (c Codec) appendNestedElems(dst []byte, t []any, depth int, tr *trail) ([]byte, error) {
	if depth >= wirecore.MaxDepth {
		return dst, encodeError(t, ErrTooDeep)
	}
	out, err := c.appendElems(tuplewire.BeginNested(dst), t, true, depth+1, tr)
	if err != nil {
		return dst, err
	}
	return tuplewire.EndNested(out), nil
}

// appendTupleValue appends rv, a Tuple or another slice of the empty
// interface, as a nested tuple.
func (e *encoder) appendTupleValue(dst []byte, rv reflect.Value, depth int) ([]byte, error) {
	return e.appendNested(dst, rv.Convert(anySliceType).Interface().([]any), depth)
}

// appendLooseTuple appends rv, a named []any, for AppendElems, copied
// out: reflect.Copy keeps it on the stack.
func appendLooseTuple(dst []byte, rv reflect.Value, depth int, tr *trail) ([]byte, error) {
	t := make([]any, rv.Len())
	reflect.Copy(reflect.ValueOf(t), rv)
	return appendLooseNested(dst, t, depth, tr)
}

// scanTupleValue reads the nested tuple at in[at] into rv, a Tuple or
// another slice of the empty interface.
func (s *scanner) scanTupleValue(at, depth int, rv reflect.Value, dst any) (int, error) {
	if types.Code(s.in[at]) != types.CodeNested {
		return 0, s.wrongKind(at, dst)
	}
	v, end, err := s.element(at, depth)
	if err == nil {
		rv.Set(reflect.ValueOf(v).Convert(rv.Type()))
	}
	return end, err
}

// scanLooseTuple reads the nested tuple at in[pos] into rv, a named
// []any, for Scan: Grow, SetLen and Copy set a slice without Set, which
// keeps the destination on the stack.
func (s *scanner) scanLooseTuple(pos, depth int, rv reflect.Value) (int, error) {
	var t Tuple
	end, err := s.one(&t, pos, depth)
	if err != nil {
		return 0, err
	}
	if t == nil {
		rv.SetZero()
		return end, nil
	}
	rv.SetLen(0)
	rv.Grow(len(t))
	rv.SetLen(len(t))
	reflect.Copy(rv, reflect.ValueOf([]any(t)))
	return end, nil
}

// scanNested reads the nested tuple at in[pos] into p, Scan's []any of
// further destinations.
func (s *scanner) scanNested(p []any, pos, depth int) (int, error) {
	if types.Code(s.in[pos]) != types.CodeNested {
		return 0, s.wrongKind(pos, p)
	}
	if depth >= wirecore.MaxDepth {
		return 0, s.fault(wirecore.FaultAt(pos, wirecore.FaultTooDeep))
	}
	return s.tuple(wirecore.NestedLevel(pos), depth+1, p)
}

// scanTuple reads the nested tuple at in[pos] into *p.
func (s *scanner) scanTuple(p *Tuple, pos, depth int) (int, error) {
	if types.Code(s.in[pos]) != types.CodeNested {
		return 0, s.wrongKind(pos, p)
	}
	v, end, err := s.element(pos, depth)
	if err == nil {
		*p = v.(Tuple)
	}
	return end, err
}

// The empty interface: the element of the value it holds.

// appendAnyValue appends rv, an interface variable, as the element of
// what it holds: nil is a null.
func (e *encoder) appendAnyValue(dst []byte, rv reflect.Value, nested bool, depth int) ([]byte, error) {
	if rv.IsNil() {
		return appendNull(dst, nested), nil
	}
	return e.appendElem(dst, rv.Elem().Interface(), nested, depth)
}

// element decodes the element at in[at] into the value Unpack gives it,
// with the scanner's codec, leniency and depth.
func (s *scanner) element(at, depth int) (any, int, error) {
	var d decoder
	d.start(s.codec, s.in)
	var v any
	end, f := d.element(&v, at, depth)
	if f.Failed() {
		return nil, 0, d.error(f)
	}
	return v, end, nil
}

// scanAnyValue reads the element at in[at] into rv, an interface
// variable, as Unpack gives it.
func (s *scanner) scanAnyValue(at, depth int, rv reflect.Value) (int, error) {
	v, end, err := s.element(at, depth)
	if err == nil {
		rv.Set(reflect.ValueOf(v))
	}
	return end, err
}

// scanAny reads the element at in[pos] into *p, as Unpack gives it.
func (s *scanner) scanAny(p *any, pos, depth int) (int, error) {
	v, end, err := s.element(pos, depth)
	if err == nil {
		*p = v
	}
	return end, err
}

// Pointers and nulls: nil is a null element (00, and 00 FF inside a
// nested tuple), anything else the element of what it points to.

func appendNull(dst []byte, nested bool) []byte {
	if nested {
		return tuplewire.AppendNestedNull(dst)
	}
	return tuplewire.AppendNull(dst)
}

// null stores a null element (00 at the top level, 00 FF inside a nested
// tuple) into d, which must be able to hold one: *any, or a pointer to a
// nullable type of the table (**T).
func (s *scanner) null(d any, pos int) error {
	switch p := d.(type) {
	case nil:
		return nil
	case *any:
		*p = nil
		return nil
	case Desc: // a null is a null, desc or not, as a plan writes a nil pointer
		if anyDest(p.V) { // but an any's null is a value, which a plan writes desc(nil)
			return s.fail(pos, ErrWrongType, fmt.Sprintf("a null element is not descending: %v holds nil under Desc as desc(nil)", reflect.TypeOf(p.V)))
		}
		return s.null(p.V, pos)
	}
	if rv := reflect.ValueOf(d); rv.Kind() == reflect.Pointer && !rv.IsNil() {
		if g := typeOf(rv.Type().Elem()); g.rule == rulePointer || g.rule == ruleAny {
			rv.Elem().SetZero() // a null needs no T
			return nil
		}
	}
	return s.fail(pos, ErrWrongType, fmt.Sprintf("a null element cannot go into %v", reflect.TypeOf(d)))
}

// anyDest reports whether d is a pointer to an interface variable.
func anyDest(d any) bool {
	if _, ok := d.(*any); ok {
		return true
	}
	rv := reflect.ValueOf(d)
	return rv.Kind() == reflect.Pointer && !rv.IsNil() && typeOf(rv.Type().Elem()).rule == ruleAny
}

// scanNullValue reads a null element (00, or 00 FF inside a nested tuple
// when st is wirecore.StepNull) into rv, of row g: a pointer's nil, an
// interface's nil (but under desc, where an any's null is desc(nil)).
func (s *scanner) scanNullValue(st wirecore.Step, at int, g *goType, rv reflect.Value, o elemOpts, dst any) (int, error) {
	next := at + 1
	if st == wirecore.StepNull {
		next = at + 2
	}
	switch {
	case g.rule == rulePointer, g.rule == ruleAny && !o.desc:
		rv.SetZero()
		return next, nil
	case g.rule == ruleAny: // a nil pointer is a plain null, desc or not; an any's null is a value, written desc(nil)
		return 0, s.fail(at, ErrWrongType, fmt.Sprintf("a null element is not descending: a desc field of %v holds nil as desc(nil)", reflect.TypeOf(dst)))
	}
	return 0, s.fail(at, ErrWrongType, fmt.Sprintf("a null element cannot go into %v", reflect.TypeOf(dst)))
}

// scanPointerValue reads the element at in[at], which is no null, into
// a new variable of the pointee's row, and sets rv, the pointer, to it.
func (s *scanner) scanPointerValue(at, depth int, g *goType, rv reflect.Value, o elemOpts, dst any) (int, error) {
	nv := reflect.New(g.elem.t)
	end, err := s.scanValue(wirecore.StepElem, at, depth, g.elem, nv.Elem(), o, dst)
	if err == nil {
		rv.Set(nv)
	}
	return end, err
}

func nullable[T any](s *scanner, p **T, pos, depth int) (int, bool, error) {
	v := new(T)
	end, err := s.one(v, pos, depth)
	if err == nil {
		*p = v
	}
	return end, true, err
}

// A plan's struct fields: a nested tuple of their fields.

// appendStructValue appends rv, a struct of row g, as a nested tuple of
// its fields: inside a plan only, where a struct field is one element (a
// struct on its own is a key).
func (e *encoder) appendStructValue(dst []byte, g *goType, rv reflect.Value, depth int) ([]byte, error) {
	if !e.inPlan {
		return dst, &EncodeError{Type: g.t, Err: fmt.Errorf("%w %v: a struct is a key of its own; encode it with a Plan (NewPlan), or put its fields in the tuple", ErrUnsupportedType, g.t)}
	}
	if depth >= wirecore.MaxDepth {
		return dst, &EncodeError{Type: g.t, Err: ErrTooDeep}
	}
	rv = addressable(rv)
	out, err := e.fields(tuplewire.BeginNested(dst), g.lay, rv, len(g.lay.fields), true, depth+1)
	if err != nil {
		return dst, err
	}
	return tuplewire.EndNested(out), nil
}

// scanStructValue reads the nested tuple at in[at] into rv, a struct of
// row g, field by field.
func (s *scanner) scanStructValue(at, depth int, g *goType, rv reflect.Value, dst any) (int, error) {
	if types.Code(s.in[at]) != types.CodeNested {
		return 0, s.wrongKind(at, dst)
	}
	if depth >= wirecore.MaxDepth {
		return 0, s.fault(wirecore.FaultAt(at, wirecore.FaultTooDeep))
	}
	return s.structFields(wirecore.NestedLevel(at), depth+1, g.lay, rv)
}

// appendStructDirect appends fv, a direct plan's struct field f, as a
// nested tuple of its fields.
func (e *encoder) appendStructDirect(dst []byte, f *planField, fv reflect.Value, depth int) ([]byte, error) {
	if depth >= wirecore.MaxDepth {
		return dst, &EncodeError{Type: f.typ, Err: ErrTooDeep}
	}
	out, err := e.fieldsDirect(tuplewire.BeginNested(dst), f.gt.lay, fv, len(f.gt.lay.fields), true, depth+1)
	if err != nil {
		return dst, err
	}
	return tuplewire.EndNested(out), nil
}

// scanStructDirect reads the nested tuple at in[at] into fv, a direct
// plan's struct field f.
func (s *scanner) scanStructDirect(at, depth int, f *planField, fv reflect.Value) (int, error) {
	if types.Code(s.in[at]) != types.CodeNested {
		return 0, s.wrongKind(at, f.zero)
	}
	if depth >= wirecore.MaxDepth {
		return 0, s.fault(wirecore.FaultAt(at, wirecore.FaultTooDeep))
	}
	return s.structFieldsDirect(wirecore.NestedLevel(at), depth+1, f.gt.lay, fv)
}
