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

// handFields is what (*handKey).TupleKeyFields returns.
var handFields = "handKey{Name}"

func (*handKey) TupleKeyFields() string { return handFields }

func (*handKey) TupleKeyFuncs() (func(handKey, []byte) ([]byte, error), func(handKey, []byte) (handKey, int, error)) {
	return func(v handKey, dst []byte) ([]byte, error) { return v.AppendTupleKey(dst) },
		func(v handKey, key []byte) (handKey, int, error) {
			n, err := v.UnmarshalTupleKey(key)
			return v, n, err
		}
}

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

// NewPlan compares the fields the methods are written for, by their paths
// through embedded structs, besides the schema: an embedded struct made
// a pointer changes the paths and not the schema, and methods written
// for the value would not allocate the pointer.
func TestPlanChecksGeneratedFields(t *testing.T) {
	handFields = "handKey{Base.Name}"
	defer func() { handFields = "handKey{Name}" }()
	_, err := tuple.NewPlan[handKey](tuple.Codec{})
	if !errors.Is(err, tuple.ErrStaleGenerated) || !strings.Contains(err.Error(), "handKey{Base.Name}") ||
		!strings.Contains(err.Error(), "handKey{Name}") {
		t.Fatalf("NewPlan with methods written for other fields: %v; want ErrStaleGenerated naming both", err)
	}
	if err := tuple.CheckGenerated[handKey](); !errors.Is(err, tuple.ErrStaleGenerated) {
		t.Errorf("CheckGenerated: %v; want ErrStaleGenerated", err)
	}
}

// oldKey has the methods of an older fdbtuple gen: no TupleKeyFields.
type oldKey struct{ Name string }

func (v *oldKey) AppendTupleKey(dst []byte) ([]byte, error) {
	return tuplewire.AppendString(dst, v.Name), nil
}

func (v *oldKey) UnmarshalTupleKey(key []byte) (int, error) {
	s, n, err := tuplewire.ConsumeString(key)
	v.Name = s
	return n, err
}

func (*oldKey) TupleKeySchema() string { return "(Name string)" }

// Methods from an older generator, which wrote no fields to check, are
// stale: the plan cannot tell whether they reach T's fields.
func TestPlanRefusesOlderGeneratedMethods(t *testing.T) {
	if _, err := tuple.NewPlan[oldKey](tuple.Codec{}); !errors.Is(err, tuple.ErrStaleGenerated) || !strings.Contains(err.Error(), "older fdbtuple gen") {
		t.Fatalf("NewPlan: %v; want ErrStaleGenerated naming the older generator", err)
	}
}

// fieldsKey has the methods of the fdbtuple gen before TupleKeyFuncs: the
// fields, not the functions through which a plan calls the methods
// without making its caller's value escape.
type fieldsKey struct{ Name string }

func (v *fieldsKey) AppendTupleKey(dst []byte) ([]byte, error) {
	return tuplewire.AppendString(dst, v.Name), nil
}

func (v *fieldsKey) UnmarshalTupleKey(key []byte) (int, error) {
	s, n, err := tuplewire.ConsumeString(key)
	v.Name = s
	return n, err
}

func (*fieldsKey) TupleKeySchema() string { return "(Name string)" }

func (*fieldsKey) TupleKeyFields() string { return "fieldsKey{Name}" }

func TestPlanRefusesGeneratedMethodsWithoutFuncs(t *testing.T) {
	if _, err := tuple.NewPlan[fieldsKey](tuple.Codec{}); !errors.Is(err, tuple.ErrStaleGenerated) || !strings.Contains(err.Error(), "TupleKeyFuncs") ||
		!strings.Contains(err.Error(), "go generate") {
		t.Fatalf("NewPlan: %v; want ErrStaleGenerated naming TupleKeyFuncs and go generate", err)
	}
	if err := tuple.CheckGenerated[fieldsKey](); !errors.Is(err, tuple.ErrStaleGenerated) {
		t.Errorf("CheckGenerated: %v; want ErrStaleGenerated", err)
	}
}

// outerKey embeds handKey, whose methods are promoted to *outerKey: they
// are written for handKey, not for outerKey, whose plan takes its
// reflective path without a word (no ErrStaleGenerated: outerKey has no
// file to regenerate).
type outerKey struct {
	handKey
	N int64
}

func TestPlanIgnoresPromotedGeneratedMethods(t *testing.T) {
	p, err := tuple.NewPlan[outerKey](tuple.Codec{})
	if err != nil {
		t.Fatal(err)
	}
	key, err := p.Marshal(&outerKey{handKey{Name: "a"}, 7})
	if err != nil || string(key) != "\x02a\x00\x15\x07" {
		t.Fatalf("Marshal: %q, %v; want the reflective path's key", key, err)
	}
	if err := tuple.CheckGenerated[outerKey](); err != nil {
		t.Errorf("CheckGenerated: %v", err)
	}
}

// viaNil reaches handKey, and its promoted methods, through an embedded
// pointer, nil in a zero viaNil: asking the methods what they are written
// for dereferenced it, and NewPlan panicked.
type viaNil struct {
	*Holder
	N int64
}

// Holder embeds handKey by value.
type Holder struct{ handKey }

func TestPlanOfPromotedMethodsThroughANilPointer(t *testing.T) {
	p, err := tuple.NewPlan[viaNil](tuple.Codec{})
	if err != nil {
		t.Fatal(err)
	}
	key, err := p.Marshal(&viaNil{&Holder{handKey{Name: "a"}}, 7})
	if err != nil || string(key) != "\x02a\x00\x15\x07" {
		t.Fatalf("Marshal: %q, %v; want the reflective path's key", key, err)
	}
}

// refusedKey has generated methods and a field the plan refuses, as a
// key type changed after the generator ran can: CheckGenerated calls
// them stale, so that called directly they refuse too.
type refusedKey struct {
	Name string
	M    map[string]int
}

func (v *refusedKey) AppendTupleKey(dst []byte) ([]byte, error) {
	return tuplewire.AppendString(dst, v.Name), nil
}

func (v *refusedKey) UnmarshalTupleKey(key []byte) (int, error) { return 0, nil }

func (*refusedKey) TupleKeySchema() string { return "(Name string)" }

func (*refusedKey) TupleKeyFields() string { return "refusedKey{Name}" }

func TestCheckGeneratedOfARefusedType(t *testing.T) {
	err := tuple.CheckGenerated[refusedKey]()
	if !errors.Is(err, tuple.ErrStaleGenerated) || !errors.Is(err, tuple.ErrUnsupportedType) || !strings.Contains(err.Error(), "field M") {
		t.Fatalf("CheckGenerated: %v; want ErrStaleGenerated with the plan's refusal of field M", err)
	}
}
