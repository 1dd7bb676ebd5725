package tuplegen

import (
	"fmt"
	"go/types"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/internal/keytag"
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
	kindTime         // time.Time: an integer of its unit since the Unix epoch (tuple.AppendTime)
	kindDuration     // time.Duration: an integer of its unit (tuple.AppendDuration)
	kindBigInt       // big.Int: an integer of any size
	kindCustom       // a type with AppendTupleElement and ScanTupleElement (tuple.Codec.AppendCustom)
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
	// path is the field in TupleKeyFields: "A", "Base.A", "*Where.A".
	path   string
	goType string // the element's Go type in the generated file (the pointed-to type for nullable)
	basic  string // the basic type the value converts from: "string", "int64", ...
	kind   kind
	bits   int // for integers: their width in the schema (64 for int and uint)
	// sized is an integer's Go basic type (int, uint8, ...), which a
	// decoded value must fit: int and uint are 32 bits on some platforms.
	sized string
	// byteElems: a byte slice or UUID of a named byte type ([]MyByte),
	// which Go does not convert to and from []byte.
	byteElems bool
	nullable  bool
	// optional: a trailing pointer field left out of the key when nil,
	// which then ends before it (tag optional; see tuple's plan_optional.go)
	optional bool
	desc     bool
	unit     string  // of a time or duration: the Go expression of its unit, time.Nanosecond ...
	constEnc []byte  // the constant's encoding
	nested   []field // the fields of a nested struct
	// via are the embedded pointers to structs the field is reached
	// through, outermost first: the plan allocates them as it decodes and
	// refuses a nil one as it encodes.
	via []viaPointer
	// fieldType is the field's whole Go type in the generated file, for
	// the error of a nil embedded pointer on the way to it.
	fieldType string
}

// viaPointer is an embedded pointer to a struct.
type viaPointer struct {
	sel    string // the selector of the pointer from the struct value
	goType string // the struct type it points to
}

// errField is the field as errors name it: "Post (int64)", or for a
// constant its text form: constant "USER".
func (f *field) errField() string {
	if f.kind == kindConst {
		return "constant " + f.name
	}
	return f.planName()
}

// planName is the field as the plan names it in every error of its own
// making: its name (a constant's text form) and Go type.
func (f *field) planName() string {
	return fmt.Sprintf("%s (%s)", f.name, f.typeText)
}

// compiler turns struct types into fields, refusing what it cannot write.
type compiler struct {
	pkg     *types.Package
	names   *packageNames // of the packages the generated file names
	hasDesc bool
	inDesc  int // > 0 while compiling what a descending field wraps
	// busy holds the structs being compiled, as the plan's table builder
	// does, so that a struct that holds or embeds itself is refused, not
	// followed.
	busy map[*types.Struct]bool
	// shapes are the conversions that assert, at compile time, the fields
	// of the named structs the current type's methods reach (see shape).
	shapes []string
}

// maxDepth is the nesting a plan allows (tuplewire.MaxDepth).
const maxDepth = tuplewire.MaxDepth

// structFields compiles the fields of struct st, of type t (named or
// not), at nesting depth depth.
func (c *compiler) structFields(t types.Type, st *types.Struct, depth int, what string) ([]field, error) {
	if depth >= maxDepth {
		return nil, fmt.Errorf("%s nests past MaxDepth", what)
	}
	c.busy[st] = true
	defer delete(c.busy, st)
	c.shape(t, st)
	var out []field
	if err := c.addFields(&out, st, reach{base: t}, depth); err != nil {
		return nil, err
	}
	if err := uniqueNames(out); err != nil {
		return nil, err
	}
	return out, checkOptional(out)
}

// checkOptional refuses optional fields that are not at the end of
// their level, as tuple's layout.checkOptional does: a field after an
// optional one that is not optional, or a constant after one.
func checkOptional(fields []field) error {
	first := firstOptional(fields)
	for i := first + 1; i < len(fields); i++ {
		f, o := &fields[i], &fields[first]
		switch {
		case f.kind == kindConst:
			return fmt.Errorf("constant %s after optional field %s: a key ends where a nil optional field is, so nothing but optional fields may follow one", f.name, o.name)
		case !f.optional:
			return fmt.Errorf("field %s (%s) after optional field %s: a key ends where a nil optional field is, so every field after an optional one is optional (tag it `tuple:\",optional\"`, or move it before %s)", f.name, f.typeText, o.name, o.name)
		}
	}
	return nil
}

