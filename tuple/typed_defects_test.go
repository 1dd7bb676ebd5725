package tuple_test

// One test per defect of the typed-keys issue (#27), each of the class
// that would have caught it: a round trip through the plan's own bytes,
// an agreement with Unpack, or an error asserted with errors.Is.

import (
	"bytes"
	"errors"
	"math"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/tupledecimal"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
)

// roundTrip marshals v with p, unmarshals the key into a new T and
// marshals that again: the plan must read every key it writes, and write
// it back byte for byte.
func roundTrip[T any](t *testing.T, p *tuple.Plan[T], v T) (T, []byte) {
	t.Helper()
	key, err := p.Marshal(&v)
	if err != nil {
		t.Fatalf("Marshal(%+v): %v", v, err)
	}
	var back T
	if err := p.Unmarshal(key, &back); err != nil {
		t.Fatalf("Unmarshal(%x): %v", key, err)
	}
	again, err := p.Marshal(&back)
	if err != nil || !bytes.Equal(again, key) {
		t.Fatalf("Marshal of the decoded %+v = %x, %v; want %x", back, again, err, key)
	}
	return back, key
}

func mustPlan[T any](t *testing.T, c tuple.Codec) *tuple.Plan[T] {
	t.Helper()
	p, err := tuple.NewPlan[T](c)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// Silent loss: a time.Time was an empty nested tuple, every instant the
// same key.
func TestDefectTimeIsAnInteger(t *testing.T) {
	type Event struct {
		Name string
		At   time.Time
	}
	p := mustPlan[Event](t, tuple.Codec{})
	if got, want := p.Schema(), "(Name string, At time(ns))"; got != want {
		t.Errorf("Schema = %s, want %s", got, want)
	}
	for _, at := range []time.Time{
		time.Date(2026, 11, 23, 20, 45, 36, 123456789, time.UTC),
		time.Unix(0, 0).UTC(),
		time.Unix(-1, 999_999_999).UTC(),
		{}, // year 1: beyond int64 nanoseconds, a big integer
		time.Date(3000, 1, 1, 0, 0, 0, 1, time.UTC),
	} {
		back, key := roundTrip(t, p, Event{"x", at})
		if !back.At.Equal(at) || back.At.Location() != time.UTC {
			t.Errorf("%v came back as %v", at, back.At)
		}
		// A plain integer element: nanoseconds since the Unix epoch.
		want := new(big.Int).Mul(big.NewInt(at.Unix()), big.NewInt(1e9))
		want.Add(want, big.NewInt(int64(at.Nanosecond())))
		if wantKey, err := (tuple.Codec{}).Pack(tuple.Tuple{"x", want}); err != nil || !bytes.Equal(key, wantKey) {
			t.Errorf("%v: key %x, want %x (%v)", at, key, wantKey, err)
		}
	}
	a, _ := p.Marshal(&Event{"x", time.Unix(1, 0)})
	b, _ := p.Marshal(&Event{"x", time.Unix(2, 0)})
	if bytes.Compare(a, b) >= 0 {
		t.Errorf("keys of two instants %x, %x: not in time order", a, b)
	}
}

func TestTimeUnits(t *testing.T) {
	type K struct {
		At  time.Time     `tuple:",unit=ms"`
		TTL time.Duration `tuple:",unit=s"`
		Raw time.Duration
	}
	p := mustPlan[K](t, tuple.Codec{})
	if got, want := p.Schema(), "(At time(ms), TTL duration(s), Raw duration(ns))"; got != want {
		t.Errorf("Schema = %s, want %s", got, want)
	}
	v := K{time.UnixMilli(1700000000123).UTC(), 90 * time.Second, time.Nanosecond}
	back, key := roundTrip(t, p, v)
	if !back.At.Equal(v.At) || back.TTL != v.TTL || back.Raw != v.Raw {
		t.Errorf("round trip %+v, want %+v", back, v)
	}
	want := tuple.Tuple{int64(1700000000123), 90, 1}.Pack()
	if !bytes.Equal(key, want) {
		t.Errorf("key %x, want %x", key, want)
	}
	for _, bad := range []K{{At: time.UnixMilli(1).Add(time.Microsecond)}, {TTL: 1500 * time.Millisecond}} {
		if _, err := p.Marshal(&bad); !errors.Is(err, tuple.ErrInexact) {
			t.Errorf("Marshal(%+v) = %v, want ErrInexact (never truncated)", bad, err)
		}
	}
	type BadUnit struct {
		N int64 `tuple:",unit=ms"`
	}
	if _, err := tuple.NewPlan[BadUnit](tuple.Codec{}); !errors.Is(err, tuple.ErrBadTag) {
		t.Errorf("unit on an int64: %v, want ErrBadTag", err)
	}
	// A key too large for a time.Time is ErrOutOfRange, not a wrapped time.
	var k K
	huge := tuple.Tuple{new(big.Int).Lsh(big.NewInt(1), 100), 0, 0}.Pack()
	if err := p.Unmarshal(huge, &k); !errors.Is(err, tuple.ErrOutOfRange) {
		t.Errorf("Unmarshal of 2^100 ms: %v, want ErrOutOfRange", err)
	}
}

// Silent loss: a decimal without ext= was an empty nested tuple.
func TestDefectDecimalNeedsItsExtension(t *testing.T) {
	type Price struct {
		Item   string
		Amount decimal.Decimal
	}
	_, err := tuple.NewPlan[Price](tuple.Codec{})
	if !errors.Is(err, tuple.ErrUnsupportedType) || !strings.Contains(err.Error(), "tupledecimal") || !strings.Contains(err.Error(), "Amount") {
		t.Fatalf("NewPlan without ext: %v; want ErrUnsupportedType naming the field and tupledecimal", err)
	}
	type Priced struct {
		Item   string
		Amount decimal.Decimal `tuple:",ext=0x40"`
	}
	codec := tuple.Codec{Extensions: []tuple.Extension{tupledecimal.Extension(tupledecimal.DefaultCode)}}
	p := mustPlan[Priced](t, codec)
	back, _ := roundTrip(t, p, Priced{"tea", decimal.RequireFromString("19.99")})
	if !back.Amount.Equal(decimal.RequireFromString("19.99")) {
		t.Errorf("decimal came back as %v", back.Amount)
	}
	if got, want := p.Schema(), "(Item string, Amount ext(0x40))"; got != want {
		t.Errorf("Schema = %s, want %s", got, want)
	}
	if _, err := tuple.NewPlan[Priced](tuple.Codec{}); !errors.Is(err, tuple.ErrNoExtension) {
		t.Errorf("ext=0x40 without the extension: %v, want ErrNoExtension", err)
	}
	if _, err := (tuple.Codec{}).Pack(tuple.Tuple{decimal.RequireFromString("1")}); !errors.Is(err, tuple.ErrUnsupportedType) {
		t.Errorf("Pack of a decimal without the extension: %v", err)
	}
}

// hidden has only unexported fields (which the key cannot see).
type hidden struct{ a, b int }

var _ = hidden{a: 1, b: 2}

type region struct{ Name string }

// Region is exported, for the embedded pointer case.
type Region struct{ Name string }

// Silent loss: unexported fields only, and embedded pointers.
func TestDefectNothingVanishes(t *testing.T) {
	if _, err := tuple.NewPlan[struct{ H hidden }](tuple.Codec{}); !errors.Is(err, tuple.ErrUnsupportedType) || !strings.Contains(err.Error(), "field H") {
		t.Errorf("a struct of unexported fields: %v, want ErrUnsupportedType naming H", err)
	}
	if _, err := tuple.NewPlan[hidden](tuple.Codec{}); !errors.Is(err, tuple.ErrUnsupportedType) {
		t.Errorf("a plan of unexported fields only: %v", err)
	}
	type K1 struct {
		*region
		ID int64
	}
	if _, err := tuple.NewPlan[K1](tuple.Codec{}); !errors.Is(err, tuple.ErrUnsupportedType) {
		t.Errorf("embedded *unexported: %v, want an error", err)
	}
	type K2 struct {
		*Region
		ID int64
	}
	p := mustPlan[K2](t, tuple.Codec{})
	if got, want := p.Schema(), "(Name string, ID int64)"; got != want {
		t.Errorf("embedded *Region: Schema %s, want %s (inlined, as the doc says)", got, want)
	}
	back, key := roundTrip(t, p, K2{&Region{"eu"}, 7})
	if back.Region == nil || back.Name != "eu" || back.ID != 7 || !bytes.Equal(key, tuple.Tuple{"eu", 7}.Pack()) {
		t.Errorf("embedded *Region: %+v, %x", back, key)
	}
	if _, err := p.Marshal(&K2{ID: 7}); !errors.Is(err, tuple.ErrUnsupportedType) {
		t.Errorf("nil embedded pointer: %v, want an error, not a dropped field", err)
	}
	type K3 struct {
		_  struct{} `tuple:"USER"` // forgot ,const
		ID int64
	}
	if _, err := tuple.NewPlan[K3](tuple.Codec{}); err == nil {
		t.Errorf("a struct{} field without const: accepted")
	}
}

// Silent loss: Schema hid the kind of a named type.
func TestDefectSchemaShowsKinds(t *testing.T) {
	type IDInt int64
	type IDString string
	a := mustPlan[struct{ ID IDInt }](t, tuple.Codec{}).Schema()
	b := mustPlan[struct{ ID IDString }](t, tuple.Codec{}).Schema()
	if a == b {
		t.Errorf("Schema of ID int64 and ID string are both %s", a)
	}
}

// Panic: a nullable descending field.
func TestDefectNullableDesc(t *testing.T) {
	type K struct {
		At *int64 `tuple:",desc"`
	}
	p := mustPlan[K](t, tuple.Codec{})
	n := int64(42)
	if back, _ := roundTrip(t, p, K{&n}); back.At == nil || *back.At != 42 {
		t.Errorf("round trip %+v", back)
	}
	if back, _ := roundTrip(t, p, K{}); back.At != nil {
		t.Errorf("nil came back as %v", *back.At)
	}
	if got := p.Schema(); got != "(At *desc(int64))" {
		t.Errorf("Schema = %s", got)
	}
}

type myByte byte
type id16 [16]myByte

// Panic: Scan into an array of a named byte type.
func TestDefectScanNamedByteArray(t *testing.T) {
	u := tuple.UUID{1, 2, 3, 15: 16}
	var got id16
	if err := tuple.Scan(tuple.Tuple{u}.Pack(), &got); err != nil || got[0] != 1 || got[15] != 16 {
		t.Fatalf("Scan = %v, %v", got, err)
	}
	buf, err := tuple.AppendElems(nil, got)
	if err != nil || !bytes.Equal(buf, tuple.Tuple{u}.Pack()) {
		t.Errorf("AppendElems = %x, %v", buf, err)
	}
}

// Written but unreadable: desc inside desc, invalid UTF-8 under desc, an
// any holding nil, a nil *big.Int.
func TestDefectWrittenButUnreadable(t *testing.T) {
	type Inner struct {
		X int64 `tuple:",desc"`
	}
	type Outer struct {
		In Inner `tuple:",desc"`
	}
	if _, err := tuple.NewPlan[Outer](tuple.Codec{}); !errors.Is(err, tuple.ErrBadTag) {
		t.Errorf("desc inside desc: %v, want ErrBadTag", err)
	}
	type S struct {
		Name string `tuple:",desc"`
	}
	raw := mustPlan[S](t, tuple.Codec{AllowInvalidUTF8: true})
	if back, _ := roundTrip(t, raw, S{"\xff\xfe"}); back.Name != "\xff\xfe" {
		t.Errorf("invalid UTF-8 under desc came back as %q", back.Name)
	}
	type A struct{ V any }
	pa := mustPlan[A](t, tuple.Codec{})
	if back, _ := roundTrip(t, pa, A{}); back.V != nil {
		t.Errorf("nil any came back as %v", back.V)
	}
	type B struct{ N *big.Int }
	pb := mustPlan[B](t, tuple.Codec{})
	if back, key := roundTrip(t, pb, B{}); back.N != nil || !bytes.Equal(key, []byte{0}) {
		t.Errorf("nil *big.Int: %v, key %x; want nil and a null", back.N, key)
	}
	if back, _ := roundTrip(t, pb, B{big.NewInt(-5)}); back.N.Int64() != -5 {
		t.Errorf("*big.Int came back as %v", back.N)
	}
	if got, want := pb.Schema(), "(N *bigint)"; got != want {
		t.Errorf("Schema = %s, want %s", got, want)
	}
}

type namedF32 float32

// A named float32 keeps a signalling NaN bit for bit in a plan; Scan,
// which cannot, says so instead of changing it.
func TestDefectNamedFloat32Bits(t *testing.T) {
	snan := math.Float32frombits(0x7f800001)
	type K struct{ F namedF32 }
	p := mustPlan[K](t, tuple.Codec{})
	_, key := roundTrip(t, p, K{namedF32(snan)})
	want := tuple.Tuple{snan}.Pack()
	if !bytes.Equal(key, want) {
		t.Errorf("key %x, want %x", key, want)
	}
	packed, err := (tuple.Codec{}).Pack(tuple.Tuple{namedF32(snan)})
	if err != nil || !bytes.Equal(packed, key) {
		t.Errorf("Pack = %x, %v; want %x", packed, err, key)
	}
	var f namedF32
	if err := tuple.Scan(key, &f); err == nil && math.Float32bits(float32(f)) != 0x7f800001 {
		t.Errorf("Scan changed the NaN's bits silently: %08x", math.Float32bits(float32(f)))
	}
	// AppendElems reads a named float32 through float64 too: a NaN is
	// refused, never written with other bits; other values keep theirs.
	if out, err := tuple.AppendElems(nil, namedF32(snan)); err == nil {
		t.Errorf("AppendElems of a named float32 signalling NaN wrote %x, want an error (Pack writes %x)", out, want)
	} else if !errors.Is(err, tuple.ErrUnsupportedType) || strings.Contains(err.Error(), "integer") {
		t.Errorf("AppendElems of a named float32 NaN: %v, want ErrUnsupportedType, saying nothing of integers", err)
	}
	for _, bits := range []uint32{0x3fc00000, 0x80000000, 0x7f800000, 0x00000001} {
		v := math.Float32frombits(bits)
		out, err := tuple.AppendElems(nil, namedF32(v))
		if want := (tuple.Tuple{v}).Pack(); err != nil || !bytes.Equal(out, want) {
			t.Errorf("AppendElems(%08x) = %x, %v; want %x", bits, out, err, want)
		}
	}
}

// Disagreements with Unpack.
func TestDefectScanAgreesWithUnpack(t *testing.T) {
	lenient := tuple.Codec{Lenient: true}
	open := []byte{0x05, 0x15, 0x01} // a nested tuple with no closing 00
	if _, err := lenient.Unpack(open); err != nil {
		t.Fatal(err)
	}
	var n int64
	if err := lenient.Scan(open, []any{&n}); err != nil || n != 1 {
		t.Errorf("lenient Scan of an unterminated nested tuple: %v, %d; lenient Unpack reads it", err, n)
	}
	deep := tuple.Tuple{}
	for range tuplewire.MaxDepth + 1 {
		deep = tuple.Tuple{deep}
	}
	deepKey := bytes.Repeat([]byte{0x05}, tuplewire.MaxDepth+2)
	deepKey = append(deepKey, bytes.Repeat([]byte{0x00}, tuplewire.MaxDepth+2)...)
	if _, err := tuple.Unpack(deepKey); !errors.Is(err, tuple.ErrTooDeep) {
		t.Fatalf("Unpack of %d levels: %v", tuplewire.MaxDepth+2, err)
	}
	var tup tuple.Tuple
	var v any
	if err := tuple.Scan(deepKey, &tup); !errors.Is(err, tuple.ErrTooDeep) {
		t.Errorf("Scan into *Tuple past MaxDepth: %v", err)
	}
	if err := tuple.Scan(append([]byte{0x05}, append(deepKey, 0x00)...), []any{&v}); !errors.Is(err, tuple.ErrTooDeep) {
		t.Errorf("Scan into *any past MaxDepth: %v", err)
	}
	bad := []byte{0x02, 0xff, 0x00} // a string that is not UTF-8
	if err := tuple.Scan(bad, tuple.Const("\xff")); err == nil {
		t.Errorf("a constant holding invalid UTF-8 matched a key strict Unpack rejects")
	}
	// **T for every standard type, by one path.
	var pi8 *int8
	var pf *float32
	var pt *time.Time
	var pu *uint16
	key := tuple.Tuple{-3, float32(1.5), int64(1e9), 9}.Pack()
	if err := tuple.Scan(key, &pi8, &pf, &pt, &pu); err != nil || *pi8 != -3 || *pf != 1.5 || !pt.Equal(time.Unix(1, 0)) || *pu != 9 {
		t.Errorf("**T: %v", err)
	}
	// Unsigned constants are constants.
	type U struct {
		_ uint8 `tuple:"7,const"`
		N int64
	}
	pU := mustPlan[U](t, tuple.Codec{})
	_, uKey := roundTrip(t, pU, U{N: 1})
	if !bytes.Equal(uKey, tuple.Tuple{7, 1}.Pack()) {
		t.Errorf("unsigned constant key %x", uKey)
	}
	if got := pU.Schema(); got != "(7, N int64)" {
		t.Errorf("Schema = %s", got)
	}
}

// Errors that help: a constant by its value, what was found, English.
func TestDefectErrorsHelp(t *testing.T) {
	type K struct {
		_    struct{} `tuple:"POST,const"`
		Post int64
	}
	p := mustPlan[K](t, tuple.Codec{})
	var k K
	err := p.Unmarshal(tuple.Tuple{"USER", 1}.Pack(), &k)
	if !errors.Is(err, tuple.ErrConstMismatch) || !strings.Contains(err.Error(), `want the constant "POST", found "USER"`) {
		t.Errorf("constant mismatch: %v", err)
	}
	var s string
	err = tuple.Scan(tuple.Tuple{1}.Pack(), &s)
	if !errors.Is(err, tuple.ErrWrongType) || !strings.Contains(err.Error(), "an int element cannot go into *string") {
		t.Errorf("wrong kind: %v", err)
	}
	type D struct {
		At int64 `tuple:",desc"`
	}
	dk, _ := mustPlan[D](t, tuple.Codec{}).Marshal(&D{5})
	var at int64
	err = tuple.Codec{Extensions: []tuple.Extension{tuple.DescExtension(tuple.DefaultDescCode)}}.Scan(dk, &at)
	if !errors.Is(err, tuple.ErrWrongType) || !strings.Contains(err.Error(), "tuple.Desc") {
		t.Errorf("a descending element into *int64: %v; want a hint naming tuple.Desc", err)
	}
	if _, err := tuple.NewPlan[int](tuple.Codec{}); !errors.Is(err, tuple.ErrNotStruct) {
		t.Errorf("NewPlan[int]: %v", err)
	}
	type Sideways struct {
		A int `tuple:",sideways"`
	}
	if _, err := tuple.NewPlan[Sideways](tuple.Codec{}); !errors.Is(err, tuple.ErrBadTag) {
		t.Errorf("unknown option: %v", err)
	}
}

// Found by the random-struct suite (TestPlanBytes): lenient reading
// matches a constant by what the element reads as, as lenient Unpack
// does, in a plan and in Scan alike; and a desc any field, which writes
// nil as desc(nil), does not take a plain null (no encoder writes it
// there), in a plan or through Scan's Desc{V: &v}.
func TestDefectLenientConstantsAndDescAnyNull(t *testing.T) {
	lenient := tuple.Codec{Lenient: true}
	type K struct {
		ID int64
		_  struct{} `tuple:"A,const"`
	}
	key := []byte{0x15, 0x07, 0x02, 'A'} // the string "A" runs to the end of the key
	if got, err := lenient.Unpack(key); err != nil || len(got) != 2 || got[1] != "A" {
		t.Fatalf("lenient Unpack = %v, %v", got, err)
	}
	var k K
	if err := mustPlan[K](t, lenient).Unmarshal(key, &k); err != nil || k.ID != 7 {
		t.Errorf("lenient plan: %+v, %v; lenient Unpack reads the key", k, err)
	}
	var id int64
	if err := lenient.Scan(key, &id, tuple.Const("A")); err != nil || id != 7 {
		t.Errorf("lenient Scan with tuple.Const: %d, %v", id, err)
	}
	if err := mustPlan[K](t, tuple.Codec{}).Unmarshal(key, &k); !errors.Is(err, tuple.ErrUnterminated) && !errors.Is(err, tuple.ErrConstMismatch) {
		t.Errorf("strict plan on an unterminated constant: %v", err)
	}

	type D struct {
		V any `tuple:",desc"`
	}
	p := mustPlan[D](t, tuple.Codec{})
	nilKey, err := p.Marshal(&D{})
	if err != nil || bytes.Equal(nilKey, []byte{0x00}) {
		t.Fatalf("Marshal of a nil desc any = %x, %v", nilKey, err)
	}
	var d D
	if err := p.Unmarshal(nilKey, &d); err != nil || d.V != nil {
		t.Errorf("Unmarshal of its own nil key: %v, %v", d.V, err)
	}
	if err := p.Unmarshal([]byte{0x00}, &d); !errors.Is(err, tuple.ErrWrongType) {
		t.Errorf("plan took a plain null into a desc any: %v", err)
	}
	var v any
	if err := p.Codec().Scan([]byte{0x00}, tuple.Desc{V: &v}); !errors.Is(err, tuple.ErrWrongType) {
		t.Errorf("Scan took a plain null into Desc{V: *any}: %v", err)
	}
	var ip *int64
	if err := p.Codec().Scan([]byte{0x00}, tuple.Desc{V: &ip}); err != nil || ip != nil {
		t.Errorf("Scan of a plain null into Desc{V: **int64} (a nil pointer's key): %v, %v", ip, err)
	}
}

// Found by a new-user trial: Scan's prefix hint is for keys that carry a
// prefix, not for every error on a key that is itself a tuple of the
// scanned count; and a plan's constant mismatch on a raw prefix names the
// byte, not "a nested null".
func TestDefectHintsWhereTheyApply(t *testing.T) {
	key := tuple.Tuple{"C", int64(7)}.Pack()
	var s string
	err := tuple.Scan(key, tuple.Const("C"), &s)
	if !errors.Is(err, tuple.ErrWrongType) || strings.Contains(err.Error(), "scan key[") {
		t.Errorf("Scan of a whole key into a wrong type: %v (no prefix hint wanted)", err)
	}
	var n int64
	err = tuple.Scan(append([]byte("t/"), key...), tuple.Const("C"), &n)
	if err == nil || !strings.Contains(err.Error(), "scan key[2:]") {
		t.Errorf("Scan of a key under a raw prefix: %v (a prefix hint wanted)", err)
	}
	type K struct {
		_  struct{} `tuple:"C,const"`
		ID int64
	}
	var k K
	err = mustPlan[K](t, tuple.Codec{}).Unmarshal(append([]byte("tenant42/"), key...), &k)
	if !errors.Is(err, tuple.ErrConstMismatch) || !strings.Contains(err.Error(), "found the byte 0x74, which starts no element") || !strings.Contains(err.Error(), "Plan.Under") {
		t.Errorf("plan on a key under a raw prefix: %v", err)
	}
}

// Found by a new-user trial: an option given twice is refused (which
// unit=?), and a desc field that meets an ascending element says so.
func TestDefectTagsAndDescMismatch(t *testing.T) {
	type Twice struct {
		At time.Time `tuple:",unit=ms,unit=s"`
	}
	if _, err := tuple.NewPlan[Twice](tuple.Codec{}); !errors.Is(err, tuple.ErrBadTag) || !strings.Contains(err.Error(), "given twice") {
		t.Errorf("unit=ms,unit=s: %v", err)
	}
	type Desc struct {
		N int64 `tuple:",desc"`
	}
	var d Desc
	err := mustPlan[Desc](t, tuple.Codec{}).Unmarshal(tuple.Tuple{int64(5)}.Pack(), &d)
	if !errors.Is(err, tuple.ErrWrongType) || !strings.Contains(err.Error(), "want a descending element") {
		t.Errorf("desc field on an ascending key: %v", err)
	}
}

// Found by a new-user trial: a key cut short right after a string's type
// code, where a constant is expected, holds a string that does not end,
// not a byte that "starts no element"; the message says what framing
// found, at the constant's offset.
func TestDefectConstantCutShort(t *testing.T) {
	type K struct {
		_  struct{} `tuple:"EVT,const"`
		ID int64
	}
	p := mustPlan[K](t, tuple.Codec{})
	for _, c := range []struct{ key, want string }{
		{"\x02", "found an element that is not whole: unterminated element at offset 0 (string): no 00 terminator before the end of the input"},
		{"\x02EV", "found an element that is not whole: unterminated element at offset 0 (string): no 00 terminator before the end of the input"},
		{"\x15", "found an element that is not whole: truncated element at offset 0 (int +1 bytes): needs 1 bytes after the code, 0 remain"},
		{"\x05\x02ab", "found an element that is not whole: unterminated element at offset 1 (string)"},
	} {
		var k K
		err := p.Unmarshal([]byte(c.key), &k)
		var de *tuple.DecodeError
		if !errors.Is(err, tuple.ErrConstMismatch) || !errors.As(err, &de) || de.Offset != 0 || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "starts no element") {
			t.Errorf("key %x: %v, want ErrConstMismatch at offset 0 saying %q", c.key, err, c.want)
		}
	}
}
