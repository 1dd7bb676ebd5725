package tuple

// The one table from Go types to elements. Every path that turns a Go
// value into an element or back (Pack and Codec.Pack, AppendElems, Scan,
// a Plan's fields, Compare, the text form and JSON) asks typeOf for the
// entry of the value's type, built once per reflect.Type and cached. The
// paths keep fast cases of their own for the unnamed common types (a
// string, an int64, a UUID), which the table's test proves give the same
// bytes as the entry.
//
// The rules, each written once here, in the order they are tried:
//
//   - a pointer is nullable: nil is a null element, anything else the
//     element of what it points to (*big.Int included: a nil one is a
//     null, never a zero). A pointer to a pointer is refused.
//   - a type whose pointer has ScanTupleElement or that has
//     AppendTupleElement is a custom element (ElementAppender,
//     ElementScanner); with only the first, it is decoded but not
//     encoded, with only the second, encoded but not decoded.
//   - time.Time is an integer, its nanoseconds since the Unix epoch (a
//     big integer beyond int64), decoded in UTC; time.Duration its
//     nanoseconds. A plan's field may take a coarser unit by its tag.
//   - big.Int is an integer element, Versionstamp a versionstamp, Tuple
//     and every slice of the empty interface a nested tuple.
//   - a type that is an fdb.KeyConvertible and no byte slice (a
//     subspace) is the byte string of its key, as in the official
//     binding: written, never read back.
//   - then by kind: every string kind a string (valid UTF-8 unless the
//     codec allows it), every slice of a byte kind a byte string, every
//     array of 16 of a byte kind a UUID, the integer kinds an integer,
//     float32 a float32 bit for bit (named or not), float64 a float64,
//     bool a boolean, the empty interface the element of what it holds
//     (nil a null), a struct a nested tuple of its fields (a Plan's
//     layout, tags and all) inside a Plan, and refused outside one: a
//     struct is a key of its own.
//   - refused, with the fix in the error: uintptr (an address, not data:
//     convert it to uint64), complex numbers, maps, channels, functions,
//     unsafe pointers, interfaces with methods, slices and arrays of
//     anything else, struct{} (a Plan's constant, else nothing), and
//     structs with no exported field (decimal.Decimal, netip.Addr,
//     big.Float), which would all become the same empty element.
//
// A value an extension of the codec owns is the extension's element
// before any of these rules, in every path that has a codec; a Plan's
// field takes an extension by its tag, ext=0xNN.
//
// The rows are value.go's rules, and the dispatchers of value.go take a
// row to the code of its family, one file each: scalar.go (strings,
// bytes, integers, floats, booleans, UUIDs, versionstamps), time.go,
// custom.go (custom types and hooks), desc.go, extension.go, nested.go
// (nested tuples, any, pointers, structs). What else is asked of a row
// (the Go types that fall in it by identity, its word in a plan's
// schema, the element kinds it reads) is its row (below), declared in
// the same family file, so that a new row is its family file and a line
// in each dispatcher (rows, the facts', among them). There
// are two kinds of them: the general pair, which a Plan, Pack, Compare,
// the text form and JSON reach, and the pair Scan and AppendElems use
// (reflected, appendLooseValue), which touches a caller's variable only
// through reflect's readers and setters, so that the compiler keeps their
// arguments on the stack. It leaves out what would move every argument of
// every call to the heap: a custom type's methods (tuple.Element calls
// them instead), a pointer it cannot type (a **T of a named type), a
// struct (a Plan's), an extension's value (into *any), and a named
// float32's signalling NaN, which reflect reads and sets through float64
// (Scan refuses it rather than quiet it, and AppendElems refuses a NaN of
// one, whose bits it cannot know: every way to read them moves the
// arguments of every call to the heap; a float32, float32(v), Pack and a
// Plan keep every bit). Both share the rows' one reader and writer
// (scanScalar, appendScalar).
//
// The canonical view (canonical, normalize, kindOf, at the end of this
// file) is the table seen from a value: the standard value an element of
// any Go type is, which Compare, the text form, JSON and the versionstamp
// count take of every value.

import (
	"fmt"
	"math/big"
	"reflect"
	"sync"
	"time"

	"github.com/fdbtuple/fdbtuple/tuple/internal/keytag"
	"github.com/fdbtuple/fdbtuple/types"

	"github.com/fdbtuple/fdbtuple/fdb"
)

