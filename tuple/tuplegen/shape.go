package tuplegen

// What the generated methods are written for, beyond the key schema: the
// Go fields they reach, by their paths through embedded structs
// (TupleKeyFields, which tuple.NewPlan compares at run time), and the
// shapes of the named structs they reach, which the file asserts at
// compile time. The schema says what a key holds; an embedded Base made
// *Base, or a field moved into an embedded struct, leaves it unchanged
// and the old methods compiling (v.Base.Tenant reaches through the
// pointer), but they would not check nor allocate the pointer.
//
// The compile-time shape is a conversion, `var _ = struct{...}(T{})`,
// which fails to compile when a field of T is added, removed, renamed,
// retyped or moved, or an embedded value becomes a pointer. It ignores
// tags (units, directions, names), which the schema check covers, and it
// can only be written for a struct whose fields the file can spell (not
// an unexported field of another package's struct): for those the
// run-time check of the paths is the only one, and it is complete on its
// own. The conversion fails the build where the run-time check fails at
// start-up: a stale file is never deployed where it can be spelled.

import (
	"go/types"
	"slices"
	"strings"
)

// fieldsText is the text of TupleKeyFields, as tuple's fieldPaths writes
// it from reflect: "Embeds{*Owner._, ID, *Where.*Zone.Z, In{A, B}}".
func fieldsText(typeName string, fields []field) string {
	var b strings.Builder
	b.WriteString(typeName)
	writeFields(&b, fields)
	return b.String()
}

func writeFields(b *strings.Builder, fields []field) {
	b.WriteByte('{')
	for i := range fields {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(fields[i].path)
		if fields[i].kind == kindNested {
			writeFields(b, fields[i].nested)
		}
	}
	b.WriteByte('}')
}

// shape records the conversion asserting the fields of st, the
// underlying struct of t, when t is a named struct (an unnamed struct is
// spelled in the shape of the struct it is a field of) and every field
// can be spelled in the file.
func (c *compiler) shape(t types.Type, st *types.Struct) {
	if _, named := types.Unalias(t).(*types.Named); !named || !c.spellable(t) {
		return
	}
	parts := make([]string, st.NumFields())
	for i := range st.NumFields() {
		sf := st.Field(i)
		if !c.spellable(sf.Type()) || !sf.Exported() && sf.Pkg() != c.pkg {
			return
		}
		typ := types.TypeString(sf.Type(), c.qualifier)
		switch {
		case !sf.Embedded():
			parts[i] = sf.Name() + " " + typ
		case embeddedName(sf.Type()) == sf.Name():
			parts[i] = typ
		default: // an embedded alias the type checker does not show
			return
		}
	}
	lit := "struct{" + strings.Join(parts, "; ") + "}(" + types.TypeString(t, c.qualifier) + "{})"
	if !slices.Contains(c.shapes, lit) {
		c.shapes = append(c.shapes, lit)
	}
}

// embeddedName is the name an embedded field of type t takes.
func embeddedName(t types.Type) string {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	switch t := t.(type) {
	case *types.Alias:
		return t.Obj().Name()
	case *types.Named:
		return t.Obj().Name()
	}
	return ""
}

// spellable reports whether the generated file can name t: every named
// type and struct field in it is exported or of the user's package, and
// no package in it is internal to another tree.
func (c *compiler) spellable(t types.Type) bool {
	visible := func(obj types.Object) bool {
		if obj.Pkg() == nil || obj.Pkg() == c.pkg {
			return true
		}
		return obj.Exported() && importable(obj.Pkg().Path(), c.pkg.Path())
	}
	switch t := t.(type) {
	case *types.Basic:
		return true
	case *types.Alias:
		return visible(t.Obj()) && c.allSpellable(t.TypeArgs())
	case *types.Named:
		return visible(t.Obj()) && c.allSpellable(t.TypeArgs())
	case *types.Pointer:
		return c.spellable(t.Elem())
	case *types.Slice:
		return c.spellable(t.Elem())
	case *types.Array:
		return c.spellable(t.Elem())
	case *types.Map:
		return c.spellable(t.Key()) && c.spellable(t.Elem())
	case *types.Chan:
		return c.spellable(t.Elem())
	case *types.Struct:
		for i := range t.NumFields() {
			if f := t.Field(i); !visible(f) || !c.spellable(f.Type()) {
				return false
			}
		}
		return true
	case *types.Signature:
		for _, tup := range []*types.Tuple{t.Params(), t.Results()} {
			for i := range tup.Len() {
				if !c.spellable(tup.At(i).Type()) {
					return false
				}
			}
		}
		return t.TypeParams().Len() == 0
	case *types.Interface:
		for i := range t.NumExplicitMethods() {
			if m := t.ExplicitMethod(i); !visible(m) || !c.spellable(m.Type()) {
				return false
			}
		}
		for i := range t.NumEmbeddeds() {
			if !c.spellable(t.EmbeddedType(i)) {
				return false
			}
		}
		return true
	}
	return false
}

func (c *compiler) allSpellable(list *types.TypeList) bool {
	for i := range list.Len() {
		if !c.spellable(list.At(i)) {
			return false
		}
	}
	return true
}

// importable reports whether the package at path may be imported by the
// package at from, by the go command's rule for internal packages.
func importable(path, from string) bool {
	i := strings.LastIndex(path, "/internal/")
	switch {
	case strings.HasSuffix(path, "/internal"):
		i = len(path) - len("/internal")
	case i < 0 && strings.HasPrefix(path, "internal/"), path == "internal":
		return false // the standard library's own
	case i < 0:
		return true
	}
	parent := path[:i]
	return from == parent || strings.HasPrefix(from, parent+"/")
}
