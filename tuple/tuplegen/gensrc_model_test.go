package tuplegen

// Random packages of Go type declarations, drawn with rapid, which
// TestGeneratorOverRandomTypes writes, generates and builds: named types
// of every kind (basic, byte types, slices and arrays of them, structs,
// generic structs, aliases), key structs of fields of those and of other
// packages' types (custom elements, generic ones among them, time, big
// integers, UUIDs, versionstamps, tuples, maps), embedded by value and by
// pointer, tagged with every option (and wrong ones), with shadowed and
// duplicate names, unexported and blank fields, constants, trailing
// optional fields (and misplaced ones, which both must refuse); and
// package-level names that are the generated file's imports, parameters
// and variables (key, pos, buf, tuple, types, reflect). Each package
// comes with changes to draw on its key types, for the old file's check.

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"pgregory.net/rapid"
)

// srcModel is a package of declarations.
type srcModel struct {
	name   string // the package's name
	decls  []*srcDecl
	others []string // package-level declarations that are no types
}

// srcDecl is one type declaration.
type srcDecl struct {
	name    string
	tparams string      // "[T any]" of a generic type
	alias   bool        // type name = expr
	expr    string      // the type, for a declaration that is no struct
	fields  []*srcField // the fields, for a struct
	key     bool        // the generator is run for it
}

func (d *srcDecl) isStruct() bool { return d.expr == "" }

// srcField is a struct field.
type srcField struct {
	name     string // "" when embedded
	typ      string
	embedded bool
	tag      string // the tuple tag's value
	hasTag   bool
	note     bool // also a tag of another key, which changes nothing
}

// goName is the field's name in Go: an embedded field's is its type's.
func (f *srcField) goName() string {
	if !f.embedded {
		return f.name
	}
	n := strings.TrimPrefix(f.typ, "*")
	n, _, _ = strings.Cut(n, "[")
	if i := strings.LastIndex(n, "."); i >= 0 {
		n = n[i+1:]
	}
	return n
}

// srcChange is a change to a key type, drawn with its package.
type srcChange struct {
	key   string
	what  string
	apply func(m *srcModel) // on a copy of the package
}

// The packages a random package imports, by the names its files give
// them (never names it declares).
var srcImports = [][2]string{
	{"stdbig", "math/big"}, {"stdtime", "time"}, {"gotypes", "go/types"},
	{"guuid", "github.com/google/uuid"}, {"fdbtuple", "github.com/fdbtuple/fdbtuple/tuple"},
	{"hkey", genModulePath + "/key"}, {"htypes", genModulePath + "/h/types"}, {"htuple", genModulePath + "/h/tuple"},
	{"hreflect", genModulePath + "/h/reflect"}, {"hpos", genModulePath + "/pos"}, {"hother", genModulePath + "/other"},
	{"helems", genModulePath + "/elems"},
}

// srcImportUses name one type of each import, so that none is unused.
var srcImportUses = []string{"stdbig.Int", "stdtime.Time", "gotypes.BasicKind", "guuid.UUID", "fdbtuple.Tuple",
	"hkey.ID", "htypes.Code", "htuple.Elem", "hreflect.Kind", "hpos.Pos", "hother.Hidden", "helems.Cents"}

// srcClashes are the names of the generated file's imports, parameters,
// variables and type parameters, which the package declares.
var srcClashes = []string{
	"key", "pos", "buf", "v", "dst", "text", "all", "err", "in", "p", "start", "x1", "n2", "e0", "b3", "open4",
	"asc5", "out6", "end7", "ascBuf8", "tuple", "types", "tuplewire", "reflect", "fmt", "strings", "utf8", "time",
	"big", "uuid", "ok", "c", "s", "i", "at", "field", "code", "desc", "detail", "sentinel", "ee", "de", "asc",
	"u", "a", "S", "B", "A", "t", "n", "out", "appendKey", "unmarshalKey",
}

