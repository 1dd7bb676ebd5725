package gen

import (
	"bytes"
	"cmp"

	"github.com/fdbtuple/fdbtuple/tuple"
	"pgregory.net/rapid"
)

// ExtensionLaws returns a property that checks the laws every tuple-layer
// extension must keep, for values drawn from values and ordered by
// compare (the order the extension promises):
//
//   - round trip: a value packs, unpacks to a value compare finds equal,
//     and that value packs to the same bytes (one encoding per value);
//   - order: two values' elements compare as bytes the way compare orders
//     the values;
//   - context: the order holds with standard elements before and after
//     them and inside nested tuples, and codec.Compare agrees with the
//     bytes;
//   - text: if the extension is a tuple.TextParser, codec.Parse reads
//     codec.Format's text of a tuple holding the value back to a value
//     that packs to the same bytes.
//
// Run it with rapid.Check, or wrap it with rapid.MakeFuzz:
//
//	rapid.Check(t, gen.ExtensionLaws(codec, myValues, myCompare))
func ExtensionLaws(codec tuple.Codec, values *rapid.Generator[any], compare func(a, b any) int) func(*rapid.T) {
	return func(t *rapid.T) {
		pack := func(tup tuple.Tuple) []byte {
			b, err := codec.Pack(tup)
			if err != nil {
				t.Fatalf("pack %v: %v", codec.Format(tup), err)
			}
			return b
		}
		a, b := values.Draw(t, "a"), values.Draw(t, "b")
		if rapid.Bool().Draw(t, "same") {
			b = a
		}
		ka := pack(tuple.Tuple{a})
		back, err := codec.Unpack(ka)
		if err != nil || len(back) != 1 || compare(back[0], a) != 0 {
			t.Fatalf("round trip of %s: %v, %v", codec.Format(tuple.Tuple{a}), back, err)
		}
		if again := pack(back); !bytes.Equal(again, ka) {
			t.Fatalf("%s decodes to a value that packs to %x, not %x", codec.Format(tuple.Tuple{a}), again, ka)
		}
		if text := codec.Format(tuple.Tuple{a}); hasTextParser(codec) {
			parsed, err := codec.Parse(text)
			if err != nil {
				t.Fatalf("Parse(%s): %v", text, err)
			}
			if again := pack(parsed); !bytes.Equal(again, ka) {
				t.Fatalf("Parse(%s) packs to %x, not %x", text, again, ka)
			}
		}
		want := cmp.Compare(compare(a, b), 0)
		if got := cmp.Compare(bytes.Compare(ka, pack(tuple.Tuple{b})), 0); got != want {
			t.Fatalf("bytes order %d, value order %d for %s, %s", got, want, codec.Format(tuple.Tuple{a}), codec.Format(tuple.Tuple{b}))
		}
		opts := Options{MaxDepth: 1, MaxLen: 2}
		before, after1, after2 := Tuple(opts).Draw(t, "before"), Tuple(opts).Draw(t, "after a"), Tuple(opts).Draw(t, "after b")
		ta := append(append(append(tuple.Tuple{}, before...), a), after1...)
		tb := append(append(append(tuple.Tuple{}, before...), b), after2...)
		if rapid.Bool().Draw(t, "nest") {
			ta, tb = tuple.Tuple{ta}, tuple.Tuple{tb}
		}
		got := cmp.Compare(bytes.Compare(pack(ta), pack(tb)), 0)
		if byCodec := codec.Compare(ta, tb); got != byCodec {
			t.Fatalf("bytes order %d, codec.Compare %d for %s, %s", got, byCodec, codec.Format(ta), codec.Format(tb))
		}
		if want != 0 && got != want {
			t.Fatalf("bytes order %d, value order %d in context %s, %s", got, want, codec.Format(ta), codec.Format(tb))
		}
	}
}

// hasTextParser reports whether every extension of c reads its text back.
func hasTextParser(c tuple.Codec) bool {
	for _, x := range c.Extensions {
		if _, ok := x.(tuple.TextParser); !ok {
			return false
		}
	}
	return len(c.Extensions) > 0
}
