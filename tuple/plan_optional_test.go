package tuple_test

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/fdbtuple/fdbtuple/tuple"
)

// commentKeyV1 is a key type as first shipped; commentKeyV2 grows it by
// an optional field at the end.
type commentKeyV1 struct {
	_    struct{} `tuple:"C,const"`
	Post int64
	ID   int64
}

type commentKeyV2 struct {
	_     struct{} `tuple:"C,const"`
	Post  int64
	ID    int64
	Reply *int64 `tuple:",optional"`
}

// TestOptionalKeys: a nil optional field is left out, old keys decode
// under the grown type with it nil and are its keys byte for byte, and
// the schema spells it optional(T).
func TestOptionalKeys(t *testing.T) {
	v1 := tuple.MustPlan[commentKeyV1](tuple.Codec{})
	v2 := tuple.MustPlan[commentKeyV2](tuple.Codec{})
	if got, want := v2.Schema(), `("C", Post int64, ID int64, Reply optional(int64))`; got != want {
		t.Errorf("Schema = %s, want %s", got, want)
	}
	old, err := v1.Marshal(&commentKeyV1{Post: 7, ID: 1})
	if err != nil {
		t.Fatal(err)
	}
	reply := int64(9)
	back := commentKeyV2{Reply: &reply}
	if err := v2.Unmarshal(old, &back); err != nil || back.Post != 7 || back.ID != 1 || back.Reply != nil {
		t.Fatalf("Unmarshal(%x) = %+v, %v", old, back, err)
	}
	if k, err := v2.Marshal(&back); err != nil || !bytes.Equal(k, old) {
		t.Errorf("Marshal(%+v) = %x, %v; want the old key %x", back, k, err, old)
	}
	grown, err := v2.Marshal(&commentKeyV2{Post: 7, ID: 1, Reply: &reply})
	if err != nil || !bytes.Equal(grown, append(bytes.Clone(old), 0x15, 9)) {
		t.Errorf("Marshal with Reply = %x, %v", grown, err)
	}
	if err := v1.Unmarshal(grown, new(commentKeyV1)); !errors.Is(err, tuple.ErrTooManyElements) {
		t.Errorf("the old plan reads a grown key: %v", err)
	}
	// A null where the field would be is no key of the plan.
	if err := v2.Unmarshal(append(bytes.Clone(old), 0x00), &back); !errors.Is(err, tuple.ErrWrongType) || !strings.Contains(err.Error(), "Reply") {
		t.Errorf("a null for an optional field: %v", err)
	}
	// Range through ID holds the key that ends there, and the grown one.
	begin, end, err := v2.Range(&commentKeyV2{Post: 7, ID: 1}, "ID")
	if err != nil || !(bytes.Compare(begin, old) <= 0 && bytes.Compare(old, end) < 0 && bytes.Compare(grown, end) < 0) {
		t.Errorf("Range through ID = [%x, %x), %v: want %x and %x in it", begin, end, err, old, grown)
	}
}

type twoOptional struct {
	A *int64  `tuple:",optional"`
	B *string `tuple:",optional"`
}

// TestOptionalGap: a set optional field after a nil one is an error
// naming both, from Marshal, Append and AppendPrefix.
func TestOptionalGap(t *testing.T) {
	p := tuple.MustPlan[twoOptional](tuple.Codec{})
	b := "x"
	v := twoOptional{B: &b}
	_, err := p.Marshal(&v)
	if !errors.Is(err, tuple.ErrOptionalGap) || !strings.Contains(err.Error(), "B is set and A before it is nil") {
		t.Errorf("Marshal: %v", err)
	}
	if out, err := p.Append([]byte("dst"), &v); !errors.Is(err, tuple.ErrOptionalGap) || string(out) != "dst" {
		t.Errorf("Append = %q, %v", out, err)
	}
	if _, err := p.AppendPrefix(nil, &v, "B"); !errors.Is(err, tuple.ErrOptionalGap) {
		t.Errorf("AppendPrefix: %v", err)
	}
	if k, err := p.AppendPrefix(nil, &v, "A"); err != nil || len(k) != 0 {
		t.Errorf("AppendPrefix through A = %x, %v: the prefix stops before B", k, err)
	}
}