// srcExternal are the types of other packages a field may have: the
// kinds a key holds and some it does not.
var srcExternal = []string{
	"stdtime.Time", "stdtime.Duration", "stdbig.Int", "*stdbig.Int", "guuid.UUID", "fdbtuple.Versionstamp",
	"fdbtuple.Tuple", "gotypes.BasicKind", "hkey.ID", "hkey.Name", "hkey.Part", "hkey.Bytes", "htypes.Code",
	"htypes.Inner", "htuple.Elem", "hreflect.Kind", "hpos.Pos", "hother.Hidden", "hother.Place", "hother.Wrap", "helems.Cents",
	"*helems.Cents", "helems.Label", "helems.Code", "helems.ScanOnly", "helems.AppendOnly",
}

// srcBad are types no element holds, or only the plan's general encoder.
var srcBad = []string{"map[string]int", "[]int", "chan int", "func()", "[8]byte", "complex128", "uintptr", "error",
	"**int64", "any", "[]any", "*any", "struct{}"}

var srcBasics = []string{"string", "bool", "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16",
	"uint32", "uint64", "float32", "float64", "byte", "rune"}

// srcDrawer draws the declarations of one package.
type srcDrawer struct {
	t        *rapid.T
	m        *srcModel
	taken    map[string]bool // package-level names
	n        int             // for fresh names
	byteType []string        // named byte types
	named    []string        // non-generic named types that are no struct
	aliases  []string        // the aliases among them
	embeds   []string        // those of them a struct may embed (no pointer, no interface)
	structs  []string        // non-generic struct types, keys among them
	// optionals are the structs with trailing optional fields, which a
	// struct that embeds one mostly embeds last.
	optionals map[string]bool
	generics  []*srcDecl
}

func (d *srcDrawer) intn(n int, label string) int { return rapid.IntRange(0, n-1).Draw(d.t, label) }

func (d *srcDrawer) chance(pct int, label string) bool { return d.intn(100, label) < pct }

func (d *srcDrawer) pick(list []string, label string) string { return list[d.intn(len(list), label)] }

// newName is a fresh package-level name: often one the generated file
// uses for something else.
func (d *srcDrawer) newName(prefix string) string {
	if d.chance(15, "clash") {
		if name := d.pick(srcClashes, "clashname"); !d.taken[name] {
			d.taken[name] = true
			return name
		}
	}
	d.n++
	name := fmt.Sprintf("%s%d", prefix, d.n)
	d.taken[name] = true
	return name
}

// drawPackage draws a package of declarations named name.
func drawPackage(t *rapid.T, name string) (*srcModel, []srcChange) {
	d := &srcDrawer{t: t, m: &srcModel{name: name}, taken: map[string]bool{}, optionals: map[string]bool{}}
	for _, imp := range srcImports {
		d.taken[imp[0]] = true
	}
	for _, reserved := range []string{"_", "GSStale", "gsStale"} {
		d.taken[reserved] = true
	}
	for range 1 + d.intn(2, "bytetypes") {
		n := d.newName("MyByte")
		d.m.decls = append(d.m.decls, &srcDecl{name: n, expr: d.pick([]string{"byte", "uint8"}, "byte")})
		d.byteType = append(d.byteType, n)
	}
	for range 3 + d.intn(6, "named") {
		d.declareNamed()
	}
	for range 1 + d.intn(3, "generics") {
		d.declareGeneric()
	}
	for range 2 + d.intn(5, "structs") {
		d.declareStruct(false)
	}
	var changes []srcChange
	for range 20 + d.intn(16, "keys") {
		changes = append(changes, d.declareStruct(true))
	}
	for range d.intn(6, "others") {
		name := d.newName("o")
		d.m.others = append(d.m.others, d.pick([]string{
			"var %s = 1", "const %s = 2", "func %s() {}", "var %s struct{ A int }",
		}, "otherkind"))
		d.m.others[len(d.m.others)-1] = fmt.Sprintf(d.m.others[len(d.m.others)-1], name)
	}
	return d.m, changes
}

