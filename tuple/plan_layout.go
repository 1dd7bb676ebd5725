package tuple

// Compiling a struct type into its layout: which fields are elements, in
// which order, through which embedded structs, and with which tag
// options. The element of each field's type is the type table's
// (gotype.go); this file adds what tags and embedding say.

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/fdbtuple/fdbtuple/tuple/internal/keytag"
	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
	"github.com/fdbtuple/fdbtuple/types"
)

// layoutOf returns the layout of struct type t: the table's, or, for a
// struct the table gives another rule (one with custom methods), its
// fields compiled the same way.
func layoutOf(t reflect.Type) (*layout, error) {
	if t == emptyStructType { // a key of no element: nothing to lose
		return &layout{typ: t, depth: 1}, nil
	}
	g := typeOf(t)
	if g.rule == ruleStruct {
		return g.lay, nil
	}
	b := tableBuilder{busy: map[reflect.Type]bool{t: true}}
	if g.rule == ruleRefused && g.err != nil {
		if g.hidden { // the key type itself: its error names the first unexported field
			if _, err := b.layout(t); err != nil {
				return nil, err
			}
		}
		return nil, g.err
	}
	return b.layout(t)
}

// layout compiles the fields of struct t.
func (b *tableBuilder) layout(t reflect.Type) (*layout, error) {
	lay := &layout{typ: t, depth: 1}
	if err := b.addFields(lay, t, nil, false); err != nil {
		return nil, err
	}
	if err := lay.uniqueNames(); err != nil {
		return nil, err
	}
	if err := lay.checkOptional(); err != nil {
		return nil, err
	}
	if lay.depth > wirecore.MaxDepth {
		return nil, fmt.Errorf("%w: struct %v nests %d deep, past the %d nested tuples a key may hold (tuplewire.MaxDepth)", ErrTooDeep, t, lay.depth, wirecore.MaxDepth)
	}
	return lay, nil
}

// addFields adds the fields of struct t, reached through index, to lay.
func (b *tableBuilder) addFields(lay *layout, t reflect.Type, index []int, viaPointer bool) error {
	for i := range t.NumField() {
		sf := t.Field(i)
		tag, hasTag := sf.Tag.Lookup("tuple")
		if tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		idx := append(append([]int(nil), index...), i)
		if sf.Anonymous && !hasTag {
			if et, ptr := b.embeddedStruct(sf.Type); et != nil {
				if err := b.inline(lay, sf, et, idx, viaPointer || ptr); err != nil {
					return err
				}
				continue
			}
		}
		isConst := keytag.IsConst(tag)
		if !sf.IsExported() && !isConst {
			if err := unexportedField(sf, hasTag, tag); err != nil {
				return err
			}
			continue
		}
		f := planField{name: sf.Name, index: idx, typ: sf.Type, viaPointer: viaPointer, zero: reflect.Zero(sf.Type).Interface()}
		if sf.Type.Kind() == reflect.Interface {
			f.zero = reflect.Zero(reflect.PointerTo(sf.Type)).Interface()
		}
		if name != "" && !isConst {
			f.name = name
		}
		if err := b.field(&f, tag); err != nil {
			return fmt.Errorf("field %s (%v): %w", sf.Name, sf.Type, err)
		}
		f.op = f.plainOp()
		lay.fields = append(lay.fields, f)
		if f.inner != nil && f.inner.lay != nil {
			lay.depth = max(lay.depth, 1+f.inner.lay.depth)
			lay.desc = lay.desc || f.inner.lay.desc
		}
		lay.desc = lay.desc || f.desc
	}
	return nil
}

// unexportedField is the error of an unexported field that is neither a
// constant nor left out by `tuple:"-"`, by keytag's rule, which the
// generator shares: a plan can neither read nor set it, so it would leave
// the key unnoticed, and two values that differ only in it would share
// one key: the second write would overwrite the first. A key is
// identity, so the field must be exported, or left out on purpose. A
// blank field (_) holds nothing a value can set, and is left out without
// a word.
func unexportedField(sf reflect.StructField, hasTag bool, tag string) error {
	problem, badTag := keytag.Unexported(sf.Name, tag, hasTag)
	if problem == "" {
		return nil
	}
	sentinel := ErrUnsupportedType
	if badTag {
		sentinel = ErrBadTag
	}
	return fmt.Errorf("field %s (%v): %w: %s", sf.Name, sf.Type, sentinel, problem)
}

