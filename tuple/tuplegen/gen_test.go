package tuplegen_test

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"path"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/tuplegen"
	"github.com/fdbtuple/fdbtuple/tuple/tuplegen/testdata/keys"
)

const testPkg = "testdata/keys"

func TestGenerateIsDeterministicAndFormatted(t *testing.T) {
	first, err := tuplegen.Generate(testPkg, []string{"Good"})
	if err != nil {
		t.Fatal(err)
	}
	second, err := tuplegen.Generate(testPkg, []string{"Good", "Good"})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(first, second) {
		t.Error("two runs wrote different files")
	}
	if header := strings.SplitN(string(first), "\n", 2)[0]; !regexp.MustCompile(`^// Code generated .* DO NOT EDIT\.$`).MatchString(header) {
		t.Errorf("first line %q is not a generated-code header", header)
	}
	formatted, err := format.Source(first)
	if err != nil || !bytes.Equal(formatted, first) {
		t.Errorf("the file is not gofmt-clean (%v)", err)
	}
	for _, want := range []string{
		"func (v *Good) AppendTupleKey(dst []byte) ([]byte, error)",
		"func (v *Good) UnmarshalTupleKey(key []byte) (int, error)",
		`"\x02user\x00"`, // the constant, encoded once at generation
		"tuplewire.AppendDesc(",
	} {
		if !strings.Contains(string(first), want) {
			t.Errorf("the file has no %s", want)
		}
	}
}

// The file imports what its code names, and nothing else: an import it
// does not use would not compile.
func TestGenerateImportsOnlyWhatItUses(t *testing.T) {
	for _, typ := range []string{"ByUUID", "Good", "Time", "Big", "SameName", "Custom"} {
		src, err := tuplegen.Generate(testPkg, []string{typ})
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(token.NewFileSet(), "", src, 0)
		if err != nil {
			t.Fatal(err)
		}
		named := map[string]bool{}
		ast.Inspect(f, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if id, ok := sel.X.(*ast.Ident); ok {
					named[id.Name] = true
				}
			}
			return true
		})
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			name := path.Base(p)
			if imp.Name != nil {
				name = imp.Name.Name
			}
			if !named[name] {
				t.Errorf("%s: the file imports %s, which its code does not name", typ, p)
			}
		}
	}
}

// The kinds the generator once refused are written now.
func TestGenerateWrites(t *testing.T) {
	for _, typ := range []string{"Time", "Duration", "Custom", "NullableDesc", "Big", "EmbeddedPointer", "SameName", "Optional"} {
		if _, err := tuplegen.Generate(testPkg, []string{typ}); err != nil {
			t.Errorf("%s: %v", typ, err)
		}
	}
}

// Two packages of one name are imported under two: the file's own
// imports keep their names, a field type's package takes another.
func TestGenerateRenamesImportsOfOneName(t *testing.T) {
	src, err := tuplegen.Generate(testPkg, []string{"SameName"})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"\ttypespkg \"go/types\"\n", "\t\"github.com/fdbtuple/fdbtuple/types\"\n", "typespkg.BasicKind"} {
		if !strings.Contains(string(src), want) {
			t.Errorf("the file has no %q:\n%s", want, src)
		}
	}
}

// Every refusal names the field and says why.
func TestGenerateRefuses(t *testing.T) {
	for _, tc := range []struct{ typ, want string }{
		{"Ext", "field D (tuple.Tuple): tag option \"ext=0x40\": an extension's element is written by the extension value"},
		{"DescInDesc", "field A (int64): a descending field inside a descending field is not written by generated code"},
		{"Map", "field M (map[string]int): map[string]int is not written by generated code"},
		{"Any", "field A (interface {}): interface {} is not written by generated code"},
		{"Empty", "field E (struct {}): struct struct{} has no key fields"},
		{"Unknown", `field A (int64): tag: unknown option "sideways"`},
		{"Twice", `field A (int64): tag: option "desc" given twice`},
		{"BytesInt", "field A (int64): the bytes option is for string fields"},
		{"UintConst", "constant \"300\" is no uint8"},
		{"NotStruct", "type NotStruct: a key type is a struct type"},
		{"Generic", "type Generic: a key type is a defined, non-generic struct type"},
		{"Missing", "package keys has no type Missing"},
		{"OnlyScanner", "field S (keys.scanOnly): keys.scanOnly has ScanTupleElement but no AppendTupleElement"},
		{"OnlyAppender", "field A (keys.appendOnly): keys.appendOnly has AppendTupleElement but *keys.appendOnly has no ScanTupleElement"},
		{"KeyConvertible", "field K (keys.subspace): keys.subspace is an fdb.KeyConvertible"},
		{"UnitOnInt", "field A (int64): the unit option is for time.Time and time.Duration fields"},
		{"BadUnit", `field At (time.Time): tag: unit "h", want ns, us, ms or s`},
		{"PointerToPointer", "field P (**int64): a pointer to a pointer is no element"},
		{"EmbeddedUnexportedPointer", "embedded field part (*keys.part): a pointer to an unexported struct cannot be allocated when decoding"},
		{"EmbeddedEmpty", "embedded field nothing (keys.nothing): it adds no field to the key"},
		{"TupleField", "field T (tuple.Tuple): tuple.Tuple is not written by generated code: its element is that of whatever it holds at run time; take this type out of the -type list"},
		{"OptionalNotPointer", "field A (int64): optional is for pointer fields: a nil leaves the field out of the key (make it *int64)"},
		{"OptionalThenRequired", "type OptionalThenRequired: field B (int64) after optional field A: a key ends where a nil optional field is, so every field after an optional one is optional"},
		{"OptionalThenConstant", `type OptionalThenConstant: constant "END" after optional field A: a key ends where a nil optional field is`},
		{"OptionalNested", "field N (struct { X *int64 \"tuple:\\\",optional\\\"\" }): its field X is optional, and only the key's own fields may be: a nested tuple holds every field of its struct"},
		{"OptionalDesc", "field A (*int64): tag: optional takes no desc"},
	} {
		_, err := tuplegen.Generate(testPkg, []string{tc.typ})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.typ, err, tc.want)
		}
	}
}