// declareNamed declares a named type that is no struct: of a basic
// type, a slice or array of bytes, a custom type, or an alias.
func (d *srcDrawer) declareNamed() {
	name := d.newName("N")
	decl := &srcDecl{name: name}
	switch d.intn(7, "namedkind") {
	case 0, 1:
		decl.expr = d.pick(srcBasics, "basic")
	case 2:
		decl.expr = "[]" + d.pick(append([]string{"byte"}, d.byteType...), "sliceof")
	case 3:
		decl.expr = "[16]" + d.pick(append([]string{"byte"}, d.byteType...), "arrayof")
	case 4:
		decl.expr = d.pick(srcExternal, "external")
		if strings.HasPrefix(decl.expr, "*") {
			d.m.decls = append(d.m.decls, decl)
			d.named = append(d.named, name)
			return
		}
	case 5:
		decl.alias, decl.expr = true, d.drawType(1)
		d.aliases = append(d.aliases, name)
	default:
		decl.expr = d.pick(srcBad, "bad")
		d.m.decls = append(d.m.decls, decl)
		d.named = append(d.named, name)
		return
	}
	d.m.decls = append(d.m.decls, decl)
	d.named = append(d.named, name)
	if !decl.alias {
		d.embeds = append(d.embeds, name)
	}
}

// declareGeneric declares a generic struct.
func (d *srcDrawer) declareGeneric() {
	decl := &srcDecl{name: d.newName("G")}
	if d.chance(50, "twoparams") {
		decl.tparams = "[T any, U any]"
		decl.fields = []*srcField{{name: "A", typ: "T"}, {name: "B", typ: d.pick([]string{"U", "*U", "string"}, "gfield")}}
	} else {
		decl.tparams = "[T any]"
		decl.fields = []*srcField{{name: "V", typ: "T"}, {name: "W", typ: d.pick([]string{"string", "int8", "T"}, "gfield")}}
	}
	d.m.decls = append(d.m.decls, decl)
	d.generics = append(d.generics, decl)
}

// declareStruct declares a struct, a key type or not, and for a key type
// draws a change to it (of the types declared before it).
func (d *srcDrawer) declareStruct(key bool) srcChange {
	decl := &srcDecl{name: d.newName(map[bool]string{true: "K", false: "S"}[key]), key: key}
	names := map[string]bool{}
	for range 1 + d.intn(6, "fields") {
		if f := d.drawField(decl, names); f != nil {
			decl.fields = append(decl.fields, f)
			names[f.goName()] = true
		}
	}
	if len(decl.fields) == 0 {
		decl.fields = []*srcField{{name: "F0", typ: "int64"}}
	}
	// An embedded struct with optional fields, mostly last, where they
	// stay at the end of the key.
	for i, f := range decl.fields {
		if f.embedded && d.optionals[strings.TrimPrefix(f.typ, "*")] && d.chance(80, "embedlast") {
			decl.fields = append(slices.Delete(decl.fields, i, i+1), f)
			break
		}
	}
	if d.chance(map[bool]int{true: 25, false: 15}[key], "optionals") {
		d.addOptionals(decl, names)
		d.optionals[decl.name] = true
	}
	d.m.decls = append(d.m.decls, decl)
	var change srcChange
	if key {
		change = d.drawChange(decl)
	}
	d.structs = append(d.structs, decl.name)
	return change
}

