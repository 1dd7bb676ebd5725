package order

import (
	"bytes"
	"math"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/keyschema"
	"pgregory.net/rapid"
)

// CheckPlan runs PlanProperty with rapid.Check.
func CheckPlan[T any](t rapid.TB, gen *rapid.Generator[T], compare func(a, b T) int, plan *tuple.Plan[T], opts ...Option[T]) {
	t.Helper()
	rapid.Check(t, PlanProperty(gen, compare, plan, opts...))
}

// PlanProperty is Property for the keys of plan: its Marshal is the
// encoder and its Unmarshal the decoder. It also checks the plan's
// prefixes: through every field (and through none), AppendPrefix(a)
// starts a's key, and b's key is in Range(a) exactly when b's fields up
// to that one encode as a's do (and b's key goes on after the prefix:
// a range holds the keys under its prefix, not the prefix itself; but
// when the next field is optional, a key may end after the prefix, and
// the range holds that key too; when an optional field in the prefix is
// nil, the key that ends there is the range's one key).
func PlanProperty[T any](gen *rapid.Generator[T], compare func(a, b T) int, plan *tuple.Plan[T], opts ...Option[T]) func(*rapid.T) {
	encode := func(v T) ([]byte, error) { return plan.Marshal(&v) }
	decode := func(key []byte) (T, error) {
		var v T
		err := plan.Unmarshal(key, &v)
		return v, err
	}
	laws := Property(gen, compare, encode, append([]Option[T]{WithDecode(decode)}, opts...)...)
	cf := &config[T]{}
	for _, o := range opts {
		o(cf)
	}
	optFrom := firstOptional(plan)
	return func(t *rapid.T) {
		laws(t)
		vals := drawNear(t, gen)
		a, b := vals[0], vals[1]
		ka, _ := plan.Marshal(&a)
		kb, _ := plan.Marshal(&b)
		names := append([]string{""}, plan.Fields()...)
		for n, name := range names { // the prefix of the first n fields
			pa, err := plan.AppendPrefix(nil, &a, name)
			if err != nil {
				t.Fatalf("AppendPrefix(a, %q): %v", name, err)
			}
			pb, _ := plan.AppendPrefix(nil, &b, name)
			if !bytes.HasPrefix(ka, pa) {
				t.Fatalf("AppendPrefix(a, %q) = %x does not start key(a) = %x\na = %+v", name, pa, ka, a)
			}
			begin, end, err := plan.Range(&a, name)
			if err != nil {
				t.Fatalf("Range(a, %q): %v", name, err)
			}
			in := func(k []byte) bool { return bytes.Compare(k, begin) >= 0 && bytes.Compare(k, end) < 0 }
			// An optional field of the prefix is nil when the prefix did
			// not grow through it: the key ends inside the prefix.
			endsInside := false
			if n > optFrom {
				before, _ := plan.AppendPrefix(nil, &a, names[n-1])
				endsInside = len(before) == len(pa)
			}
			mayEnd := n >= optFrom && n < len(names)-1 // the next field is optional
			want := func(k, p []byte) bool {
				switch {
				case endsInside:
					return bytes.Equal(k, pa)
				case mayEnd:
					return bytes.Equal(p, pa) && len(k) >= len(p)
				}
				return bytes.Equal(p, pa) && len(k) > len(p)
			}
			if under := want(ka, pa); in(ka) != under {
				t.Fatalf("Range(a, %q) = [%x, %x) holds key(a) = %x: %v, want %v", name, begin, end, ka, in(ka), under)
			}
			if same := want(kb, pb); in(kb) != same {
				t.Fatalf("Range(a, %q) holds key(b): %v, but the fields through %q agree: %v\n%s", name, in(kb), name, same, report(cf.codec, "a", "b", a, b, ka, kb))
			}
		}
	}
}

// firstOptional is the index of the plan's first optional field among
// its Fields (optional(T) in its schema), or a number past them.
func firstOptional[T any](plan *tuple.Plan[T]) int {
	s, err := keyschema.Parse(plan.Schema())
	if err != nil {
		return math.MaxInt
	}
	i := 0
	for _, it := range s.Items {
		switch {
		case it.IsOptional():
			return i
		case !it.IsConst():
			i++
		}
	}
	return math.MaxInt
}
