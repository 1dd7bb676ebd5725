package keyschema

import (
	"errors"
	"fmt"
	"math/big"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/fdbtuple/fdbtuple/tuple"
)

// integerTypes are the schema's integer types, each with the Go type and
// tag of a plan's field of it.
var integerTypes = []struct {
	schema string
	typ    reflect.Type
	tag    string
}{
	{"int8", reflect.TypeFor[int8](), ""}, {"int16", reflect.TypeFor[int16](), ""},
	{"int32", reflect.TypeFor[int32](), ""}, {"int64", reflect.TypeFor[int64](), ""},
	{"uint8", reflect.TypeFor[uint8](), ""}, {"uint16", reflect.TypeFor[uint16](), ""},
	{"uint32", reflect.TypeFor[uint32](), ""}, {"uint64", reflect.TypeFor[uint64](), ""},
	{"bigint", reflect.TypeFor[*big.Int](), ""},
	{"time(ns)", reflect.TypeFor[time.Time](), ""}, {"time(us)", reflect.TypeFor[time.Time](), `tuple:",unit=us"`},
	{"time(ms)", reflect.TypeFor[time.Time](), `tuple:",unit=ms"`}, {"time(s)", reflect.TypeFor[time.Time](), `tuple:",unit=s"`},
	{"duration(ns)", reflect.TypeFor[time.Duration](), ""}, {"duration(us)", reflect.TypeFor[time.Duration](), `tuple:",unit=us"`},
	{"duration(ms)", reflect.TypeFor[time.Duration](), `tuple:",unit=ms"`}, {"duration(s)", reflect.TypeFor[time.Duration](), `tuple:",unit=s"`},
}

// The model's bounds of every integer type are a plan's: a key holding
// the bound (as its integer element, in the field's units) decodes, one a
// unit past it is ErrOutOfRange (or, past the largest integer element,
// no key at all).
func TestBoundsArePlanBounds(t *testing.T) {
	for _, it := range integerTypes {
		ty := mustParse(t, "(F "+it.schema+")").Items[0].Type
		p, err := tuple.NewDynamicPlan(tuple.Codec{}, reflect.StructOf([]reflect.StructField{{Name: "F", Type: it.typ, Tag: reflect.StructTag(it.tag)}}))
		if err != nil {
			t.Fatal(err)
		}
		if got := p.Schema(); got != "(F "+it.schema+")" && got != "(F *"+it.schema+")" {
			t.Fatalf("%s: plan schema %s", it.schema, got)
		}
		lo, hi := intBounds(ty)
		u := unitOf(ty)
		count := func(ns *big.Int) *big.Int { return new(big.Int).Quo(ns, u) }
		decodes := func(n *big.Int) error {
			key, err := tuple.Codec{}.Pack(tuple.Tuple{n})
			if err != nil {
				return err
			}
			return p.Unmarshal(key, reflect.New(p.Type()).Interface())
		}
		for _, b := range []*big.Int{lo, hi} {
			if err := decodes(count(b)); err != nil {
				t.Errorf("%s: the bound %v ns, %v units, does not decode: %v", it.schema, b, count(b), err)
			}
		}
		for _, past := range []*big.Int{new(big.Int).Sub(count(lo), big.NewInt(1)), new(big.Int).Add(count(hi), big.NewInt(1))} {
			if err := decodes(past); !errors.Is(err, tuple.ErrOutOfRange) && !errors.Is(err, tuple.ErrTooLarge) {
				t.Errorf("%s: %v units, one past a bound, decodes: %v", it.schema, past, err)
			}
		}
	}
}

// No change from one integer type to another is SAFE unless every value
// of the old type is one of the new with the same bytes: the same unit
// (nanoseconds for a plain integer), and the old bounds within the new.
// Every other change has a witness. In any position, nullable or desc.
func TestNoNarrowingIsSafe(t *testing.T) {
	for _, from := range integerTypes {
		for _, to := range integerTypes {
			a := mustParse(t, "(F "+from.schema+")").Items[0].Type
			b := mustParse(t, "(F "+to.schema+")").Items[0].Type
			loA, hiA := intBounds(a)
			loB, hiB := intBounds(b)
			safe := unitOf(a).Cmp(unitOf(b)) == 0 && loB.Cmp(loA) <= 0 && hiA.Cmp(hiB) <= 0
			for _, form := range []string{"(F %s)", `("K", X string, F %s)`, "(F *%s, X int8)", "(F desc(%s))", "(N (F *%s))"} {
				oldText, newText := fmt.Sprintf(form, from.schema), fmt.Sprintf(form, to.schema)
				changes := Diff(mustParse(t, oldText), mustParse(t, newText))
				if Breaks(changes) == safe {
					t.Errorf("%s → %s: %s, want safe %v", oldText, newText, lines(changes), safe)
				}
				for _, c := range changes {
					if c.Breaking() && c.Witness == nil {
						t.Errorf("%s → %s: a break without a witness: %s", oldText, newText, c)
					}
				}
			}
		}
	}
}

// Defect: bigint → time(ns) was SAFE, but a time.Time holds only about
// ±2^93 ns, and an OLD key holding more does not decode under NEW.
func TestBigIntToTimeIsNotSafe(t *testing.T) {
	for _, pair := range [][2]string{
		{"(At bigint)", "(At time(ns))"},
		{"(At *bigint)", "(At *time(ns))"},
		{"(At desc(bigint))", "(At desc(time(ns)))"},
		{`("U", ID int64, At bigint)`, `("U", ID int64, At time(ns))`},
		{"(At bigint)", "(At duration(ns))"},
		{"(At time(ns))", "(At int64)"},
	} {
		changes := Diff(mustParse(t, pair[0]), mustParse(t, pair[1]))
		var decode *Change
		for i := range changes {
			if changes[i].Category == Decode {
				decode = &changes[i]
			}
		}
		if decode == nil || decode.Witness == nil {
			t.Errorf("%s → %s: %s, want DECODE with a witness", pair[0], pair[1], lines(changes))
			continue
		}
		if !strings.Contains(decode.Witness.Effect, "does not decode") {
			t.Errorf("%s → %s: %s, want a key that does not decode", pair[0], pair[1], decode)
		}
	}
}
