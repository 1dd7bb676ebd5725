package gencheck

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/fdbtuple/fdbtuple/tuple"
)

// Generated is what `fdbtuple gen` declares on *T.
type Generated interface {
	AppendTupleKey(dst []byte) ([]byte, error)
	MarshalTupleKey() ([]byte, error)
	UnmarshalTupleKey(key []byte) (int, error)
	TupleKeySchema() string
}

// A Pair compares one type's generated methods with its reflective
// plan.
type Pair interface {
	// Name names the type in failures.
	Name() string
	// Encode fills a random value and returns the key both paths write
	// (nil when both refuse the value), failing t if they differ.
	Encode(t testing.TB, rng *rand.Rand) []byte
	// Decode reads key both ways and fails t if they differ.
	Decode(t testing.TB, key []byte)
}

// twin is the Pair of G, which has the generated methods, and R, its
// reflective twin.
type twin[G any, R any, PG interface {
	*G
	Generated
}] struct {
	label string
	plan  *tuple.Plan[R]
	gplan *tuple.Plan[G] // the plan of G itself, which uses the generated methods
}

// NewTwin returns the Pair of G and R, a type declared `type R G`. It
// fails t if a plan refuses either, or if the schema the generator wrote
// is not R's (so that NewPlan's check of it, ErrStaleGenerated, holds).
func NewTwin[G any, R any, PG interface {
	*G
	Generated
}](t testing.TB, label string) Pair {
	t.Helper()
	if !reflect.TypeFor[*G]().ConvertibleTo(reflect.TypeFor[*R]()) {
		t.Fatalf("%s: %v is no twin of %v", label, reflect.TypeFor[R](), reflect.TypeFor[G]())
	}
	plan, err := tuple.NewPlan[R](tuple.Codec{})
	if err != nil {
		t.Fatalf("%s: the reflective plan: %v", label, err)
	}
	gplan, err := tuple.NewPlan[G](tuple.Codec{})
	if err != nil {
		t.Fatalf("%s: the plan with generated methods: %v", label, err)
	}
	if got, want := PG(new(G)).TupleKeySchema(), plan.Schema(); got != want {
		t.Fatalf("%s: TupleKeySchema %s, the plan's schema %s", label, got, want)
	}
	return &twin[G, R, PG]{label: label, plan: plan, gplan: gplan}
}

func (p *twin[G, R, PG]) Name() string { return p.label }

// dirtyTwin is g as its twin.
func (p *twin[G, R, PG]) dirtyTwin(g G) R { return *p.reflective(&g) }

// reflective is *g as its twin.
func (p *twin[G, R, PG]) reflective(g *G) *R {
	return reflect.ValueOf(g).Convert(reflect.TypeFor[*R]()).Interface().(*R)
}

func (p *twin[G, R, PG]) Encode(t testing.TB, rng *rand.Rand) []byte {
	t.Helper()
	var g G
	Fill(rng, reflect.ValueOf(&g).Elem())
	if rng.IntN(2) == 0 { // else most values of a key of several optional fields are ErrOptionalGap
		EndAtNil(reflect.ValueOf(&g).Elem())
	}
	prefix := []byte("prefix")
	got, gerr := guard(t, p.label+" AppendTupleKey", &g, func() ([]byte, error) { return PG(&g).AppendTupleKey(prefix) })
	want, werr := guard(t, p.label+" Plan.Append", &g, func() ([]byte, error) { return p.plan.Append(prefix, p.reflective(&g)) })
	SameError(t, p.label+" AppendTupleKey", gerr, werr)
	if !bytes.Equal(got, want) {
		t.Fatalf("%s: AppendTupleKey of %+v\n got %x\nwant %x", p.label, g, got, want)
	}
	viaPlan, perr := guard(t, p.label+" Plan.Marshal with generated methods", &g, func() ([]byte, error) { return p.gplan.Marshal(&g) })
	SameError(t, p.label+" Plan.Marshal with generated methods", perr, werr)
	marshalled, merr := guard(t, p.label+" MarshalTupleKey", &g, func() ([]byte, error) { return PG(&g).MarshalTupleKey() })
	SameError(t, p.label+" MarshalTupleKey", merr, werr)
	if werr != nil {
		return nil
	}
	if !bytes.Equal(viaPlan, want[len(prefix):]) || !bytes.Equal(marshalled, want[len(prefix):]) {
		t.Fatalf("%s: Plan.Marshal %x, MarshalTupleKey %x, want %x", p.label, viaPlan, marshalled, want[len(prefix):])
	}
	return want[len(prefix):]
}

