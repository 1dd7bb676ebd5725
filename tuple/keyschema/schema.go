package keyschema

import (
	"fmt"
	"strings"

	"github.com/fdbtuple/fdbtuple/tuple"
)

// A Schema is the layout of a key type's keys: its items in key order.
type Schema struct {
	Items []Item
}

// An Item is one element of a key or of a nested struct: a constant
// (Type nil) or a field (Name and Type set).
type Item struct {
	Name   string // the field's name; empty for a constant
	Const  any    // a constant's value: string, int64, uint64 or *big.Int
	Type   *Type  // the field's type; nil for a constant
	Offset int    // where the item starts in the text it was parsed from
}

// IsConst reports whether the item is a constant.
func (it *Item) IsConst() bool { return it.Type == nil }

// A Kind is what a Type is: one of the scalars, or a wrapper (Nullable,
// Desc) or a nested Struct.
type Kind uint8

// The kinds, one per production of the grammar.
const (
	KindString Kind = iota + 1
	KindBytes
	KindBool
	KindFloat32
	KindFloat64
	KindUUID
	KindVersionstamp
	KindInt8
	KindInt16
	KindInt32
	KindInt64
	KindUint8
	KindUint16
	KindUint32
	KindUint64
	KindBigInt
	KindTuple
	KindAny
	KindTime     // time(unit): an instant, an integer count of units since the Unix epoch
	KindDuration // duration(unit): an integer count of units
	KindExt      // ext(0xNN): an element of a codec extension, opaque here
	KindCustom   // custom(GoType): an ElementAppender/ElementScanner, opaque here
	KindNullable // *T
	KindDesc     // desc(T), desc@0xNN(T)
	KindStruct   // (items): a nested tuple
)

// scalarNames are the scalars written as one word.
var scalarNames = map[string]Kind{
	"string": KindString, "bytes": KindBytes, "bool": KindBool,
	"float32": KindFloat32, "float64": KindFloat64, "uuid": KindUUID, "versionstamp": KindVersionstamp,
	"int8": KindInt8, "int16": KindInt16, "int32": KindInt32, "int64": KindInt64,
	"uint8": KindUint8, "uint16": KindUint16, "uint32": KindUint32, "uint64": KindUint64,
	"bigint": KindBigInt, "tuple": KindTuple, "any": KindAny,
}

// A Type is the type of a field.
type Type struct {
	Kind   Kind
	Elem   *Type  // of KindNullable and KindDesc
	Code   byte   // of KindDesc (0x4F for desc(...)) and KindExt
	Unit   string // of KindTime and KindDuration: ns, us, ms or s
	GoType string // of KindCustom
	Items  []Item // of KindStruct
}

// String returns the type in the schema text form.
func (t *Type) String() string {
	var b strings.Builder
	writeType(&b, t)
	return b.String()
}

// String returns the schema in its text form, as Parse reads it.
func (s *Schema) String() string {
	var b strings.Builder
	writeItems(&b, s.Items)
	return b.String()
}

func writeItems(b *strings.Builder, items []Item) {
	b.WriteByte('(')
	for i := range items {
		if i > 0 {
			b.WriteString(", ")
		}
		writeItem(b, &items[i])
	}
	b.WriteByte(')')
}

func writeItem(b *strings.Builder, it *Item) {
	if it.IsConst() {
		b.WriteString(constText(it.Const))
		return
	}
	b.WriteString(it.Name)
	b.WriteByte(' ')
	writeType(b, it.Type)
}

// constText is a constant in the tuple text form.
func constText(v any) string {
	text, err := tuple.AppendElementText(nil, v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(text)
}

func writeType(b *strings.Builder, t *Type) {
	switch t.Kind {
	case KindNullable:
		b.WriteByte('*')
		writeType(b, t.Elem)
	case KindDesc:
		if t.Code == byte(tuple.DefaultDescCode) {
			b.WriteString("desc(")
		} else {
			fmt.Fprintf(b, "desc@0x%02x(", t.Code)
		}
		writeType(b, t.Elem)
		b.WriteByte(')')
	case KindStruct:
		writeItems(b, t.Items)
	case KindTime:
		fmt.Fprintf(b, "time(%s)", t.Unit)
	case KindDuration:
		fmt.Fprintf(b, "duration(%s)", t.Unit)
	case KindExt:
		fmt.Fprintf(b, "ext(0x%02x)", t.Code)
	case KindCustom:
		fmt.Fprintf(b, "custom(%s)", t.GoType)
	default:
		for name, k := range scalarNames {
			if k == t.Kind {
				b.WriteString(name)
				return
			}
		}
		fmt.Fprintf(b, "kind(%d)", t.Kind)
	}
}

// unitNanos is the length of each time unit in nanoseconds.
var unitNanos = map[string]int64{"ns": 1, "us": 1e3, "ms": 1e6, "s": 1e9}
