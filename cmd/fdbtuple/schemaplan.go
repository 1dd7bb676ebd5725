package main

import (
	"bytes"
	"errors"
	"fmt"
	"math/big"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/keyschema"
	"github.com/fdbtuple/fdbtuple/tuple/tupledecimal"
	"github.com/fdbtuple/fdbtuple/types"
	"github.com/google/uuid"
	"github.com/shopspring/decimal"
)

// A schemaPlan reads and writes the keys of a key schema (the text
// tuple.Plan's Schema prints) the way the program whose schema it is
// does: with a plan of a struct type made from the schema, field by
// field, at run time. Its own schema is checked to be the one given, so
// that the keys it reads and writes are the program's, byte for byte.
type schemaPlan struct {
	schema *keyschema.Schema
	plan   *tuple.DynamicPlan
	codec  tuple.Codec // the plan's: desc at the schema's code, decimal at 0x40
	// made are the struct types made, longest Go text first (an outer
	// struct's text holds its inner ones'), whose schema text errors
	// quote instead.
	made []madeStruct
}

// readSchemaArg reads -schema: schema text (it starts with "("), or a
// file holding it, such as a golden schema file (- reads standard input).
func readSchemaArg(e *env, arg string) (*keyschema.Schema, error) {
	if t := strings.TrimSpace(arg); strings.HasPrefix(t, "(") || strings.HasPrefix(t, "under ") {
		return keyschema.Parse(strings.TrimSpace(arg))
	}
	return readSchema(e, arg)
}

// newSchemaPlan makes the plan of s: a field of the Go type a plan reads
// each item's type into (a time.Time for time(ms), a pointer for *T, a
// struct for a nested one, a decimal.Decimal for ext(0x40), a constant's
// blank field), with its tag. A schema no plan prints is refused, saying
// what a plan of those fields prints instead. The plan's codec is base
// (-lenient, and -ext's extensions, which any and tuple fields may hold)
// with the extensions the schema names: the decimal at 0x40 for
// ext(0x40), DescExtension at the code of its descending fields.
func newSchemaPlan(s *keyschema.Schema, base tuple.Codec) (*schemaPlan, error) {
	b := &typeBuilder{}
	typ, err := b.structOf(s.Items)
	if err != nil {
		return nil, err
	}
	c := base
	c.Extensions = append([]tuple.Extension(nil), base.Extensions...)
	has := func(code byte) bool {
		for _, x := range c.Extensions {
			if x.Code() == types.Code(code) {
				return true
			}
		}
		return false
	}
	if b.decimal && !has(byte(tupledecimal.DefaultCode)) {
		c.Extensions = append(c.Extensions, tupledecimal.Extension(tupledecimal.DefaultCode))
	}
	if b.descCode != 0 && !has(b.descCode) {
		c.Extensions = append(c.Extensions, tuple.DescExtension(types.Code(b.descCode)))
	}
	p, err := tuple.NewDynamicPlan(c, typ)
	sp := &schemaPlan{schema: s, plan: p, codec: c, made: b.made}
	sort.Slice(sp.made, func(i, j int) bool { return len(sp.made[i].t.String()) > len(sp.made[j].t.String()) })
	if err != nil {
		return nil, fmt.Errorf("no plan reads this schema: %w", sp.clean(err))
	}
	got := b.customNames(p.Schema())
	if want := (&keyschema.Schema{Items: s.Items}).String(); got != want {
		return nil, fmt.Errorf("this is not a schema a plan prints: a plan of its fields prints %s", got)
	}
	return sp, nil
}

// typeBuilder makes the struct types of a schema's levels.
type typeBuilder struct {
	decimal  bool     // an ext(0x40) field: the codec needs tupledecimal
	descCode byte     // the code of the descending fields, 0 for none
	customs  []string // the Go type of each custom field, in key order
	made     []madeStruct
}

// madeStruct is a struct type made for a level, and the level's schema text.
type madeStruct struct {
	t    reflect.Type
	text string
}

// customNames writes back into a plan's schema the Go types of the
// custom fields, which the plan names after rawElement.
func (b *typeBuilder) customNames(schema string) string {
	for _, name := range b.customs {
		schema = strings.Replace(schema, "custom("+rawElementType.String()+")", "custom\x00("+name+")", 1)
	}
	return strings.ReplaceAll(schema, "custom\x00(", "custom(")
}

