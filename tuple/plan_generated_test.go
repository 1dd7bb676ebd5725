package tuple_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
)

// handKey has the methods `fdbtuple gen` writes, by hand, for the schema
// its schema field says, so that a test can make them stale. Hits and
// label are not part of the key.
type handKey struct {
	Name  string
	Hits  int    `tuple:"-"`
	label string `tuple:"-"`
}

// handSchema is what (*handKey).TupleKeySchema returns.
var handSchema = "(Name string)"

func (v *handKey) AppendTupleKey(dst []byte) ([]byte, error) {
	return tuplewire.AppendString(dst, "gen:"+v.Name), nil // marked, to tell the generated path from the plan's
}

func (v *handKey) UnmarshalTupleKey(key []byte) (int, error) {
	s, n, err := tuplewire.ConsumeString(key)
	v.Name = strings.TrimPrefix(s, "gen:")
	return n, err
}

func (*handKey) TupleKeySchema() string { return handSchema }

// NewPlan uses generated methods written for T's schema, and refuses
// ones written for another: a struct changed without running the
// generator again would otherwise write keys by its old layout.
func TestPlanChecksGeneratedSchema(t *testing.T) {
	p, err := tuple.NewPlan[handKey](tuple.Codec{})
	if err != nil {
		t.Fatal(err)
	}
	key, err := p.Marshal(&handKey{Name: "a"})
	if err != nil || string(key) != "\x02gen:a\x00" {
		t.Fatalf("Marshal: %q, %v; want the generated method's key", key, err)
	}

	handSchema = "(Name string, Extra int64)"
	defer func() { handSchema = "(Name string)" }()
	_, err = tuple.NewPlan[handKey](tuple.Codec{})
	if !errors.Is(err, tuple.ErrStaleGenerated) || !strings.Contains(err.Error(), "(Name string, Extra int64)") ||
		!strings.Contains(err.Error(), "go generate") {
		t.Fatalf("NewPlan with stale methods: %v; want ErrStaleGenerated naming both schemas and go generate", err)
	}
	if _, err := tuple.NewPlan[handKey](tuple.Codec{Lenient: true}); err != nil { // the methods are not used under it
		t.Fatalf("NewPlan under a lenient codec: %v", err)
	}
}

// On the generated path, as on the reflective one, Unmarshal sets the
// fields the key holds and leaves the others as they were.
func TestGeneratedUnmarshalKeepsOtherFields(t *testing.T) {
	for _, c := range []tuple.Codec{{}, {Lenient: true}} {
		p, err := tuple.NewPlan[handKey](c)
		if err != nil {
			t.Fatal(err)
		}
		v := handKey{Hits: 7, label: "keep"}
		if err := p.Unmarshal([]byte("\x02gen:b\x00"), &v); err != nil {
			t.Fatal(err)
		}
		if v.Hits != 7 || v.label != "keep" {
			t.Errorf("lenient %v: Unmarshal left Hits %d, label %q; want 7, keep", c.Lenient, v.Hits, v.label)
		}
	}
}

// CheckGenerated, which generated files run when their package is
// initialized, answers as NewPlan checks: nil for methods of T's schema
// and for a type without methods, ErrStaleGenerated for stale ones.
func TestCheckGenerated(t *testing.T) {
	if err := tuple.CheckGenerated[handKey](); err != nil {
		t.Errorf("current methods: %v", err)
	}
	if err := tuple.CheckGenerated[struct{ A string }](); err != nil {
		t.Errorf("no methods: %v", err)
	}
	handSchema = "(Name bytes)"
	defer func() { handSchema = "(Name string)" }()
	if err := tuple.CheckGenerated[handKey](); !errors.Is(err, tuple.ErrStaleGenerated) {
		t.Errorf("stale methods: %v; want ErrStaleGenerated", err)
	}
}
