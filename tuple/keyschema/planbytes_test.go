package keyschema

import (
	"bytes"
	"math/big"
	"reflect"
	"testing"
	"time"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/google/uuid"
)

// The witnesses' keys are a plan's keys: for a key struct of every kind,
// every value Diff tries has, under the plan's Schema, the bytes
// tuple.Plan's Marshal writes for the struct holding it, and the plan's
// key decodes back under the schema.
type nestedKey struct {
	Name string
	Tag  *int64
}

type everyKindKey struct {
	_      struct{} `tuple:"USER,const"`
	User   uuid.UUID
	_      struct{} `tuple:"POST,const"`
	Post   int64
	Small  int32
	Tiny   int8
	Big    uint64
	Unit   uint16
	At     int64 `tuple:",desc"`
	Note   *string
	Raw    []byte
	Flag   bool
	Score  float64
	Weight float32
	Child  nestedKey
	Maybe  *nestedKey
	When   time.Time `tuple:",unit=ms"`
	Since  *time.Time
	TTL    time.Duration `tuple:",unit=s"`
	Lag    time.Duration `tuple:",desc"`
	Any    any
	Tup    tuple.Tuple
	Huge   *big.Int
	Stamp  tuple.Versionstamp
}

const everyKindSchema = `("USER", User uuid, "POST", Post int64, Small int32, Tiny int8, Big uint64, Unit uint16, ` +
	`At desc(int64), Note *string, Raw bytes, Flag bool, Score float64, Weight float32, ` +
	`Child (Name string, Tag *int64), Maybe *(Name string, Tag *int64), When time(ms), Since *time(ns), ` +
	`TTL duration(s), Lag desc(duration(ns)), Any any, Tup tuple, Huge *bigint, Stamp versionstamp)`

func TestWitnessKeysArePlanKeys(t *testing.T) {
	codec := tuple.Codec{Extensions: []tuple.Extension{tuple.DescExtension(tuple.DefaultDescCode)}}
	checkPlanKeys(t, tuple.MustPlan[everyKindKey](codec), everyKindSchema, 50)
}

// optionalKey is a key that grew by optional fields of several kinds.
type optionalKey struct {
	_     struct{} `tuple:"C,const"`
	Post  int64
	Reply *int64     `tuple:",optional"`
	At    *time.Time `tuple:",optional,unit=ms"`
	Child *nestedKey `tuple:",optional"`
	Any   *any       `tuple:",optional"`
	Huge  *big.Int   `tuple:",optional"`
}

const optionalSchema = `("C", Post int64, Reply optional(int64), At optional(time(ms)), Child optional((Name string, Tag *int64)), Any optional(any), Huge optional(bigint))`

// TestOptionalWitnessKeysArePlanKeys: the keys of optional fields Diff
// tries, nil ones left out, are a plan's keys, and a plan's key decodes
// under the schema with the fields after its end nil.
func TestOptionalWitnessKeysArePlanKeys(t *testing.T) {
	checkPlanKeys(t, tuple.MustPlan[optionalKey](tuple.Codec{}), optionalSchema, 20)
}

// checkPlanKeys checks that every value Diff tries for the plan's schema
// (which must be want) has the key the plan writes, which decodes back.
func checkPlanKeys[T any](t *testing.T, plan *tuple.Plan[T], want string, atLeast int) {
	t.Helper()
	if got := plan.Schema(); got != want {
		t.Fatalf("Schema() = %s\nwant %s", got, want)
	}
	s := mustParse(t, plan.Schema())
	cands := recordCandidates(s.Items)
	if len(cands) < atLeast {
		t.Fatalf("only %d values", len(cands))
	}
	for _, c := range cands {
		r := c.(record)
		var v T
		setFields(t, reflect.ValueOf(&v).Elem(), s.Items, r)
		want, err := plan.Marshal(&v)
		if err != nil {
			t.Fatalf("%s: %v", formatRecord(s.Items, r), err)
		}
		got, err := encodeKey(s, r)
		if err != nil {
			t.Fatalf("%s: %v", formatRecord(s.Items, r), err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: key %x under the schema, %x from the plan", formatRecord(s.Items, r), got, want)
		}
		back, err := decodeKey(s, want)
		if err != nil || !equalRecords(s.Items, back, r) {
			t.Errorf("%s: the plan's key %x decodes under the schema as %v, %v", formatRecord(s.Items, r), want, back, err)
		}
	}
}

// setFields sets the fields of the struct v, by name, to a record's values.
func setFields(t *testing.T, v reflect.Value, items []Item, r record) {
	for i, it := range items {
		if !it.IsConst() {
			setValue(t, v.FieldByName(it.Name), it.Type, r[i])
		}
	}
}

func setValue(t *testing.T, f reflect.Value, ty *Type, x any) {
	switch ty.Kind {
	case KindNullable, KindOptional:
		if _, ok := x.(null); ok {
			f.SetZero()
			return
		}
		if n, ok := x.(*big.Int); ok && f.Type() == reflect.TypeFor[*big.Int]() {
			f.Set(reflect.ValueOf(new(big.Int).Set(n))) // a *big.Int is itself the pointer
			return
		}
		f.Set(reflect.New(f.Type().Elem()))
		setValue(t, f.Elem(), ty.Elem, x)
		return
	case KindDesc:
		setValue(t, f, ty.Elem, x)
		return
	case KindStruct:
		setFields(t, f, ty.Items, x.(record))
		return
	}
	if n, ok := x.(*big.Int); ok {
		switch {
		case ty.Kind == KindTime:
			sec, ns := new(big.Int).QuoRem(n, big.NewInt(1e9), new(big.Int))
			f.Set(reflect.ValueOf(time.Unix(sec.Int64(), ns.Int64()).UTC()))
			return
		case ty.Kind == KindBigInt:
			f.Set(reflect.ValueOf(new(big.Int).Set(n)))
			return
		}
		if f.CanInt() {
			f.SetInt(n.Int64())
		} else {
			f.SetUint(n.Uint64())
		}
		return
	}
	if x == nil {
		f.SetZero()
		return
	}
	f.Set(reflect.ValueOf(x).Convert(f.Type()))
}
