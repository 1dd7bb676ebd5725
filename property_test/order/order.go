// Package order checks that a key type of your own sorts as you mean it
// to: that the bytes of your encoded keys, compared as a sorted key-value
// store compares them, put the keys in the order your comparison gives.
// It is property-based testing with pgregory.net/rapid, for your tests:
//
//	func TestEventKeyOrder(t *testing.T) {
//		order.Check(t, genEvent(), compareEvents, encodeEvent,
//			order.WithDecode(decodeEvent))
//	}
//
// For each set of drawn values it checks that compare is a consistent
// order (reflexive, antisymmetric, transitive), that the byte order of
// the keys is compare's order, equal included (two different values with
// one key is a lossy encoding), and, given a decoder, that each key
// decodes to a value compare calls equal and that re-encodes to the same
// key. Random values almost always differ in their first field, where the
// order is easy; for struct types it also draws pairs that share their
// first fields, so that every field's order is tested. CheckPlan adds the
// laws of a tuple.Plan: prefixes and Range.
//
// Keys that can grow: a field tagged optional is left out of the key
// when nil, and the key ends there, so compare must put a nil optional
// field before every value of it (a key that ends sorts before every
// longer key that starts with it); a failure where one key ends where
// the other goes on says so. Values that share leading fields keep the
// rule that a key ends at its first nil optional field (the optional
// fields after it are made nil too), and CheckPlan's Range law holds the
// key that ends after the prefix when the next field is optional, and
// only that key when an optional field in the prefix is nil.
//
// A failure prints both values, both keys in hex and in tuple.Describe
// form, and rapid's seed for a rerun (-rapid.seed=N). The package's own
// tests plant an unsigned field encoded through int64 and a time
// truncated to seconds, and it catches both; it passes a reaction key
// with a descending comment time (ExampleCheckPlan), a descending
// timestamp key and DynamoDB-style composite keys with a string, number
// or binary sort key.
//
// This is the only package besides property_test/gen, and tests, that
// imports rapid: the library itself does not.
//
// Place in the import DAG: above tuple and tuple/keyschema, for tests
// only. It must not import nested, compat or cmd/fdbtuple.
package order

import (
	"bytes"
	"cmp"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/fdbtuple/fdbtuple/tuple"
	"pgregory.net/rapid"
)

// An Option adjusts a check.
type Option[T any] func(*config[T])

type config[T any] struct {
	decode func([]byte) (T, error)
	codec  tuple.Codec
}

// WithDecode also checks that each key decodes, with decode, to a value
// equal to the one encoded, which encodes to the same key.
func WithDecode[T any](decode func([]byte) (T, error)) Option[T] {
	return func(c *config[T]) { c.decode = decode }
}

// WithCodec describes keys in failure reports with c, for keys holding
// its extensions' elements (a descending element, a decimal).
func WithCodec[T any](c tuple.Codec) Option[T] {
	return func(cf *config[T]) { cf.codec = c }
}

// Check runs Property with rapid.Check: -rapid.checks cases, 100 by
// default. t is a *testing.T or anything else rapid accepts.
func Check[T any](t rapid.TB, gen *rapid.Generator[T], compare func(a, b T) int, encode func(T) ([]byte, error), opts ...Option[T]) {
	t.Helper()
	rapid.Check(t, Property(gen, compare, encode, opts...))
}

// Property is the property Check runs, for rapid.Check, rapid.MakeCheck
// or rapid.MakeFuzz (coverage-guided fuzzing of the same laws).
func Property[T any](gen *rapid.Generator[T], compare func(a, b T) int, encode func(T) ([]byte, error), opts ...Option[T]) func(*rapid.T) {
	cf := &config[T]{}
	for _, o := range opts {
		o(cf)
	}
	return func(t *rapid.T) {
		vals := drawNear(t, gen)
		keys := make([][]byte, len(vals))
		for i, v := range vals {
			k, err := encode(v)
			if err != nil {
				t.Fatalf("encode(%+v): %v", v, err)
			}
			keys[i] = k
		}
		checkOrder(t, vals, keys, compare, cf.codec)
		if cf.decode != nil {
			for i, v := range vals {
				checkDecode(t, v, keys[i], compare, encode, cf)
			}
		}
	}
}

// drawNear draws three values; for a struct type the second and third
// share a drawn number of leading fields with the one before them.
func drawNear[T any](t *rapid.T, gen *rapid.Generator[T]) []T {
	a := gen.Draw(t, "a")
	b := gen.Draw(t, "b")
	c := gen.Draw(t, "c")
	shareFields(t, &a, &b, "b shares")
	shareFields(t, &b, &c, "c shares")
	return []T{a, b, c}
}