// A name the generated file declares, or one of Go's own that it uses,
// declared by the package, or a field or method of T named as a
// generated method, would not compile: each is refused, naming it.
func TestGenerateRefusesNameClashes(t *testing.T) {
	for _, tc := range []struct{ dir, typ, want string }{
		{"testdata/clash/decl", "K", "package decl declares tupleKeyErr, a name the generated file declares; rename it"},
		{"testdata/clash/builtin", "K", "package builtin declares len, which the generated code uses as Go's own; rename it"},
		{"testdata/clash/method", "Field", "type Field has a field or method MarshalTupleKey, which the generated file declares; rename it"},
		{"testdata/clash/method", "Method", "type Method has a field or method TupleKeyFields, which the generated file declares; rename it"},
	} {
		_, err := tuplegen.Generate(tc.dir, []string{tc.typ})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s %s: error %v, want one containing %q", tc.dir, tc.typ, err, tc.want)
		}
	}
	if _, err := tuplegen.Generate("testdata/clash/method", []string{"Embeds"}); err != nil {
		t.Errorf("a promoted method, which the generated one shadows: %v", err)
	}
}

// A run of several types refuses each it cannot write, not only the
// first: the error names every refused type and its field, and no file
// is written for the others.
func TestGenerateRefusesEveryType(t *testing.T) {
	src, err := tuplegen.Generate(testPkg, []string{"Map", "Good", "Ext", "Missing"})
	if src != nil || err == nil {
		t.Fatalf("Generate = %d bytes, %v; want every refusal", len(src), err)
	}
	for _, want := range []string{
		"type Ext: field D (tuple.Tuple): tag option \"ext=0x40\"",
		"type Map: field M (map[string]int): map[string]int is not written by generated code",
		"package keys has no type Missing",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error does not say %q:\n%v", want, err)
		}
	}
	if strings.Contains(err.Error(), "type Good") {
		t.Errorf("error names a type it writes:\n%v", err)
	}
}

// What the generator refuses as the plan does, the plan refuses; what it
// writes, the plan takes.
func TestRefusalsAreThePlans(t *testing.T) {
	for _, typ := range []reflect.Type{
		reflect.TypeFor[keys.OnlyScanner](), reflect.TypeFor[keys.OnlyAppender](), reflect.TypeFor[keys.KeyConvertible](),
		reflect.TypeFor[keys.UnitOnInt](), reflect.TypeFor[keys.BadUnit](), reflect.TypeFor[keys.PointerToPointer](),
		reflect.TypeFor[keys.EmbeddedUnexportedPointer](), reflect.TypeFor[keys.EmbeddedEmpty](), reflect.TypeFor[keys.Map](),
		reflect.TypeFor[keys.DescInDesc](), reflect.TypeFor[keys.Twice](), reflect.TypeFor[keys.Empty](),
		reflect.TypeFor[keys.OptionalNotPointer](), reflect.TypeFor[keys.OptionalThenRequired](), reflect.TypeFor[keys.OptionalThenConstant](),
		reflect.TypeFor[keys.OptionalNested](), reflect.TypeFor[keys.OptionalDesc](),
	} {
		if _, err := tuple.NewDynamicPlan(tuple.Codec{}, typ); err == nil {
			t.Errorf("%v: the plan takes it", typ)
		}
	}
	for _, typ := range []reflect.Type{
		reflect.TypeFor[keys.Time](), reflect.TypeFor[keys.Duration](), reflect.TypeFor[keys.Custom](),
		reflect.TypeFor[keys.NullableDesc](), reflect.TypeFor[keys.Big](), reflect.TypeFor[keys.EmbeddedPointer](),
		reflect.TypeFor[keys.Optional](),
	} {
		if _, err := tuple.NewDynamicPlan(tuple.Codec{}, typ); err != nil {
			t.Errorf("%v: %v", typ, err)
		}
	}
}
