package tuplegen

import (
	"fmt"
	"go/types"
	"reflect"
	"strconv"
	"strings"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
)

// kind is what a field's element is, for the emitter.
type kind int

const (
	kindConst       kind = iota // a constant element; no value
	kindString                  // a string (02)
	kindBytesString             // a string written as a byte string (01), tag bytes
	kindByteSlice               // a byte slice (01)
	kindBool
	kindInt // a signed integer of bits bits
	kindUint
	kindFloat32
	kindFloat64
	kindUUID         // a [16]byte type (30)
	kindVersionstamp // tuple.Versionstamp (33)
	kindNested       // a struct: a nested tuple of its fields
)

// wireFuncs names the tuplewire functions of the kinds whose value
// converts to and from the field's basic type.
var wireFuncs = map[kind]struct{ append, consume string }{
	kindBool:         {"AppendBool", "ConsumeBool"},
	kindInt:          {"AppendInt", "ConsumeInt"},
	kindUint:         {"AppendUint", "ConsumeUint"},
	kindFloat32:      {"AppendFloat32", "ConsumeFloat32"},
	kindFloat64:      {"AppendFloat64", "ConsumeFloat64"},
	kindVersionstamp: {"AppendVersionstamp", "ConsumeVersionstamp"},
}

// field is one element of a key struct, as tuple.NewPlan compiles it.
type field struct {
	name     string // in errors: the field name or its tag name
	typeText string // the field's Go type as reflect prints it, in errors
	sel      string // the selector from the struct value: ".A" or ".Base.A"
	goType   string // the element's Go type in the generated file (the pointed-to type for nullable)
	basic    string // the basic type the value converts from: "string", "int64", ...
	kind     kind
	bits     int // for integers
	nullable bool
	desc     bool
	constEnc []byte  // the constant's encoding
	nested   []field // the fields of a nested struct
}

// errField is the field as errors name it: "Post (int64)", or for a
// constant its text form: constant "USER".
func (f *field) errField() string {
	if f.kind == kindConst {
		return "constant " + f.name
	}
	return fmt.Sprintf("%s (%s)", f.name, f.typeText)
}

// compiler turns struct types into fields, refusing what it cannot write.
type compiler struct {
	pkg     *types.Package
	imports map[string]string // path -> name, for the generated file
	hasDesc bool
	inDesc  int // > 0 while compiling what a descending field wraps
}

// maxDepth is the nesting a plan allows (tuplewire.MaxDepth).
const maxDepth = tuplewire.MaxDepth

func (c *compiler) structFields(st *types.Struct, sel string, depth int, what string) ([]field, error) {
	if depth >= maxDepth {
		return nil, fmt.Errorf("%s nests past MaxDepth", what)
	}
	var out []field
	if err := c.addFields(&out, st, sel, depth); err != nil {
		return nil, err
	}
	return out, nil
}

// addFields mirrors tuple's planBuilder.addFields.
func (c *compiler) addFields(out *[]field, st *types.Struct, sel string, depth int) error {
	for i := range st.NumFields() {
		sf := st.Field(i)
		tag, hasTag := reflect.StructTag(st.Tag(i)).Lookup("tuple")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		isConst := hasOption(opts, "const")
		path := sel + "." + sf.Name()
		if inner, ok := types.Unalias(sf.Type()).Underlying().(*types.Struct); ok && sf.Embedded() && !hasTag && !isElementStruct(sf.Type()) {
			if err := c.accessible(sf); err != nil {
				return err
			}
			if err := c.addFields(out, inner, path, depth); err != nil {
				return err
			}
			continue
		}
		if p, ok := types.Unalias(sf.Type()).(*types.Pointer); ok && sf.Embedded() && !hasTag {
			if _, ok := p.Elem().Underlying().(*types.Struct); ok {
				return fmt.Errorf("embedded field %s (%s): an embedded pointer to a struct is not written by generated code: tuple.Plan inlines its fields, allocating the struct as it decodes; embed the struct itself, or leave this type to tuple.Plan", sf.Name(), reflectText(sf.Type()))
			}
		}
		if !sf.Exported() && !isConst {
			continue
		}
		f := field{name: sf.Name(), sel: path, typeText: reflectText(sf.Type())}
		if name != "" && !isConst {
			f.name = name
		}
		if err := c.field(&f, sf, name, opts, depth); err != nil {
			return fmt.Errorf("field %s (%s): %w", sf.Name(), f.typeText, err)
		}
		*out = append(*out, f)
	}
	return nil
}

// accessible refuses a field the generated file cannot reach.
func (c *compiler) accessible(sf *types.Var) error {
	if !sf.Exported() && sf.Pkg() != c.pkg {
		return fmt.Errorf("field %s of package %s is unexported: the generated code cannot reach it", sf.Name(), sf.Pkg().Path())
	}
	return nil
}