// firstOptional is the index of the first optional field of fields, or
// len(fields) when none is.
func firstOptional(fields []field) int {
	for i := range fields {
		if fields[i].optional {
			return i
		}
	}
	return len(fields)
}

// uniqueNames refuses two fields of one level (the fields of embedded
// structs inlined into it) with one name, as tuple's layout.uniqueNames
// does: a key keeps every field and names each once. A constant's name
// is its value, which may repeat.
func uniqueNames(fields []field) error {
	seen := map[string]*field{}
	for i := range fields {
		f := &fields[i]
		if f.kind == kindConst {
			continue
		}
		if g, dup := seen[f.name]; dup {
			return fmt.Errorf("fields %s (%s) and %s (%s): two fields named %s: a key keeps every field and names each once (Schema, Range, errors); rename one with a tag (`tuple:\"OtherName\"`), or leave one out of the key with `tuple:\"-\"`",
				strings.ReplaceAll(g.path, "*", ""), g.typeText, strings.ReplaceAll(f.path, "*", ""), f.typeText, f.name)
		}
		seen[f.name] = f
	}
	return nil
}

// reach is how the fields of a struct are reached from the value the
// methods read and write: through embedded structs, by value or pointer.
type reach struct {
	sel  string       // the selector: ".Base"
	path string       // the path in TupleKeyFields: "*Base."
	via  []viaPointer // the embedded pointers on the way
	// base is the type of the value sel reaches. Past an unexported
	// embedded struct of another package (hidden), which the generated
	// file cannot name, sel leaves it out, and reaches its fields as
	// promoted fields of base.
	base   types.Type
	hidden bool
}

// addFields mirrors tuple's tableBuilder.addFields (plan_layout.go): the
// fields of st, reached by r.
func (c *compiler) addFields(out *[]field, st *types.Struct, r reach, depth int) error {
	for i := range st.NumFields() {
		sf := st.Field(i)
		tag, hasTag := reflect.StructTag(st.Tag(i)).Lookup("tuple")
		if tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		isConst := keytag.IsConst(tag)
		sel := r.sel + "." + sf.Name()
		if r.hidden && !isConst {
			if obj, _, _ := types.LookupFieldOrMethod(r.base, true, c.pkg, sf.Name()); obj != sf {
				return fmt.Errorf("field %s (%s) is reached through an unexported embedded struct of another package, as a promoted field, and another field of its name shadows it: the generated code cannot reach it; take this type out of the -type list (tuple.Plan encodes it by reflection)", sf.Name(), reflectText(sf.Type()))
			}
		}
		if et, ptr := inlined(sf.Type()); sf.Embedded() && !hasTag && et != nil {
			if c.busy[et] { // as the plan refuses it
				return fmt.Errorf("embedded field %s (%s): the struct embeds itself", sf.Name(), reflectText(sf.Type()))
			}
			named := sf.Type()
			inner := reach{sel: sel, path: r.path + sf.Name() + ".", via: r.via, base: named}
			if ptr {
				if !sf.Exported() { // as the plan refuses it
					return fmt.Errorf("embedded field %s (%s): a pointer to an unexported struct cannot be allocated when decoding; embed it by value, export it, or tag it `tuple:\"-\"`", sf.Name(), reflectText(sf.Type()))
				}
				named = types.Unalias(sf.Type()).(*types.Pointer).Elem()
				inner.path, inner.base = r.path+"*"+sf.Name()+".", named
				inner.via = append(slices.Clip(r.via), viaPointer{sel: sel, goType: types.TypeString(named, c.qualifier)})
			}
			if !sf.Exported() && sf.Pkg() != c.pkg { // its fields are promoted ones of r.base
				inner.sel, inner.base, inner.hidden = r.sel, r.base, true
			}
			c.busy[et] = true
			c.shape(named, et)
			before := len(*out)
			err := c.addFields(out, et, inner, depth)
			delete(c.busy, et)
			if err != nil {
				return err
			}
			if len(*out) == before { // as the plan refuses it: it would vanish from the key
				return fmt.Errorf("embedded field %s (%s): it adds no field to the key; tag it `tuple:\"-\"` if that is meant", sf.Name(), reflectText(sf.Type()))
			}
			continue
		}
		if !sf.Exported() && !isConst { // by the plan's rule
			if problem, _ := keytag.Unexported(sf.Name(), tag, hasTag); problem != "" {
				return fmt.Errorf("field %s (%s): %s", sf.Name(), reflectText(sf.Type()), problem)
			}
			continue
		}
		f := field{name: sf.Name(), sel: sel, path: r.path + sf.Name(), typeText: reflectText(sf.Type()), via: r.via}
		if name != "" && !isConst {
			f.name = name
		}
		if err := c.field(&f, sf, tag, depth); err != nil {
			return fmt.Errorf("field %s (%s): %w", sf.Name(), f.typeText, err)
		}
		*out = append(*out, f)
	}
	return nil
}