// drawField draws a field of decl whose Go name is none of names, or
// nil.
func (d *srcDrawer) drawField(decl *srcDecl, names map[string]bool) *srcField {
	f := &srcField{}
	switch d.intn(100, "fieldkind") {
	case 0, 1, 2, 3, 4: // a constant, at times a wrong one
		c := d.pick([]string{
			"_ struct{} USER", "_ struct{} USER", "_ struct{} USER", "NAMED struct{} POST", "_ int16 7", "_ int16 7",
			"_ int -1", "_ int -1", "_ BYTE 9", "_ BYTE 9", "_ uint64 18446744073709551615", "_ int8 -128",
			"_ uint8 300", "NAMED int 2", "_ NAMEDEMPTY X",
		}, "const")
		parts := strings.Fields(c)
		f.name, f.typ, f.tag, f.hasTag = parts[0], parts[1], parts[2]+",const", true
		switch f.typ {
		case "NAMEDEMPTY":
			f.typ = d.emptyStruct()
		case "BYTE":
			f.typ = d.pick(d.byteType, "constbyte")
		}
		if f.name != "_" {
			f.name = fmt.Sprintf("C%d", len(names))
		}
		for names[f.name] && f.name != "_" {
			f.name += "x"
		}
		return f
	case 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15: // embedded
		f.embedded = true
		switch d.intn(4, "embedkind") {
		case 0, 1:
			if len(d.structs) > 0 {
				f.typ = d.pick(d.structs, "embedstruct")
			} else {
				f.typ = "hkey.Part"
			}
		case 2:
			f.typ = d.pick([]string{"hkey.Part", "htypes.Inner", "hother.Place", "hother.Hidden", "hother.Wrap", "helems.Cents", "helems.Label", "hkey.ID"}, "embedext")
		default:
			if len(d.generics) > 0 && d.chance(50, "embedgeneric") || len(d.embeds) == 0 {
				f.typ = d.instance(1)
			} else {
				f.typ = d.pick(d.embeds, "embednamed")
			}
		}
		// Not a pointer to a custom element: the struct would take its
		// methods, called on a nil pointer in a zero value.
		if d.chance(35, "embedptr") && !strings.HasPrefix(f.typ, "helems.") {
			f.typ = "*" + f.typ
		}
		if d.chance(1, "embedself") && decl.tparams == "" {
			f.typ = "*" + decl.name
		}
	default:
		f.name = d.fieldName(len(names))
		f.typ = d.drawType(0)
		if d.chance(1, "self") {
			f.typ = "*" + decl.name
		}
	}
	if f.embedded && (names[f.goName()] || strings.HasPrefix(f.typ, "**")) {
		return nil
	}
	for names[f.goName()] && f.name != "_" {
		f.name += "x"
	}
	if d.chance(15, "tagged") {
		f.tag, f.hasTag = d.drawTag(names), true
	}
	f.note = d.chance(10, "note")
	return f
}

// addOptionals appends trailing optional fields to decl (a key, or a
// struct a key may embed, which inlines them, or nest, which the plan
// refuses), and at times misplaces one: a required field or a constant
// after them, one that is no pointer or is desc, one moved before a
// required field.
func (d *srcDrawer) addOptionals(decl *srcDecl, names map[string]bool) {
	fresh := func(name string) string {
		for names[name] {
			name += "x"
		}
		names[name] = true
		return name
	}
	for range 1 + d.intn(3, "optionalcount") {
		decl.fields = append(decl.fields, &srcField{name: fresh(fmt.Sprintf("O%d", len(names))), typ: "*" + d.drawType(1), tag: ",optional", hasTag: true})
	}
	if !d.chance(20, "misplaced") {
		return
	}
	last := decl.fields[len(decl.fields)-1]
	switch d.intn(5, "misplacedkind") {
	case 0:
		decl.fields = append(decl.fields, &srcField{name: fresh("After"), typ: d.pick(srcBasics, "aftertype")})
	case 1:
		decl.fields = append(decl.fields, &srcField{name: "_", typ: "struct{}", tag: "END,const", hasTag: true})
	case 2:
		last.typ = d.pick(srcBasics, "notpointer")
	case 3:
		last.tag = ",optional,desc"
	default:
		i := d.intn(len(decl.fields), "movedto")
		decl.fields = slices.Insert(decl.fields[:len(decl.fields)-1], i, last)
	}
}

