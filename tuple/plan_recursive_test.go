package tuple_test

import (
	"errors"
	"reflect"
	"testing"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
)

// node embeds a pointer to itself and has no exported field; it is only
// ever a reflect.Type.
//
//lint:ignore U1000 the plan reads its fields by reflect
type node struct {
	*node
	n int `tuple:"-"`
}

// A struct that embeds a pointer to itself is refused, not followed: with
// no exported field, the plan's check for one recursed until the stack
// overflowed (a fatal error, not a panic: found by tuplegen's test over
// random type declarations).
func TestPlanOfAStructEmbeddingItself(t *testing.T) {
	for _, typ := range []reflect.Type{reflect.TypeFor[node](), reflect.TypeFor[struct{ N node }]()} {
		if _, err := tuple.NewDynamicPlan(tuple.Codec{}, typ); !errors.Is(err, tuple.ErrUnsupportedType) {
			t.Errorf("%v: %v, want ErrUnsupportedType", typ, err)
		}
	}
}

// SelfCents is a custom element type: an integer, by its own methods.
type SelfCents int64

func (c SelfCents) AppendTupleElement(dst []byte) ([]byte, error) {
	return tuplewire.AppendInt(dst, int64(c)), nil
}

func (c *SelfCents) ScanTupleElement(elem []byte) error {
	v, _, err := tuplewire.ConsumeInt(elem)
	*c = SelfCents(v)
	return err
}

// SelfCustom is a custom element type by the methods its embedded SelfCents
// promotes (the field itself is left out of the key), and embeds a
// pointer to itself: as a key, one field, the nullable custom element
// *SelfCustom, which its methods write and read without recursing.
type SelfCustom struct {
	*SelfCustom
	SelfCents `tuple:"-"`
}

// A struct that embeds a pointer to itself, and is a custom element type
// by promoted methods, is a key of one nullable custom field, as tuplegen
// writes it: the plan refused it as a struct that embeds itself, the
// generator wrote it (found by tuplegen's test over random type
// declarations, which compares the two).
func TestPlanOfACustomTypeEmbeddingItself(t *testing.T) {
	p, err := tuple.NewPlan[SelfCustom](tuple.Codec{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := p.Schema(), "(SelfCustom *custom(tuple_test.SelfCustom))"; got != want {
		t.Errorf("Schema() = %s, want %s", got, want)
	}
	for _, v := range []SelfCustom{{}, {SelfCustom: &SelfCustom{SelfCents: -7}}} {
		key, err := p.Marshal(&v)
		if err != nil {
			t.Fatal(err)
		}
		var back SelfCustom
		if err := p.Unmarshal(key, &back); err != nil {
			t.Fatalf("Unmarshal(%x): %v", key, err)
		}
		if (back.SelfCustom == nil) != (v.SelfCustom == nil) || back.SelfCustom != nil && back.SelfCustom.SelfCents != v.SelfCustom.SelfCents {
			t.Errorf("Unmarshal(Marshal(%+v)) = %+v", v, back)
		}
	}
}
