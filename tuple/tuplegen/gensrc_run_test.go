package tuplegen

// The runner of the tests that generate packages of key types as Go
// source: it writes them into a temporary module that requires this one
// (a replace of its path to this checkout), runs the generator over
// them, and builds, vets and tests the result with one go command per
// step for all of them. In each package a generated test compares the
// generator's verdicts with NewDynamicPlan's, checks that the fresh file
// is not stale, and runs internal/gencheck (the generated methods
// against the reflective plan, on random values and on random and
// mutated keys). A mutation of a package keeps the old generated file
// beside a changed declaration: what the change alters in a type's
// generated code must make the old file fail to build or be refused when
// the program starts, never used.

import (
	"bytes"
	"flag"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// genKeep keeps the temporary module, to read what was generated.
var genKeep = flag.Bool("gensrc.keep", false, "keep the module the generator tests write (its directory is logged)")

// genModulePath is the temporary module's path: inside this module's
// tree, so that its packages may import this module's internal ones
// (gencheck).
const genModulePath = "github.com/fdbtuple/fdbtuple/gensrctmp"

// genModule is the temporary module.
type genModule struct {
	t   *testing.T
	dir string
}

// newGenModule writes the module, with the helper packages of
// genHelpers, in a directory removed after the test (kept with -v on
// failure, to read).
func newGenModule(t *testing.T) *genModule {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	dir, err := os.MkdirTemp("", "gensrc")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if t.Failed() || *genKeep {
			t.Logf("the generated module is kept in %s", dir)
			return
		}
		os.RemoveAll(dir)
	})
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	m := &genModule{t: t, dir: dir}
	m.write("go.mod", fmt.Sprintf("module %s\n\ngo 1.24\n\nrequire (\n\tgithub.com/fdbtuple/fdbtuple v0.0.0\n\tgithub.com/google/uuid v1.6.0\n)\n\nreplace github.com/fdbtuple/fdbtuple => %s\n", genModulePath, root))
	m.write("go.sum", string(sum))
	for path, src := range genHelpers {
		m.write(path, src)
	}
	// The go command works offline, on the module cache this module's
	// build filled, for the generator's go list too.
	t.Setenv("GOFLAGS", "-mod=mod -buildvcs=false")
	t.Setenv("GOWORK", "off")
	t.Setenv("GOPROXY", "off")
	t.Setenv("GOSUMDB", "off")
	t.Setenv("GOTOOLCHAIN", "local")
	return m
}

func (m *genModule) write(rel, src string) {
	m.t.Helper()
	path := filepath.Join(m.dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		m.t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		m.t.Fatal(err)
	}
}

