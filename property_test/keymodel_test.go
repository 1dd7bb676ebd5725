package property_test

// The model of a random key struct type, for the plan properties in
// plantypes_test.go: each field knows its Go type, its tag, the element
// it must become (the equivalent tuple that Codec.Pack writes), which
// elements it reads back and how its values order. A plan is proven
// against this model, never against itself.

import (
	"flag"
	"fmt"
	"math"
	"math/big"
	"reflect"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"
	"pgregory.net/rapid"

	"github.com/fdbtuple/fdbtuple/property_test/gen"
	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
	"github.com/fdbtuple/fdbtuple/types"
)

// Named types key structs hold.
type (
	keyLabel string
	keyID    int64
	keyScore float32
	keyRaw   []byte
	keyByte  uint8
	keyID16  [16]keyByte
	// keyOpaque has nothing exported: no plan can see its value.
	keyOpaque struct{ n int }
)

// celsius is a custom element type, through ElementAppender and
// ElementScanner: an integer element of thousandths of a degree. Its one
// field is unexported, so a plan that ignores the interfaces sees nothing.
type celsius struct{ milli int64 }

// AppendTupleElement appends c as one integer element.
func (c celsius) AppendTupleElement(dst []byte) ([]byte, error) {
	return tuplewire.AppendInt(dst, c.milli), nil
}

// ScanTupleElement reads c from exactly one integer element.
func (c *celsius) ScanTupleElement(elem []byte) error {
	v, n, err := tuplewire.ConsumeInt(elem)
	if err != nil {
		return err
	}
	if n != len(elem) {
		return fmt.Errorf("celsius: %d bytes after the integer", len(elem)-n)
	}
	c.milli = v
	return nil
}

// A verdict is what the model says of encoding one value.
type verdict int

const (
	encodes  verdict = iota // the plan must write it (unless Pack of the equivalent tuple fails)
	mustFail                // the plan must refuse it: it has no faithful element
)

// A kind is one supported field type.
type kind struct {
	name string
	typ  reflect.Type
	draw func(t *rapid.T) reflect.Value
	// elem is the element the value v of a field f must be, as Unpack
	// returns it.
	elem func(v reflect.Value, f *field) (any, verdict)
	// fits reports whether an element Unpack returns is one that f reads.
	fits func(e any, f *field) bool
	cmp  func(a, b reflect.Value) int
	// Options the kind takes: a byte string, a unit, an extension.
	bytesOK, unitOK bool
	ext             string // the ext= option it needs
}

// unit is the unit= option's duration.
var units = map[string]time.Duration{"": 1, "ns": 1, "us": time.Microsecond, "ms": time.Millisecond, "s": time.Second}

func intElem(e any) (*big.Int, bool) {
	switch e := e.(type) {
	case int64:
		return big.NewInt(e), true
	case uint64:
		return new(big.Int).SetUint64(e), true
	case *big.Int:
		return e, true
	}
	return nil, false
}

// bigOf is an integer reflect.Value as a big.Int.
func bigOf(v reflect.Value) *big.Int {
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return big.NewInt(v.Int())
	}
	return new(big.Int).SetUint64(v.Uint())
}

// integerKind is a kind of Go integer type T.
func integerKind[T int | int8 | int16 | int32 | int64 | uint | uint8 | uint16 | uint32 | uint64 | uintptr | keyID](name string) *kind {
	typ := reflect.TypeFor[T]()
	return &kind{
		name: name, typ: typ,
		draw: func(t *rapid.T) reflect.Value { return reflect.ValueOf(rapid.Make[T]().Draw(t, name)) },
		elem: func(v reflect.Value, _ *field) (any, verdict) { return gen.Normalize(bigOf(v)), encodes },
		fits: func(e any, _ *field) bool {
			b, ok := intElem(e)
			if !ok {
				return false
			}
			z := reflect.New(typ).Elem()
			if b.IsInt64() && z.CanInt() {
				return !z.OverflowInt(b.Int64())
			}
			return b.IsUint64() && z.CanUint() && !z.OverflowUint(b.Uint64())
		},
		cmp: func(a, b reflect.Value) int { return bigOf(a).Cmp(bigOf(b)) },
	}
}

// floatOrder is the tuple layer's total order of floats, by bits: a
// negative float's bits all flipped, a positive one's sign bit set.
func floatOrder(bits uint64, sign uint64) uint64 {
	if bits&sign != 0 {
		return ^bits & (sign<<1 - 1)
	}
	return bits | sign
}

func cmpUint(a, b uint64) int { return cmpInts(a, b) }

func cmpInts[N int64 | uint64 | int](a, b N) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func cmpBool(a, b bool) int {
	if a == b {
		return 0
	}
	if b {
		return -1
	}
	return 1
}

// Time limits: the instants time.Time holds, in Unix seconds.
const maxUnixSec = math.MaxInt64 - 62135596800 // seconds from year 1 to 1970

