package property_test

// The verdict on every standard-library type people put in keys: either
// supported and proven (the plan round-trips it, writes what Codec.Pack
// writes for its element, sorts as its values do, and AppendElems and
// Scan agree with the plan), or refused by the plan with an error that
// names the field, its type and a fix, and by AppendElems and Scan too.
// Nothing that would lose data is accepted.

import (
	"bytes"
	"fmt"
	"math/big"
	"net/netip"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"
	"pgregory.net/rapid"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/subspace"
	"github.com/fdbtuple/fdbtuple/tuple"
)

type (
	// region and Region are embedded behind pointers: the unexported one
	// cannot be set by a decoder, the exported one is inlined.
	region           struct{ Region string }
	Region           struct{ Region string }
	keyUnexportedPtr struct {
		*region
		ID int64
	}
	keyExportedPtr struct {
		*Region
		ID int64
	}
)

// A keyVerdict is what the table says of a type.
type keyVerdict int

const (
	supported        keyVerdict = iota // accepted, and proven
	refused                            // refused with a helpful error
	inlinedOrRefused                   // an embedded pointer: inlined and proven, or refused
	eitherProven                       // the issue is silent: refused, or accepted and proven
)

type keyTypeRow struct {
	name    string
	model   *model // the key struct; its first element field is the one judged
	verdict keyVerdict
	value   any // a value of the judged field's type, for AppendElems and Scan; nil: skip those
}

// single is the model of a struct of one field F of kind k, with the
// tag options opts.
func single(kindName string, ptr bool, opts ...string) *model {
	k := kindNamed(kindName)
	f := &field{name: "F", kind: k, typ: k.typ, ptr: ptr}
	for _, o := range opts {
		switch {
		case o == "desc":
			f.desc = true
		case o == "bytes":
			f.bytes = true
		case strings.HasPrefix(o, "unit="):
			f.unit = strings.TrimPrefix(o, "unit=")
		}
	}
	if k.ext != "" {
		opts = append(opts, k.ext)
	}
	if ptr {
		f.typ = reflect.PointerTo(f.typ)
	}
	if len(opts) > 0 {
		f.tag = fmt.Sprintf(`tuple:",%s"`, strings.Join(opts, ","))
	}
	m := &model{fields: []*field{f}}
	m.typ = reflect.StructOf([]reflect.StructField{{Name: "F", Type: f.typ, Tag: reflect.StructTag(f.tag)}})
	return m
}

func kindNamed(name string) *kind {
	for _, k := range append(supportedKinds, integerKind[uintptr]("uintptr")) {
		if k.name == name {
			return k
		}
	}
	panic("no kind " + name)
}

// unsupported is the model of a struct of one field F of type T, which
// the plan must refuse.
func unsupported[T any](name string, value T) keyTypeRow {
	typ := reflect.TypeFor[T]()
	f := &field{name: "F", typ: typ, bad: &badKind{name: name, typ: typ}}
	m := &model{fields: []*field{f}, typ: reflect.StructOf([]reflect.StructField{{Name: "F", Type: typ}})}
	return keyTypeRow{name: name, model: m, verdict: refused, value: value}
}

// embeddedModel is the model of a key type embedding *Region or *region.
func embeddedModel(typ reflect.Type, name string) *model {
	inner := &model{fields: []*field{{name: "Region", kind: kindNamed("string"), typ: reflect.TypeFor[string]()}}, typ: typ.Field(0).Type.Elem()}
	return &model{typ: typ, fields: []*field{
		{name: name, embedded: true, ptr: true, nested: inner, typ: typ.Field(0).Type},
		{name: "ID", kind: kindNamed("int64"), typ: reflect.TypeFor[int64]()},
	}}
}

