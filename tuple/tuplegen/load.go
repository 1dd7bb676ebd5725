package tuplegen

import (
	"errors"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
)

// FileName is the file Generate writes in the package's directory: one
// per package, for every type of one run.
const FileName = "tuplekeys_gen.go"

// loadPackage type-checks the package in dir from its source (its
// imports from their export data, see newImporter), without
// FileName (which may be stale, or refer to methods it is about to
// rewrite) and without tests.
func loadPackage(dir string) (*types.Package, error) {
	bp, err := build.ImportDir(dir, 0)
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range bp.GoFiles {
		if name == FileName {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	// Errors are collected rather than fatal: code elsewhere in the package
	// may call the methods of the file left out. The types asked for are
	// checked for invalid parts where they are used.
	var typeErrs []error
	conf := types.Config{
		Importer: newImporter(fset, dir, bp.Imports),
		Error:    func(err error) { typeErrs = append(typeErrs, err) },
	}
	pkg, _ := conf.Check(importPath(dir, bp.ImportPath), fset, files, nil)
	if pkg == nil {
		return nil, fmt.Errorf("type-checking %s: %w", dir, errors.Join(typeErrs...))
	}
	return pkg, nil
}

// Generate reads the struct types named in the package in dir and returns
// the source of the package's generated file (see FileName). A type it
// refuses does not stop the others being read: the error joins every
// refused type's, each naming its type and field.
func Generate(dir string, typeNames []string) ([]byte, error) {
	pkg, err := loadPackage(dir)
	if err != nil {
		return nil, err
	}
	c := &compiler{pkg: pkg, names: newPackageNames(pkg), busy: map[*types.Struct]bool{}}
	var keys []keyType
	var refused []error
	names := slices.Clone(typeNames)
	slices.Sort(names)
	names = slices.Compact(names)
	for _, name := range names {
		k, err := c.keyType(name)
		if err != nil {
			refused = append(refused, err)
			continue
		}
		keys = append(keys, k)
	}
	if len(refused) > 0 {
		return nil, errors.Join(refused...)
	}
	return emitFile(pkg, c.names, keys)
}

// keyType reads the struct type name of the package.
func (c *compiler) keyType(name string) (keyType, error) {
	obj, ok := c.pkg.Scope().Lookup(name).(*types.TypeName)
	if !ok {
		return keyType{}, fmt.Errorf("package %s has no type %s", c.pkg.Name(), name)
	}
	named, ok := obj.Type().(*types.Named)
	if !ok || named.TypeParams().Len() > 0 {
		return keyType{}, fmt.Errorf("type %s: a key type is a defined, non-generic struct type", name)
	}
	st, ok := named.Underlying().(*types.Struct)
	if !ok {
		return keyType{}, fmt.Errorf("type %s: a key type is a struct type", name)
	}
	if err := checkValid(st, name); err != nil {
		return keyType{}, err
	}
	for _, m := range generatedMethods {
		// One of T's own (not promoted from an embedded struct, which the
		// generated method shadows) would clash with the generated one.
		if obj, index, _ := types.LookupFieldOrMethod(types.NewPointer(named), false, c.pkg, m); obj != nil && len(index) == 1 {
			return keyType{}, fmt.Errorf("type %s has a field or method %s, which the generated file declares; rename it", name, m)
		}
	}
	c.hasDesc, c.shapes = false, nil
	fields, err := c.structFields(named, st, 0, "type "+name)
	if err != nil {
		return keyType{}, fmt.Errorf("type %s: %w", name, err)
	}
	if appends, scans := customMethods(named); len(fields) == 0 && !appends && !scans && !isKeyConvertible(named) {
		// As the plan refuses it, but where T's methods (promoted from a
		// struct it embeds, say) make it an element type of its own: its
		// plan then compiles T's fields, and takes a key of none.
		return keyType{}, fmt.Errorf("type %s has no exported field, so every value would be the same empty key", name)
	}
	return keyType{name: name, fields: fields, hasDesc: c.hasDesc, shapes: c.shapes}, nil
}

// generatedMethods are the methods the generated file declares on *T.
var generatedMethods = []string{"AppendTupleKey", "MarshalTupleKey", "UnmarshalTupleKey", "TupleKeyFuncs", "TupleKeySchema", "TupleKeyFields"}

// checkValid refuses a struct whose field types did not type-check.
func checkValid(st *types.Struct, name string) error {
	for i := range st.NumFields() {
		if t := st.Field(i).Type(); t == types.Typ[types.Invalid] {
			return fmt.Errorf("type %s: field %s has a type that does not type-check", name, st.Field(i).Name())
		}
	}
	return nil
}