var (
	minTimeNs = new(big.Int).Mul(big.NewInt(math.MinInt64), big.NewInt(1e9))
	maxTimeNs = new(big.Int).Add(new(big.Int).Mul(big.NewInt(maxUnixSec), big.NewInt(1e9)), big.NewInt(999999999))
)

func timeNs(tm time.Time) *big.Int {
	ns := new(big.Int).Mul(big.NewInt(tm.Unix()), big.NewInt(1e9))
	return ns.Add(ns, big.NewInt(int64(tm.Nanosecond())))
}

// inUnits is n/unit, and whether it is whole.
func inUnits(n *big.Int, unit time.Duration) (*big.Int, bool) {
	q, r := new(big.Int).QuoRem(n, big.NewInt(int64(unit)), new(big.Int))
	return q, r.Sign() == 0
}

var supportedKinds = []*kind{
	integerKind[int]("int"), integerKind[int8]("int8"), integerKind[int16]("int16"),
	integerKind[int32]("int32"), integerKind[int64]("int64"), integerKind[keyID]("keyID"),
	integerKind[uint]("uint"), integerKind[uint8]("uint8"), integerKind[uint16]("uint16"),
	integerKind[uint32]("uint32"), integerKind[uint64]("uint64"),
	stringKind[string]("string"), stringKind[keyLabel]("keyLabel"),
	bytesKind[[]byte]("[]byte"), bytesKind[keyRaw]("keyRaw"),
	{
		name: "bigint", typ: reflect.TypeFor[big.Int](),
		draw: func(t *rapid.T) reflect.Value { return reflect.ValueOf(*drawBig(t)) },
		elem: func(v reflect.Value, _ *field) (any, verdict) {
			b := v.Interface().(big.Int)
			return gen.Normalize(&b), encodes
		},
		fits: func(e any, _ *field) bool { _, ok := intElem(e); return ok },
		cmp: func(a, b reflect.Value) int {
			x, y := a.Interface().(big.Int), b.Interface().(big.Int)
			return x.Cmp(&y)
		},
	},
	{
		// *big.Int: nil is a null element, which reads back as nil (the
		// issue's "a null does not read back"), never 0.
		name: "*bigint", typ: reflect.TypeFor[*big.Int](),
		draw: func(t *rapid.T) reflect.Value {
			if rare(t, 5, "nil bigint") {
				return reflect.ValueOf((*big.Int)(nil))
			}
			return reflect.ValueOf(drawBig(t))
		},
		elem: func(v reflect.Value, _ *field) (any, verdict) {
			if v.IsNil() {
				return nil, encodes
			}
			return gen.Normalize(v.Interface().(*big.Int)), encodes
		},
		fits: func(e any, _ *field) bool { _, ok := intElem(e); return ok || e == nil },
		cmp: func(a, b reflect.Value) int {
			switch x, y := a.Interface().(*big.Int), b.Interface().(*big.Int); {
			case x == nil || y == nil:
				return cmpBool(x != nil, y != nil)
			default:
				return x.Cmp(y)
			}
		},
	},
	floatKind[float32]("float32", gen.Float32()), floatKind[keyScore]("keyScore", rapid.Map(gen.Float32(), func(f float32) keyScore { return keyScore(f) })),
	floatKind[float64]("float64", gen.Float64()),
	{
		name: "bool", typ: reflect.TypeFor[bool](),
		draw: func(t *rapid.T) reflect.Value { return reflect.ValueOf(rapid.Bool().Draw(t, "bool")) },
		elem: func(v reflect.Value, _ *field) (any, verdict) { return v.Bool(), encodes },
		fits: func(e any, _ *field) bool { _, ok := e.(bool); return ok },
		cmp:  func(a, b reflect.Value) int { return cmpBool(a.Bool(), b.Bool()) },
	},
	uuidKind[uuid.UUID]("uuid"), uuidKind[keyID16]("keyID16"), uuidKind[[16]byte]("[16]byte"),
	{
		name: "versionstamp", typ: reflect.TypeFor[types.Versionstamp](),
		draw: func(t *rapid.T) reflect.Value { return reflect.ValueOf(gen.Versionstamp(true).Draw(t, "vs")) },
		elem: func(v reflect.Value, _ *field) (any, verdict) { return v.Interface(), encodes },
		fits: func(e any, _ *field) bool { _, ok := e.(types.Versionstamp); return ok },
		cmp: func(a, b reflect.Value) int {
			x, y := a.Interface().(types.Versionstamp), b.Interface().(types.Versionstamp)
			if c := strings.Compare(string(x.TransactionVersion[:]), string(y.TransactionVersion[:])); c != 0 {
				return c
			}
			return cmpInts(int64(x.UserVersion), int64(y.UserVersion))
		},
	},
	{
		name: "tuple", typ: reflect.TypeFor[tuple.Tuple](),
		draw: func(t *rapid.T) reflect.Value {
			return reflect.ValueOf(gen.Tuple(gen.Options{MaxDepth: 2, MaxLen: 3}).Draw(t, "tuple"))
		},
		elem: func(v reflect.Value, _ *field) (any, verdict) {
			if v.IsNil() {
				return tuple.Tuple{}, encodes
			}
			return v.Interface().(tuple.Tuple), encodes
		},
		fits: func(e any, _ *field) bool { _, ok := e.(tuple.Tuple); return ok },
		cmp: func(a, b reflect.Value) int {
			return extCodec.Compare(a.Interface().(tuple.Tuple), b.Interface().(tuple.Tuple))
		},
	},
	{
		name: "any", typ: reflect.TypeFor[any](),
		draw: func(t *rapid.T) reflect.Value {
			v := gen.Element(gen.Options{MaxDepth: 1, MaxLen: 3}).Draw(t, "any")
			rv := reflect.New(reflect.TypeFor[any]()).Elem()
			if v != nil {
				rv.Set(reflect.ValueOf(v))
			}
			return rv
		},
		elem: func(v reflect.Value, _ *field) (any, verdict) { return v.Interface(), encodes },
		fits: func(any, *field) bool { return true },
		cmp: func(a, b reflect.Value) int {
			return extCodec.Compare(tuple.Tuple{a.Interface()}, tuple.Tuple{b.Interface()})
		},
	},
	{
		name: "time", typ: reflect.TypeFor[time.Time](), unitOK: true,
		draw: func(t *rapid.T) reflect.Value {
			sec := rapid.OneOf(rapid.Int64Range(-1e10, 1e10), rapid.Int64Range(math.MinInt64, maxUnixSec),
				rapid.Int64Range(maxUnixSec-3, maxUnixSec), rapid.Int64Range(math.MinInt64, math.MinInt64+3),
				rapid.Int64Range(math.MaxInt64/1000000000-3, math.MaxInt64/1000000000+3)).Draw(t, "sec")
			nsec := rapid.OneOf(rapid.Just(int64(0)), rapid.Int64Range(0, 999), rapid.Int64Range(0, 999999999),
				rapid.Map(rapid.Int64Range(0, 999), func(ms int64) int64 { return ms * 1e6 })).Draw(t, "nsec")
			tm := time.Unix(sec, nsec)
			if rapid.Bool().Draw(t, "zone") {
				tm = tm.In(time.FixedZone("X", 3600*rapid.IntRange(-12, 12).Draw(t, "offset")))
			}
			return reflect.ValueOf(tm)
		},
		elem: func(v reflect.Value, f *field) (any, verdict) {
			n, whole := inUnits(timeNs(v.Interface().(time.Time)), units[f.unit])
			if !whole {
				return nil, mustFail
			}
			return gen.Normalize(n), encodes
		},
		fits: func(e any, f *field) bool {
			n, ok := intElem(e)
			if !ok {
				return false
			}
			ns := new(big.Int).Mul(n, big.NewInt(int64(units[f.unit])))
			return ns.Cmp(minTimeNs) >= 0 && ns.Cmp(maxTimeNs) <= 0
		},
		cmp: func(a, b reflect.Value) int { return a.Interface().(time.Time).Compare(b.Interface().(time.Time)) },
	},
	{
		name: "duration", typ: reflect.TypeFor[time.Duration](), unitOK: true,
		draw: func(t *rapid.T) reflect.Value {
			d := rapid.OneOf(rapid.Int64(), rapid.Map(rapid.Int64Range(-1e6, 1e6), func(n int64) int64 { return n * 1e9 }),
				rapid.Map(rapid.Int64Range(-1e9, 1e9), func(n int64) int64 { return n * 1e6 })).Draw(t, "duration")
			return reflect.ValueOf(time.Duration(d))
		},
		elem: func(v reflect.Value, f *field) (any, verdict) {
			n, whole := inUnits(big.NewInt(v.Int()), units[f.unit])
			if !whole {
				return nil, mustFail
			}
			return gen.Normalize(n), encodes
		},
		fits: func(e any, f *field) bool {
			n, ok := intElem(e)
			return ok && new(big.Int).Mul(n, big.NewInt(int64(units[f.unit]))).IsInt64()
		},
		cmp: func(a, b reflect.Value) int { return cmpInts(a.Int(), b.Int()) },
	},
	{
		name: "decimal", typ: reflect.TypeFor[decimal.Decimal](), ext: "ext=0x40",
		draw: func(t *rapid.T) reflect.Value { return reflect.ValueOf(gen.Decimal().Draw(t, "decimal")) },
		elem: func(v reflect.Value, _ *field) (any, verdict) { return v.Interface(), encodes },
		fits: func(e any, _ *field) bool { _, ok := e.(decimal.Decimal); return ok },
		cmp: func(a, b reflect.Value) int {
			return cmpDecimal(a.Interface().(decimal.Decimal), b.Interface().(decimal.Decimal))
		},
	},
	{
		name: "celsius", typ: reflect.TypeFor[celsius](),
		draw: func(t *rapid.T) reflect.Value {
			return reflect.ValueOf(celsius{rapid.Int64().Draw(t, "milli")})
		},
		elem: func(v reflect.Value, _ *field) (any, verdict) { return v.Interface().(celsius).milli, encodes },
		fits: func(e any, _ *field) bool { _, ok := e.(int64); return ok },
		cmp: func(a, b reflect.Value) int {
			return cmpInts(a.Interface().(celsius).milli, b.Interface().(celsius).milli)
		},
	},
}