func keyTypeRows() []keyTypeRow {
	bf := big.NewFloat(1.5)
	return []keyTypeRow{
		{name: "time.Time", model: single("time", false), value: time.Unix(1700000000, 123456789).UTC()},
		{name: "*time.Time", model: single("time", true)},
		{name: "time.Time unit=ms", model: single("time", false, "unit=ms")},
		{name: "time.Time unit=s desc", model: single("time", false, "unit=s", "desc")},
		{name: "time.Duration", model: single("duration", false), value: 90 * time.Second},
		{name: "time.Duration unit=us", model: single("duration", false, "unit=us")},
		{name: "big.Int", model: single("bigint", false)},
		{name: "*big.Int", model: single("*bigint", false), value: big.NewInt(-7)},
		{name: "decimal.Decimal ext=0x40", model: single("decimal", false)},
		{name: "[16]byte", model: single("[16]byte", false), value: [16]byte{1, 2, 3}},
		{name: "[16]keyByte", model: single("keyID16", false), value: keyID16{1, 2, 3}},
		{name: "uuid.UUID", model: single("uuid", false), value: uuid.UUID{9}},
		{name: "any", model: single("any", false), value: any("x")},
		{name: "float32 named", model: single("keyScore", false), value: keyScore(1.5)},
		{name: "custom ElementAppender", model: single("celsius", false), value: celsius{-2500}},
		{name: "uintptr", model: single("uintptr", false), verdict: eitherProven, value: uintptr(7)},
		{name: "embedded *Exported", model: embeddedModel(reflect.TypeFor[keyExportedPtr](), "Region"), verdict: inlinedOrRefused},
		{name: "embedded *unexported", model: embeddedModel(reflect.TypeFor[keyUnexportedPtr](), "region"), verdict: refused},
		unsupported("netip.Addr", netip.MustParseAddr("10.0.0.1")),
		unsupported("big.Float", *bf),
		unsupported("*big.Float", bf),
		unsupported("decimal.Decimal without ext", decimal.RequireFromString("1.5")),
		unsupported("[0]byte", [0]byte{}),
		unsupported("[1]byte", [1]byte{1}),
		unsupported("[8]byte", [8]byte{1}),
		unsupported("[20]byte", [20]byte{1}),
		unsupported("[32]byte", [32]byte{1}),
		unsupported("map[string]int", map[string]int{"a": 1}),
		unsupported("map[string]any", map[string]any{"a": 1}),
		unsupported("[]int", []int{1}),
		unsupported("[]string", []string{"a"}),
		unsupported("[]uuid.UUID", []uuid.UUID{{1}}),
		unsupported[error]("error", fmt.Errorf("e")),
		unsupported[fmt.Stringer]("fmt.Stringer", netip.MustParseAddr("10.0.0.1")),
		unsupported("func", func() {}),
		unsupported("chan", make(chan int)),
		unsupported("complex64", complex64(1)),
		unsupported("complex128", complex(1, 2)),
		unsupported("unexported fields only", keyOpaque{1}),
		unsupported("*unexported fields only", &keyOpaque{1}),
		unsupported("struct{} without const", struct{}{}),
		unsupported("*struct{}", &struct{}{}),
	}
}

// fixHints are the words of an error that says what to do.
var fixHints = []string{"ElementAppender", "ElementScanner", `"-"`, "ext=", "const"}

func TestKeyTypes(t *testing.T) {
	for _, row := range keyTypeRows() {
		t.Run(row.name, func(t *testing.T) {
			m := row.model
			judged := m.fields[0]
			p, err := tuple.NewDynamicPlan(extCodec, m.typ)
			switch {
			case err != nil && (row.verdict == supported):
				t.Fatalf("NewDynamicPlan refuses %v, a supported type: %v", m.typ, err)
			case err != nil:
				msg := err.Error()
				if !strings.Contains(msg, judged.name) || !strings.Contains(msg, judged.typ.String()) {
					t.Errorf("the error does not name the field %s and its type %v: %v", judged.name, judged.typ, err)
				}
				if !containsAny(msg, fixHints) {
					t.Errorf("the error does not say what to do (a tag, an extension, the ElementAppender interface): %v", err)
				}
				crossRefused(t, row)
				return
			case row.verdict == refused:
				t.Fatalf("NewDynamicPlan accepts %v, whose field %s (%v) no element holds faithfully; schema %s", m.typ, judged.name, judged.typ, p.Schema())
			}
			rapid.Check(t, func(rt *rapid.T) {
				valueRoundTrip(rt, extCodec, m, p)
				sorts(rt, extCodec, m, p)
			})
			crossAccepted(t, row, p)
		})
	}
}