func (p *twin[G, R, PG]) Decode(t testing.TB, key []byte) {
	t.Helper()
	// The generated method and the plan read into the same random value,
	// each its own copy, so that what the key does not hold (an optional
	// field it ends before) must be overwritten alike. The other paths
	// start from zero values, as the plan's they are compared with.
	seed := uint64(len(key))
	for _, c := range key {
		seed = seed*31 + uint64(c)
	}
	dirty := func() G {
		var g G
		Fill(rand.New(rand.NewPCG(seed, 3)), reflect.ValueOf(&g).Elem())
		return g
	}
	g := dirty()
	var n int
	_, gerr := guard(t, p.label+" UnmarshalTupleKey", key, func() (_ []byte, err error) {
		n, err = PG(&g).UnmarshalTupleKey(key)
		return nil, err
	})
	var rest []byte
	r := p.dirtyTwin(dirty())
	_, werr := guard(t, p.label+" Plan.UnmarshalPrefix", key, func() (_ []byte, err error) {
		rest, err = p.plan.UnmarshalPrefix(key, &r)
		return nil, err
	})
	SameError(t, p.label+" UnmarshalTupleKey", gerr, werr)
	// From zero values, on both paths: a custom type's method may work on
	// the random value and panic on a zero one (a method promoted through
	// an embedded pointer that is nil), so each path is compared with the
	// other from the same start.
	var viaPlan G
	_, perr := guard(t, p.label+" Plan.UnmarshalPrefix with generated methods", key, func() ([]byte, error) {
		return p.gplan.UnmarshalPrefix(key, &viaPlan)
	})
	var zr R
	_, zerr := guard(t, p.label+" Plan.UnmarshalPrefix from a zero value", key, func() ([]byte, error) {
		return p.plan.UnmarshalPrefix(key, &zr)
	})
	SameError(t, p.label+" Plan.UnmarshalPrefix with generated methods", perr, zerr)
	// Under a prefix, the generated path's offsets count from the key's
	// first byte, as the plan's do.
	underKey := append([]byte("app/"), key...)
	var ug G
	var ur R
	_, uerr := guard(t, p.label+" PlanUnder.UnmarshalPrefix with generated methods", key, func() ([]byte, error) {
		return p.gplan.Under([]byte("app/")).UnmarshalPrefix(underKey, &ug)
	})
	_, wuerr := guard(t, p.label+" PlanUnder.UnmarshalPrefix", key, func() ([]byte, error) {
		return p.plan.Under([]byte("app/")).UnmarshalPrefix(underKey, &ur)
	})
	SameError(t, p.label+" PlanUnder.UnmarshalPrefix with generated methods", uerr, wuerr)
	if zerr == nil {
		want, err := p.plan.Marshal(&zr)
		if err != nil {
			t.Fatalf("%s: the plan cannot write what it read from %x: %v", p.label, key, err)
		}
		if got, err := p.plan.Marshal(p.reflective(&viaPlan)); err != nil || !bytes.Equal(got, want) {
			t.Fatalf("%s: Plan.UnmarshalPrefix with generated methods decoded %x to %+v (key %x, %v), the plan to %+v (key %x)", p.label, key, viaPlan, got, err, zr, want)
		}
	}
	if werr != nil {
		return
	}
	if n != len(key)-len(rest) {
		t.Fatalf("%s: UnmarshalTupleKey(%x) read %d bytes, the plan %d", p.label, key, n, len(key)-len(rest))
	}
	// The values agree when they write the same key (the encoding is
	// injective, floats bit for bit), and nothing aliases the key.
	want, err := p.plan.Marshal(&r)
	if err != nil {
		t.Fatalf("%s: the plan cannot write what it read from %x: %v", p.label, key, err)
	}
	if got, err := p.plan.Marshal(p.reflective(&g)); err != nil || !bytes.Equal(got, want) {
		t.Fatalf("%s: decoded %x to %+v (key %x, %v), the plan to %+v (key %x)", p.label, key, g, got, err, r, want)
	}
}

