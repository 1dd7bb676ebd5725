package main

import (
	"bytes"
	"errors"
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
go:generate runs it), declaring on each *T:

  AppendTupleKey(dst []byte) ([]byte, error)   appends T's key to dst
  MarshalTupleKey() ([]byte, error)            T's key in a new slice
  UnmarshalTupleKey(key []byte) (int, error)   reads T from the start of
                                               key, returns the bytes read
  TupleKeyFuncs() (...)                        the two as functions of a T
                                               value, which tuple.Plan calls
  TupleKeySchema() string                      the key schema the methods
                                               were written for
  TupleKeyFields() string                      the fields they reach, by
                                               their paths through
                                               embedded structs

tuple.Plan, tuple.Marshal and tuple.Unmarshal then use the methods, when
that schema and those fields are the plan's (tuple.NewPlan checks them;
the file also stops compiling when a struct's fields change). Name every
key type of the package in one run: the file is the package's. A field
the generator cannot write is refused with its reason.

Add the tool to your module once (go get -tool, the first example) and
run it with go tool, as go:generate does; in the fdbtuple repository
itself, go run ./cmd/fdbtuple gen does the same.

examples:
  go get -tool github.com/fdbtuple/fdbtuple/cmd/fdbtuple
  //go:generate go tool fdbtuple gen -type UserKey,PostKey
  go tool fdbtuple gen -type UserKey,PostKey ./store`,
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
		if err != nil { // one file for all the types: none is written while one is refused
			return errors.Join(err, fmt.Errorf("no file written: %s keeps its methods as they were", tuplegen.FileName))
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
