// Package schematext is the text of key schemas, written once: the words
// of the grammar and the spelling of each of its productions, for the
// three programs that speak it: tuple's Plan.Schema, which writes a
// plan's schema; tuplegen, which writes the schema a generated file is
// written for (TupleKeySchema, compared with the plan's at run time); and
// keyschema, which reads schemas (Parse) and writes them back (String).
// A word added here is added to all three.
//
// The grammar, for users, is in package keyschema's doc:
//
//	keys     = [ "under " prefix " " ] schema
//	prefix   = "(" tuple text ")" / "0x" 1*HEX
//	schema   = "(" [ item *( ", " item ) ] ")"
//	item     = constant / field
//	field    = name " " type
//	type     = "*" type / "desc(" type ")" / "desc@0x" 2HEX "(" type ")"
//	         / "optional(" type ")"
//	         / "(" [ item *( ", " item ) ] ")" / scalar
//	scalar   = Scalars / "time(" unit ")" / "duration(" unit ")"
//	         / "ext(0x" 2HEX ")" / "custom(" GoType ")"
//	unit     = "ns" / "us" / "ms" / "s"
//
// Place in the import DAG: schematext imports only the standard library.
// tuple, tuplegen, keyschema and tuple/internal/keytag (whose unit=
// option takes the same units) import it.
package schematext

import (
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
)

// The scalar types written as one word.
const (
	String       = "string"
	Bytes        = "bytes"
	Bool         = "bool"
	Float32      = "float32"
	Float64      = "float64"
	UUID         = "uuid"
	Versionstamp = "versionstamp"
	BigInt       = "bigint"
	Tuple        = "tuple"
	Any          = "any"
)

// Scalars are the scalar types written as one word, in the grammar's
// order: the fixed-size integers by their width and sign (Int).
var Scalars = []string{
	String, Bytes, Bool, Float32, Float64, UUID, Versionstamp,
	"int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
	BigInt, Tuple, Any,
}

// Int is the word of a fixed-size integer of the given width in bits
// (8, 16, 32 or 64), signed or not: int64, uint8.
func Int(signed bool, bits int) string {
	if signed {
		return "int" + strconv.Itoa(bits)
	}
	return "uint" + strconv.Itoa(bits)
}

// A Unit is a unit of time(...) and duration(...), and of a plan's
// unit= tag: its name and its length in nanoseconds.
type Unit struct {
	Name  string
	Nanos int64
}

// Units are the units, finest first.
var Units = []Unit{{"ns", 1}, {"us", 1e3}, {"ms", 1e6}, {"s", 1e9}}

// UnitName is the name of the unit of the given nanoseconds, and "ns"
// for 0 (no unit: nanoseconds) or any length that is no unit.
func UnitName(nanos int64) string {
	for _, u := range Units {
		if u.Nanos == nanos {
			return u.Name
		}
	}
	return Units[0].Name
}

// UnitNanos is the length of the named unit in nanoseconds, if it is
// one.
func UnitNanos(name string) (int64, bool) {
	for _, u := range Units {
		if u.Name == name {
			return u.Nanos, true
		}
	}
	return 0, false
}

// The openings of the productions with an argument, as a parser takes
// them, and the separators.
const (
	TimeOpen     = "time("     // then a unit and ")"
	DurationOpen = "duration(" // then a unit and ")"
	ExtOpen      = "ext(0x"    // then 2HEX and ")"
	CustomOpen   = "custom("   // then a Go type and ")"
	DescOpen     = "desc("     // then a type and ")": at DefaultDescCode
	DescAtOpen   = "desc@0x"   // then 2HEX, "(", a type and ")"
	Nullable     = "*"         // then a type
	OptionalOpen = "optional(" // then a type and ")": a trailing field a nil leaves out
	ItemSep      = ", "        // between items
	NameSep      = " "         // between a field's name and its type
	Under        = "under "    // then a prefix, " " and the schema
	HexOpen      = "0x"        // a prefix that is no tuple: then its bytes in hex
)

// DefaultDescCode is the user type code of desc(...) written without
// @0xNN: tuple.DefaultDescCode.
const DefaultDescCode byte = 0x4F

// ExpectedType is what the grammar allows where a type stands, in the
// words of a parser's error.
const ExpectedType = "a type (string, bytes, bool, float32, float64, uuid, versionstamp, int8 to int64, uint8 to uint64, bigint, tuple, any, time(UNIT), duration(UNIT), ext(0xNN), custom(GoType), *TYPE, desc(TYPE), desc@0xNN(TYPE), optional(TYPE) or (ITEMS))"

// Time is time(unit).
func Time(unit string) string { return TimeOpen + unit + ")" }

// Duration is duration(unit).
func Duration(unit string) string { return DurationOpen + unit + ")" }

// Ext is ext(0xNN), the element of the extension at code.
func Ext(code byte) string { return fmt.Sprintf("%s%02x)", ExtOpen, code) }

// Custom is custom(GoType), a type with its own element methods, named
// as reflect prints it.
func Custom(goType string) string { return CustomOpen + goType + ")" }

// UserCode reads the two hex digits of a user type code (40 to 4f) at
// the start of s.
func UserCode(s string) (byte, bool) {
	if len(s) < 2 {
		return 0, false
	}
	c, err := strconv.ParseUint(s[:2], 16, 8)
	if err != nil || c < 0x40 || c > 0x4F {
		return 0, false
	}
	return byte(c), true
}

// WriteItems writes the n items of a schema or a nested struct, in
// parentheses, separated by ItemSep; item writes the i-th.
func WriteItems(b *strings.Builder, n int, item func(i int)) {
	b.WriteByte('(')
	for i := range n {
		if i > 0 {
			b.WriteString(ItemSep)
		}
		item(i)
	}
	b.WriteByte(')')
}

// WriteField writes a field: its name, its type's wrappers (nullable,
// then descending at descCode when desc is set) and, by typ, the type
// they wrap.
func WriteField(b *strings.Builder, name string, nullable, desc bool, descCode byte, typ func()) {
	b.WriteString(name)
	b.WriteString(NameSep)
	if nullable {
		b.WriteString(Nullable)
	}
	if desc {
		WriteDesc(b, descCode, typ)
		return
	}
	typ()
}

// WriteDesc writes desc(TYPE), or desc@0xNN(TYPE) at a code other than
// DefaultDescCode (0 is DefaultDescCode); typ writes the type.
func WriteDesc(b *strings.Builder, code byte, typ func()) {
	if code == DefaultDescCode || code == 0 {
		b.WriteString(DescOpen)
	} else {
		fmt.Fprintf(b, "%s%02x(", DescAtOpen, code)
	}
	typ()
	b.WriteByte(')')
}

// WriteUnder writes the opening of the schema of keys under a prefix:
// "under ", the prefix's text (tuple.PrefixText) and a space, before the
// schema itself; nothing for an empty prefix, whose keys are the plan's
// own.
func WriteUnder(b *strings.Builder, prefixText string) {
	if prefixText == "" {
		return
	}
	b.WriteString(Under)
	b.WriteString(prefixText)
	b.WriteString(NameSep)
}

// HexPrefix is the text of a prefix that is no tuple: 0x and its hex.
func HexPrefix(prefix []byte) string { return HexOpen + hex.EncodeToString(prefix) }

// WriteOptional writes optional(TYPE), a trailing field that a nil
// leaves out of the key; typ writes the type of its values.
func WriteOptional(b *strings.Builder, typ func()) {
	b.WriteString(OptionalOpen)
	typ()
	b.WriteByte(')')
}
