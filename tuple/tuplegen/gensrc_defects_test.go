package tuplegen

// The defects of issue #36 in the generator, each a package built and
// tested by the runner (gensrc_run_test.go): the generator's verdicts are
// the plan's, what it writes compiles, vets and agrees with the plan, a
// fresh file is not stale, and an old file beside a changed type is
// refused.

import (
	"strings"
	"testing"
)

// genImports is the import block of a package of the temporary module.
func genImports(paths ...string) string {
	var b strings.Builder
	b.WriteString("import (\n")
	for _, p := range paths {
		b.WriteString("\t" + p + "\n")
	}
	b.WriteString(")\n")
	return b.String()
}

func TestGeneratedDefects(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and tests a module: not in -short")
	}
	m := newGenModule(t)
	var pkgs []*genPackage
	add := func(p *genPackage) *genPackage {
		for name, src := range p.files {
			m.write(p.dir+"/"+name, src)
		}
		m.generate(p)
		pkgs = append(pkgs, p)
		return p
	}

	// 2: an embedded Base made *Base left the schema as it was and the old
	// file compiling, which then read through a nil pointer.
	embedded := `package d2

type Base struct {
	Tenant string
	Shard  uint16
}

type Emb struct {
	Base
	ID int64
}

type Deep struct {
	Emb
	Note *string
}
`
	d2 := add(&genPackage{dir: "d2", why: "#36 item 2", keys: []string{"Emb", "Deep"},
		files: map[string]string{"d2.go": embedded}})

	// 3 and 9, the generator's side: the plan refuses an unexported field
	// not left out, and two fields of one name at one level; the
	// generator refuses the same (it wrote PostKey without user, and both
	// fields named ID).
	add(&genPackage{dir: "d3", why: "#36 items 3 and 9", keys: []string{"PostKey", "LeftOut", "Blank", "Shadowed", "SameTag", "NestedSame", "SameConstants", "Renamed"},
		files: map[string]string{"d3.go": `package d3

type PostKey struct {
	user [16]byte
	Post int64
}

type LeftOut struct {
	user [16]byte ` + "`tuple:\"-\"`" + `
	Post int64
}

type Blank struct {
	_    int64
	Post int64
}

type Base struct{ ID int64 }

type Shadowed struct {
	Base
	ID int64
}

type SameTag struct {
	A int64 ` + "`tuple:\"X\"`" + `
	B int64 ` + "`tuple:\"X\"`" + `
}

type NestedSame struct {
	In struct {
		A int64
		B int64 ` + "`tuple:\"A\"`" + `
	}
}

type SameConstants struct {
	_ struct{} ` + "`tuple:\"U,const\"`" + `
	A int64
	_ struct{} ` + "`tuple:\"U,const\"`" + `
}

type Renamed struct {
	Base
	ID int64 ` + "`tuple:\"OuterID\"`" + `
}
`}})

	// 5: what the plan refuses, the generator wrote: an unexported field
	// with a tag, a constant on a named empty struct, bytes on a custom
	// type whose underlying type is string. (And a struct that embeds
	// itself, which hung the generator.)
	// (10, the generator's side: an integer constant on a named field,
	// which the plan now refuses.)
	add(&genPackage{dir: "d5", why: "#36 items 5 and 10", keys: []string{"UnexportedTag", "NamedEmptyConst", "BytesCustom", "BytesNamed", "EmbedsItself", "HoldsItself", "EmptyConst", "NamedIntConst", "BlankIntConst", "NoField", "PromotedElement"},
		files: map[string]string{"d5.go": `package d5

` + genImports(`"github.com/fdbtuple/fdbtuple/gensrctmp/elems"`) + `
type Marker struct{}

type Name string

type UnexportedTag struct {
	A int64
	b string ` + "`tuple:\"b\"`" + `
}

type NamedEmptyConst struct {
	_ Marker ` + "`tuple:\"USER,const\"`" + `
	A int64
}

type EmptyConst struct {
	_ struct{} ` + "`tuple:\"USER,const\"`" + `
	A int64
}

type BytesCustom struct {
	C elems.Code ` + "`tuple:\",bytes\"`" + `
}

type BytesNamed struct {
	N Name ` + "`tuple:\",bytes\"`" + `
}

type EmbedsItself struct {
	*EmbedsItself
	A int64
}

type HoldsItself struct {
	A    int64
	Next *HoldsItself
}

type NamedIntConst struct {
	V int ` + "`tuple:\"2,const\"`" + `
	A int64
}

type BlankIntConst struct {
	_ int ` + "`tuple:\"2,const\"`" + `
	A int64
}

// NoField has no field a key holds: both refuse it.
type NoField struct {
	A int64 ` + "`tuple:\"-\"`" + `
}

type Labelled struct{ elems.Label }

// PromotedElement has no field a key holds either, but the methods of
// *elems.Label, promoted, make it an element type: the plan compiles its
// fields and takes a key of none, and so does the generator.
type PromotedElement struct {
	Labelled ` + "`tuple:\"-\"`" + `
}
`}})

	// 6: named byte types, which the plan takes, and the generated code
	// did not compile for.
	add(&genPackage{dir: "d6", why: "#36 item 6", keys: []string{"Arr", "Sl", "Bl", "Nested"},
		files: map[string]string{"d6.go": `package d6

type MyByte byte

type Blob []MyByte

type Raw []byte

type ID16 [16]MyByte

type Arr struct {
	A [16]MyByte
	P *[16]MyByte
	D [16]MyByte ` + "`tuple:\",desc\"`" + `
	I ID16
}

type Sl struct {
	S []MyByte
	P *[]MyByte
	D []MyByte ` + "`tuple:\",desc\"`" + `
}

type Bl struct {
	B  Blob
	R  Raw
	PB *Blob
	DB Blob ` + "`tuple:\",desc\"`" + `
}

type Nested struct {
	N struct {
		B Blob
		A [16]MyByte
	}
	PN *struct{ S []MyByte }
}
`}})

	// A struct of another package that embeds an unexported one, whose
	// fields the plan inlines: the generated code reaches them as promoted
	// fields (it refused the type, which the plan takes).
	add(&genPackage{dir: "dw", why: "an unexported embedded struct of another package", keys: []string{"Wrapped", "EmbedsWrap"},
		files: map[string]string{"dw.go": `package dw

` + genImports(`"github.com/fdbtuple/fdbtuple/gensrctmp/other"`) + `
type Wrapped struct {
	W  other.Wrap
	PW *other.Wrap
}

type EmbedsWrap struct {
	other.Wrap
	D int16
}
`}})

	// 7: names of the generated file that the user's package has: a
	// package named key (UnmarshalTupleKey's parameter), package-level
	// tuple, tuplewire, reflect and types (the file's imports), types
	// named as its variables.
	add(&genPackage{dir: "d7", why: "#36 item 7", keys: []string{"Keyed", "Clash", "key", "Emb"},
		files: map[string]string{
			"a.go": `package d7

` + genImports(`kp "github.com/fdbtuple/fdbtuple/gensrctmp/key"`, `ht "github.com/fdbtuple/fdbtuple/gensrctmp/h/types"`,
				`htuple "github.com/fdbtuple/fdbtuple/gensrctmp/h/tuple"`, `hreflect "github.com/fdbtuple/fdbtuple/gensrctmp/h/reflect"`,
				`hpos "github.com/fdbtuple/fdbtuple/gensrctmp/pos"`, `stdtime "time"`, `fdbtuple "github.com/fdbtuple/fdbtuple/tuple"`) + `
type Keyed struct {
	K  kp.ID
	N  *kp.Name
	P  kp.Part
	C  ht.Code
	E  htuple.Elem
	R  hreflect.Kind
	Q  hpos.Pos
	At stdtime.Time ` + "`tuple:\",unit=ms\"`" + `
	VS fdbtuple.Versionstamp
}
`,
			"b.go": `package d7

var tuple, tuplewire, reflect = 1, 2, 3

var fmt, strings, utf8, time = 4, 5, 6, 7

type types struct{}

type pos int64
type buf string
type v uint8
type text []byte
type all string
type err int
type in struct{ A int64 }
type dst bool
type start int8
type x1 int16
type n2 uint32
type p3 string
type key string

type Clash struct {
	P    pos
	B    buf
	V    v
	T    text
	A    all
	E    err
	I    in
	D    dst
	S    start
	X    x1
	N    n2
	Q    p3
	K    key
	PP   *pos
	PI   *in
	DB   buf ` + "`tuple:\",desc\"`" + `
	DI   in  ` + "`tuple:\",desc\"`" + `
	Last string
}

type Base struct{ A buf }

type Emb struct {
	*Base
	B pos
}
`}})

	// 8: type arguments were dropped from type names: a generic custom
	// element made the fresh file stale, and a generic nested struct's
	// errors named another field than the plan's.
	add(&genPackage{dir: "d8", why: "#36 item 8", keys: []string{"G1", "G2", "G3"},
		files: map[string]string{"d8.go": `package d8

` + genImports(`kp "github.com/fdbtuple/fdbtuple/gensrctmp/key"`, `"github.com/fdbtuple/fdbtuple/gensrctmp/elems"`) + `
type MyByte byte

type Pair[A, B any] struct {
	A A
	B B
}

type G1 struct {
	B elems.Box[string]
	C elems.Box[kp.ID]
	D *elems.Box[[]byte]
	E elems.Box[Pair[MyByte, *kp.Name]]
}

type G2 struct {
	P Pair[int8, string]
	Q *Pair[kp.ID, elems.Box[int]]
	R Pair[MyByte, struct{ X uint8 }]
}

type G3 struct {
	Pair[uint8, MyByte]
	Z int8
}
`}})

	// 10: the comment of UnmarshalTupleKey said that strings share one
	// allocation where a key of a string and a descending string costs
	// three; now it says what a type allocates only where that is all,
	// and TestGSAllocations holds the types that say it to it.
	d10 := add(&genPackage{dir: "d10", why: "#36 item 10", keys: []string{"Desc", "Plain"},
		files: map[string]string{"d10.go": `package d10

type Desc struct {
	S string
	D string ` + "`tuple:\",desc\"`" + `
}

type Plain struct {
	S string
	T string
	N struct {
		U string
		I int64
	}
}
`}})
	if strings.Contains(string(d10.perType["Desc"]), plainAllocs) || !strings.Contains(string(d10.perType["Plain"]), plainAllocs) {
		t.Errorf("the comment of UnmarshalTupleKey says what (string, desc string) allocates, or not what (string, string, (string, int64)) does:\n%s", d10.file)
	}

	changed := func(u *genMutation, src string) *genMutation {
		u.files = map[string]string{"d2.go": src}
		m.mutate(u)
		return u
	}
	pointer := strings.Replace(embedded, "\tBase\n", "\t*Base\n", 1)
	muts := []*genMutation{
		changed(&genMutation{base: d2, dir: "d2m", what: "Base made *Base", wantBuildFailure: true}, pointer),
		changed(&genMutation{base: d2, dir: "d2s", what: "Base made *Base, the file's shapes cut", strip: true}, pointer),
		changed(&genMutation{base: d2, dir: "d2t", what: "a json tag added", strip: true}, strings.Replace(embedded, "ID int64", "ID int64 `json:\"id\"`", 1)),
	}
	m.run(pkgs, muts, 36, 300)
}