// fieldName is the name of a field that is no constant: mostly exported,
// sometimes unexported, blank, or a name of the generated file's.
func (d *srcDrawer) fieldName(i int) string {
	switch d.intn(40, "fieldname") {
	case 0:
		return fmt.Sprintf("f%d", i)
	case 1:
		return "_"
	case 2, 3, 4, 5:
		return d.pick([]string{"V", "Key", "ID", "Name", "Pos", "Tuple", "Err", "Dst", "Buf"}, "namedfield")
	}
	return fmt.Sprintf("F%d", i)
}

// drawTag draws a tuple tag's value: a name (another field's, at times),
// options, wrong ones at times.
func (d *srcDrawer) drawTag(names map[string]bool) string {
	if d.chance(10, "omit") {
		return "-"
	}
	name := ""
	switch d.intn(20, "tagname") {
	case 0, 1, 2, 3:
		name = fmt.Sprintf("N%d", d.intn(4, "tagnum"))
	case 4:
		if len(names) > 0 {
			name = d.pick(slices.Sorted(maps.Keys(names)), "dupname")
		}
	case 5:
		name = d.pick([]string{"a-b", "1st", "ok_2"}, "oddname")
	}
	var opts []string
	if d.chance(35, "desc") {
		opts = append(opts, "desc")
	}
	if d.chance(5, "bytes") {
		opts = append(opts, "bytes")
	}
	if d.chance(6, "unit") {
		opts = append(opts, "unit="+d.pick([]string{"ms", "us", "s", "ns", "h"}, "unitname"))
	}
	if d.chance(1, "ext") {
		opts = append(opts, "ext=0x40")
	}
	if d.chance(1, "optional") { // mostly misplaced, or on no pointer
		opts = append(opts, "optional")
	}
	if d.chance(1, "wrongopt") {
		opts = append(opts, d.pick([]string{"sideways", "desc"}, "wrong"))
	}
	return strings.Join(append([]string{name}, opts...), ",")
}

// emptyStruct declares a named empty struct, and returns its name.
func (d *srcDrawer) emptyStruct() string {
	name := d.newName("Marker")
	d.m.decls = append(d.m.decls, &srcDecl{name: name, expr: "struct{}"})
	return name
}

// drawType draws a field's type, at nesting depth depth.
func (d *srcDrawer) drawType(depth int) string {
	switch r := d.intn(100, "typekind"); {
	case r < 25:
		return d.pick(srcBasics, "basic")
	case r < 40 && len(d.named)+len(d.structs) > 0:
		return d.pick(append(slices.Clone(d.named), d.structs...), "pooltype")
	case r < 55:
		return d.pick(srcExternal, "external")
	case r < 63 && depth < 2:
		return "*" + d.drawType(depth+1)
	case r < 72:
		elems := append([]string{"byte", "uint8"}, d.byteType...)
		return d.pick([]string{"[]", "[16]"}, "bytesof") + d.pick(elems, "byteelem")
	case r < 77 && depth < 2:
		var b strings.Builder
		b.WriteString("struct{ ")
		names := map[string]bool{}
		for i := range 1 + d.intn(3, "anonfields") {
			name := d.fieldName(i)
			if names[name] && name != "_" {
				continue
			}
			names[name] = true
			fmt.Fprintf(&b, "%s %s; ", name, d.drawType(depth+1))
		}
		b.WriteString("}")
		return b.String()
	case r < 85 && len(d.generics) > 0:
		return d.instance(depth)
	case r < 89:
		return "helems.Box[" + d.drawType(depth+1) + "]"
	case r < 92:
		return d.pick(srcBad, "bad")
	}
	return "int64"
}

