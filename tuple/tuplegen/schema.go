package tuplegen

import (
	"fmt"
	"strings"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/internal/schematext"
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
	var err error
	schematext.WriteItems(b, len(fields), func(i int) {
		f := &fields[i]
		if err != nil {
			return
		}
		if f.kind == kindConst {
			var text string
			if text, err = constantText(f.constEnc); err == nil {
				b.WriteString(text)
			}
			return
		}
		if f.optional { // nil is no element: optional(T) wraps the values' type, as the plan writes it
			b.WriteString(f.name)
			b.WriteString(schematext.NameSep)
			schematext.WriteOptional(b, func() { err = writeKind(b, f) })
			return
		}
		// The descending extension is at tuple.DefaultDescCode: the
		// methods are written for the codec NewPlan makes of Codec{}.
		schematext.WriteField(b, f.name, f.nullable, f.desc, schematext.DefaultDescCode, func() { err = writeKind(b, f) })
	})
	return err
}

// writeKind writes the element kind of f, as tuple names it in schemas.
func writeKind(b *strings.Builder, f *field) error {
	switch f.kind {
	case kindString:
		b.WriteString(schematext.String)
	case kindBytesString, kindByteSlice:
		b.WriteString(schematext.Bytes)
	case kindBool:
		b.WriteString(schematext.Bool)
	case kindInt:
		b.WriteString(schematext.Int(true, f.bits))
	case kindUint:
		b.WriteString(schematext.Int(false, f.bits))
	case kindFloat32:
		b.WriteString(schematext.Float32)
	case kindFloat64:
		b.WriteString(schematext.Float64)
	case kindUUID:
		b.WriteString(schematext.UUID)
	case kindVersionstamp:
		b.WriteString(schematext.Versionstamp)
	case kindBigInt:
		b.WriteString(schematext.BigInt)
	case kindTime:
		b.WriteString(schematext.Time(unitName(f.unit)))
	case kindDuration:
		b.WriteString(schematext.Duration(unitName(f.unit)))
	case kindCustom: // the type as reflect prints it, as the plan's schema names it
		b.WriteString(schematext.Custom(strings.TrimPrefix(f.typeText, "*")))
	case kindNested:
		return writeSchema(b, f.nested)
	default:
		return fmt.Errorf("tuplegen: field %s has no schema text (a bug)", f.name)
	}
	return nil
}

// unitName is the schema's name of a unit, by the Go expression the
// generated code passes (units' values).
func unitName(expr string) string {
	for d, e := range units {
		if e == expr {
			return schematext.UnitName(int64(d))
		}
	}
	return schematext.UnitName(0)
}

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