// A row is what the type table knows of one of its rows (a rule,
// value.go) beyond the code its dispatchers reach: the facts that code
// outside the dispatchers asks of the row, declared once, beside the
// row's code in its family's file, and listed by rule in rows
// (value.go). TestRowsHaveTheirFacts holds every row to them.
type row struct {
	// types are the Go types that fall in the row by identity, tried
	// before the rules by kind (time.Time, big.Int); none for a row that
	// types fall in by kind.
	types []reflect.Type
	// schema is the row's type in a plan's schema (plan_schema.go), for
	// a field of entry g and unit u: the words of its element kind, never
	// a Go name but for a custom type. A struct has none: its schema is
	// its fields' (writeLayout).
	schema func(g *goType, u unit) string
	// reads are the element kinds the row reads, which the prefix hint
	// (hints.go) checks a key's element against; every kind for a row
	// that takes any one element.
	reads kindSet
}

// word is the schema of a row written as one word, whatever its field.
func word(w string) func(*goType, unit) string {
	return func(*goType, unit) string { return w }
}

// kindSet is a set of element kinds.
type kindSet uint32

// anyKind is every kind, an extension's (types.KindInvalid) included.
const anyKind = ^kindSet(0)

func kinds(ks ...types.Kind) kindSet {
	var s kindSet
	for _, k := range ks {
		s |= 1 << k
	}
	return s
}

func (s kindSet) has(k types.Kind) bool { return s&(1<<k) != 0 }

// rowsByType are the rows that Go types fall in by identity (row.types).
var rowsByType = func() map[reflect.Type]rule {
	m := map[reflect.Type]rule{}
	for r := range rows {
		for _, t := range rows[r].types {
			m[t] = rule(r)
		}
	}
	return m
}()

// goType is the table's entry for one Go type.
type goType struct {
	t    reflect.Type
	rule rule
	elem *goType // rulePointer: the pointee's entry
	lay  *layout // ruleStruct: the fields
	// err says why no element holds a value of t, naming the fix; it
	// wraps ErrUnsupportedType.
	err error
	// readErr says why a value of t cannot be read back (an encode-only
	// type); nil when it can.
	readErr error
	// appender and scanner: t (or *t) has the custom methods.
	appender, ptrAppender, scanner bool
	// hidden: a struct refused for having no exported field.
	hidden bool
}

// decodable reports the error of reading an element into the type.
func (g *goType) decodeErr() error {
	if g.err != nil {
		return g.err
	}
	return g.readErr
}

var (
	goTypes            sync.Map // reflect.Type → *goType
	timeType           = reflect.TypeFor[time.Time]()
	durationType       = reflect.TypeFor[time.Duration]()
	keyConvertibleType = reflect.TypeFor[fdb.KeyConvertible]()
	appenderType       = reflect.TypeFor[ElementAppender]()
	scannerType        = reflect.TypeFor[ElementScanner]()
	bigIntType         = reflect.TypeFor[big.Int]()
	versionstampType   = reflect.TypeFor[Versionstamp]()
	emptyStructType    = reflect.TypeFor[struct{}]()
	descType           = reflect.TypeFor[Desc]()
	hookType           = reflect.TypeFor[Hook]()
)

// typeOf returns the table's entry for t, built at its first use.
func typeOf(t reflect.Type) *goType {
	if g, ok := goTypes.Load(t); ok {
		return g.(*goType)
	}
	b := tableBuilder{busy: map[reflect.Type]bool{}}
	return b.entry(t)
}

// tableBuilder builds entries, and the layouts of structs, remembering
// the struct types it is inside of so that a recursive type is refused
// instead of followed forever.
type tableBuilder struct {
	busy map[reflect.Type]bool
}

func (b *tableBuilder) entry(t reflect.Type) *goType {
	if g, ok := goTypes.Load(t); ok {
		return g.(*goType)
	}
	if b.busy[t] && !isCustom(t) { // a custom type's entry reads no field of it
		return &goType{t: t, err: unsupported(t, "it holds itself, and a key has a fixed depth; make the inner reference a separate key")}
	}
	b.busy[t] = true
	g := b.build(t)
	delete(b.busy, t)
	if len(b.busy) > 0 && g.err != nil {
		return g // may depend on an enclosing type still being built
	}
	got, _ := goTypes.LoadOrStore(t, g)
	return got.(*goType)
}