// uniqueNames refuses two fields of one level (the fields of embedded
// structs inlined into it) with one name: Schema prints each name, and
// Range, Fields and errors find a field by it. encoding/json lets the
// least nested field, or the tagged one, shadow the others and drops
// them, and drops two of one depth; a key must not drop a field, which
// would give records that differ in it one key, nor keep one no name
// reaches, so a plan refuses them all, naming both by their Go paths.
// A constant's name is its value, which may repeat.
func (lay *layout) uniqueNames() error {
	seen := make(map[string]int, len(lay.fields))
	for i := range lay.fields {
		f := &lay.fields[i]
		if f.constant != nil {
			continue
		}
		j, dup := seen[f.name]
		if !dup {
			seen[f.name] = i
			continue
		}
		g := &lay.fields[j]
		return fmt.Errorf("fields %s (%v) and %s (%v): %w %s: a key keeps every field and names each once (Schema, Range, errors), where encoding/json would drop one; rename one with a tag (`tuple:\"OtherName\"`), or leave one out of the key with `tuple:\"-\"`",
			goPath(lay.typ, g.index), g.typ, goPath(lay.typ, f.index), f.typ, ErrDuplicateName, f.name)
	}
	return nil
}

// goPath is the Go selector of the field at index in struct t, through
// embedded structs and pointers to them: Base.ID.
func goPath(t reflect.Type, index []int) string {
	var parts []string
	for _, i := range index {
		if t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		sf := t.Field(i)
		parts = append(parts, sf.Name)
		t = sf.Type
	}
	return strings.Join(parts, ".")
}

// embeddedStruct returns the struct type an embedded field inlines (by
// value or through a pointer), or nil when it is a field of its own: an
// element type such as big.Int, time.Time or a custom type.
func (b *tableBuilder) embeddedStruct(t reflect.Type) (st reflect.Type, ptr bool) {
	if t.Kind() == reflect.Pointer {
		t, ptr = t.Elem(), true
	}
	if t.Kind() != reflect.Struct || isCustom(t) { // a custom type is an element by its methods, even inside itself
		return nil, false
	}
	if b.busy[t] {
		return t, ptr // inline reports it
	}
	switch b.entry(t).rule {
	case ruleStruct, ruleRefused:
		return t, ptr
	}
	return nil, false
}

// inline adds the fields of the struct et that the embedded field sf
// holds: all of them, as encoding/json promotes them. An embedded struct
// that adds none would vanish from the key unnoticed, and one reached
// through a pointer to an unexported type cannot be allocated when
// decoding: both are errors.
func (b *tableBuilder) inline(lay *layout, sf reflect.StructField, et reflect.Type, idx []int, viaPointer bool) error {
	switch {
	case b.busy[et]:
		return fmt.Errorf("embedded field %s (%v): %w: the struct embeds itself", sf.Name, sf.Type, ErrUnsupportedType)
	case viaPointer && sf.Type.Kind() == reflect.Pointer && !sf.IsExported():
		return fmt.Errorf("embedded field %s (%v): %w: a pointer to an unexported struct cannot be allocated when decoding; embed %v by value, export it, or tag it `tuple:\"-\"`", sf.Name, sf.Type, ErrUnsupportedType, et)
	}
	b.busy[et] = true
	defer delete(b.busy, et)
	before := len(lay.fields)
	if err := b.addFields(lay, et, idx, viaPointer); err != nil {
		return err
	}
	if len(lay.fields) == before {
		return fmt.Errorf("embedded field %s (%v): %w: it adds no field to the key; tag it `tuple:\"-\"` if that is meant", sf.Name, sf.Type, ErrUnsupportedType)
	}
	return nil
}

