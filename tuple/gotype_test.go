package tuple_test

// TestTypeTable walks a list of Go types, of every kind, named and not,
// pointers, arrays of named bytes and the standard library's, through
// every path that turns a Go value into an element or back (Pack,
// Codec.Pack, AppendElems, Scan, a Plan, Compare, the text form, JSON),
// and checks that they agree with the one table: each accepts or refuses
// as its row says, and those that accept write the same bytes.

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/big"
	"net/netip"
	"reflect"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
)

type (
	nInt   int64
	nUint  uint16
	nStr   string
	nBytes []byte
	nF32   float32
	nF64   float64
	nBool  bool
	nTuple []any
)

// cents is a custom element type: an integer element of its own methods.
type cents struct{ n int64 }

func (c cents) AppendTupleElement(dst []byte) ([]byte, error) {
	return tuplewire.AppendInt(dst, c.n), nil
}

func (c *cents) ScanTupleElement(elem []byte) error {
	v, _, err := tuplewire.ConsumeInt(elem)
	c.n = v
	return err
}

// keyOf is an fdb.KeyConvertible that is no byte slice, as a subspace.
type keyOf struct{ k []byte }

func (k keyOf) FDBKey() fdb.Key { return k.k }

// A verdict says which paths take a row.
type verdict uint8

const (
	all       verdict = iota // every path
	none                     // every path refuses, with ErrUnsupportedType
	planOnly                 // a struct: a Plan's nested tuple, refused elsewhere
	notStack                 // a custom type: Scan and AppendElems take it as tuple.Element(&v), since they call no method of a plain argument
	writeOnly                // written by Pack, Compare, text and JSON, never read back (nor by AppendElems, which calls no method)
	notScan                  // a pointer to a named type: Scan stores no pointer it cannot type (**T is for the standard types)
)

type tableRow struct {
	name string
	typ  reflect.Type // the static type (of a Plan's field, a Scan destination)
	v    any          // a value of it (for an interface type, what it holds)
	want verdict
}

func goRow[T any](name string, v T, want verdict) tableRow {
	return tableRow{name: name, typ: reflect.TypeFor[T](), v: v, want: want}
}

func typeTableRows() []tableRow {
	n := int64(-7)
	s := "s"
	ni := nInt(3)
	var nilInt *int64
	t0 := time.Date(2026, 11, 23, 20, 45, 0, 123, time.UTC)
	return []tableRow{
		goRow("bool", true, all),
		goRow("int", int(-1), all),
		goRow("int8", int8(-8), all),
		goRow("int16", int16(300), all),
		goRow("int32", int32(-70000), all),
		goRow("int64", int64(1)<<40, all),
		goRow("uint", uint(1), all),
		goRow("uint8", uint8(200), all),
		goRow("uint16", uint16(60000), all),
		goRow("uint32", uint32(1)<<31, all),
		goRow("uint64", uint64(1)<<63, all),
		goRow("uintptr", uintptr(1), none),
		goRow("float32", float32(1.5), all),
		goRow("float64", -2.25, all),
		goRow("complex64", complex64(1), none),
		goRow("complex128", complex(1, 2), none),
		goRow("string", "héllo", all),
		goRow("[]byte", []byte("a\x00b"), all),
		goRow("[16]byte", [16]byte{1, 15: 2}, all),
		goRow("[4]byte", [4]byte{}, none),
		goRow("[16]myByte", id16{3}, all),
		goRow("[]int", []int{1}, none),
		goRow("map", map[string]int{"a": 1}, none),
		goRow("chan", make(chan int), none),
		goRow("func", func() {}, none),
		{name: "any", typ: reflect.TypeFor[any](), v: int64(5), want: all},
		goRow("error (an interface with methods)", error(nil), none),
		goRow("named int64", nInt(9), all),
		goRow("named uint16", nUint(9), all),
		goRow("named string", nStr("x"), all),
		goRow("named []byte", nBytes("y"), all),
		goRow("named float32", nF32(0.25), all),
		goRow("named float64", nF64(0.5), all),
		goRow("named bool", nBool(true), all),
		goRow("named []any", nTuple{"a", int64(1)}, all),
		goRow("*int64", &n, all),
		goRow("*int64 nil", nilInt, all),
		goRow("*string", &s, all),
		goRow("*named int64", &ni, notScan),
		goRow("**int64", &nilInt, none),
		goRow("struct", struct {
			A int64
			B string
		}{1, "b"}, planOnly),
		goRow("struct{}", struct{}{}, none),
		goRow("time.Time", t0, all),
		goRow("time.Duration", 90*time.Second, all),
		goRow("netip.Addr", netip.MustParseAddr("10.0.0.1"), none),
		goRow("big.Float", *big.NewFloat(1.5), none),
		goRow("big.Int", *big.NewInt(-300), all),
		goRow("*big.Int", big.NewInt(1<<40), all),
		goRow("decimal.Decimal", decimal.RequireFromString("1.5"), none),
		goRow("uuid.UUID", uuid.UUID{9, 15: 9}, all),
		goRow("Versionstamp", tuple.Versionstamp{TransactionVersion: [10]byte{1}, UserVersion: 2}, all),
		goRow("Tuple", tuple.Tuple{"n", nil, tuple.Tuple{int64(1)}}, all),
		goRow("fdb.Key", fdb.Key("k"), all),
		goRow("fdb.KeyConvertible", keyOf{[]byte("k")}, writeOnly),
		goRow("custom", cents{42}, notStack),
	}
}

