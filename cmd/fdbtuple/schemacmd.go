package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"strings"
)

// schemaPlanOf reads -schema and makes its plan; a schema that does not
// parse, or that no plan prints, is a usage error, as for schema diff.
func schemaPlanOf(e *env, o *options) (*schemaPlan, error) {
	s, err := readSchemaArg(e, o.schema)
	if err != nil {
		return nil, usagef("-schema %s: %v", shorten(o.schema), err)
	}
	base, err := o.codec()
	if err != nil {
		return nil, err
	}
	sp, err := newSchemaPlan(s, base)
	if err != nil {
		return nil, usagef("-schema %s: %v", shorten(o.schema), err)
	}
	return sp, nil
}

// packSchema is pack -schema: the key the schema's plan writes for the
// field values given as field text (fieldtext.go), in one argument or
// several.
func packSchema(e *env, o *options, args []string) error {
	sp, err := schemaPlanOf(e, o)
	if err != nil {
		return err
	}
	v, err := sp.parse(strings.Join(args, " "))
	if err != nil {
		return err
	}
	key, err := sp.encode(v)
	if err != nil {
		return err
	}
	return printKey(e, key, o.format)
}

// unpackSchema is unpack -schema: each key's fields as field text, read
// by the schema's plan, after the -prefix key if one is given.
func unpackSchema(e *env, o *options, args []string) error {
	switch {
	case o.path:
		return usagef("-path and -schema print a key two ways; give one")
	case o.schema == "-" && len(args) == 0:
		return usagef("-schema - reads the schema from standard input, where unpack reads keys; give the schema's text or file")
	}
	sp, err := schemaPlanOf(e, o)
	if err != nil {
		return err
	}
	codec, prefix, err := o.codecAndPrefix()
	if err != nil {
		return err
	}
	fields := func(key []byte, arg string) (string, error) {
		if !bytes.HasPrefix(key, prefix) {
			return "", explainKey(errNoPrefix(key, prefix), arg, key, prefix, o, codec)
		}
		v, err := sp.decode(key, prefix)
		var ce *cleanError
		switch {
		case errors.As(err, &ce) && ce.prefixNamed:
			return "", err
		case err != nil:
			return "", explainKey(err, arg, key, prefix, o, sp.codec)
		}
		return sp.format(v), nil
	}
	if len(args) == 1 || o.raw {
		key, err := readOneKey(e, o, args)
		if err != nil {
			return err
		}
		arg := ""
		if len(args) == 1 {
			arg = args[0]
		}
		text, err := fields(key, arg)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintln(e.stdout, text)
		return err
	}
	w := bufio.NewWriter(e.stdout)
	defer w.Flush()
	return eachInputLine(e, o, func(line int, key, value []byte, hasValue bool) error {
		text, err := fields(key, "")
		if err != nil {
			return err
		}
		if hasValue && o.values {
			if v, err := codec.Unpack(value); err == nil {
				text += " = " + codec.Format(v)
			} else {
				text += " = " + codec.FormatElement(value)
			}
		}
		_, err = fmt.Fprintln(w, text)
		return err
	})
}