// instance draws an instance of a generic struct.
func (d *srcDrawer) instance(depth int) string {
	g := d.generics[d.intn(len(d.generics), "generic")]
	args := []string{d.drawType(depth + 1)}
	if strings.Contains(g.tparams, "U") {
		args = append(args, d.drawType(depth+1))
	}
	return g.name + "[" + strings.Join(args, ", ") + "]"
}

// changeType draws the type of a changed or added field: no alias, which
// might spell the type it replaces (a change the generated code need
// not follow).
func (d *srcDrawer) changeType(depth int) string {
	typ := d.drawType(depth)
	for _, a := range d.aliases {
		if regexp.MustCompile(`\b` + a + `\b`).MatchString(typ) {
			return d.pick(srcBasics, "noalias")
		}
	}
	return typ
}

// drawChange draws a change to the key type decl.
func (d *srcDrawer) drawChange(decl *srcDecl) srcChange {
	name := decl.name
	i := d.intn(8, "changefield")
	change := srcChange{key: name}
	at := func(m *srcModel) (*srcDecl, *srcField) {
		k := m.decl(name)
		return k, k.fields[i%len(k.fields)]
	}
	switch d.intn(10, "change") {
	case 9:
		f := &srcField{name: "Added", typ: "*" + d.changeType(1), tag: ",optional", hasTag: true}
		change.what = "an optional field Added " + f.typ + " appended"
		change.apply = func(m *srcModel) {
			k := m.decl(name)
			k.fields = append(k.fields, f)
		}
	case 0:
		f := &srcField{name: "Added", typ: d.changeType(0)}
		if d.chance(30, "addedtag") {
			f.tag, f.hasTag = d.drawTag(nil), true
		}
		change.what = "a field Added " + f.typ + " `" + f.tag + "`"
		change.apply = func(m *srcModel) {
			k := m.decl(name)
			k.fields = slices.Insert(k.fields, i%(len(k.fields)+1), f)
		}
	case 1:
		change.what = "a field removed"
		change.apply = func(m *srcModel) {
			k := m.decl(name)
			if len(k.fields) > 1 {
				k.fields = slices.Delete(k.fields, i%len(k.fields), i%len(k.fields)+1)
			} else {
				k.fields[0].typ = "int32"
			}
		}
	case 2:
		typ := d.changeType(0)
		change.what = "a field retyped " + typ
		change.apply = func(m *srcModel) {
			switch _, f := at(m); {
			case !f.embedded:
				f.typ = typ
			case strings.TrimPrefix(f.typ, "*") != name:
				f.typ = strings.TrimPrefix(f.typ, "*") // embedded by value instead
			}
		}
	case 3:
		change.what = "an embedded struct made a pointer, or a pointer a value"
		change.apply = func(m *srcModel) { toggleEmbedded(m, m.decl(name), i) }
	case 4:
		tag := d.drawTag(nil)
		change.what = "a field's tag made `" + tag + "`"
		change.apply = func(m *srcModel) {
			if _, f := at(m); f.name != "_" || f.embedded {
				f.tag, f.hasTag = tag, true
			}
		}
	case 5:
		j := d.intn(8, "swapwith")
		change.what = "two fields swapped"
		change.apply = func(m *srcModel) {
			k := m.decl(name)
			a, b := i%len(k.fields), j%len(k.fields)
			k.fields[a], k.fields[b] = k.fields[b], k.fields[a]
		}
	case 6:
		change.what = "a struct the key reaches changed"
		typ := d.pick(append(slices.Clone(srcBasics), srcExternal...), "reachedtype")
		change.apply = func(m *srcModel) {
			for _, f := range m.decl(name).fields {
				if s := m.decl(strings.TrimPrefix(f.typ, "*")); s != nil && s.isStruct() && s.tparams == "" && s.name != name {
					if toggleEmbedded(m, s, i) {
						return
					}
					s.fields = append(s.fields, &srcField{name: "Added", typ: typ})
					return
				}
			}
			m.decl(name).fields = append(m.decl(name).fields, &srcField{name: "Added", typ: "int8"})
		}
	case 7:
		change.what = "a field's tuple tag dropped"
		change.apply = func(m *srcModel) { _, f := at(m); f.tag, f.hasTag = "", false }
	default:
		change.what = "a tag of another key, which changes nothing"
		change.apply = func(m *srcModel) { _, f := at(m); f.note = !f.note }
	}
	return change
}