// field compiles one field from its tag and type, as tuple's
// tableBuilder.field (plan_layout.go) does; the tag is read by the plan's
// reader, tuple/internal/keytag.
func (c *compiler) field(f *field, sf *types.Var, tag string, depth int) error {
	f.fieldType = types.TypeString(sf.Type(), c.qualifier)
	kt, err := keytag.Parse(tag)
	if err != nil {
		return fmt.Errorf("tag: %w", err)
	}
	if kt.Ext != 0 {
		return fmt.Errorf("tag option \"ext=%#02x\": an extension's element is written by the extension value the codec holds at run time, which generated code does not have; take this type out of the -type list (tuple.Plan encodes it by reflection)", kt.Ext)
	}
	asBytes := kt.Bytes
	f.desc, f.unit, f.optional = kt.Desc, units[kt.Unit], kt.Optional
	if kt.Const {
		return f.compileConstant(sf.Type(), sf.Name(), kt.Name)
	}
	t := types.Unalias(sf.Type())
	if p, ok := t.Underlying().(*types.Pointer); ok {
		f.nullable, t = true, types.Unalias(p.Elem())
		if _, ok := t.Underlying().(*types.Pointer); ok {
			return fmt.Errorf("a pointer to a pointer is no element; one pointer makes an element nullable")
		}
	}
	if f.desc {
		if c.inDesc > 0 {
			return fmt.Errorf("a descending field inside a descending field is not written by generated code: take this type out of the -type list (tuple.Plan encodes it by reflection)")
		}
		c.hasDesc = true
		c.inDesc++
		defer func() { c.inDesc-- }()
	}
	f.goType = types.TypeString(t, c.qualifier)
	if err := c.elementKind(f, t, depth); err != nil {
		return err
	}
	if asBytes { // after the type's own rule, as the plan checks it: a custom type whose underlying type is string is no string
		if f.kind != kindString {
			return fmt.Errorf("the bytes option is for string fields")
		}
		f.kind = kindBytesString
	}
	switch {
	case f.unit != "" && f.kind != kindTime && f.kind != kindDuration:
		return fmt.Errorf("the unit option is for time.Time and time.Duration fields")
	case f.unit == "" && (f.kind == kindTime || f.kind == kindDuration):
		f.unit = "time.Nanosecond"
	}
	switch { // as the plan refuses them
	case f.optional && !f.nullable:
		return fmt.Errorf("optional is for pointer fields: a nil leaves the field out of the key (make it *%s)", f.typeText)
	case f.kind == kindNested && firstOptional(f.nested) < len(f.nested):
		return fmt.Errorf("its field %s is optional, and only the key's own fields may be: a nested tuple holds every field of its struct", f.nested[firstOptional(f.nested)].name)
	}
	return nil
}

// units are the units of the unit= option, as the generated code
// passes them to tuple.AppendTime and its kin.
var units = map[time.Duration]string{time.Nanosecond: "time.Nanosecond", time.Microsecond: "time.Microsecond", time.Millisecond: "time.Millisecond", time.Second: "time.Second"}