// guard runs f, and returns a panic as a *Panic error: a custom element
// type's method may panic (one promoted through a nil embedded pointer
// does), and then must on both paths alike.
func guard(t testing.TB, what string, on any, f func() ([]byte, error)) (b []byte, err error) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			b, err = nil, &Panic{What: fmt.Sprintf("%s on %+v", what, on), Value: r}
		}
	}()
	return f()
}

// A Panic is a path that panicked, as an error SameError compares: the
// other path must panic too.
type Panic struct {
	What  string
	Value any
}

func (p *Panic) Error() string { return fmt.Sprintf("%s panics: %v", p.What, p.Value) }

// SameError fails t unless got and want are both nil or have the same
// sentinel (or, of a custom type's method, error text), field and offset;
// an encoding error the same type, field and error text (a custom type's
// refusal wraps its sentinel in a new error), and an ErrOptionalGap the
// same text.
func SameError(t testing.TB, what string, got, want error) {
	t.Helper()
	if (got == nil) != (want == nil) {
		t.Fatalf("%s: error %v, the plan's %v", what, got, want)
	}
	if got == nil {
		return
	}
	var gp, wp *Panic
	if gotPanic, wantPanic := errors.As(got, &gp), errors.As(want, &wp); gotPanic || wantPanic {
		if !gotPanic || !wantPanic {
			t.Fatalf("%s: one path panics:\n got %v\nwant %v", what, got, want)
		}
		return
	}
	var gd, wd *tuple.DecodeError
	if errors.As(want, &wd) {
		// A custom type's method may make its error anew on each call.
		if !errors.As(got, &gd) || gd.Err != wd.Err && gd.Err.Error() != wd.Err.Error() || gd.Field != wd.Field || gd.Offset != wd.Offset {
			t.Fatalf("%s:\n got %v (field %q)\nwant %v (field %q)", what, got, fieldOf(gd), want, wd.Field)
		}
		return
	}
	var ge, we *tuple.EncodeError
	if !errors.As(want, &we) || !errors.As(got, &ge) || ge.Err.Error() != we.Err.Error() || ge.Field != we.Field || ge.Type != we.Type {
		t.Fatalf("%s:\n got %v (type %v)\nwant %v (type %v)", what, got, typeOf(ge), want, typeOf(we))
	}
	// A set optional field after a nil one: the generated code words the
	// plan's error itself, naming both fields.
	if errors.Is(want, tuple.ErrOptionalGap) && got.Error() != want.Error() {
		t.Fatalf("%s:\n got %v\nwant %v", what, got, want)
	}
}

func typeOf(e *tuple.EncodeError) reflect.Type {
	if e == nil {
		return nil
	}
	return e.Type
}

func fieldOf(e *tuple.DecodeError) string {
	if e == nil {
		return ""
	}
	return e.Field
}

// Check runs one round on every pair: raw as a key, then a random value,
// its key, and the key mutated.
func Check(t testing.TB, ps []Pair, rng *rand.Rand, raw []byte) {
	t.Helper()
	for _, p := range ps {
		p.Decode(t, raw)
		key := p.Encode(t, rng)
		if key == nil {
			continue
		}
		p.Decode(t, key)
		for range 8 {
			p.Decode(t, Mutate(rng, key))
		}
	}
}

// Run runs rounds rounds of Check from seed, each with a random key of
// up to 40 bytes that are often type codes.
func Run(t testing.TB, ps []Pair, seed uint64, rounds int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	for range rounds {
		raw := make([]byte, rng.IntN(40))
		for i := range raw {
			raw[i] = Interesting(rng)
		}
		Check(t, ps, rng, raw)
	}
}