// toggleEmbedded makes an embedded field of decl (the first from i) a
// pointer or a value, and reports whether it had one.
func toggleEmbedded(m *srcModel, decl *srcDecl, i int) bool {
	for j := range decl.fields {
		f := decl.fields[(i+j)%len(decl.fields)]
		if !f.embedded || strings.TrimPrefix(f.typ, "*") == decl.name {
			continue
		}
		if strings.HasPrefix(f.typ, "*") {
			f.typ = f.typ[1:]
		} else {
			f.typ = "*" + f.typ
		}
		return true
	}
	return false
}

// decl returns the declaration of name, or nil.
func (m *srcModel) decl(name string) *srcDecl {
	for _, d := range m.decls {
		if d.name == name {
			return d
		}
	}
	return nil
}

// clone returns a deep copy of m.
func (m *srcModel) clone() *srcModel {
	c := &srcModel{name: m.name, others: slices.Clone(m.others)}
	for _, d := range m.decls {
		dc := *d
		dc.fields = nil
		for _, f := range d.fields {
			fc := *f
			dc.fields = append(dc.fields, &fc)
		}
		c.decls = append(c.decls, &dc)
	}
	return c
}

// hasOptional reports whether the struct name has a field tagged
// optional, of its own or of a struct of the package it embeds.
func (m *srcModel) hasOptional(name string, depth int) bool {
	d := m.decl(name)
	if d == nil || !d.isStruct() || depth > 8 {
		return false
	}
	for _, f := range d.fields {
		if f.hasTag && slices.Contains(strings.Split(f.tag, ",")[1:], "optional") ||
			f.embedded && m.hasOptional(strings.TrimPrefix(f.typ, "*"), depth+1) {
			return true
		}
	}
	return false
}

// keys are the names of the key types.
func (m *srcModel) keys() []string {
	var keys []string
	for _, d := range m.decls {
		if d.key {
			keys = append(keys, d.name)
		}
	}
	return keys
}

// source is the package's file.
func (m *srcModel) source() string {
	var b strings.Builder
	fmt.Fprintf(&b, "package %s\n\nimport (\n", m.name)
	for _, imp := range srcImports {
		fmt.Fprintf(&b, "\t%s %q\n", imp[0], imp[1])
	}
	b.WriteString(")\n\nvar (\n")
	for _, use := range srcImportUses {
		fmt.Fprintf(&b, "\t_ %s\n", use)
	}
	b.WriteString(")\n")
	for _, d := range m.decls {
		switch {
		case d.alias:
			fmt.Fprintf(&b, "\ntype %s = %s\n", d.name, d.expr)
		case !d.isStruct():
			fmt.Fprintf(&b, "\ntype %s %s\n", d.name, d.expr)
		default:
			fmt.Fprintf(&b, "\ntype %s%s struct {\n", d.name, d.tparams)
			for _, f := range d.fields {
				b.WriteString("\t")
				if !f.embedded {
					b.WriteString(f.name + " ")
				}
				b.WriteString(f.typ)
				var tags []string
				if f.hasTag {
					tags = append(tags, fmt.Sprintf("tuple:%q", f.tag))
				}
				if f.note {
					tags = append(tags, `note:"n"`)
				}
				if len(tags) > 0 {
					b.WriteString(" `" + strings.Join(tags, " ") + "`")
				}
				b.WriteString("\n")
			}
			b.WriteString("}\n")
		}
	}
	for _, o := range m.others {
		b.WriteString("\n" + o + "\n")
	}
	return b.String()
}