func drawBig(t *rapid.T) *big.Int {
	b, _ := intElem(gen.Int().Draw(t, "int"))
	return new(big.Int).Set(b)
}

func stringKind[T string | keyLabel](name string) *kind {
	return &kind{
		name: name, typ: reflect.TypeFor[T](), bytesOK: true,
		draw: func(t *rapid.T) reflect.Value {
			s := gen.String().Draw(t, name)
			if rare(t, 9, "invalid UTF-8") {
				s = string(rapid.SliceOfN(rapid.Byte(), 1, 6).Draw(t, "raw"))
			}
			return reflect.ValueOf(T(s))
		},
		elem: func(v reflect.Value, f *field) (any, verdict) {
			if f.bytes {
				return []byte(v.String()), encodes
			}
			return v.String(), encodes
		},
		fits: func(e any, f *field) bool {
			if f.bytes {
				_, ok := e.([]byte)
				return ok
			}
			_, ok := e.(string)
			return ok
		},
		cmp: func(a, b reflect.Value) int { return strings.Compare(a.String(), b.String()) },
	}
}

func bytesKind[T []byte | keyRaw](name string) *kind {
	return &kind{
		name: name, typ: reflect.TypeFor[T](),
		draw: func(t *rapid.T) reflect.Value { return reflect.ValueOf(T(gen.Bytes().Draw(t, name))) },
		elem: func(v reflect.Value, _ *field) (any, verdict) { return append([]byte{}, v.Bytes()...), encodes },
		fits: func(e any, _ *field) bool { _, ok := e.([]byte); return ok },
		cmp:  func(a, b reflect.Value) int { return strings.Compare(string(a.Bytes()), string(b.Bytes())) },
	}
}

