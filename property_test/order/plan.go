package order

import (
	"bytes"

	"github.com/fdbtuple/fdbtuple/tuple"
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
// a range holds the keys under its prefix, not the prefix itself).
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
	return func(t *rapid.T) {
		laws(t)
		vals := drawNear(t, gen)
		a, b := vals[0], vals[1]
		ka, _ := plan.Marshal(&a)
		kb, _ := plan.Marshal(&b)
		for _, name := range append([]string{""}, plan.Fields()...) {
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
			if under := len(ka) > len(pa); in(ka) != under {
				t.Fatalf("Range(a, %q) = [%x, %x) holds key(a) = %x: %v, want %v", name, begin, end, ka, in(ka), under)
			}
			if same := bytes.Equal(pa, pb) && len(kb) > len(pb); in(kb) != same {
				t.Fatalf("Range(a, %q) holds key(b): %v, but the fields through %q agree: %v\n%s", name, in(kb), name, same, report(cf.codec, "a", "b", a, b, ka, kb))
			}
		}
	}
}
