package keyschema

import (
	"fmt"
	"strings"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/internal/schematext"
)

// A Schema is the layout of a key type's keys: its items in key order,
// and the prefix they are under, if any (a PlanUnder's).
type Schema struct {
	// Prefix is the bytes every key starts with, before its items:
	// written "under PREFIX" before the items; nil (or empty) for a
	// plan's keys, which start with their items.
	Prefix []byte
	Items  []Item
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

// IsOptional reports whether the item is an optional field, optional(T):
// left out of the key when nil.
func (it *Item) IsOptional() bool { return it.Type != nil && it.Type.Kind == KindOptional }

// A Kind is what a Type is: one of the scalars, or a wrapper (Nullable,
// Desc, Optional) or a nested Struct.
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
	// KindOptional is optional(T): a trailing field of the key's own
	// level that a nil leaves out of the key, which then ends before it.
	KindOptional
)

// scalarNames are the kinds of the scalars written as one word, by their
// words (schematext's).
var scalarNames = map[string]Kind{
	schematext.String: KindString, schematext.Bytes: KindBytes, schematext.Bool: KindBool,
	schematext.Float32: KindFloat32, schematext.Float64: KindFloat64, schematext.UUID: KindUUID, schematext.Versionstamp: KindVersionstamp,
	schematext.Int(true, 8): KindInt8, schematext.Int(true, 16): KindInt16, schematext.Int(true, 32): KindInt32, schematext.Int(true, 64): KindInt64,
	schematext.Int(false, 8): KindUint8, schematext.Int(false, 16): KindUint16, schematext.Int(false, 32): KindUint32, schematext.Int(false, 64): KindUint64,
	schematext.BigInt: KindBigInt, schematext.Tuple: KindTuple, schematext.Any: KindAny,
}

// A Type is the type of a field.
type Type struct {
	Kind   Kind
	Elem   *Type  // of KindNullable, KindDesc and KindOptional
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
	schematext.WriteUnder(&b, tuple.PrefixText(s.Prefix))
	writeItems(&b, s.Items)
	return b.String()
}

func writeItems(b *strings.Builder, items []Item) {
	schematext.WriteItems(b, len(items), func(i int) { writeItem(b, &items[i]) })
}

func writeItem(b *strings.Builder, it *Item) {
	if it.IsConst() {
		b.WriteString(constText(it.Const))
		return
	}
	b.WriteString(it.Name)
	b.WriteString(schematext.NameSep)
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
		b.WriteString(schematext.Nullable)
		writeType(b, t.Elem)
	case KindDesc:
		schematext.WriteDesc(b, t.Code, func() { writeType(b, t.Elem) })
	case KindOptional:
		schematext.WriteOptional(b, func() { writeType(b, t.Elem) })
	case KindStruct:
		writeItems(b, t.Items)
	case KindTime:
		b.WriteString(schematext.Time(t.Unit))
	case KindDuration:
		b.WriteString(schematext.Duration(t.Unit))
	case KindExt:
		b.WriteString(schematext.Ext(t.Code))
	case KindCustom:
		b.WriteString(schematext.Custom(t.GoType))
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
var unitNanos = func() map[string]int64 {
	m := map[string]int64{}
	for _, u := range schematext.Units {
		m[u.Name] = u.Nanos
	}
	return m
}()
