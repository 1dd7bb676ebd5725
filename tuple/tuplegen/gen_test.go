package tuplegen_test

import (
	"bytes"
	"go/format"
	"reflect"
	"regexp"
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

// A package whose type only names a field's type (in a comment) is not
// imported: the file would not compile.
func TestGenerateImportsOnlyWhatItUses(t *testing.T) {
	src, err := tuplegen.Generate(testPkg, []string{"ByUUID"})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(src), `"github.com/google/uuid"`) {
		t.Errorf("the file imports uuid, which its code does not use:\n%s", src)
	}
}

// The kinds the generator once refused are written now.
func TestGenerateWrites(t *testing.T) {
	for _, typ := range []string{"Time", "Duration", "Custom", "NullableDesc", "Big", "EmbeddedPointer"} {
		if _, err := tuplegen.Generate(testPkg, []string{typ}); err != nil {
			t.Errorf("%s: %v", typ, err)
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
		{"BytesInt", "field A (int64): the bytes option is for strings"},
		{"UintConst", "constant \"300\" is no uint8"},
		{"NotStruct", "type NotStruct: a key type is a struct type"},
		{"Generic", "type Generic: a key type is a defined, non-generic struct type"},
		{"Missing", "package keys has no type Missing"},
		{"SameName", "field types from github.com/fdbtuple/fdbtuple/types and go/types, two packages named types"},
		{"OnlyScanner", "field S (keys.scanOnly): keys.scanOnly has ScanTupleElement but no AppendTupleElement"},
		{"OnlyAppender", "field A (keys.appendOnly): keys.appendOnly has AppendTupleElement but *keys.appendOnly has no ScanTupleElement"},
		{"KeyConvertible", "field K (keys.subspace): keys.subspace is an fdb.KeyConvertible"},
		{"UnitOnInt", "field A (int64): the unit option is for time.Time and time.Duration fields"},
		{"BadUnit", `field At (time.Time): tag: unit "h", want ns, us, ms or s`},
		{"PointerToPointer", "field P (**int64): a pointer to a pointer is no element"},
		{"EmbeddedUnexportedPointer", "embedded field part (*keys.part): a pointer to an unexported struct cannot be allocated when decoding"},
		{"EmbeddedEmpty", "embedded field nothing (keys.nothing): it adds no field to the key"},
		{"TupleField", "field T (tuple.Tuple): tuple.Tuple is not written by generated code: its element is that of whatever it holds at run time; take this type out of the -type list"},
	} {
		_, err := tuplegen.Generate(testPkg, []string{tc.typ})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.typ, err, tc.want)
		}
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
	} {
		if _, err := tuple.NewDynamicPlan(tuple.Codec{}, typ); err == nil {
			t.Errorf("%v: the plan takes it", typ)
		}
	}
	for _, typ := range []reflect.Type{
		reflect.TypeFor[keys.Time](), reflect.TypeFor[keys.Duration](), reflect.TypeFor[keys.Custom](),
		reflect.TypeFor[keys.NullableDesc](), reflect.TypeFor[keys.Big](), reflect.TypeFor[keys.EmbeddedPointer](),
	} {
		if _, err := tuple.NewDynamicPlan(tuple.Codec{}, typ); err != nil {
			t.Errorf("%v: %v", typ, err)
		}
	}
}