func TestTypeTable(t *testing.T) {
	for _, r := range typeTableRows() {
		t.Run(r.name, func(t *testing.T) { checkRow(t, r) })
	}
}

func checkRow(t *testing.T, r tableRow) {
	writes := r.want == all || r.want == notStack || r.want == writeOnly || r.want == notScan
	isIface := r.typ.Kind() == reflect.Interface

	// Pack, Codec.Pack and the panicking Tuple.Pack.
	key, err := (tuple.Codec{}).Pack(tuple.Tuple{r.v})
	if isIface && r.v == nil {
		writes = true // a nil interface is a null, whatever its static type
	}
	if writes != (err == nil) {
		t.Fatalf("Codec.Pack: %x, %v; want accepted=%v", key, err, writes)
	}
	if err != nil && !errors.Is(err, tuple.ErrUnsupportedType) {
		t.Errorf("Codec.Pack: %v, want ErrUnsupportedType", err)
	}
	func() {
		defer func() {
			if p := recover(); (p == nil) != writes {
				t.Errorf("Tuple.Pack: panic %v, want accepted=%v", p, writes)
			}
		}()
		if got := (tuple.Tuple{r.v}).Pack(); !bytes.Equal(got, key) {
			t.Errorf("Tuple.Pack = %x, Codec.Pack %x", got, key)
		}
	}()

	// AppendElems: what Pack writes, but for the rows that need a method
	// of the value.
	stack := r.want == all || r.want == notScan || (isIface && r.v == nil)
	buf, err := tuple.AppendElems([]byte("p"), r.v)
	if stack != (err == nil) {
		t.Errorf("AppendElems: %x, %v; want accepted=%v", buf, err, stack)
	}
	if err == nil && !bytes.Equal(buf[1:], key) {
		t.Errorf("AppendElems = %x, Pack %x", buf[1:], key)
	}
	if err != nil && !errors.Is(err, tuple.ErrUnsupportedType) {
		t.Errorf("AppendElems: %v, want ErrUnsupportedType", err)
	}
	if r.want == notStack { // a custom type: through tuple.Element, the same bytes both ways
		p := reflect.New(r.typ)
		p.Elem().Set(reflect.ValueOf(r.v))
		el := tuple.Element(p.Interface().(tuple.ElementScanner))
		if buf, err := tuple.AppendElems(nil, el); err != nil || !bytes.Equal(buf, key) {
			t.Errorf("AppendElems(Element) = %x, %v; want %x", buf, err, key)
		}
		q := reflect.New(r.typ)
		err := tuple.Scan(key, tuple.Element(q.Interface().(tuple.ElementScanner)))
		if err != nil || !reflect.DeepEqual(q.Elem().Interface(), r.v) {
			t.Errorf("Scan(Element) = %v, %v; want %v", q.Elem().Interface(), err, r.v)
		}
	}

	// Compare, the text form and JSON: the value as the element it
	// writes, read back.
	var elem any
	if writes {
		back, err := tuple.Unpack(key)
		if err != nil || len(back) != 1 {
			t.Fatalf("Unpack(%x) = %v, %v", key, back, err)
		}
		elem = back[0]
		if c := tuple.Compare(tuple.Tuple{r.v}, back); c != 0 {
			t.Errorf("Compare with its decoded element %#v = %d", elem, c)
		}
		txt, err := tuple.AppendElementText(nil, r.v)
		want, _ := tuple.AppendElementText(nil, elem)
		if err != nil || !bytes.Equal(txt, want) {
			t.Errorf("text form %s, %v; want %s", txt, err, want)
		}
		js, err := json.Marshal(tuple.Tuple{r.v})
		wantJS, _ := json.Marshal(back)
		if err != nil || !bytes.Equal(js, wantJS) {
			t.Errorf("JSON %s, %v; want %s", js, err, wantJS)
		}
	} else {
		if _, err := tuple.AppendElementText(nil, r.v); !errors.Is(err, tuple.ErrUnsupportedType) {
			t.Errorf("text form: %v, want ErrUnsupportedType", err)
		}
		if _, err := json.Marshal(tuple.Tuple{r.v}); err == nil {
			t.Errorf("JSON accepted it")
		}
	}

	// A Plan of one field of the static type.
	st := reflect.StructOf([]reflect.StructField{{Name: "F", Type: r.typ}})
	plan, err := tuple.NewDynamicPlan(tuple.Codec{}, st)
	plans := r.want == all || r.want == notStack || r.want == planOnly || r.want == notScan
	if plans != (err == nil) {
		t.Fatalf("NewDynamicPlan: %v; want accepted=%v", err, plans)
	}
	if err != nil && !errors.Is(err, tuple.ErrUnsupportedType) {
		t.Errorf("NewDynamicPlan: %v, want ErrUnsupportedType", err)
	}
	if plans {
		in := reflect.New(st)
		if r.v != nil {
			in.Elem().Field(0).Set(reflect.ValueOf(r.v))
		}
		pk, err := plan.Marshal(in.Interface())
		want := key
		if r.want == planOnly {
			want = planOnlyKey(t, r.v)
		}
		if err != nil || !bytes.Equal(pk, want) {
			t.Fatalf("Plan.Marshal = %x, %v; want %x", pk, err, want)
		}
		out := reflect.New(st)
		if err := plan.Unmarshal(pk, out.Interface()); err != nil {
			t.Fatalf("Plan.Unmarshal: %v", err)
		}
		if again, err := plan.Marshal(out.Interface()); err != nil || !bytes.Equal(again, pk) {
			t.Errorf("Plan writes back %x, %v; want %x", again, err, pk)
		}
	}

	// Scan into a variable of the static type.
	dst := reflect.New(r.typ)
	scanKey := key
	if !writes {
		scanKey = tuple.Tuple{int64(1)}.Pack() // any element: the type is refused first
	}
	err = tuple.Scan(scanKey, dst.Interface())
	if scans := r.want == all; scans != (err == nil) {
		t.Fatalf("Scan: %v; want accepted=%v", err, scans)
	}
	if err == nil {
		again, err := tuple.AppendElems(nil, dst.Elem().Interface())
		if err != nil || !bytes.Equal(again, key) {
			t.Errorf("Scan read back as %x, %v; want %x", again, err, key)
		}
	} else if !errors.Is(err, tuple.ErrUnsupportedType) && !errors.Is(err, tuple.ErrWrongType) {
		t.Errorf("Scan: %v, want ErrUnsupportedType", err)
	}
}

// planOnlyKey is the key of a one-field plan of the struct v: its
// exported fields as a nested tuple.
func planOnlyKey(t *testing.T, v any) []byte {
	rv := reflect.ValueOf(v)
	var inner tuple.Tuple
	for i := range rv.NumField() {
		inner = append(inner, rv.Field(i).Interface())
	}
	key, err := (tuple.Codec{}).Pack(tuple.Tuple{inner})
	if err != nil {
		t.Fatal(err)
	}
	return key
}