func floatKind[T float32 | float64 | keyScore](name string, g *rapid.Generator[T]) *kind {
	return &kind{
		name: name, typ: reflect.TypeFor[T](),
		draw: func(t *rapid.T) reflect.Value { return reflect.ValueOf(g.Draw(t, name)) },
		elem: func(v reflect.Value, _ *field) (any, verdict) {
			switch x := v.Interface().(type) { // by type, never through float64: NaN bits
			case float32:
				return x, encodes
			case keyScore:
				return float32(x), encodes
			}
			return v.Float(), encodes
		},
		fits: func(e any, _ *field) bool {
			if reflect.TypeFor[T]().Kind() == reflect.Float32 {
				_, ok := e.(float32)
				return ok
			}
			_, ok := e.(float64)
			return ok
		},
		cmp: func(a, b reflect.Value) int {
			x, _ := floatBits(a)
			y, _ := floatBits(b)
			return cmpUint(x, y)
		},
	}
}

// floatBits is the order key of a float value, by type.
func floatBits(v reflect.Value) (uint64, bool) {
	switch x := v.Interface().(type) {
	case float32:
		return floatOrder(uint64(math.Float32bits(x)), 1<<31), true
	case keyScore:
		return floatOrder(uint64(math.Float32bits(float32(x))), 1<<31), true
	case float64:
		return floatOrder(math.Float64bits(x), 1<<63), true
	}
	return 0, false
}

func uuidKind[T uuid.UUID | keyID16 | [16]byte](name string) *kind {
	asUUID := func(v reflect.Value) uuid.UUID {
		var u uuid.UUID
		for i := range u {
			u[i] = byte(v.Index(i).Uint())
		}
		return u
	}
	return &kind{
		name: name, typ: reflect.TypeFor[T](),
		draw: func(t *rapid.T) reflect.Value {
			u := gen.UUID().Draw(t, name)
			v := reflect.New(reflect.TypeFor[T]()).Elem()
			for i := range u {
				v.Index(i).SetUint(uint64(u[i]))
			}
			return v
		},
		elem: func(v reflect.Value, _ *field) (any, verdict) { return asUUID(v), encodes },
		fits: func(e any, _ *field) bool { _, ok := e.(uuid.UUID); return ok },
		cmp: func(a, b reflect.Value) int {
			x, y := asUUID(a), asUUID(b)
			return strings.Compare(string(x[:]), string(y[:]))
		},
	}
}

// A badKind is a field type no element holds faithfully: a plan must
// refuse it, naming the field.
type badKind struct {
	name string
	typ  reflect.Type
	tag  string // a tag that makes a supported type unsupported
}