// shareFields copies the first n exported fields of *from into *to, for
// a drawn n (0: none), when T is a struct.
func shareFields[T any](t *rapid.T, from, to *T, label string) {
	dst := reflect.ValueOf(to).Elem()
	if dst.Kind() != reflect.Struct {
		return
	}
	src := reflect.ValueOf(from).Elem()
	n := rapid.IntRange(0, dst.NumField()).Draw(t, label)
	for i := range n {
		if dst.Type().Field(i).IsExported() {
			dst.Field(i).Set(src.Field(i))
		}
	}
	endAtNil(dst)
}

// endAtNil sets the optional fields of the struct v after its first nil
// one to nil: a key ends at its first nil optional field, and a set one
// after it is no key (tuple.ErrOptionalGap).
func endAtNil(v reflect.Value) {
	ended := false
	for i := range v.NumField() {
		if !isOptional(v.Type().Field(i)) {
			continue
		}
		if ended {
			v.Field(i).SetZero()
		} else {
			ended = v.Field(i).IsNil()
		}
	}
}

// isOptional reports whether f is a pointer field tagged optional, which
// a nil leaves out of the key.
func isOptional(f reflect.StructField) bool {
	tag, ok := f.Tag.Lookup("tuple")
	if !ok || f.Type.Kind() != reflect.Pointer {
		return false
	}
	_, opts, _ := strings.Cut(tag, ",")
	return slices.Contains(strings.Split(opts, ","), "optional")
}

func checkOrder[T any](t *rapid.T, vals []T, keys [][]byte, compare func(a, b T) int, c tuple.Codec) {
	names := []string{"a", "b", "c"}
	for i, a := range vals {
		if r := compare(a, a); r != 0 {
			t.Fatalf("compare is not reflexive: compare(%s, %s) = %d for %s = %+v", names[i], names[i], r, names[i], a)
		}
		for j, b := range vals {
			x, y := names[i], names[j]
			ab, ba := sign(compare(a, b)), sign(compare(b, a))
			if ab != -ba {
				t.Fatalf("compare is not antisymmetric: compare(%s, %s) = %d, compare(%s, %s) = %d\n%s", x, y, ab, y, x, ba, report(c, x, y, a, b, keys[i], keys[j]))
			}
			if got := sign(bytes.Compare(keys[i], keys[j])); got != ab {
				t.Fatalf("key(%s) sorts %s key(%s), but compare(%s, %s) says %s%s%s\n%s", x, word(got), y, x, y, word(ab), lossy(got, ab), ended(keys[i], keys[j]), report(c, x, y, a, b, keys[i], keys[j]))
			}
		}
	}
	a, b, d := vals[0], vals[1], vals[2]
	if compare(a, b) <= 0 && compare(b, d) <= 0 && compare(a, d) > 0 {
		t.Fatalf("compare is not transitive: a <= b <= c but a > c\na = %+v\nb = %+v\nc = %+v", a, b, d)
	}
}

func checkDecode[T any](t *rapid.T, v T, key []byte, compare func(a, b T) int, encode func(T) ([]byte, error), cf *config[T]) {
	back, err := cf.decode(key)
	if err != nil {
		t.Fatalf("decode of the key of %+v: %v\nkey %x\n    %s", v, err, key, cf.codec.Describe(key))
	}
	if compare(back, v) != 0 {
		t.Fatalf("the key of %+v decodes to %+v, which compare does not call equal\nkey %x\n    %s", v, back, key, cf.codec.Describe(key))
	}
	again, err := encode(back)
	if err != nil || !bytes.Equal(again, key) {
		t.Fatalf("%+v decodes from %x but encodes to %x, %v", back, key, again, err)
	}
}

func sign(n int) int { return cmp.Compare(n, 0) }

func word(s int) string {
	return [...]string{"before", "equal to", "after"}[s+1]
}

// lossy explains the commonest failure: a key that drops information.
func lossy(keys, values int) string {
	if keys == 0 && values != 0 {
		return ": two different values have one key, so the encoding loses information"
	}
	return ""
}

// ended explains an order broken where one key ends and the other goes
// on: keys of one type that are not all of one length hold optional
// fields, and a nil one ends the key.
func ended(ka, kb []byte) string {
	if len(ka) == len(kb) || !bytes.HasPrefix(ka, kb) && !bytes.HasPrefix(kb, ka) {
		return ""
	}
	return ": one key ends where the other goes on, as at an optional field left out of the key (nil) sorts before every value of it, so compare must put nil first"
}

// report shows both values and both keys, in hex and described.
func report[T any](c tuple.Codec, x, y string, a, b T, ka, kb []byte) string {
	return fmt.Sprintf("%s = %+v\n%s = %+v\nkey(%s) = %x\n         %s\nkey(%s) = %x\n         %s", x, a, y, b, x, ka, c.Describe(ka), y, kb, c.Describe(kb))
}