// goCmd runs the go command in the module.
func (m *genModule) goCmd(args ...string) (string, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = m.dir
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// genPackage is a package of key types.
type genPackage struct {
	dir   string            // in the module; the package's name is its last element
	files map[string]string // its source, by file name
	keys  []string          // the types to generate methods for
	// why describes the package in failures (a seed, a defect).
	why string

	refused map[string]string // the generator's refusal, by type
	written []string          // the types the generated file is for
	file    []byte            // the generated file
	perType map[string][]byte // each written type's code, generated alone
}

func (p *genPackage) name() string { return filepath.Base(p.dir) }

// genMutation is a package changed from base after its file was
// generated, with that file kept.
type genMutation struct {
	base  *genPackage
	dir   string
	what  string            // the change, in failures
	files map[string]string // base's files, changed
	// strip: the old file without its compile-time shape assertions, as
	// for structs it cannot spell, so that the run-time check is the
	// only one.
	strip bool
	// wantBuildFailure: the old file must not compile.
	wantBuildFailure bool
	// key, when set, is the one type whose old code the package keeps: its
	// file as the generator writes it alone (a package of many types
	// compiles slowly, once per change).
	key string

	// twinStripped: the same change is also checked stripped, whose run
	// (the old file's methods are the same code) stands for this one's.
	twinStripped bool

	stale    map[string]bool // by type of the old file: its generated code changed
	compiles bool
}

// generate runs the generator over p: each type alone for its verdict
// and code, then the file of every type it writes.
func (m *genModule) generate(p *genPackage) {
	m.t.Helper()
	dir := filepath.Join(m.dir, p.dir)
	p.refused, p.perType = map[string]string{}, map[string][]byte{}
	errs, codes, err := generateEach(dir, p.keys)
	if err != nil {
		m.t.Fatalf("%s (%s): %v", p.dir, p.why, err)
	}
	for _, k := range p.keys {
		if errs[k] != nil {
			p.refused[k] = errs[k].Error()
			continue
		}
		p.written = append(p.written, k)
		p.perType[k] = codes[k]
	}
	// Generate, as fdbtuple gen runs it, refuses the same types.
	_, err = Generate(dir, p.keys)
	if got, want := refusedTypes(err), slices.Sorted(maps.Keys(p.refused)); !slices.Equal(got, want) {
		m.t.Errorf("%s (%s): Generate refuses %v, each type alone %v: %v", p.dir, p.why, got, want, err)
	}
	if len(p.written) == 0 {
		return
	}
	p.file, err = Generate(dir, p.written)
	if err != nil {
		m.t.Fatalf("%s (%s): Generate of the types it takes alone: %v", p.dir, p.why, err)
	}
	m.write(filepath.Join(p.dir, FileName), string(p.file))
}

// generateEach compiles each type of the package in dir alone, as
// Generate does, and returns each one's refusal or its code in a file of
// its own.
func generateEach(dir string, names []string) (map[string]error, map[string][]byte, error) {
	pkg, err := loadPackage(dir)
	if err != nil {
		return nil, nil, err
	}
	c := &compiler{pkg: pkg, names: newPackageNames(pkg), busy: map[*types.Struct]bool{}}
	errs, codes := map[string]error{}, map[string][]byte{}
	for _, name := range names {
		k, err := c.keyType(name)
		if err == nil {
			codes[name], err = emitFile(pkg, c.names, []keyType{k})
		}
		errs[name] = err
	}
	return errs, codes, nil
}

// refusedTypes returns the types a joined error of Generate refuses.
func refusedTypes(err error) []string {
	if err == nil {
		return nil
	}
	var all []error
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		all = j.Unwrap()
	} else {
		all = []error{err}
	}
	var names []string
	for _, e := range all {
		if m := regexp.MustCompile(`^type (\w+)\b`).FindStringSubmatch(e.Error()); m != nil {
			names = append(names, m[1])
		} else {
			names = append(names, "?"+e.Error())
		}
	}
	slices.Sort(names)
	return names
}

// mutate writes mutation u with the old file of its base, and sets which
// written types' code the change alters.
func (m *genModule) mutate(u *genMutation) {
	m.t.Helper()
	for name, src := range u.files {
		m.write(filepath.Join(u.dir, name), src)
	}
	old, keys := u.base.file, u.base.written
	if u.key != "" {
		old, keys = u.base.perType[u.key], []string{u.key}
	}
	// The changed package stands for the base changed in place, at the
	// base's path: types in the old file's texts (type arguments, which
	// reflect names by path) take the path the changed package has.
	moved := func(code []byte) []byte {
		return bytes.ReplaceAll(code, []byte(genModulePath+"/"+u.base.dir+"."), []byte(genModulePath+"/"+u.dir+"."))
	}
	old = moved(old)
	if u.strip {
		old = stripShapes(m.t, old)
	}
	m.write(filepath.Join(u.dir, FileName), string(old))
	errs, codes, err := generateEach(filepath.Join(m.dir, u.dir), keys)
	if err != nil {
		m.t.Fatalf("%s (%s): %v", u.dir, u.what, err)
	}
	u.stale = map[string]bool{}
	for _, k := range keys {
		was, now := moved(u.base.perType[k]), codes[k]
		if u.strip && errs[k] == nil { // the shapes are not there to change
			was, now = stripShapes(m.t, was), stripShapes(m.t, now)
		}
		u.stale[k] = errs[k] != nil || !bytes.Equal(sameTypes(was), sameTypes(now))
	}
	m.write(filepath.Join(u.dir, "gsstale.go"), staleCheckSource(u))
}

// sameTypes spells byte and rune as the types they are, uint8 and int32:
// a field changed from one to the other changes the code's text, not the
// code.
func sameTypes(code []byte) []byte {
	return bytesWord.ReplaceAllFunc(code, func(w []byte) []byte {
		return map[string][]byte{"byte": []byte("uint8"), "rune": []byte("int32")}[string(w)]
	})
}

var bytesWord = regexp.MustCompile(`\b(byte|rune)\b`)

