package tuplegen

import (
	"bufio"
	"bytes"
	"fmt"
	"go/importer"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"strings"
)

// newImporter returns the importer of the packages the package in dir
// imports: their compiler export data, which `go list -export` builds (or
// finds in the build cache), read by go/importer. It takes seconds less
// than type-checking every dependency from source, as go/importer's
// "source" importer does, which is the fallback when the go command
// fails.
func newImporter(fset *token.FileSet, dir string, imports []string) types.Importer {
	if len(imports) == 0 {
		return importer.ForCompiler(fset, "source", nil)
	}
	args := append([]string{"list", "-export", "-deps", "-f", "{{.ImportPath}}\t{{.Export}}"}, imports...)
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return importer.ForCompiler(fset, "source", nil)
	}
	exports := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		if path, file, ok := strings.Cut(sc.Text(), "\t"); ok && file != "" {
			exports[path] = file
		}
	}
	return importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		file, ok := exports[path]
		if !ok {
			return nil, fmt.Errorf("no export data for %s", path)
		}
		return os.Open(file)
	})
}

// importPath returns the import path of the package in dir, as the go
// command knows it (go/build's answer outside GOPATH is "."), or
// fallback. Types of the package name it in reflect's text of type
// arguments (Box[example.com/p.ID]) and in the internal-package rule.
func importPath(dir, fallback string) string {
	cmd := exec.Command("go", "list", "-find", "-f", "{{.ImportPath}}", ".")
	cmd.Dir = dir
	out, err := cmd.Output()
	if path := strings.TrimSpace(string(out)); err == nil && path != "" {
		return path
	}
	return fallback
}
