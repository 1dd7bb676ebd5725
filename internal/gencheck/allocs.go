package gencheck

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// CheckAllocations fails t unless the generated methods of G allocate
// what their comments say for a type of plain fields (no pointer,
// descending field, byte slice, big integer, time or custom element):
// reading a key allocates once for its strings (twice beyond 128 bytes of
// them, none without strings), and MarshalTupleKey allocates once for a
// key whose strings hold up to eight 00s, twice beyond. It tries rounds
// random values.
func CheckAllocations[G any, PG interface {
	*G
	Generated
}](t testing.TB, seed uint64, rounds int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 2))
	for range rounds {
		var g G
		Fill(rng, reflect.ValueOf(&g).Elem())
		key, err := PG(&g).MarshalTupleKey()
		if err != nil {
			continue
		}
		// One allocation, made for the key without its strings' 00s and
		// eight bytes more; more 00s grow it once.
		limit := 1.0
		if stringZeros(reflect.ValueOf(g)) > 8 {
			limit = 2
		}
		if got := testing.AllocsPerRun(10, func() { _, err = PG(&g).MarshalTupleKey() }); got > limit {
			t.Fatalf("MarshalTupleKey of %+v (%d bytes) allocates %v times, not %v", g, len(key), got, limit)
		}
		want := 0.0
		switch n := stringBytes(reflect.ValueOf(g)); {
		case n > 128:
			want = 2
		case n > 0:
			want = 1
		}
		var back G
		if got := testing.AllocsPerRun(10, func() { _, err = PG(&back).UnmarshalTupleKey(key) }); err != nil || got > want {
			t.Fatalf("UnmarshalTupleKey of %x allocates %v times, not %v (%v)", key, got, want, err)
		}
	}
}

// stringBytes is the length of the strings in v, a struct of plain
// fields.
func stringBytes(v reflect.Value) int {
	switch v.Kind() {
	case reflect.String:
		return v.Len()
	case reflect.Struct:
		n := 0
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				n += stringBytes(v.Field(i))
			}
		}
		return n
	}
	return 0
}

// stringZeros is the number of 00 bytes in the strings of v, a struct of
// plain fields.
func stringZeros(v reflect.Value) int {
	switch v.Kind() {
	case reflect.String:
		return strings.Count(v.String(), "\x00")
	case reflect.Struct:
		n := 0
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				n += stringZeros(v.Field(i))
			}
		}
		return n
	}
	return 0
}
