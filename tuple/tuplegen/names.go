package tuplegen

// Names in the generated file that cannot collide with the user's. The
// file shares its package block with the user's files: a package-level
// name there (a type named key or pos, a variable named tuple) would
// clash with an import of the file, or be shadowed in a method by one of
// its parameters and variables (key, pos, buf). So the emitter writes
// every name of the user's package and of the packages of field types
// with a mark (qualify), and finish settles the names at the end, when
// the whole file is known: each import takes its package's name unless
// the user's package declares it (then name+"pkg"), and a variable of
// the file that has the name of something the package declares or
// imports is renamed (pos_).

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"path"
	"slices"
	"strconv"
	"strings"
)

// mark starts every package name the emitter writes for a type: "ǂ" is
// the user's package (stripped at the end: its names are unqualified),
// "ǂ3" the third package of the registry. It is a letter, so the marked
// file parses, and no one spells identifiers with it.
const mark = "ǂ"

// The packages the emitter names by their usual names (tuple.Codec{},
// time.Millisecond, utf8.ValidString): finish imports them by path.
var fixedImports = map[string]string{
	"tuple":     "github.com/fdbtuple/fdbtuple/tuple",
	"tuplewire": "github.com/fdbtuple/fdbtuple/tuple/tuplewire",
	"types":     "github.com/fdbtuple/fdbtuple/types",
	"reflect":   "reflect",
	"fmt":       "fmt",
	"strings":   "strings",
	"utf8":      "unicode/utf8",
	"time":      "time",
}

// fixedOrder is the order in which the fixed imports take their names,
// before the packages of field types.
var fixedOrder = []string{"tuple", "tuplewire", "types", "reflect", "fmt", "strings", "utf8", "time"}

// packageNames is the registry of the packages the generated file names.
type packageNames struct {
	own   *types.Package
	paths []string          // by mark number
	name  map[string]string // path -> package name
	index map[string]int    // path -> mark number
}

func newPackageNames(own *types.Package) *packageNames {
	return &packageNames{own: own, name: map[string]string{}, index: map[string]int{}}
}

// qualifier is the types.Qualifier of the emitter: a mark for every
// package, the user's included.
func (n *packageNames) qualifier(p *types.Package) string {
	if p == n.own {
		return mark
	}
	return n.markOf(p.Path(), p.Name())
}

// markOf returns the mark of the package at path, named name.
func (n *packageNames) markOf(path, name string) string {
	i, ok := n.index[path]
	if !ok {
		i = len(n.paths)
		n.paths = append(n.paths, path)
		n.index[path], n.name[path] = i, name
	}
	return mark + strconv.Itoa(i)
}