func hasOption(opts, want string) bool {
	for o := range strings.SplitSeq(opts, ",") {
		if o == want || strings.HasPrefix(o, want+"=") {
			return true
		}
	}
	return false
}

// field compiles one field from its tag and type, as tuple's
// planBuilder.field does.
func (c *compiler) field(f *field, sf *types.Var, name, opts string, depth int) error {
	asBytes := false
	seen := map[string]bool{}
	for o := range strings.SplitSeq(opts, ",") {
		key, _, _ := strings.Cut(o, "=")
		if o != "" && seen[key] { // as a plan refuses it: which one counts?
			return fmt.Errorf("tag option %q given twice", key)
		}
		seen[key] = true
		switch {
		case o == "" || o == "const":
		case o == "desc":
			f.desc = true
		case o == "bytes":
			asBytes = true
		case strings.HasPrefix(o, "ext="):
			return fmt.Errorf("tag option %q: an extension's element is written by the extension value the codec holds at run time, which generated code does not have; leave this type to tuple.Plan", o)
		default:
			return fmt.Errorf("unknown tag option %q", o)
		}
	}
	if hasOption(opts, "const") {
		if f.desc || asBytes {
			return fmt.Errorf("a constant takes no other option")
		}
		return f.compileConstant(sf.Type(), name)
	}
	if err := c.accessible(sf); err != nil {
		return err
	}
	t := types.Unalias(sf.Type())
	if p, ok := t.Underlying().(*types.Pointer); ok && !isNamed(p.Elem(), "math/big", "Int") {
		f.nullable, t = true, types.Unalias(p.Elem())
		if f.desc {
			return fmt.Errorf("a nullable descending field is not written by generated code: leave this type to tuple.Plan")
		}
	}
	if f.desc {
		if c.inDesc > 0 {
			return fmt.Errorf("a descending field inside a descending field is not written by generated code: leave this type to tuple.Plan")
		}
		c.hasDesc = true
		c.inDesc++
		defer func() { c.inDesc-- }()
	}
	f.goType = types.TypeString(t, c.qualifier)
	if asBytes {
		if b, ok := t.Underlying().(*types.Basic); !ok || b.Kind() != types.String {
			return fmt.Errorf("the bytes option is for strings")
		}
		f.kind, f.basic = kindBytesString, "string"
		return nil
	}
	return c.elementKind(f, t, depth)
}

// elementKind sets the element kind of a value of type t.
func (c *compiler) elementKind(f *field, t types.Type, depth int) error {
	switch {
	case isNamed(t, "time", "Time"), isNamed(t, "time", "Duration"):
		return fmt.Errorf("%s is not written by generated code yet: leave this type to tuple.Plan, which writes it as an integer of its unit", reflectText(t))
	case hasMethod(t, "AppendTupleElement"), hasMethod(t, "ScanTupleElement"), hasMethod(t, "FDBKey"):
		return fmt.Errorf("%s is a custom element type (ElementAppender, ElementScanner or fdb.KeyConvertible), not written by generated code yet: leave this type to tuple.Plan", reflectText(t))
	case isNamed(t, "github.com/fdbtuple/fdbtuple/types", "Versionstamp"):
		f.kind, f.basic = kindVersionstamp, "types.Versionstamp"
		return nil
	case isNamed(t, "math/big", "Int"), isBigIntPointer(t):
		return fmt.Errorf("big integers are left to tuple.Plan")
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return f.basicKind(u)
	case *types.Slice:
		if b, ok := u.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Uint8 {
			f.kind = kindByteSlice
			return nil
		}
	case *types.Array:
		if b, ok := u.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Uint8 && u.Len() == 16 {
			f.kind = kindUUID
			return nil
		}
	case *types.Struct:
		nested, err := c.structFields(u, "", depth+1, fmt.Sprintf("struct %v", t))
		if err != nil {
			return err
		}
		if len(nested) == 0 {
			return fmt.Errorf("struct %v has no key fields: every value would write the same empty nested tuple", t)
		}
		f.kind, f.nested = kindNested, nested
		return nil
	}
	return fmt.Errorf("%v is not written by generated code (tuple.Plan handles Tuple, []any, interfaces and big integers through its general encoder)", t)
}

// basicKind sets the kind of a basic-typed value.
func (f *field) basicKind(b *types.Basic) error {
	k := b.Kind()
	switch {
	case k == types.String:
		f.kind, f.basic = kindString, "string"
	case k == types.Bool:
		f.kind, f.basic = kindBool, "bool"
	case k == types.Float32:
		f.kind, f.basic = kindFloat32, "float32"
	case k == types.Float64:
		f.kind, f.basic = kindFloat64, "float64"
	case k >= types.Int && k <= types.Int64:
		f.kind, f.bits = kindInt, [...]int{64, 8, 16, 32, 64}[k-types.Int]
		f.basic = "int64"
	case k >= types.Uint && k <= types.Uint64:
		f.kind, f.bits = kindUint, [...]int{64, 8, 16, 32, 64}[k-types.Uint]
		f.basic = "uint64"
	default:
		return fmt.Errorf("no element holds a %v", b)
	}
	return nil
}