// field compiles one field from its type and tag.
func (b *tableBuilder) field(f *planField, tag string) error {
	kt, err := keytag.Parse(tag)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrBadTag, err)
	}
	f.desc, f.asBytes, f.ext, f.unit, f.optional = kt.Desc, kt.Bytes, types.Code(kt.Ext), unit(kt.Unit), kt.Optional
	if kt.Const {
		return f.compileConstant(kt.Name)
	}
	f.gt = b.entry(f.typ)
	f.inner = f.gt
	if f.gt.rule == rulePointer {
		f.nullable, f.inner = true, f.gt.elem
	}
	f.kind = f.inner.t.Kind()
	switch {
	case f.ext != 0:
		if f.asBytes || f.unit != 0 {
			return fmt.Errorf("%w: ext= takes no bytes or unit option", ErrBadTag)
		}
		if f.typ.Kind() == reflect.Pointer && f.typ.Elem().Kind() == reflect.Pointer {
			return f.gt.err
		}
		return nil // the extension's values: it checks them
	case f.gt.err != nil:
		return fmt.Errorf("%w; or tag the field `tuple:\"-\"` to leave it out of the key", f.gt.err)
	case f.gt.readErr != nil:
		return f.gt.readErr
	case f.asBytes && f.inner.rule != ruleString:
		return fmt.Errorf("%w: the bytes option is for string fields", ErrBadTag)
	case f.unit != 0 && f.inner.rule != ruleTime && f.inner.rule != ruleDuration:
		return fmt.Errorf("%w: the unit option is for time.Time and time.Duration fields", ErrBadTag)
	case f.optional && !f.nullable:
		return fmt.Errorf("%w: optional is for pointer fields: a nil leaves the field out of the key (make it *%v)", ErrBadTag, f.typ)
	case f.inner.lay != nil && f.inner.lay.optFrom < len(f.inner.lay.fields):
		return fmt.Errorf("%w: its field %s is optional, and only the key's own fields may be: a nested tuple holds every field of its struct", ErrBadTag, f.inner.lay.fields[f.inner.lay.optFrom].name)
	case f.desc && f.inner.lay != nil && f.inner.lay.desc:
		return fmt.Errorf("%w: a descending field cannot hold another descending field (reversing twice is ascending); drop one of the desc tags", ErrBadTag)
	}
	return nil
}

// compileConstant encodes a constant field's element from its tag name:
// a string for a struct{} field, an integer for an integer field, which
// must be blank (_): a plan writes the constant whatever a named field
// holds and sets nothing when decoding, so that a named one would hold a
// value the key does not (V int `tuple:"2,const"` wrote 2 for any V and
// read V back as 0).
func (f *planField) compileConstant(text string) error {
	var v any = text
	switch f.typ.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n, err := strconv.ParseInt(text, 10, schemaBits(f.typ))
		if err != nil {
			return fmt.Errorf("%w: constant %q is no %v: %v", ErrBadTag, text, f.typ, err)
		}
		v = n
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		n, err := strconv.ParseUint(text, 10, schemaBits(f.typ))
		if err != nil {
			return fmt.Errorf("%w: constant %q is no %v: %v", ErrBadTag, text, f.typ, err)
		}
		v = n
	case reflect.Struct:
		if f.typ != emptyStructType {
			return fmt.Errorf("%w: a constant field is of type struct{} (a string) or of an integer type", ErrBadTag)
		}
	default:
		return fmt.Errorf("%w: a constant field is of type struct{} (a string) or of an integer type", ErrBadTag)
	}
	if goName := f.name; f.typ != emptyStructType && goName != "_" {
		return fmt.Errorf("%w: a constant is no value of the field: the key holds %s whatever %s holds, and decoding sets nothing; name the field _ (_ %v `tuple:\"%s,const\"`)", ErrBadTag, text, goName, f.typ, text)
	}
	enc, err := AppendElems(nil, v)
	if err != nil {
		return fmt.Errorf("%w: constant %q: %w", ErrBadTag, text, err)
	}
	txt, err := AppendElementText(nil, v)
	if err != nil {
		return err
	}
	f.constant, f.constText, f.name = newConstElement(enc), string(txt), string(txt)
	return nil
}