// finish settles the names of the generated declarations in body (no
// package clause, no imports) and returns the file with its imports, not
// yet formatted. scope is the user's package's block, in which the file
// declares its own names.
func (n *packageNames) finish(header string, body []byte, scope *types.Scope) ([]byte, error) {
	src := append([]byte("package p\n"), body...)
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, 0)
	if err != nil {
		return nil, fmt.Errorf("tuplegen: the generated code does not parse (a bug): %w", err)
	}
	declared := map[string]bool{} // the package-level names of the file
	for name := range f.Scope.Objects {
		declared[name] = true
	}
	for _, name := range slices.Sorted(maps.Keys(declared)) {
		if scope.Lookup(name) != nil {
			return nil, fmt.Errorf("package %s declares %s, a name the generated file declares; rename it", n.own.Name(), name)
		}
	}

	// Which package each qualifier names, and the variables of the file.
	uses := map[string][]*ast.Ident{} // path -> the qualifiers naming it
	locals := map[string][]*ast.Ident{}
	var bug error
	var visit func(node ast.Node) bool
	visit = func(node ast.Node) bool {
		if bug != nil {
			return false
		}
		switch x := node.(type) {
		case *ast.SelectorExpr:
			if id, ok := x.X.(*ast.Ident); ok && id.Obj == nil {
				switch p, isFixed := fixedImports[id.Name]; {
				case id.Name == mark:
				case strings.HasPrefix(id.Name, mark):
					i, err := strconv.Atoi(strings.TrimPrefix(id.Name, mark))
					if err != nil || i >= len(n.paths) {
						bug = fmt.Errorf("tuplegen: unknown mark %s (a bug)", id.Name)
						return false
					}
					uses[n.paths[i]] = append(uses[n.paths[i]], id)
				case isFixed:
					uses[p] = append(uses[p], id)
				default:
					bug = fmt.Errorf("tuplegen: the generated code names %s, no package it imports (a bug)", id.Name)
				}
				return false
			}
			ast.Inspect(x.X, visit)
			return false // Sel is a field or a method
		case *ast.StructType: // its field names are no variables
			for _, fl := range x.Fields.List {
				ast.Inspect(fl.Type, visit)
			}
			return false
		case *ast.Ident:
			switch {
			case x.Obj != nil && (x.Obj.Kind == ast.Var || x.Obj.Kind == ast.Typ) && f.Scope.Lookup(x.Name) != x.Obj:
				locals[x.Name] = append(locals[x.Name], x)
			case x.Obj == nil && types.Universe.Lookup(x.Name) != nil && scope.Lookup(x.Name) != nil:
				bug = fmt.Errorf("package %s declares %s, which the generated code uses as Go's own; rename it", n.own.Name(), x.Name)
			}
		}
		return true
	}
	ast.Inspect(f, visit)
	if bug != nil {
		return nil, bug
	}

	// Each import its package's name, or name+"pkg" (then a number) when
	// the user's package or an earlier import has it.
	alias := map[string]string{}
	taken := map[string]bool{}
	var order []string
	for _, name := range fixedOrder {
		if _, ok := uses[fixedImports[name]]; ok && !slices.Contains(order, fixedImports[name]) {
			order = append(order, fixedImports[name])
		}
	}
	for _, p := range slices.Sorted(maps.Keys(uses)) {
		if !slices.Contains(order, p) {
			order = append(order, p)
		}
	}
	for _, p := range order {
		base := n.name[p]
		if base == "" { // a fixed import: its name is its path's last element
			base = path.Base(p)
		}
		name := base
		for k := 1; scope.Lookup(name) != nil || taken[name] || declared[name]; k++ {
			name = base + "pkg"
			if k > 1 {
				name += strconv.Itoa(k)
			}
		}
		alias[p], taken[name] = name, true
	}

	// A variable of the file named as the package or an import names
	// something is renamed, in every function alike.
	var edits []edit
	for p, ids := range uses {
		for _, id := range ids {
			edits = append(edits, edit{fset.Position(id.Pos()).Offset, len(id.Name), alias[p]})
		}
	}
	for name, ids := range locals {
		renamed := name
		for scope.Lookup(renamed) != nil || taken[renamed] || (renamed != name && locals[renamed] != nil) {
			renamed += "_"
		}
		if renamed == name {
			continue
		}
		for _, id := range ids {
			edits = append(edits, edit{fset.Position(id.Pos()).Offset, len(id.Name), renamed})
		}
	}
	out := applyEdits(src, edits)[len("package p\n"):]
	out = bytes.ReplaceAll(out, []byte(mark+"."), nil)
	if bytes.Contains(out, []byte(mark)) {
		return nil, fmt.Errorf("tuplegen: a mark is left in the generated code (a bug):\n%s", out)
	}

	var file bytes.Buffer
	fmt.Fprintf(&file, "%s\npackage %s\n\nimport (\n", header, n.own.Name())
	for _, p := range slices.Sorted(maps.Keys(alias)) {
		if alias[p] != path.Base(p) {
			fmt.Fprintf(&file, "\t%s %q\n", alias[p], p)
		} else {
			fmt.Fprintf(&file, "\t%q\n", p)
		}
	}
	file.WriteString(")\n")
	file.Write(out)
	return file.Bytes(), nil
}

// edit replaces n bytes at off with text.
type edit struct {
	off, n int
	text   string
}

// applyEdits applies edits, which do not overlap, to src.
func applyEdits(src []byte, edits []edit) []byte {
	slices.SortFunc(edits, func(a, b edit) int { return a.off - b.off })
	var out bytes.Buffer
	last := 0
	for _, e := range edits {
		out.Write(src[last:e.off])
		out.WriteString(e.text)
		last = e.off + e.n
	}
	out.Write(src[last:])
	return out.Bytes()
}