// The Go types of the schema's scalars, as a plan reads them.
var (
	rawElementType = reflect.TypeFor[rawElement]()
	timeType       = reflect.TypeFor[time.Time]()
	durationType   = reflect.TypeFor[time.Duration]()
	decimalType    = reflect.TypeFor[decimal.Decimal]()
	scalarTypes    = map[keyschema.Kind]reflect.Type{
		keyschema.KindString: reflect.TypeFor[string](), keyschema.KindBytes: reflect.TypeFor[[]byte](),
		keyschema.KindBool: reflect.TypeFor[bool](), keyschema.KindFloat32: reflect.TypeFor[float32](),
		keyschema.KindFloat64: reflect.TypeFor[float64](), keyschema.KindUUID: reflect.TypeFor[uuid.UUID](),
		keyschema.KindVersionstamp: reflect.TypeFor[tuple.Versionstamp](),
		keyschema.KindInt8:         reflect.TypeFor[int8](), keyschema.KindInt16: reflect.TypeFor[int16](),
		keyschema.KindInt32: reflect.TypeFor[int32](), keyschema.KindInt64: reflect.TypeFor[int64](),
		keyschema.KindUint8: reflect.TypeFor[uint8](), keyschema.KindUint16: reflect.TypeFor[uint16](),
		keyschema.KindUint32: reflect.TypeFor[uint32](), keyschema.KindUint64: reflect.TypeFor[uint64](),
		keyschema.KindBigInt: reflect.TypeFor[big.Int](), keyschema.KindTuple: reflect.TypeFor[tuple.Tuple](),
		keyschema.KindAny: reflect.TypeFor[any](),
	}
)

// structOf makes the struct type of one level: item i is field i, a
// field named F<i> whose tag gives the item's name, or a constant's blank
// field.
func (b *typeBuilder) structOf(items []keyschema.Item) (t reflect.Type, err error) {
	fields := make([]reflect.StructField, len(items))
	for i, it := range items {
		if it.IsConst() {
			if fields[i], err = constantField(it.Const); err != nil {
				return nil, err
			}
			continue
		}
		ft, opts, err := b.fieldType(it.Type)
		if err != nil {
			return nil, fmt.Errorf("field %s: %w", it.Name, err)
		}
		tag := strings.Join(append([]string{it.Name}, opts...), ",")
		fields[i] = reflect.StructField{Name: "F" + strconv.Itoa(i), Type: ft, Tag: reflect.StructTag("tuple:" + strconv.Quote(tag))}
	}
	defer func() { // StructOf panics on what it cannot make; say so instead
		if r := recover(); r != nil {
			t, err = nil, fmt.Errorf("no Go struct holds these fields: %v", r)
		}
	}()
	t = reflect.StructOf(fields)
	b.made = append(b.made, madeStruct{t, (&keyschema.Type{Kind: keyschema.KindStruct, Items: items}).String()})
	return t, nil
}

// constantField is the blank field of a constant, as a plan's key type
// declares it: _ struct{} `tuple:"USER,const"`, _ int64 `tuple:"7,const"`.
func constantField(c any) (reflect.StructField, error) {
	f := reflect.StructField{Name: "_", PkgPath: rawElementType.PkgPath()}
	var text string
	switch c := c.(type) {
	case string:
		if strings.Contains(c, ",") {
			return f, fmt.Errorf("constant %q: a plan's constant is a tag's name, which holds no comma", c)
		}
		f.Type, text = reflect.TypeFor[struct{}](), c
	case int64:
		f.Type, text = reflect.TypeFor[int64](), strconv.FormatInt(c, 10)
	case uint64:
		f.Type, text = reflect.TypeFor[uint64](), strconv.FormatUint(c, 10)
	default:
		return f, fmt.Errorf("constant %v: a plan's integer constant is an int64 or a uint64", c)
	}
	f.Tag = reflect.StructTag("tuple:" + strconv.Quote(text+",const"))
	return f, nil
}

// fieldType is the Go type and the tag options of a field of type t.
func (b *typeBuilder) fieldType(t *keyschema.Type) (reflect.Type, []string, error) {
	switch t.Kind {
	case keyschema.KindNullable:
		et, opts, err := b.fieldType(t.Elem)
		if err != nil {
			return nil, nil, err
		}
		return reflect.PointerTo(et), opts, nil
	case keyschema.KindOptional:
		et, opts, err := b.fieldType(t.Elem)
		if err != nil {
			return nil, nil, err
		}
		return reflect.PointerTo(et), append(opts, "optional"), nil
	case keyschema.KindDesc:
		if b.descCode != 0 && b.descCode != t.Code {
			return nil, nil, fmt.Errorf("descending at 0x%02x and at 0x%02x: a plan's codec has one descending extension", b.descCode, t.Code)
		}
		b.descCode = t.Code
		et, opts, err := b.fieldType(t.Elem)
		return et, append(opts, "desc"), err
	case keyschema.KindStruct:
		st, err := b.structOf(t.Items)
		return st, nil, err
	case keyschema.KindTime:
		return timeType, []string{"unit=" + t.Unit}, nil
	case keyschema.KindDuration:
		return durationType, []string{"unit=" + t.Unit}, nil
	case keyschema.KindExt:
		if t.Code != byte(tupledecimal.DefaultCode) {
			return nil, nil, fmt.Errorf("%v: this tool knows one extension by its code, the decimal at 0x40 (tupledecimal); read such keys with the program's own codec", t)
		}
		b.decimal = true
		return decimalType, []string{"ext=0x40"}, nil
	case keyschema.KindCustom:
		b.customs = append(b.customs, t.GoType)
		return rawElementType, nil, nil
	}
	if st, ok := scalarTypes[t.Kind]; ok {
		return st, nil, nil
	}
	return nil, nil, fmt.Errorf("no Go type holds %v", t)
}