func (b *tableBuilder) build(t reflect.Type) *goType {
	g := &goType{t: t}
	if t.Kind() == reflect.Pointer {
		g.rule, g.elem = rulePointer, b.entry(t.Elem())
		switch {
		case t.Elem().Kind() == reflect.Pointer:
			g.err = unsupported(t, "a pointer to a pointer is no element; one pointer makes an element nullable")
		case g.elem.err != nil:
			g.err = g.elem.err
		}
		g.readErr = g.elem.readErr
		return g
	}
	g.appender, g.ptrAppender, g.scanner = customMethods(t)
	if g.appender || g.ptrAppender || g.scanner {
		g.rule = ruleCustom
		switch {
		case !g.appender && !g.ptrAppender:
			g.err = unsupported(t, "it has ScanTupleElement but no AppendTupleElement; give it both (ElementAppender, ElementScanner)")
		case !g.scanner:
			g.readErr = unsupported(t, "it has AppendTupleElement but *T has no ScanTupleElement, so it cannot be read back; give it both")
		}
		return g
	}
	switch t {
	case descType:
		g.err = unsupported(t, "a Desc is the value of the descending extension; encode it with a Codec holding DescExtension, or tag a plan's field desc")
		return g
	case hookType:
		g.err = unsupported(t, "a Hook (from tuple.Element or tuple.Into) is for AppendElems and Scan, which call no method of a value; a Tuple holds the value itself, v rather than tuple.Element(&v), and Pack calls its AppendTupleElement")
		return g
	}
	if r, ok := rowsByType[t]; ok {
		g.rule = r
		return g
	}
	if t.Kind() == reflect.Slice && t.Elem() == anyType {
		g.rule = ruleTuple
		return g
	}
	if t.Implements(keyConvertibleType) && !isByteSlice(t) {
		g.rule = ruleKey
		g.readErr = unsupported(t, "an fdb.KeyConvertible is written as the byte string of its key and cannot be read back; read it into fdb.Key or []byte")
		return g
	}
	switch t.Kind() {
	case reflect.String:
		g.rule = ruleString
	case reflect.Bool:
		g.rule = ruleBool
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		g.rule = ruleInt
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		g.rule = ruleUint
	case reflect.Float32:
		g.rule = ruleFloat32
	case reflect.Float64:
		g.rule = ruleFloat64
	case reflect.Slice:
		if isByteSlice(t) {
			g.rule = ruleBytes
			break
		}
		g.err = unsupported(t, "a slice of "+t.Elem().String()+" is no element; use tuple.Tuple or []any for a nested tuple, []byte for a byte string")
	case reflect.Array:
		if t.Len() == 16 && t.Elem().Kind() == reflect.Uint8 {
			g.rule = ruleUUID
			break
		}
		g.err = unsupported(t, "an array is no element (only an array of 16 bytes is one, a UUID); use []byte for a byte string, or a struct of its parts")
	case reflect.Interface:
		if t.NumMethod() == 0 {
			g.rule = ruleAny
			break
		}
		g.err = unsupported(t, "an interface with methods cannot be decoded into; use any, or the concrete type")
	case reflect.Struct:
		b.structEntry(g)
	case reflect.Uintptr:
		g.err = unsupported(t, "a uintptr is an address, not data; convert it to uint64")
	case reflect.Complex64, reflect.Complex128:
		g.err = unsupported(t, "no element holds a complex number; use two float64 fields, its real and imaginary parts")
	case reflect.Map:
		g.err = unsupported(t, "a map has no order and no element; use a struct of its fields, or a tuple.Tuple of its entries in an order of your own")
	default: // Chan, Func, UnsafePointer
		g.err = unsupported(t, "a "+t.Kind().String()+" holds nothing a key can keep")
	}
	return g
}

// structEntry makes a struct type a nested tuple of its fields, or
// refuses it when it has none: such a struct would be the same empty
// element whatever it holds.
func (b *tableBuilder) structEntry(g *goType) {
	t := g.t
	switch {
	case t == emptyStructType:
		g.err = unsupported(t, "struct{} holds nothing; tag it `tuple:\"NAME,const\"` for a constant element")
		return
	case t.PkgPath() == "github.com/shopspring/decimal" && t.Name() == "Decimal":
		g.err = unsupported(t, "a decimal has no element of its own; give the codec tupledecimal.Extension(tupledecimal.DefaultCode) (dynamokey.Codec() has it) and, in a Plan, tag the field ext=0x40")
		return
	case t.PkgPath() == "math/big" && t.Name() == "Float":
		g.err = unsupported(t, "no element holds a big.Float exactly; use a float64, a big.Int of a fixed scale, or a decimal through tupledecimal")
		return
	case !hasExportedField(t):
		g.hidden = true
		g.err = unsupported(t, "it has no exported field, so every value would be the same empty element; export its fields if the type is yours, or give the field a type of your own with AppendTupleElement and ScanTupleElement, or tag it ext= with a codec extension")
		return
	}
	lay, err := b.layout(t)
	if err != nil {
		g.err = err
		return
	}
	g.rule, g.lay = ruleStruct, lay
	for _, f := range lay.fields {
		if f.gt != nil && f.gt.readErr != nil && g.readErr == nil {
			g.readErr = fmt.Errorf("field %s: %w", f.name, f.gt.readErr)
		}
	}
}

// hasExportedField reports whether t has a field a layout would hold:
// an exported one, or one of an embedded struct's.
func hasExportedField(t reflect.Type) bool { return exportedFieldIn(t, map[reflect.Type]bool{}) }