func containsAny(s string, subs []string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// crossAccepted: AppendElems writes the plan's bytes for the judged
// value, and Scan into the field's type reads it back.
func crossAccepted(t *testing.T, row keyTypeRow, p *tuple.DynamicPlan) {
	if row.value == nil {
		return
	}
	v := reflect.New(row.model.typ)
	v.Elem().Field(0).Set(reflect.ValueOf(row.value))
	key, err := p.Marshal(v.Interface())
	if err != nil {
		t.Fatalf("Marshal of %v: %v", row.value, err)
	}
	// Scan and AppendElems call no method of a plain argument (which
	// would move every argument to the heap): a custom type goes through
	// tuple.Element.
	val := any(row.value)
	dst := reflect.New(reflect.TypeOf(row.value))
	scanDst := dst.Interface()
	if sc, ok := scanDst.(tuple.ElementScanner); ok {
		own := reflect.New(reflect.TypeOf(row.value))
		own.Elem().Set(reflect.ValueOf(row.value))
		val, scanDst = tuple.Element(own.Interface().(tuple.ElementScanner)), tuple.Element(sc)
	}
	if got, err := tuple.AppendElems(nil, val); err != nil || !bytes.Equal(got, key) {
		t.Errorf("AppendElems(%#v) = %x, %v; the plan writes %x", row.value, got, err, key)
	}
	if err := catch(func() error { return extCodec.Scan(key, scanDst) }); err != nil {
		t.Errorf("Scan of %x into %v: %v", key, dst.Type(), err)
		return
	}
	readBack := dst.Elem().Interface()
	if sc, ok := dst.Interface().(tuple.ElementScanner); ok {
		readBack = tuple.Element(sc)
	}
	if again, err := tuple.AppendElems(nil, readBack); err != nil || !bytes.Equal(again, key) {
		t.Errorf("Scan of %x reads %#v, which appends as %x, %v", key, dst.Elem().Interface(), again, err)
	}
}

// crossRefused: AppendElems and Scan refuse the judged type too.
func crossRefused(t *testing.T, row keyTypeRow) {
	if row.value == nil {
		return
	}
	if got, err := tuple.AppendElems(nil, row.value); err == nil {
		t.Errorf("AppendElems(%#v) = %x, although the plan refuses its type", row.value, got)
	}
	dst := reflect.New(reflect.TypeOf(row.value))
	for _, key := range [][]byte{{0x14}, {0x02, 'a', 0x00}, {0x05, 0x00}, {0x01, 0x00}} {
		if err := catch(func() error { return tuple.Scan(key, dst.Interface()) }); err == nil {
			t.Errorf("Scan of %x into %v succeeds (%#v), although the plan refuses the type", key, dst.Type(), dst.Elem().Interface())
		}
	}
}

// catch turns a panic into an error.
func catch(f func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return f()
}

// A forgotten & is an error, never a constant that happens to match: the
// caller's variable would silently stay unset.
func TestScanForgottenAmpersand(t *testing.T) {
	key, err := tuple.Codec{}.Pack(tuple.Tuple{"ada", 7})
	if err != nil {
		t.Fatal(err)
	}
	s, n := "ada", int64(0)
	if err := catch(func() error { return tuple.Scan(key, s, &n) }); err == nil {
		t.Errorf("Scan(key, s, &n) with s a string, not *string: no error (n = %d)", n)
	}
	if err := catch(func() error { return tuple.Scan(key, &s, n) }); err == nil {
		t.Errorf("Scan(key, &s, n) with n an int64, not *int64: no error")
	}
	// Nor does a string that is not UTF-8 match a key that strict Unpack
	// refuses, by any path.
	bad := []byte{0x02, 0xFF, 0x00}
	if _, err := tuple.Unpack(bad); err == nil {
		t.Fatalf("Unpack accepts %x", bad)
	}
	if err := catch(func() error { return tuple.Scan(bad, "\xff") }); err == nil {
		t.Errorf("Scan(%x, \"\\xff\") matches a key strict Unpack refuses", bad)
	}
}

// What subspace.Pack writes (strings as the official binding writes
// them, UTF-8 or not), subspace.Unpack reads back.
func TestSubspaceReadsWhatItPacks(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		tup := edgeTuple.Draw(t, "t")
		sub := subspace.FromBytes([]byte("p\x00"))
		key, ok := try(func() []byte { return sub.Pack(tup) })
		if !ok {
			return // Pack panics on what it cannot encode, as the official binding does
		}
		if _, err := sub.Unpack(fdb.Key(key)); err != nil {
			t.Fatalf("subspace Pack of %s writes %x, which its Unpack refuses: %v", tuple.Codec{AllowInvalidUTF8: true}.Format(tup), key, err)
		}
	})
}

// The schema shows what changes the bytes: two types whose keys differ
// never print the same schema, so a golden test sees the change.
func TestSchemaShowsWhatChangesBytes(t *testing.T) {
	idInt := func() reflect.Type {
		type ID int64
		return reflect.TypeFor[struct{ ID ID }]()
	}()
	idString := func() reflect.Type {
		type ID string
		return reflect.TypeFor[struct{ ID ID }]()
	}()
	pairs := [][2]reflect.Type{
		{idInt, idString},
		{single("string", false).typ, single("string", false, "bytes").typ},
		{single("int64", false).typ, single("int64", false, "desc").typ},
		{single("duration", false).typ, single("duration", false, "unit=ms").typ},
		{single("time", false).typ, single("time", false, "unit=s").typ},
	}
	for _, pair := range pairs {
		pa, erra := tuple.NewDynamicPlan(extCodec, pair[0])
		pb, errb := tuple.NewDynamicPlan(extCodec, pair[1])
		if erra != nil || errb != nil {
			t.Errorf("NewDynamicPlan of %v, %v: %v, %v", pair[0], pair[1], erra, errb)
			continue
		}
		if pa.Schema() == pb.Schema() {
			t.Errorf("%v and %v write different keys, but both print the schema %s", pair[0], pair[1], pa.Schema())
		}
	}
}