var badKinds = []*badKind{
	{name: "map", typ: reflect.TypeFor[map[string]int]()},
	{name: "[]int", typ: reflect.TypeFor[[]int]()},
	{name: "chan", typ: reflect.TypeFor[chan int]()},
	{name: "func", typ: reflect.TypeFor[func()]()},
	{name: "complex128", typ: reflect.TypeFor[complex128]()},
	{name: "[8]byte", typ: reflect.TypeFor[[8]byte]()},
	{name: "[4]keyByte", typ: reflect.TypeFor[[4]keyByte]()},
	{name: "struct{}", typ: reflect.TypeFor[struct{}]()},
	{name: "keyOpaque", typ: reflect.TypeFor[keyOpaque]()},
	{name: "*keyOpaque", typ: reflect.TypeFor[*keyOpaque]()},
	{name: "big.Float", typ: reflect.TypeFor[big.Float]()},
	{name: "decimal without ext", typ: reflect.TypeFor[decimal.Decimal]()},
	{name: "error", typ: reflect.TypeFor[error]()},
	{name: "fmt.Stringer", typ: reflect.TypeFor[fmt.Stringer]()},
	{name: "bytes on an int", typ: reflect.TypeFor[int64](), tag: "bytes"},
	{name: "unit on a string", typ: reflect.TypeFor[string](), tag: "unit=ms"},
	{name: "unit=h", typ: reflect.TypeFor[time.Duration](), tag: "unit=h"},
	{name: "ext the codec lacks", typ: reflect.TypeFor[decimal.Decimal](), tag: "ext=0x41"},
	{name: "unknown option", typ: reflect.TypeFor[int64](), tag: "omitempty"},
	{name: "const float", typ: reflect.TypeFor[float64](), tag: "1,const"},
}

// A field of a model struct.
type field struct {
	name    string // the Go name, unique in the whole drawn type
	tagName string // a name given by the tag, or ""
	kind    *kind  // a supported kind, or nil for a struct
	nested  *model // a nested or embedded struct
	bad     *badKind
	// How the field is declared.
	embedded, ptr, desc, bytes, skip bool
	// optional: a trailing field of the key's own level tagged optional,
	// which a nil leaves out of the key (drawn by the schema check only)
	optional  bool
	anonymous bool // embedded with a name: a nested field
	inDesc    bool // inside a desc field
	unit      string
	constant  any // a constant's element (string, int64 or uint64); the kind is its Go type
	typ       reflect.Type
	tag       string
}

// A model is a drawn struct type and its fields.
type model struct {
	fields []*field
	typ    reflect.Type
}

// modelOptions shape the drawn types.
type modelOptions struct {
	bad   bool // draw fields that a plan must refuse
	depth int  // the deepest nesting of structs
	// noDescInDesc draws no desc field inside another, whose values no
	// codec writes.
	noDescInDesc bool
	// utf8Constants draws only string constants that are UTF-8, which
	// every codec writes.
	utf8Constants bool
	// kinds are the field kinds drawn; nil for every supported kind.
	kinds []*kind
}

// kindsToDraw are the field kinds o draws, less those -plan.exclude names.
func (o modelOptions) kindsToDraw() []*kind {
	ks := o.kinds
	if ks == nil {
		ks = supportedKinds
	}
	return allowed(ks, func(k *kind) string { return k.name })
}

// planExclude narrows the drawn types, to find the failures behind the
// first one: go test -run TestPlanRoundTrip -plan.exclude=desc,time.
var planExclude = flag.String("plan.exclude", "", "comma-separated field kinds (int8, time, celsius, ...), bad kinds (map, ...) and features (bad, ptr, desc, descindesc, const, const-string, const-int, const-uint, nested, embedded, skip, bytes, unit, named) the random key types leave out, and codec options (lenient, invalidutf8) the codecs leave out")

// off reports whether -plan.exclude names name.
func off(name string) bool {
	return slices.Contains(strings.Split(*planExclude, ","), name)
}

// allowed is the items of all whose names -plan.exclude does not name.
func allowed[T any](all []T, name func(T) string) []T {
	var out []T
	for _, x := range all {
		if !off(name(x)) {
			out = append(out, x)
		}
	}
	return out
}

// drawModel draws a struct type.
func drawModel(t *rapid.T, o modelOptions) *model {
	n := 0
	return drawStruct(t, o, o.depth, false, &n)
}

func drawStruct(t *rapid.T, o modelOptions, depth int, inDesc bool, names *int) *model {
	m := &model{}
	count := rapid.IntRange(1, 5).Draw(t, "fields")
	var sfs []reflect.StructField
	for range count {
		f := drawField(t, o, depth, inDesc, names)
		m.fields = append(m.fields, f)
		sfs = append(sfs, f.structField())
	}
	m.typ = reflect.StructOf(sfs)
	return m
}

// structField is f's declaration; a blank field is unexported, of this
// package.
func (f *field) structField() reflect.StructField {
	sf := reflect.StructField{Name: f.name, Type: f.typ, Tag: reflect.StructTag(f.tag), Anonymous: f.embedded || f.anonymous}
	if f.name == "_" {
		sf.PkgPath = reflect.TypeFor[field]().PkgPath()
	}
	return sf
}

