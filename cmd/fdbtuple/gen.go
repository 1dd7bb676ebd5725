package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/fdbtuple/fdbtuple/tuple/tuplegen"
)

var genCommand = &command{
	summary: "write the encode and decode methods of key structs",
	usage: `-type T1,T2 [DIR]

Writes ` + tuplegen.FileName + ` in DIR (default: the current directory, as
go:generate runs it): AppendTupleKey and UnmarshalTupleKey on each *T,
which tuple.Plan, tuple.Marshal and tuple.Unmarshal then use. Name every
key type of the package in one run: the file is the package's. A field the
generator cannot write is refused with its reason.

examples:
  fdbtuple gen -type UserKey,PostKey ./store
  //go:generate go run github.com/fdbtuple/fdbtuple/cmd/fdbtuple gen -type UserKey,PostKey`,
	flags: []string{"type"}, minArgs: 0, maxArgs: 1,
	run: func(e *env, o *options, args []string) error {
		if o.types == "" {
			return usagef("-type is required")
		}
		dir := "."
		if len(args) == 1 {
			dir = args[0]
		}
		src, err := tuplegen.Generate(dir, strings.Split(o.types, ","))
		if err != nil {
			return err
		}
		path := filepath.Join(dir, tuplegen.FileName)
		if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, src) {
			return nil // unchanged: keep the file's time stamp
		}
		if err := os.WriteFile(path, src, 0o644); err != nil {
			return err
		}
		_, err = fmt.Fprintf(e.stdout, "wrote %s\n", path)
		return err
	},
}