// rawElement is the value of a custom(GoType) field: the one element the
// program's type writes, kept as its bytes and printed as the element.
type rawElement []byte

// AppendTupleElement writes the element back as it was read.
func (r rawElement) AppendTupleElement(dst []byte) ([]byte, error) { return append(dst, r...), nil }

// ScanTupleElement keeps a copy of the element, which must be one the
// text form prints: an element the strict codec reads, with the
// extensions -ext knows. (The program's type reads it by rules of its
// own, which the tool does not know.)
func (r *rawElement) ScanTupleElement(elem []byte) error {
	t, err := extCodec.Unpack(elem)
	if err != nil {
		return err // a *tuple.DecodeError, which the plan places in the key
	}
	if len(t) != 1 {
		return fmt.Errorf("the element of a custom type is %d elements", len(t))
	}
	*r = append(rawElement(nil), elem...)
	return nil
}

// extCodec is the strict codec with every extension -ext knows.
var extCodec = func() tuple.Codec {
	var c tuple.Codec
	for _, x := range extFlags {
		c.Extensions = append(c.Extensions, x.extension)
	}
	return c
}()

// decode reads key (after prefix, which it must start with) into a new
// value of the plan's type. A key that is not one of the schema's is an
// error with the byte offset in the whole key and the field.
func (sp *schemaPlan) decode(key, prefix []byte) (reflect.Value, error) {
	prefix = append(slices.Clip(prefix), sp.schema.Prefix...) // the schema's own, under -prefix's
	if !bytes.HasPrefix(key, prefix) {
		return reflect.Value{}, errNoPrefix(key, prefix)
	}
	v := reflect.New(sp.plan.Type())
	if err := sp.plan.Unmarshal(key[len(prefix):], v.Interface()); err != nil {
		var de *tuple.DecodeError
		if errors.As(err, &de) {
			de.Offset += len(prefix)
		}
		return reflect.Value{}, sp.prefixFix(sp.clean(err), key, len(prefix))
	}
	return v.Elem(), nil
}

// underHint is the fix the plan's error names for a key with a prefix,
// which a program has and the command line has not: the command line's
// is -prefix, or the schema under the prefix.
const underHint = ": for keys under a prefix, use Plan.Under(prefix)"

// prefixFix gives the command line's fix for a key that is the
// schema's after some first bytes (up to 64): -prefix and the whole
// prefix in hex, or the schema written under it. It replaces the plan's
// fix, Plan.Under, which a program has and the command line has not.
func (sp *schemaPlan) prefixFix(err error, key []byte, from int) error {
	msg := err.Error()
	var de *tuple.DecodeError
	if !errors.As(err, &de) || errors.Is(err, tuple.ErrTooManyElements) {
		return err
	}
	for k := from + 1; k < len(key) && k <= from+64; k++ {
		if sp.plan.Unmarshal(key[k:], reflect.New(sp.plan.Type()).Interface()) != nil {
			continue
		}
		fix := fmt.Sprintf(": give the prefix with -prefix %x, or write the schema under it (under %s %s)", key[:k], tuple.PrefixText(key[:k]), &keyschema.Schema{Items: sp.schema.Items})
		if strings.Contains(msg, underHint) {
			msg = strings.Replace(msg, underHint, fix, 1)
		} else {
			msg += fmt.Sprintf("; the key is the schema's after its first %d bytes (%s)%s", k, tuple.Printable(key[:k]), fix)
		}
		return &cleanError{msg: msg, err: err, prefixNamed: true}
	}
	if strings.Contains(msg, underHint) {
		return &cleanError{msg: strings.Replace(msg, underHint, ": give the prefix with -prefix HEX", 1), err: err}
	}
	return err
}

// encode writes the key of v, a value of the plan's type.
func (sp *schemaPlan) encode(v reflect.Value) ([]byte, error) {
	key, err := sp.plan.Append(bytes.Clone(sp.schema.Prefix), v.Addr().Interface())
	return key, sp.clean(err)
}

// clean replaces the Go text of the struct types made, which errors
// quote, with their schema text: "field Meta ((At time(ms), Note *string))"
// where the plan says "field Meta (struct { F0 time.Time ... })". The
// error wraps the plan's, so that hints still find its DecodeError.
func (sp *schemaPlan) clean(err error) error {
	if err == nil {
		return nil
	}
	msg := err.Error()
	for _, st := range sp.made {
		msg = strings.ReplaceAll(msg, st.t.String(), st.text)
	}
	msg = strings.ReplaceAll(msg, rawElementType.String(), "custom")
	return &cleanError{msg: msg, err: err}
}

// cleanError is an error with a more readable text than the one it wraps.
type cleanError struct {
	msg string
	err error
	// prefixNamed: the text names the key's prefix and how to give it
	// (prefixFix), so no guess of the command line's is added.
	prefixNamed bool
}

func (e *cleanError) Error() string { return e.msg }
func (e *cleanError) Unwrap() error { return e.err }