// stripShapes removes the conversions asserting the structs' shapes.
func stripShapes(t *testing.T, src []byte) []byte {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	var cuts [][2]int
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.VAR || len(g.Specs) != 1 {
			continue
		}
		vs := g.Specs[0].(*ast.ValueSpec)
		if len(vs.Names) != 1 || vs.Names[0].Name != "_" || len(vs.Values) != 1 {
			continue
		}
		if call, ok := vs.Values[0].(*ast.CallExpr); ok {
			if _, ok := call.Fun.(*ast.StructType); ok {
				from := g.Pos()
				if g.Doc != nil { // the comment of the shapes too
					from = g.Doc.Pos()
				}
				cuts = append(cuts, [2]int{fset.Position(from).Offset, fset.Position(g.End()).Offset})
			}
		}
	}
	out := slices.Clone(src)
	for i := len(cuts) - 1; i >= 0; i-- {
		out = append(out[:cuts[i][0]], out[cuts[i][1]:]...)
	}
	return dropUnusedImports(t, out)
}

// dropUnusedImports removes the imports src no longer names (those only
// the shapes named).
func dropUnusedImports(t *testing.T, src []byte) []byte {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, parser.ParseComments)
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
	var cuts [][2]int
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		name := path.Base(p)
		if imp.Name != nil {
			name = imp.Name.Name
		}
		if !named[name] { // its whole line, which would leave a blank one in the block
			start, end := fset.Position(imp.Pos()), fset.Position(imp.End()).Offset
			cuts = append(cuts, [2]int{start.Offset - start.Column + 1, end + 1})
		}
	}
	out := slices.Clone(src)
	for i := len(cuts) - 1; i >= 0; i-- {
		out = append(out[:cuts[i][0]], out[cuts[i][1]:]...)
	}
	formatted, err := format.Source(out)
	if err != nil {
		t.Fatalf("the file without its shapes: %v", err)
	}
	return formatted
}

// run builds, vets and tests the packages and mutations, written and
// generated: one go vet and one go test for all of them.
func (m *genModule) run(pkgs []*genPackage, muts []*genMutation, seed uint64, rounds int) {
	m.t.Helper()
	for _, p := range pkgs {
		m.write(filepath.Join(p.dir, "gensrc_test.go"), innerTestSource(p, seed, rounds))
	}
	var dirs []string
	for _, p := range pkgs {
		dirs = append(dirs, "./"+p.dir)
	}
	for _, u := range muts {
		dirs = append(dirs, "./"+u.dir)
	}
	out, err := m.goCmd(append([]string{"vet"}, dirs...)...)
	problems := vetProblems(out)
	if err != nil && len(problems) == 0 {
		m.t.Fatalf("go vet: %v\n%s", err, out)
	}
	for _, p := range pkgs {
		if lines := problems[p.dir]; len(lines) > 0 {
			m.t.Errorf("%s (%s) does not vet:\n%s", p.dir, p.why, strings.Join(lines, "\n"))
		}
	}
	var compiled []*genMutation
	for _, u := range muts {
		lines := problems[u.dir]
		u.compiles = len(lines) == 0
		for _, l := range lines {
			if !strings.Contains(l, FileName+":") {
				m.t.Errorf("%s (%s): the changed source does not compile (a bug of the test):\n%s", u.dir, u.what, strings.Join(lines, "\n"))
				break
			}
		}
		switch {
		case u.compiles && (u.strip || !u.twinStripped):
			compiled = append(compiled, u)
		case u.compiles: // its stripped twin's run is the same code's
		case !anyTrue(u.stale):
			m.t.Errorf("%s (%s): the old file no longer compiles, though the change alters no type's generated code:\n%s", u.dir, u.what, strings.Join(lines, "\n"))
		}
		if u.wantBuildFailure && u.compiles {
			m.t.Errorf("%s (%s): the old file still compiles", u.dir, u.what)
		}
	}
	testDirs := dirs[:len(pkgs)]
	if len(compiled) > 0 {
		m.write("mcheck/mcheck_test.go", mutationTestSource(compiled))
		testDirs = append(slices.Clone(testDirs), "./mcheck")
	}
	if m.t.Failed() {
		return
	}
	out, err = m.goCmd(append([]string{"test", "-count=1"}, testDirs...)...)
	if err != nil {
		m.t.Errorf("go test: %v\n%s", err, out)
	}
}

func anyTrue(m map[string]bool) bool {
	for _, v := range m {
		if v {
			return true
		}
	}
	return false
}

// vetProblems returns the lines go vet printed about files, by the
// directory of the file (in the module).
func vetProblems(out string) map[string][]string {
	problems := map[string][]string{}
	for _, line := range strings.Split(out, "\n") {
		file, _, ok := strings.Cut(strings.TrimPrefix(line, "vet: "), ":")
		if !ok || !strings.HasSuffix(file, ".go") {
			continue
		}
		dir := filepath.ToSlash(filepath.Dir(file))
		problems[dir] = append(problems[dir], line)
	}
	return problems
}
