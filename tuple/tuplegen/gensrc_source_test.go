package tuplegen

// The Go source the runner writes besides the packages under test: the
// test of each package, the check of each mutation, and the test that
// runs those checks. Their names start with gs (gsTuple, GSStale), which
// the packages under test never declare.

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// generalRefusal is in the generator's refusals of the fields that only
// the plan's general encoder writes (Tuple, []any, interfaces): the one
// kind of type the generator refuses and the plan takes.
const generalRefusal = "its element is that of whatever it holds at run time"

// innerTestSource is the test of package p: the generator's verdicts are
// the plan's, the file is not stale, and the generated methods agree
// with the reflective plan (internal/gencheck).
func innerTestSource(p *genPackage, seed uint64, rounds int) string {
	var b strings.Builder
	// gencheck serves only the tests of written types; a package whose
	// every type is refused must not import it, or it does not build.
	checkImport := ""
	if len(p.written) > 0 {
		checkImport = "\tgsCheck \"github.com/fdbtuple/fdbtuple/internal/gencheck\"\n"
	}
	fmt.Fprintf(&b, `package %s

import (
	gsReflect "reflect"
	gsStrings "strings"
	gsTesting "testing"

%s	gsTuple "github.com/fdbtuple/fdbtuple/tuple"
)

// The reflective twins of the key types.
type (
`, p.name(), checkImport)
	for _, k := range p.keys {
		fmt.Fprintf(&b, "\tgsR_%s %[1]s\n", k)
	}
	b.WriteString(`)

// The generator refuses what the plan refuses, and only that (but for a
// field only the plan's general encoder writes).
func TestGSVerdicts(gsT *gsTesting.T) {
	for _, gsC := range []struct {
		name, gen string
		typ       gsReflect.Type
	}{
`)
	for _, k := range p.keys {
		fmt.Fprintf(&b, "\t\t{%q, %q, gsReflect.TypeFor[gsR_%s]()},\n", k, p.refused[k], k)
	}
	fmt.Fprintf(&b, `	} {
		_, gsErr := gsTuple.NewDynamicPlan(gsTuple.Codec{}, gsC.typ)
		switch {
		case gsErr != nil && gsC.gen == "":
			gsT.Errorf("%%s: the generator writes it, the plan refuses it: %%v", gsC.name, gsErr)
		case gsErr == nil && gsC.gen != "" && !gsStrings.Contains(gsC.gen, %q):
			gsT.Errorf("%%s: the generator refuses it, the plan takes it: %%s", gsC.name, gsC.gen)
		}
	}
}
`, generalRefusal)
	if len(p.written) == 0 {
		return b.String()
	}
	b.WriteString(`
// A freshly generated file is not stale.
func TestGSFresh(gsT *gsTesting.T) {
	for gsName, gsErr := range map[string]error{
`)
	for _, k := range p.written {
		fmt.Fprintf(&b, "\t\t%q: gsTuple.CheckGenerated[%s](),\n", k, k)
	}
	b.WriteString(`	} {
		if gsErr != nil {
			gsT.Errorf("%s: %v", gsName, gsErr)
		}
	}
}

// The generated methods and the reflective plan agree, on random values
// and on random and mutated keys.
func TestGSDifferential(gsT *gsTesting.T) {
	for _, gsTwin := range []func(gsTesting.TB) gsCheck.Pair{
`)
	for _, k := range p.written {
		fmt.Fprintf(&b, "\t\tfunc(gsT gsTesting.TB) gsCheck.Pair { return gsCheck.NewTwin[%s, gsR_%[1]s](gsT, %[1]q) },\n", k)
	}
	fmt.Fprintf(&b, `	} {
		gsT.Run("", func(gsT *gsTesting.T) { gsCheck.Run(gsT, []gsCheck.Pair{gsTwin(gsT)}, %d, %d) })
	}
}
`, seed, rounds)
	var plain []string
	for _, k := range p.written {
		if strings.Contains(string(p.perType[k]), plainAllocs) {
			plain = append(plain, k)
		}
	}
	if len(plain) > 0 {
		b.WriteString(`
// The methods of a type whose comments say what they allocate allocate
// that.
func TestGSAllocations(gsT *gsTesting.T) {
`)
		for _, k := range plain {
			fmt.Fprintf(&b, "\tgsCheck.CheckAllocations[%s](gsT, %d, 20)\n", k, seed)
		}
		b.WriteString("}\n")
	}
	return b.String()
}

