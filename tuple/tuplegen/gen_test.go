package tuplegen_test

import (
	"bytes"
	"go/format"
	"regexp"
	"strings"
	"testing"

	"github.com/fdbtuple/fdbtuple/tuple/tuplegen"
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

// Every refusal names the field and says why.
func TestGenerateRefuses(t *testing.T) {
	for _, tc := range []struct{ typ, want string }{
		{"Ext", "field D (tuple.Tuple): tag option \"ext=0x40\": an extension's element is written by the extension value"},
		{"Time", "field At (time.Time): time.Time is not written by generated code yet"},
		{"Duration", "field D (time.Duration): time.Duration is not written by generated code yet"},
		{"Custom", "field C (keys.Cents): keys.Cents is a custom element type"},
		{"NullableDesc", "field P (*int64): a nullable descending field is not written by generated code"},
		{"DescInDesc", "field A (int64): a descending field inside a descending field is not written by generated code"},
		{"Map", "field M (map[string]int): map[string]int is not written by generated code"},
		{"Any", "field A (interface {}): any is not written by generated code"},
		{"Big", "field B (*big.Int): big integers are left to tuple.Plan"},
		{"Empty", "field E (struct {}): struct struct{} has no key fields"},
		{"Unknown", `field A (int64): unknown tag option "sideways"`},
		{"Twice", `field A (int64): tag option "desc" given twice`},
		{"BytesInt", "field A (int64): the bytes option is for strings"},
		{"UintConst", "constant \"300\" is no uint8"},
		{"NotStruct", "type NotStruct: a key type is a struct type"},
		{"Generic", "type Generic: a key type is a defined, non-generic struct type"},
		{"Missing", "package keys has no type Missing"},
		{"SameName", "field types from github.com/fdbtuple/fdbtuple/types and go/types, two packages named types"},
		{"EmbeddedPointer", "embedded field Part (*keys.Part): an embedded pointer to a struct is not written by generated code"},
	} {
		_, err := tuplegen.Generate(testPkg, []string{tc.typ})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.typ, err, tc.want)
		}
	}
}
