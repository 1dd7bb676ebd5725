package tuple_test

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/fdbtuple/fdbtuple/tuple"
)

// A DynamicPlan writes and reads the bytes of the Plan of the same type,
// and refuses what is not a pointer to its type.
func TestDynamicPlanIsPlan(t *testing.T) {
	p, err := tuple.NewPlan[ReactionKey](tuple.Codec{})
	if err != nil {
		t.Fatal(err)
	}
	d, err := tuple.NewDynamicPlan(tuple.Codec{}, reflect.TypeFor[ReactionKey]())
	if err != nil {
		t.Fatal(err)
	}
	if d.Type() != reflect.TypeFor[ReactionKey]() || d.Schema() != p.Schema() {
		t.Fatalf("Type %v, Schema %s; want the plan's %s", d.Type(), d.Schema(), p.Schema())
	}
	k := ReactionKey{User: w1UUID, Post: 1234, Comment: 1678901234, React: 42}
	want, err := p.Marshal(&k)
	if err != nil {
		t.Fatal(err)
	}
	got, err := d.Marshal(&k)
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("Marshal = %x, %v; the plan's is %x", got, err, want)
	}
	if got, err := d.Append([]byte("p"), &k); err != nil || !bytes.Equal(got, append([]byte("p"), want...)) {
		t.Fatalf("Append = %x, %v", got, err)
	}
	var back ReactionKey
	if err := d.Unmarshal(want, &back); err != nil || back != k {
		t.Fatalf("Unmarshal = %+v, %v", back, err)
	}
	rest, err := d.UnmarshalPrefix(append(want, 0x14), &back)
	if err != nil || !bytes.Equal(rest, []byte{0x14}) {
		t.Fatalf("UnmarshalPrefix rest %x, %v", rest, err)
	}
	var nilKey *ReactionKey
	for _, v := range []any{k, nilKey, &struct{}{}, nil} {
		if _, err := d.Marshal(v); err == nil || !strings.Contains(err.Error(), "ReactionKey") {
			t.Errorf("Marshal(%T): %v", v, err)
		}
		if err := d.Unmarshal(want, v); err == nil {
			t.Errorf("Unmarshal into %T: no error", v)
		}
	}
	if _, err := tuple.NewDynamicPlan(tuple.Codec{}, reflect.TypeFor[int]()); err == nil {
		t.Error("NewDynamicPlan of int: no error")
	}
	if _, err := tuple.NewDynamicPlan(tuple.Codec{}, nil); err == nil {
		t.Error("NewDynamicPlan of nil: no error")
	}
}
