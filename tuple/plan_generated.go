package tuple

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
)

// generatedKey is what `fdbtuple gen` (package tuplegen) writes on *T: the
// encoder and decoder of T's keys under Codec{}, without reflect, and
// what they are written for: the key schema, and the Go fields they
// reach, through which embedded structs (see fieldPaths).
type generatedKey interface {
	AppendTupleKey(dst []byte) ([]byte, error)
	UnmarshalTupleKey(key []byte) (n int, err error)
	TupleKeySchema() string
	TupleKeyFields() string
}

// generatedFuncs is the method of the generated file through which a plan
// calls the encoder and decoder: they as functions that take a T by value.
// A method called through an interface or a function value makes its
// receiver escape (the compiler cannot see the callee), and the caller's
// *T must not (so that no plan makes a key struct declared by its caller
// allocate); a value passed to one does not, and the functions, written
// for T, call the methods statically on their own copy. The type is
// generic, so reflect cannot name it: NewPlan asserts it on a *T.
type generatedFuncs[T any] interface {
	TupleKeyFuncs() (appendKey func(T, []byte) ([]byte, error), unmarshalKey func(T, []byte) (T, int, error))
}

// schemaOnly is what files of an older fdbtuple gen declared: the
// schema, not the fields.
type schemaOnly interface{ TupleKeySchema() string }

// generatedCodec runs the generated methods of *T for a plan, through the
// functions of TupleKeyFuncs.
type generatedCodec[T any] struct {
	appendKey    func(T, []byte) ([]byte, error)
	unmarshalKey func(T, []byte) (T, int, error)
}

// newGeneratedCodec returns the generated codec of a plan of struct type
// T for codec c, whose layout is lay and whose schema the plan's schema
// returns, or nil if the plan keeps its reflective path: the methods are
// written for Codec{} (with the descending extension NewPlan adds for
// desc fields), so any other codec keeps it. Methods written for another
// T (T changed, and the generator was not run again) are
// ErrStaleGenerated: they would write and read keys by T's old layout,
// or reach its fields by paths T no longer has (an embedded struct now
// behind a pointer, which they would not allocate).
func newGeneratedCodec[T any](c Codec, lay *layout, schema func() string) (*generatedCodec[T], error) {
	t := reflect.TypeFor[T]()
	pt := reflect.PointerTo(t)
	if !pt.Implements(reflect.TypeFor[schemaOnly]()) || c.Lenient || c.AllowInvalidUTF8 || len(c.Extensions) > 0 {
		return nil, nil
	}
	if !pt.Implements(reflect.TypeFor[generatedKey]()) {
		return nil, fmt.Errorf("%w: *%v has the TupleKeySchema method of an older fdbtuple gen (on %v or on a struct it embeds), and no TupleKeyFields; run go generate (fdbtuple gen) again", ErrStaleGenerated, t, t)
	}
	fields, written, own := writtenFor[T]()
	if !own || !strings.HasPrefix(fields, t.Name()+"{") {
		return nil, nil // promoted from an embedded struct: written for that struct, not for T
	}
	funcs, ok := any(new(T)).(generatedFuncs[T])
	if !ok {
		return nil, fmt.Errorf("%w: *%v has the methods of an older fdbtuple gen, without TupleKeyFuncs, through which a plan calls them; run go generate (fdbtuple gen) again", ErrStaleGenerated, t)
	}
	// The schema is printed only here, for a type with the methods.
	if now := schema(); written != now {
		return nil, fmt.Errorf("%w: the methods of *%v (from fdbtuple gen) are written for the key schema\n\t%s\nand %v is now\n\t%s\nrun go generate (fdbtuple gen) again", ErrStaleGenerated, t, written, t, now)
	}
	if now := fieldPaths(lay); fields != now {
		return nil, fmt.Errorf("%w: the methods of *%v (from fdbtuple gen) are written for the fields\n\t%s\nand %v's are now\n\t%s\nrun go generate (fdbtuple gen) again", ErrStaleGenerated, t, fields, t, now)
	}
	gc := &generatedCodec[T]{}
	gc.appendKey, gc.unmarshalKey = funcs.TupleKeyFuncs()
	return gc, nil
}