// TestOptionalRefused: every misplaced optional field is an error from
// NewPlan naming the field and the rule.
func TestOptionalRefused(t *testing.T) {
	type inner struct {
		X *int64 `tuple:",optional"`
	}
	check := func(name string, err error, want ...string) {
		t.Helper()
		if !errors.Is(err, tuple.ErrBadTag) {
			t.Errorf("%s: %v, want ErrBadTag", name, err)
			return
		}
		for _, w := range want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: %v, want it to say %q", name, err, w)
			}
		}
	}
	_, err := tuple.NewPlan[struct {
		A int64 `tuple:",optional"`
	}](tuple.Codec{})
	check("not a pointer", err, "field A", "optional is for pointer fields")
	_, err = tuple.NewPlan[struct {
		A *int64 `tuple:",optional"`
		B int64
	}](tuple.Codec{})
	check("a required field after", err, "field B", "after optional field A", "every field after an optional one is optional")
	_, err = tuple.NewPlan[struct {
		A *int64   `tuple:",optional"`
		_ struct{} `tuple:"END,const"`
	}](tuple.Codec{})
	check("a constant after", err, `constant "END" after optional field A`)
	_, err = tuple.NewPlan[struct {
		A *int64 `tuple:",optional,desc"`
	}](tuple.Codec{})
	check("desc", err, "field A", "optional takes no desc")
	_, err = tuple.NewPlan[struct {
		N inner
	}](tuple.Codec{})
	check("nested", err, "field N", "its field X is optional, and only the key's own fields may be")
	_, err = tuple.NewPlan[struct {
		_ struct{} `tuple:"K,const,optional"`
	}](tuple.Codec{})
	check("constant", err, "a constant takes no other option")
}

// TestOptionalUnmarshalPrefix: UnmarshalPrefix cannot tell an optional
// field left out from what follows the key, as its doc says: an element
// after the key is read as the optional field's value, one of another
// kind is an error, and only a key that ends leaves the field nil.
func TestOptionalUnmarshalPrefix(t *testing.T) {
	p := tuple.MustPlan[commentKeyV2](tuple.Codec{})
	key, err := p.Marshal(&commentKeyV2{Post: 7, ID: 1})
	if err != nil {
		t.Fatal(err)
	}
	var v commentKeyV2
	rest, err := p.UnmarshalPrefix(append(bytes.Clone(key), 0x15, 0x05, 0x02, 'x', 0x00), &v)
	if err != nil || v.Reply == nil || *v.Reply != 5 || !bytes.Equal(rest, []byte{0x02, 'x', 0x00}) {
		t.Errorf("an int after the key: Reply %v, rest %x, %v; want it read as Reply", v.Reply, rest, err)
	}
	if _, err := p.UnmarshalPrefix(append(bytes.Clone(key), 0x02, 'x', 0x00), &v); !errors.Is(err, tuple.ErrWrongType) {
		t.Errorf("a string after the key: %v, want ErrWrongType", err)
	}
	if rest, err := p.UnmarshalPrefix(key, &v); err != nil || v.Reply != nil || len(rest) != 0 {
		t.Errorf("the key alone: Reply %v, rest %x, %v", v.Reply, rest, err)
	}
}

type optionalAny struct {
	ID int64
	A  *any `tuple:",optional"`
	B  *any `tuple:",optional"`
}

// TestOptionalNilInterface: a set optional *any that holds nil (or a nil
// pointer) would write a null, which Unmarshal refuses where an optional
// field would be; Marshal, Append and AppendPrefix refuse it instead,
// naming the field, and a DynamicPlan does too.
func TestOptionalNilInterface(t *testing.T) {
	p := tuple.MustPlan[optionalAny](tuple.Codec{})
	var nilAny any
	var nilPtr *int64
	var holdsNilPtr any = nilPtr
	var toNil any = &nilAny
	one := any(int64(1))
	for name, v := range map[string]optionalAny{
		"A holds nil":             {ID: 1, A: &nilAny},
		"A holds a nil pointer":   {ID: 1, A: &holdsNilPtr},
		"A points to a nil *any":  {ID: 1, A: &toNil},
		"B holds nil after A set": {ID: 1, A: &one, B: &nilAny},
	} {
		field := "field A (*interface {})"
		if v.B != nil {
			field = "field B (*interface {})"
		}
		check := func(call string, out []byte, err error, want []byte) {
			t.Helper()
			if !errors.Is(err, tuple.ErrUnsupportedType) || !strings.Contains(err.Error(), field) || !strings.Contains(err.Error(), "writes a null") || !bytes.Equal(out, want) {
				t.Errorf("%s: %s = %x, %v; want ErrUnsupportedType naming %s", name, call, out, err, field)
			}
		}
		out, err := p.Marshal(&v)
		check("Marshal", out, err, nil)
		out, err = p.Append([]byte("dst"), &v)
		check("Append", out, err, []byte("dst"))
		last := "A"
		if v.B != nil {
			last = "B"
		}
		out, err = p.AppendPrefix([]byte("dst"), &v, last)
		check("AppendPrefix", out, err, []byte("dst"))
		dp, err := tuple.NewDynamicPlan(tuple.Codec{}, reflect.TypeFor[optionalAny]())
		if err != nil {
			t.Fatal(err)
		}
		out, err = dp.Marshal(&v)
		check("DynamicPlan.Marshal", out, err, nil)
	}
	// A value the pointer holds is written, and read back.
	key, err := p.Marshal(&optionalAny{ID: 1, A: &one})
	var back optionalAny
	if err != nil || p.Unmarshal(key, &back) != nil || back.A == nil || *back.A != one || back.B != nil {
		t.Errorf("A set to 1: %x, %v; back %+v", key, err, back)
	}
}