// exportedFieldIn is hasExportedField, looking into each struct once: a
// struct that embeds a pointer to itself (type node struct{ *node })
// would recurse until the stack overflowed.
func exportedFieldIn(t reflect.Type, seen map[reflect.Type]bool) bool {
	seen[t] = true
	for i := range t.NumField() {
		sf := t.Field(i)
		if sf.Tag.Get("tuple") == "-" {
			continue
		}
		if sf.IsExported() || keytag.IsConst(sf.Tag.Get("tuple")) {
			return true
		}
		if et := sf.Type; sf.Anonymous {
			if et.Kind() == reflect.Pointer {
				et = et.Elem()
			}
			if et.Kind() == reflect.Struct && !seen[et] && exportedFieldIn(et, seen) {
				return true
			}
		}
	}
	return false
}

// customMethods reports which of the custom element methods t has: its
// own or its pointer's AppendTupleElement, its pointer's
// ScanTupleElement (promoted ones included).
func customMethods(t reflect.Type) (appender, ptrAppender, scanner bool) {
	return t.Implements(appenderType), reflect.PointerTo(t).Implements(appenderType), reflect.PointerTo(t).Implements(scannerType)
}

// isCustom reports whether t is a custom element type: one element by
// its methods, whatever fields it holds.
func isCustom(t reflect.Type) bool {
	a, pa, s := customMethods(t)
	return a || pa || s
}

func isByteSlice(t reflect.Type) bool {
	return t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8
}

// normalize turns a value of a named type into the unnamed type it encodes
// as, so that compareElems needs one case per kind.
func normalize(v any) any {
	switch v := v.(type) {
	case *big.Int:
		if v == nil {
			return nil // a nil pointer is a null
		}
		return v
	case nil, []byte, string, Tuple, []any, int64, uint64, float32, float64, bool, UUID, Versionstamp:
		return v
	case int:
		return int64(v)
	case big.Int:
		return &v
	}
	if c, ok := canonical(v); ok {
		return c
	}
	return v
}

func asSlice(v any) []any {
	if t, ok := v.(Tuple); ok {
		return t
	}
	return v.([]any)
}

// canonical converts a value of a type other than the standard ones to
// the standard value it encodes as, by the type table, or returns ok ==
// false if no element holds it. An fdb.KeyConvertible (a subspace)
// encodes as the byte string of its key, as in the official binding; a
// nil pointer as a null; a time, a custom type or a struct as the element
// it writes, decoded as Unpack would.
func canonical(v any) (c any, ok bool) {
	switch v := v.(type) { // unnamed types first, without reflection
	case int8:
		return int64(v), true
	case int16:
		return int64(v), true
	case int32:
		return int64(v), true
	case uint:
		return uint64(v), true
	case uint8:
		return uint64(v), true
	case uint16:
		return uint64(v), true
	case uint32:
		return uint64(v), true
	}
	g := typeOf(reflect.TypeOf(v))
	if g.err != nil {
		return nil, false
	}
	rv := reflect.ValueOf(v)
	switch g.rule {
	case ruleInt:
		return rv.Int(), true
	case ruleUint:
		return rv.Uint(), true
	case ruleFloat64:
		return rv.Float(), true
	case ruleBool:
		return rv.Bool(), true
	case ruleString:
		return rv.String(), true
	case ruleBytes:
		return rv.Bytes(), true
	case ruleTuple:
		return rv.Convert(anySliceType).Interface(), true
	}
	// The rest as the element it writes, read back: a float32 bit for
	// bit, a UUID, a time, a pointer, a custom type, a struct.
	var e encoder
	enc, err := e.appendValue(nil, g, rv, elemOpts{}, false, 0)
	if err != nil {
		return nil, false
	}
	c, _, err = ConsumeElement(enc)
	return c, err == nil
}

var (
	anyType        = reflect.TypeFor[any]()
	anySliceType   = reflect.TypeFor[[]any]()
	float32PtrType = reflect.TypeFor[*float32]()
)

// kindOf reports the kind an element encodes as, without encoding it.
func kindOf(v any) types.Kind {
	switch v := v.(type) {
	case nil:
		return types.KindNull
	case []byte:
		return types.KindBytes
	case string:
		return types.KindString
	case Tuple, []any:
		return types.KindTuple
	case *big.Int:
		if v == nil { // a nil pointer is a null
			return types.KindNull
		}
		return types.KindInt
	case int, int64, uint64, big.Int:
		return types.KindInt
	case float32:
		return types.KindFloat32
	case float64:
		return types.KindFloat64
	case bool:
		return types.KindBool
	case UUID:
		return types.KindUUID
	case Versionstamp:
		return types.KindVersionstamp
	default:
		if c, ok := canonical(v); ok {
			return kindOf(c)
		}
	}
	return types.KindInvalid
}