func drawField(t *rapid.T, o modelOptions, depth int, inDesc bool, names *int) *field {
	*names++
	num := *names
	f := &field{name: fmt.Sprintf("F%d", num), inDesc: inDesc}
	var opts []string
	how := rapid.IntRange(0, 19).Draw(t, "field")
	switch {
	case o.bad && how == 19 && !off("bad"):
		f.bad = rapid.SampledFrom(allowed(badKinds, func(b *badKind) string { return b.name })).Draw(t, "bad kind")
		f.typ = f.bad.typ
		if f.bad.tag != "" {
			opts = append(opts, f.bad.tag)
		}
	case how == 18 && !off("const"): // a constant
		switch rapid.SampledFrom(allowed([]string{"const-string", "const-int", "const-uint"}, func(s string) string { return s })).Draw(t, "constant kind") {
		case "const-string":
			s := rapid.StringMatching(`[A-Za-z]{1,6}`).Draw(t, "constant")
			if !o.utf8Constants && rare(t, 9, "invalid constant") {
				s = string(rapid.SliceOfN(rapid.ByteRange(0x80, 0xFF), 1, 3).Draw(t, "raw constant"))
			}
			f.typ, f.constant, f.tagName = reflect.TypeFor[struct{}](), s, s
		case "const-int": // blank: a named integer field would hold a value the key does not
			n := rapid.Int64Range(-300, 300).Draw(t, "constant")
			f.name, f.typ, f.constant, f.tagName = "_", reflect.TypeFor[int16](), n, fmt.Sprint(n)
		default:
			n := rapid.Uint64Range(0, 300).Draw(t, "constant")
			f.name, f.typ, f.constant, f.tagName = "_", reflect.TypeFor[uint8](), gen.Normalize(new(big.Int).SetUint64(n)), fmt.Sprint(n)
			if n > 255 {
				f.bad = &badKind{name: "a constant that does not fit its type"}
			}
		}
		opts = append(opts, "const")
	case depth > 0 && how >= 15 && how <= 17 && !off("nested"): // a nested or embedded struct
		f.embedded = how == 17 && !inDesc && !off("embedded")
		f.ptr = !off("ptr") && rare(t, 3, "pointer")
		f.desc = !f.embedded && !off("desc") && !((o.noDescInDesc || off("descindesc")) && inDesc) && rare(t, 4, "desc")
		f.nested = drawStruct(t, o, depth-1, inDesc || f.desc, names)
		f.typ = f.nested.typ
		if f.desc {
			opts = append(opts, "desc")
		}
	default:
		f.kind = rapid.SampledFrom(o.kindsToDraw()).Draw(t, "kind")
		f.typ = f.kind.typ
		f.ptr = !off("ptr") && f.kind.name != "*bigint" && f.kind.name != "any" && rare(t, 4, "pointer")
		f.desc = !off("desc") && !((o.noDescInDesc || off("descindesc")) && inDesc) && rare(t, 4, "desc")
		f.bytes = f.kind.bytesOK && !off("bytes") && rare(t, 3, "bytes")
		if f.kind.unitOK && !off("unit") {
			f.unit = rapid.SampledFrom([]string{"", "", "ns", "us", "ms", "s"}).Draw(t, "unit")
		}
		if f.desc {
			opts = append(opts, "desc")
		}
		if f.bytes {
			opts = append(opts, "bytes")
		}
		if f.unit != "" {
			opts = append(opts, "unit="+f.unit)
		}
		if f.kind.ext != "" {
			opts = append(opts, f.kind.ext)
		}
	}
	if f.ptr {
		f.typ = reflect.PointerTo(f.typ)
	}
	if f.constant == nil && !off("named") && rare(t, 4, "named") {
		f.tagName = fmt.Sprintf("n%d", num)
	}
	if f.embedded && f.tagName != "" { // a name makes it a field, as in encoding/json
		f.embedded, f.anonymous = false, true
	}
	if f.constant == nil && !off("skip") && rare(t, 14, "skip") {
		f.skip = true
		f.tag = `tuple:"-"`
		return f
	}
	if f.tagName != "" || len(opts) > 0 {
		f.tag = fmt.Sprintf(`tuple:%q`, f.tagName+","+strings.Join(opts, ","))
		if len(opts) == 0 {
			f.tag = fmt.Sprintf(`tuple:%q`, f.tagName)
		}
	}
	return f
}

// badFields lists the fields (at any depth) a plan must refuse.
func (m *model) badFields() []*field {
	var out []*field
	for _, f := range m.fields {
		switch {
		case f.skip:
		case f.bad != nil:
			out = append(out, f)
		case f.nested != nil:
			out = append(out, f.nested.badFields()...)
		}
	}
	return out
}