// elementKind sets the element kind of a value of type t, by the rules
// of tuple's type table in their order.
func (c *compiler) elementKind(f *field, t types.Type, depth int) error {
	if appends, scans := customMethods(t); appends || scans {
		switch {
		case !appends:
			return fmt.Errorf("%s has ScanTupleElement but no AppendTupleElement, which tuple.Plan refuses too; give it both (ElementAppender, ElementScanner)", reflectText(t))
		case !scans:
			return fmt.Errorf("%s has AppendTupleElement but *%[1]s has no ScanTupleElement, so it cannot be read back, which tuple.Plan refuses too; give it both", reflectText(t))
		}
		f.kind = kindCustom
		return nil
	}
	switch {
	case isNamed(t, "time", "Time"):
		f.kind = kindTime
		return nil
	case isNamed(t, "time", "Duration"):
		f.kind = kindDuration
		return nil
	case isNamed(t, "math/big", "Int"):
		f.kind = kindBigInt
		return nil
	case isNamed(t, "github.com/fdbtuple/fdbtuple/types", "Versionstamp"):
		f.kind, f.basic = kindVersionstamp, c.names.markOf("github.com/fdbtuple/fdbtuple/types", "types")+".Versionstamp"
		return nil
	case isAnySlice(t):
		return general(t)
	case isKeyConvertible(t) && !isByteSlice(t):
		return fmt.Errorf("%s is an fdb.KeyConvertible, written as the byte string of its key and never read back, which tuple.Plan refuses as a field; read it into fdb.Key or []byte", reflectText(t))
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return f.basicKind(u)
	case *types.Slice:
		if b, ok := u.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Uint8 {
			f.kind, f.byteElems = kindByteSlice, !types.Identical(u.Elem(), types.Typ[types.Byte])
			return nil
		}
	case *types.Array:
		if b, ok := u.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Uint8 && u.Len() == 16 {
			f.kind, f.byteElems = kindUUID, !types.Identical(u.Elem(), types.Typ[types.Byte])
			return nil
		}
	case *types.Struct:
		if c.busy[u] { // as the plan refuses it
			return fmt.Errorf("%s holds itself, and a key has a fixed depth; make the inner reference a separate key", reflectText(t))
		}
		nested, err := c.structFields(t, u, depth+1, fmt.Sprintf("struct %v", t))
		if err != nil {
			return err
		}
		if len(nested) == 0 {
			return fmt.Errorf("struct %v has no key fields: every value would write the same empty nested tuple", t)
		}
		f.kind, f.nested = kindNested, nested
		return nil
	case *types.Interface:
		if u.Empty() {
			return general(t)
		}
	}
	return fmt.Errorf("%s is not written by generated code: no element holds it, and tuple.Plan refuses it too", reflectText(t))
}

// general is the refusal of a type only tuple.Plan's general encoder
// writes.
func general(t types.Type) error {
	return fmt.Errorf("%s is not written by generated code: its element is that of whatever it holds at run time; take this type out of the -type list (tuple.Plan encodes it by reflection)", reflectText(t))
}

// isAnySlice reports whether t is a slice of the empty interface: Tuple,
// []any.
func isAnySlice(t types.Type) bool {
	s, ok := t.Underlying().(*types.Slice)
	if !ok {
		return false
	}
	i, ok := s.Elem().Underlying().(*types.Interface)
	return ok && i.Empty()
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
		f.basic, f.sized = "int64", [...]string{"int", "int8", "int16", "int32", "int64"}[k-types.Int]
	case k >= types.Uint && k <= types.Uint64:
		f.kind, f.bits = kindUint, [...]int{64, 8, 16, 32, 64}[k-types.Uint]
		f.basic, f.sized = "uint64", [...]string{"uint", "uint8", "uint16", "uint32", "uint64"}[k-types.Uint]
	default:
		return fmt.Errorf("no element holds a %v", b)
	}
	return nil
}

// compileConstant encodes a constant field's element from its tag name,
// as tuple's plan does: a string for a struct{} field, an integer of the
// field's size for an integer field, which must be blank (_): the key
// holds the constant whatever a named field holds, and decoding sets
// nothing. Errors name it by its text form.
func (f *field) compileConstant(t types.Type, goName, text string) error {
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
		if _, named := types.Unalias(t).(*types.Named); named || u.NumFields() != 0 { // as the plan: struct{} itself
			return fmt.Errorf("a constant field is of type struct{} (a string) or of an integer type")
		}
	default:
		return fmt.Errorf("a constant field is of type struct{} (a string) or of an integer type")
	}
	if _, isString := v.(string); !isString && goName != "_" { // as the plan refuses it
		return fmt.Errorf("a constant is no value of the field: the key holds %s whatever %s holds, and decoding sets nothing; name the field _ (_ %s `tuple:\"%s,const\"`)", text, goName, reflectText(t), text)
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

// qualifier names the packages of types in the generated file, with
// the marks that packageNames.finish settles.
func (c *compiler) qualifier(p *types.Package) string { return c.names.qualifier(p) }

// inlined returns the struct an embedded field of type t inlines (by
// value or through a pointer), or nil when it is a field of its own, an
// element type (big.Int, time.Time, Versionstamp, a custom type), as
// tuple's embeddedStruct decides.
func inlined(t types.Type) (st *types.Struct, ptr bool) {
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		t, ptr = types.Unalias(p.Elem()), true
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return nil, false
	}
	if appends, scans := customMethods(t); appends || scans ||
		isNamed(t, "math/big", "Int") || isNamed(t, "time", "Time") || isNamed(t, "github.com/fdbtuple/fdbtuple/types", "Versionstamp") {
		return nil, false
	}
	return st, ptr
}