// writtenFor returns what the generated methods of *T say they are
// written for, called on a zero T. own is false when they panic, which
// the methods of T's own file never do (they read no field): they are
// promoted from a struct T reaches through an embedded pointer, nil in a
// zero T.
func writtenFor[T any]() (fields, schema string, own bool) {
	defer func() {
		if recover() != nil {
			own = false
		}
	}()
	g := any(new(T)).(generatedKey)
	return g.TupleKeyFields(), g.TupleKeySchema(), true
}

// fieldPaths is the text of TupleKeyFields: the Go fields of the
// layout's struct, one a key element, in key order, each by its path
// through embedded structs (a * before an embedded pointer, which the
// methods check and allocate), and the fields of a nested struct in
// braces after it:
//
//	Embeds{*Owner._, *Owner.Org, ID, *Where.*Zone.Z, *Where.Shelf, In{A, B}}
//
// The schema says what the key holds; this says where the methods find
// it, which the schema does not: an embedded Base made *Base leaves the
// schema as it was, and the old methods compiling (v.Base.Tenant reaches
// through the pointer), but they would not allocate it.
func fieldPaths(lay *layout) string {
	var b strings.Builder
	b.WriteString(lay.typ.Name())
	writeFieldPaths(&b, lay)
	return b.String()
}

func writeFieldPaths(b *strings.Builder, lay *layout) {
	b.WriteByte('{')
	for i := range lay.fields {
		f := &lay.fields[i]
		if i > 0 {
			b.WriteString(", ")
		}
		t := lay.typ
		for j, idx := range f.index {
			sf := t.Field(idx)
			if j == len(f.index)-1 {
				b.WriteString(sf.Name)
				break
			}
			t = sf.Type // an embedded struct on the way
			if t.Kind() == reflect.Pointer {
				b.WriteByte('*')
				t = t.Elem()
			}
			b.WriteString(sf.Name)
			b.WriteByte('.')
		}
		if f.inner != nil && f.inner.lay != nil {
			writeFieldPaths(b, f.inner.lay)
		}
	}
	b.WriteByte('}')
}

// append appends the key of *v, as Plan.appendFields does: dst
// unchanged on error.
func (g *generatedCodec[T]) append(dst []byte, v *T) ([]byte, error) {
	out, err := g.appendKey(*v, dst)
	if err != nil {
		return dst, err
	}
	return out, nil
}

// unmarshalAt decodes the fields of *v from key[start:] and returns the
// rest of the key, as Plan.unmarshalAt does: the offsets of errors count
// from key[0].
func (g *generatedCodec[T]) unmarshalAt(key []byte, start int, v *T) ([]byte, error) {
	// The fields the key does not hold (tagged -, unexported) keep their
	// values, as on the reflective path: the decoder starts from *v.
	w, n, err := g.unmarshalKey(*v, key[start:])
	if err != nil {
		if de, ok := err.(*DecodeError); ok && start > 0 {
			return nil, de.Rebase(start)
		}
		return nil, err
	}
	*v = w
	return key[start+n:], nil
}

// Generated reports whether the plan runs the methods `fdbtuple gen`
// wrote on *T (without reflect) rather than its reflective path: false
// when *T has none, and when the plan's codec is not Codec{} (lenient,
// AllowInvalidUTF8 or with extensions of its own), for which the methods
// are not written. A stale file never runs: NewPlan refuses it. Use it in
// a test to make sure the hot keys of a program take the generated path.
func (p *Plan[T]) Generated() bool { return p.generated != nil }

// CheckGenerated reports whether the methods `fdbtuple gen` wrote on *T
// are written for T as the program has it: nil when they are (or when
// *T has none), an error wrapping ErrStaleGenerated, naming what
// changed, when T changed since the generator ran. A T that NewPlan now
// refuses is such a change too (the generator refuses what the plan
// refuses), and the error names the plan's reason. NewPlan checks the
// same; the generated file calls CheckGenerated once, when its package
// is initialized, and its methods return the error from every call, so
// that a stale file called directly does not write or read keys by T's
// old layout either.
func CheckGenerated[T any]() error {
	_, err := NewPlan[T](Codec{})
	switch {
	case err == nil, errors.Is(err, ErrStaleGenerated):
		return err
	case reflect.PointerTo(reflect.TypeFor[T]()).Implements(reflect.TypeFor[schemaOnly]()):
		return fmt.Errorf("%w: *%v has methods from fdbtuple gen, and the plan now refuses %v: %w", ErrStaleGenerated, reflect.TypeFor[T](), reflect.TypeFor[T](), err)
	}
	return nil
}