// plainAllocs is in the comment of UnmarshalTupleKey of a type whose
// methods state what they allocate.
const plainAllocs = "nothing else allocates"

// staleCheckSource is GSStale of mutation u: for each type of the old
// file, refused (CheckGenerated, NewPlan and every method) when the
// change alters its generated code, used as before when it does not.
func staleCheckSource(u *genMutation) string {
	var b strings.Builder
	fmt.Fprintf(&b, `package %s

import (
	gsErrors "errors"
	gsFmt "fmt"

	gsTuple "github.com/fdbtuple/fdbtuple/tuple"
)

// GSStale checks the old generated file against the changed types.
func GSStale() error {
	return gsErrors.Join(
`, u.base.name())
	for _, k := range slices.Sorted(maps.Keys(u.stale)) {
		fmt.Fprintf(&b, "\t\tgsStale[%s](%[1]q, %t),\n", k, u.stale[k])
	}
	b.WriteString(`	)
}

func gsStale[T any, PT interface {
	*T
	AppendTupleKey([]byte) ([]byte, error)
	MarshalTupleKey() ([]byte, error)
	UnmarshalTupleKey([]byte) (int, error)
}](gsName string, gsStale bool) error {
	gsChecked := gsTuple.CheckGenerated[T]()
	_, gsPlanErr := gsTuple.NewPlan[T](gsTuple.Codec{})
	if !gsStale {
		if gsChecked != nil || gsPlanErr != nil {
			return gsFmt.Errorf("%s: the change leaves its generated code as it was, and the old file is refused: %v; %v", gsName, gsChecked, gsPlanErr)
		}
		return nil
	}
	var gsV T
	_, gsA := PT(&gsV).AppendTupleKey(nil)
	_, gsM := PT(&gsV).MarshalTupleKey()
	_, gsU := PT(&gsV).UnmarshalTupleKey(nil)
	for gsWhat, gsErr := range map[string]error{"CheckGenerated": gsChecked, "AppendTupleKey": gsA, "MarshalTupleKey": gsM, "UnmarshalTupleKey": gsU} {
		if !gsErrors.Is(gsErr, gsTuple.ErrStaleGenerated) {
			return gsFmt.Errorf("%s: the change alters its generated code, and the old file's %s answers %v, not ErrStaleGenerated", gsName, gsWhat, gsErr)
		}
	}
	if gsPlanErr == nil {
		return gsFmt.Errorf("%s: the change alters its generated code, and NewPlan takes the old file", gsName)
	}
	return nil
}
`)
	return b.String()
}

// mutationTestSource is the test that runs GSStale of every mutation
// that compiles.
func mutationTestSource(muts []*genMutation) string {
	var b strings.Builder
	b.WriteString("package mcheck\n\nimport (\n\tgsTesting \"testing\"\n\n")
	for i, u := range muts {
		fmt.Fprintf(&b, "\tm%d %q\n", i, genModulePath+"/"+u.dir)
	}
	b.WriteString(")\n\nfunc TestGSMutations(t *gsTesting.T) {\n\tfor what, err := range map[string]error{\n")
	for i, u := range muts {
		fmt.Fprintf(&b, "\t\t%s: m%d.GSStale(),\n", strconv.Quote(u.dir+" ("+u.what+")"), i)
	}
	b.WriteString("\t} {\n\t\tif err != nil {\n\t\t\tt.Errorf(\"%s: %v\", what, err)\n\t\t}\n\t}\n}\n")
	return b.String()
}
