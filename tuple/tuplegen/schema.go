package tuplegen

import (
	"fmt"
	"strings"

	"github.com/fdbtuple/fdbtuple/tuple"
)

// The generated file states the key schema its methods are written for
// (TupleKeySchema), in the text of tuple's Plan.Schema, which NewPlan
// compares with the schema of the struct as it is when the program runs:
// a struct changed without running the generator again (a field added, a
// unit or a direction changed, which leave the old file compiling) makes
// NewPlan fail rather than write and read keys by the old layout.

// schemaText is the schema of fields in Plan.Schema's grammar, as the
// plan of the struct prints it under tuple.Codec{}.
func schemaText(fields []field) (string, error) {
	var b strings.Builder
	if err := writeSchema(&b, fields); err != nil {
		return "", err
	}
	return b.String(), nil
}

func writeSchema(b *strings.Builder, fields []field) error {
	b.WriteByte('(')
	for i := range fields {
		if i > 0 {
			b.WriteString(", ")
		}
		f := &fields[i]
		if f.kind == kindConst {
			text, err := constantText(f.constEnc)
			if err != nil {
				return err
			}
			b.WriteString(text)
			continue
		}
		b.WriteString(f.name + " ")
		if f.nullable {
			b.WriteByte('*')
		}
		if f.desc {
			b.WriteString("desc(")
		}
		if err := writeKind(b, f); err != nil {
			return err
		}
		if f.desc {
			b.WriteByte(')')
		}
	}
	b.WriteByte(')')
	return nil
}

// writeKind writes the element kind of f, as tuple names it in schemas.
func writeKind(b *strings.Builder, f *field) error {
	switch f.kind {
	case kindString:
		b.WriteString("string")
	case kindBytesString, kindByteSlice:
		b.WriteString("bytes")
	case kindBool:
		b.WriteString("bool")
	case kindInt:
		fmt.Fprintf(b, "int%d", f.bits)
	case kindUint:
		fmt.Fprintf(b, "uint%d", f.bits)
	case kindFloat32:
		b.WriteString("float32")
	case kindFloat64:
		b.WriteString("float64")
	case kindUUID:
		b.WriteString("uuid")
	case kindVersionstamp:
		b.WriteString("versionstamp")
	case kindBigInt:
		b.WriteString("bigint")
	case kindTime, kindDuration:
		name := map[kind]string{kindTime: "time", kindDuration: "duration"}[f.kind]
		fmt.Fprintf(b, "%s(%s)", name, unitNames[f.unit])
	case kindCustom: // the type as reflect prints it, as the plan's schema names it
		fmt.Fprintf(b, "custom(%s)", strings.TrimPrefix(f.typeText, "*"))
	case kindNested:
		return writeSchema(b, f.nested)
	default:
		return fmt.Errorf("tuplegen: field %s has no schema text (a bug)", f.name)
	}
	return nil
}

// unitNames are the schema's names of the units of time and duration
// fields, by the Go expression the generated code passes.
var unitNames = map[string]string{"time.Nanosecond": "ns", "time.Microsecond": "us", "time.Millisecond": "ms", "time.Second": "s"}

// constantText is a constant's text in schemas, from its encoding: the
// element's text form, as the plan writes it.
func constantText(enc []byte) (string, error) {
	t, err := tuple.Unpack(enc)
	if err != nil || len(t) != 1 {
		return "", fmt.Errorf("tuplegen: constant %x is no element (a bug): %v", enc, err)
	}
	text, err := tuple.AppendElementText(nil, t[0])
	return string(text), err
}