// The custom element methods, as tuple.ElementAppender and
// tuple.ElementScanner declare them: a method of another signature makes
// no custom type, as reflect's Implements decides for the plan.
var (
	byteSlice     = types.NewSlice(types.Typ[types.Byte])
	errorType     = types.Universe.Lookup("error").Type()
	appenderIface = methodIface("AppendTupleElement", types.NewTuple(types.NewParam(0, nil, "dst", byteSlice)),
		types.NewTuple(types.NewParam(0, nil, "", byteSlice), types.NewParam(0, nil, "", errorType)))
	scannerIface = methodIface("ScanTupleElement", types.NewTuple(types.NewParam(0, nil, "elem", byteSlice)),
		types.NewTuple(types.NewParam(0, nil, "", errorType)))
)

func methodIface(name string, params, results *types.Tuple) *types.Interface {
	sig := types.NewSignatureType(nil, nil, nil, params, results, false)
	return types.NewInterfaceType([]*types.Func{types.NewFunc(0, nil, name, sig)}, nil).Complete()
}

// customMethods reports whether t (or *t) is an ElementAppender and
// whether *t is an ElementScanner.
func customMethods(t types.Type) (appends, scans bool) {
	pt := types.NewPointer(t)
	return types.Implements(t, appenderIface) || types.Implements(pt, appenderIface), types.Implements(pt, scannerIface)
}

func isByteSlice(t types.Type) bool {
	s, ok := t.Underlying().(*types.Slice)
	if !ok {
		return false
	}
	b, ok := s.Elem().Underlying().(*types.Basic)
	return ok && (b.Kind() == types.Uint8)
}

// isKeyConvertible reports whether a value of type t is an
// fdb.KeyConvertible: it has FDBKey() fdb.Key.
func isKeyConvertible(t types.Type) bool {
	obj, _, _ := types.LookupFieldOrMethod(t, false, nil, "FDBKey")
	fn, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	sig := fn.Type().(*types.Signature)
	return sig.Params().Len() == 0 && sig.Results().Len() == 1 && isNamed(sig.Results().At(0).Type(), "github.com/fdbtuple/fdbtuple/fdb", "Key")
}

func isNamed(t types.Type, path, name string) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == path && n.Obj().Name() == name
}

// reflectText spells t as reflect.Type's String does, for error fields
// and custom types in schemas identical to the plan's.
func reflectText(t types.Type) string { return reflectSpell(t, false) }

// reflectSpell spells t as reflect does, within the type arguments of a
// generic type when inArgs: there reflect names a type by its package's
// path, not its name (Box[example.com/key.ID]), and an unexported field
// of a struct by its package's path too.
func reflectSpell(t types.Type, inArgs bool) string {
	switch t := types.Unalias(t).(type) {
	case *types.Named:
		name := t.Obj().Name()
		if pkg := t.Obj().Pkg(); pkg != nil && inArgs {
			name = pkg.Path() + "." + name
		} else if pkg != nil {
			name = pkg.Name() + "." + name
		}
		if args := t.TypeArgs(); args.Len() > 0 {
			parts := make([]string, args.Len())
			for i := range parts {
				parts[i] = reflectSpell(args.At(i), true)
			}
			name += "[" + strings.Join(parts, ",") + "]"
		}
		return name
	case *types.Basic:
		switch t.Kind() {
		case types.Byte:
			return "uint8"
		case types.Rune:
			return "int32"
		}
		return t.Name()
	case *types.Pointer:
		return "*" + reflectSpell(t.Elem(), inArgs)
	case *types.Slice:
		return "[]" + reflectSpell(t.Elem(), inArgs)
	case *types.Array:
		return fmt.Sprintf("[%d]%s", t.Len(), reflectSpell(t.Elem(), inArgs))
	case *types.Struct:
		if t.NumFields() == 0 {
			return "struct {}"
		}
		parts := make([]string, t.NumFields())
		for i := range parts {
			f := t.Field(i)
			name := f.Name()
			if !f.Exported() && inArgs && f.Pkg() != nil {
				name = f.Pkg().Path() + "." + name
			}
			parts[i] = name + " " + reflectSpell(f.Type(), inArgs)
			if f.Embedded() {
				parts[i] = reflectSpell(f.Type(), inArgs)
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
		return "map[" + reflectSpell(t.Key(), inArgs) + "]" + reflectSpell(t.Elem(), inArgs)
	}
	return t.String()
}