// contested lists the fields (at any depth) that a plan may refuse or
// accept: an embedded pointer (inlined, or refused), a desc field inside
// a desc field (whose bytes the desc extension cannot hold, so Marshal
// must then fail), a string constant that is not UTF-8 (under a strict
// codec, Marshal must then fail), a struct whose fields are all skipped
// (nothing to encode, nothing lost either). A refusal must name one of
// these, or a bad field.
func (m *model) contested() []*field {
	var out []*field
	for _, f := range m.fields {
		switch {
		case f.skip:
			continue
		case f.embedded && f.ptr, f.desc && f.inDesc,
			f.constant != nil && !utf8.ValidString(fmt.Sprint(f.constant)):
			out = append(out, f)
		case f.desc && f.nested != nil && len(f.nested.descFields()) > 0,
			f.nested != nil && f.nested.elements() == 0: // a struct of skipped fields: nothing to encode
			out = append(out, f)
		}
		if f.nested != nil {
			out = append(out, f.nested.contested()...)
		}
	}
	return out
}

// elements counts the elements of m's keys at its own level.
func (m *model) elements() int {
	n := 0
	m.eachType(func(*field) { n++ })
	return n
}

// descFields lists the desc fields at any depth.
func (m *model) descFields() []*field {
	var out []*field
	for _, f := range m.fields {
		if f.skip {
			continue
		}
		if f.desc {
			out = append(out, f)
		}
		if f.nested != nil {
			out = append(out, f.nested.descFields()...)
		}
	}
	return out
}

// describe prints the model's type with its tags, for failure reports.
func (m *model) describe() string { return fmt.Sprintf("%v", m.typ) }

// tuple is the equivalent tuple of the struct value v (an addressable
// value of m.typ): what Codec.Pack must write for it. The verdict is the
// strongest any field gives.
func (m *model) tuple(v reflect.Value) (tuple.Tuple, verdict) {
	var out tuple.Tuple
	worst := encodes
	m.each(v, func(f *field, fv reflect.Value) {
		if f.optional && fv.IsNil() {
			return // left out: the key ends (optional fields after it are nil too)
		}
		e, vd := f.element(fv)
		worst = max(worst, vd)
		out = append(out, e)
	}, func(*field) { worst = max(worst, mustFail) })
	return out, worst
}

// each calls do with every field that is an element and its value,
// inlining embedded structs; nilEmbedded is called for an embedded
// pointer that is nil.
func (m *model) each(v reflect.Value, do func(f *field, fv reflect.Value), nilEmbedded func(f *field)) {
	for i, f := range m.fields {
		fv := v.Field(i)
		switch {
		case f.skip:
		case f.embedded && f.ptr && fv.IsNil():
			nilEmbedded(f)
		case f.embedded && f.ptr:
			f.nested.each(fv.Elem(), do, nilEmbedded)
		case f.embedded:
			f.nested.each(fv, do, nilEmbedded)
		default:
			do(f, fv)
		}
	}
}

// element is the element of field f holding fv.
func (f *field) element(fv reflect.Value) (any, verdict) {
	if f.constant != nil {
		return f.constant, encodes
	}
	if f.ptr {
		if fv.IsNil() {
			return nil, encodes
		}
		fv = fv.Elem()
	}
	var e any
	vd := encodes
	if f.nested != nil {
		t, v := f.nested.tuple(fv)
		e, vd = t, v
	} else {
		e, vd = f.kind.elem(fv, f)
	}
	if f.desc && !f.nilKind(fv) { // a nil *big.Int is a nil pointer: a plain null, desc or not
		e = tuple.Desc{V: e}
	}
	return e, vd
}

// nilKind reports whether fv is a nil value of a pointer kind (*big.Int):
// the type table's one pointer rule makes it a null that sorts first, as
// a nil pointer field's, desc or not.
func (f *field) nilKind(fv reflect.Value) bool {
	return f.kind != nil && f.kind.typ.Kind() == reflect.Pointer && fv.IsNil()
}

// draw draws a value of m's type, as a pointer to it.
func (m *model) draw(t *rapid.T) reflect.Value {
	p := reflect.New(m.typ)
	m.fill(t, p.Elem())
	return p
}

func (m *model) fill(t *rapid.T, v reflect.Value) {
	for i, f := range m.fields {
		fv := v.Field(i)
		if f.constant != nil || f.bad != nil || (f.skip && f.kind == nil && f.nested == nil) {
			continue
		}
		if f.ptr {
			if !f.embedded && rare(t, 3, "nil") {
				continue
			}
			if f.embedded && rare(t, 15, "nil embedded") {
				continue
			}
			fv.Set(reflect.New(fv.Type().Elem()))
			fv = fv.Elem()
		}
		if f.nested != nil {
			f.nested.fill(t, fv)
		} else {
			fv.Set(f.kind.draw(t))
		}
	}
}

