package tuple_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/fdbtuple/fdbtuple/tuple"
)

// An integer constant on a named field is refused: the plan wrote the
// constant whatever the field held and left the field at 0 when
// decoding. A blank integer constant, and a named struct{} one (which
// holds nothing), are constants.
func TestConstOnANamedField(t *testing.T) {
	type named struct {
		V  int `tuple:"2,const"`
		ID int64
	}
	_, err := tuple.NewPlan[named](tuple.Codec{})
	if !errors.Is(err, tuple.ErrBadTag) || !strings.Contains(err.Error(), "field V (int)") || !strings.Contains(err.Error(), "name the field _") {
		t.Errorf("err = %v, want ErrBadTag naming V and the fix", err)
	}
	type unexported struct {
		v  uint8 `tuple:"2,const"`
		ID int64
	}
	var _ = unexported{v: 0}
	if _, err := tuple.NewPlan[unexported](tuple.Codec{}); !errors.Is(err, tuple.ErrBadTag) {
		t.Errorf("an unexported named integer constant: %v, want ErrBadTag", err)
	}
	type blank struct {
		_    int      `tuple:"2,const"`
		User struct{} `tuple:"USER,const"`
		ID   int64
	}
	p, err := tuple.NewPlan[blank](tuple.Codec{})
	if err != nil {
		t.Fatal(err)
	}
	key, err := p.Marshal(&blank{ID: 7})
	if err != nil || string(key) != string(tuple.Tuple{2, "USER", 7}.Pack()) {
		t.Errorf("Marshal = %x, %v", key, err)
	}
}

// An int or uint constant is parsed as the 64-bit integer its schema
// says, on every platform.
func TestConstIntIs64Bits(t *testing.T) {
	type wide struct {
		_  int  `tuple:"5000000000,const"`
		_  uint `tuple:"18446744073709551615,const"`
		ID int64
	}
	p, err := tuple.NewPlan[wide](tuple.Codec{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := p.Schema(), "(5000000000, 18446744073709551615, ID int64)"; got != want {
		t.Errorf("Schema = %s, want %s", got, want)
	}
}

// The hint to use Plan.Under, or to scan past a prefix, needs the key's
// rest to hold something: a rest of nulls alone is read by any type of
// nullable fields, and shows no prefix.
func TestPrefixHintNeedsAValue(t *testing.T) {
	type nullable struct {
		A *int64
		B *string
	}
	p, err := tuple.NewPlan[nullable](tuple.Codec{})
	if err != nil {
		t.Fatal(err)
	}
	key := tuple.Tuple{"x", nil, nil}.Pack() // ends 00 00
	var v nullable
	if err := p.Unmarshal(key, &v); err == nil || strings.Contains(err.Error(), "Plan.Under") {
		t.Errorf("Unmarshal of %x = %v, want an error without the prefix hint", key, err)
	}
	var a, b *int64
	if err := tuple.Scan(key, &a, &b); err == nil || strings.Contains(err.Error(), "scan key[") {
		t.Errorf("Scan of %x = %v, want an error without the prefix hint", key, err)
	}
	// A rest that holds a value still shows its prefix.
	key = append(tuple.Tuple{"app"}.Pack(), tuple.Tuple{int64(1), nil}.Pack()...)
	if err := p.Unmarshal(key, &v); err == nil || !strings.Contains(err.Error(), "Plan.Under(prefix)") {
		t.Errorf("Unmarshal of %x = %v, want the prefix hint", key, err)
	}
}
