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
// prefixes: for every number n of leading fields, AppendPrefix(a, n)
// starts a's key, and b's key is in Range(a, n) exactly when b's first n
// fields encode as a's do.
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
		for n := range plan.NumFields() + 1 {
			pa, err := plan.AppendPrefix(nil, &a, n)
			if err != nil {
				t.Fatalf("AppendPrefix(a, %d): %v", n, err)
			}
			pb, _ := plan.AppendPrefix(nil, &b, n)
			if !bytes.HasPrefix(ka, pa) {
				t.Fatalf("AppendPrefix(a, %d) = %x does not start key(a) = %x\na = %+v", n, pa, ka, a)
			}
			begin, end, err := plan.Range(&a, n)
			if err != nil {
				t.Fatalf("Range(a, %d): %v", n, err)
			}
			in := func(k []byte) bool { return bytes.Compare(k, begin) >= 0 && bytes.Compare(k, end) < 0 }
			if !in(ka) {
				t.Fatalf("Range(a, %d) = [%x, %x) does not hold key(a) = %x", n, begin, end, ka)
			}
			if same := bytes.Equal(pa, pb); in(kb) != same {
				t.Fatalf("Range(a, %d) holds key(b): %v, but the first %d fields agree: %v\n%s", n, in(kb), n, same, report(cf.codec, "a", "b", a, b, ka, kb))
			}
		}
	}
}