// repair makes the drawn value v one that c writes: times and durations
// whole in their units, strings UTF-8 where c wants it, versionstamps
// complete, embedded pointers set.
func (m *model) repair(v reflect.Value, c tuple.Codec) {
	for i, f := range m.fields {
		fv := v.Field(i)
		if f.constant != nil || f.bad != nil || f.skip {
			continue
		}
		if f.ptr && fv.IsNil() {
			if !f.embedded {
				continue
			}
			fv.Set(reflect.New(f.nested.typ))
		}
		if f.ptr {
			fv = fv.Elem()
		}
		if f.nested != nil {
			f.nested.repair(fv, c)
			continue
		}
		unit := int64(units[f.unit])
		switch x := fv.Interface().(type) {
		case time.Time:
			q := new(big.Int).Quo(timeNs(x), big.NewInt(unit))
			ns := q.Mul(q, big.NewInt(unit))
			sec, nsec := new(big.Int).DivMod(ns, big.NewInt(1e9), new(big.Int))
			fv.Set(reflect.ValueOf(time.Unix(sec.Int64(), nsec.Int64())))
		case time.Duration:
			fv.SetInt(fv.Int() - fv.Int()%unit)
		case types.Versionstamp:
			if !x.IsComplete() {
				x.TransactionVersion[9] = 0xFE
				fv.Set(reflect.ValueOf(x))
			}
		}
		if fv.Kind() == reflect.String && !f.bytes && !c.AllowInvalidUTF8 {
			fv.SetString(strings.ToValidUTF8(fv.String(), "?"))
		}
	}
}

// compare orders two values of m's type as their keys must sort: field
// by field, a nil pointer (a null) first, desc fields reversed.
func (m *model) compare(a, b reflect.Value) int {
	var fa, fb []reflect.Value
	var fields []*field
	m.each(a, func(f *field, fv reflect.Value) { fa, fields = append(fa, fv), append(fields, f) }, func(*field) {})
	m.each(b, func(f *field, fv reflect.Value) { fb = append(fb, fv) }, func(*field) {})
	for i, f := range fields {
		if c := f.compare(fa[i], fb[i]); c != 0 {
			return c
		}
	}
	return 0
}

func (f *field) compare(a, b reflect.Value) int {
	if f.constant != nil {
		return 0
	}
	if f.ptr {
		if a.IsNil() || b.IsNil() {
			return cmpBool(!a.IsNil(), !b.IsNil())
		}
		a, b = a.Elem(), b.Elem()
	}
	if f.nilKind(a) || f.nilKind(b) {
		return cmpBool(!f.nilKind(a), !f.nilKind(b))
	}
	var c int
	if f.nested != nil {
		c = f.nested.compare(a, b)
	} else {
		c = f.kind.cmp(a, b)
	}
	if f.desc {
		return -c
	}
	return c
}

// fits reports whether the tuple Unpack returned (u) is one a plan of m
// reads: element by element, each of a kind and range its field holds.
func (m *model) fits(u tuple.Tuple) bool {
	var fields []*field
	m.eachType(func(f *field) { fields = append(fields, f) })
	if len(u) != len(fields) {
		return false
	}
	for i, f := range fields {
		if !f.fits(u[i]) {
			return false
		}
	}
	return true
}

// eachType is each over the type: every element field, embedded inlined.
func (m *model) eachType(do func(f *field)) {
	for _, f := range m.fields {
		switch {
		case f.skip:
		case f.embedded:
			f.nested.eachType(do)
		default:
			do(f)
		}
	}
}

func (f *field) fits(e any) bool {
	if f.constant != nil {
		return sameElem(e, f.constant)
	}
	if e == nil && (f.ptr || f.kind != nil && f.kind.typ.Kind() == reflect.Pointer) {
		return true
	}
	if f.desc {
		d, ok := e.(tuple.Desc)
		if !ok {
			return false
		}
		e = d.V
	}
	if f.nested != nil {
		u, ok := e.(tuple.Tuple)
		return ok && f.nested.fits(u)
	}
	return f.kind.fits(e, f)
}

// sameElem reports whether two elements are the same bit for bit (floats
// by bits, decimals by value, descending elements by what they wrap).
func sameElem(a, b any) bool {
	switch a := a.(type) {
	case tuple.Desc:
		d, ok := b.(tuple.Desc)
		return ok && sameElem(a.V, d.V)
	case decimal.Decimal:
		d, ok := b.(decimal.Decimal)
		return ok && a.Equal(d)
	case tuple.Tuple:
		u, ok := b.(tuple.Tuple)
		return ok && sameTuple(a, u)
	}
	return identical(tuple.Tuple{a}, tuple.Tuple{b})
}

func sameTuple(a, b tuple.Tuple) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !sameElem(a[i], b[i]) {
			return false
		}
	}
	return true
}

// rare draws a choice that is true once in n+1, and false where rapid
// shrinks: a failing case shrinks to the plain field, not the odd one.
func rare(t *rapid.T, n int, label string) bool { return rapid.IntRange(0, n).Draw(t, label) == n }