// compileConstant encodes a constant field's element from its tag name,
// as tuple's plan does: a string for a struct{} field, an integer of the
// field's size for an integer field. Errors name it by its text form.
func (f *field) compileConstant(t types.Type, text string) error {
	f.kind = kindConst
	var v any = text
	switch u := t.Underlying().(type) {
	case *types.Basic:
		k, bits := u.Kind(), 64
		switch k {
		case types.Int8, types.Uint8:
			bits = 8
		case types.Int16, types.Uint16:
			bits = 16
		case types.Int32, types.Uint32:
			bits = 32
		}
		switch {
		case k >= types.Int && k <= types.Int64:
			n, err := strconv.ParseInt(text, 10, bits)
			if err != nil {
				return fmt.Errorf("constant %q is no %v: %w", text, t, err)
			}
			v = n
		case k >= types.Uint && k <= types.Uint64:
			n, err := strconv.ParseUint(text, 10, bits)
			if err != nil {
				return fmt.Errorf("constant %q is no %v: %w", text, t, err)
			}
			v = n
		default:
			return fmt.Errorf("a constant field is of type struct{} (a string) or of an integer type")
		}
	case *types.Struct:
		if u.NumFields() != 0 {
			return fmt.Errorf("a constant field is of type struct{} (a string) or of an integer type")
		}
	default:
		return fmt.Errorf("a constant field is of type struct{} (a string) or of an integer type")
	}
	enc, err := tuple.AppendElems(nil, v)
	if err != nil {
		return fmt.Errorf("constant %q: %w", text, err)
	}
	txt, err := tuple.AppendElementText(nil, v)
	if err != nil {
		return fmt.Errorf("constant %q: %w", text, err)
	}
	f.constEnc, f.name = enc, string(txt)
	return nil
}

// qualifier names the packages of types in the generated file, and
// records their imports.
func (c *compiler) qualifier(p *types.Package) string {
	if p == c.pkg {
		return ""
	}
	c.imports[p.Path()] = p.Name()
	return p.Name()
}

// isElementStruct reports whether t is a struct that is one element.
func isElementStruct(t types.Type) bool {
	return isNamed(t, "math/big", "Int") || isNamed(t, "github.com/fdbtuple/fdbtuple/types", "Versionstamp")
}

// hasMethod reports whether t or *t has the method name.
func hasMethod(t types.Type, name string) bool {
	for _, m := range []types.Type{t, types.NewPointer(t)} {
		if obj, _, _ := types.LookupFieldOrMethod(m, true, nil, name); obj != nil {
			if _, ok := obj.(*types.Func); ok {
				return true
			}
		}
	}
	return false
}

func isBigIntPointer(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	return ok && isNamed(p.Elem(), "math/big", "Int")
}

func isNamed(t types.Type, path, name string) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == path && n.Obj().Name() == name
}

// reflectText spells t as reflect.Type's String does, for error fields
// identical to the plan's.
func reflectText(t types.Type) string {
	switch t := types.Unalias(t).(type) {
	case *types.Named:
		if t.Obj().Pkg() == nil {
			return t.Obj().Name()
		}
		return t.Obj().Pkg().Name() + "." + t.Obj().Name()
	case *types.Basic:
		switch t.Kind() {
		case types.Byte:
			return "uint8"
		case types.Rune:
			return "int32"
		}
		return t.Name()
	case *types.Pointer:
		return "*" + reflectText(t.Elem())
	case *types.Slice:
		return "[]" + reflectText(t.Elem())
	case *types.Array:
		return fmt.Sprintf("[%d]%s", t.Len(), reflectText(t.Elem()))
	case *types.Struct:
		if t.NumFields() == 0 {
			return "struct {}"
		}
		parts := make([]string, t.NumFields())
		for i := range parts {
			f := t.Field(i)
			parts[i] = f.Name() + " " + reflectText(f.Type())
			if f.Embedded() {
				parts[i] = reflectText(f.Type())
			}
			if tag := t.Tag(i); tag != "" {
				parts[i] += " " + strconv.Quote(tag)
			}
		}
		return "struct { " + strings.Join(parts, "; ") + " }"
	case *types.Interface:
		if t.Empty() {
			return "interface {}"
		}
	case *types.Map:
		return "map[" + reflectText(t.Key()) + "]" + reflectText(t.Elem())
	}
	return t.String()
}
