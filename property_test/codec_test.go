package property_test

import (
	"bytes"
	"errors"
	"iter"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/property_test/gen"
	"github.com/fdbtuple/fdbtuple/subspace"
	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
	"github.com/fdbtuple/fdbtuple/types"
)

// Each property is a named function, run by a Test (with -rapid.checks
// cases) and a Fuzz target (coverage-guided, through rapid.MakeFuzz).

// roundTrip: Unpack(Pack(t)) is t, bit for bit.
func roundTrip(t *rapid.T) {
	tup := gen.Tuple(gen.Options{}).Draw(t, "t")
	back, err := tuple.Unpack(pack(t, tup))
	if err != nil || !identical(back, tup) {
		t.Fatalf("Unpack(Pack(%s)) = %s, %v", tup, back, err)
	}
}

// order: the packed bytes order as Compare orders the tuples, for random
// pairs and for near-equal ones.
func order(t *rapid.T) {
	var a, b tuple.Tuple
	if rapid.Bool().Draw(t, "near") {
		p := gen.NearPair(gen.Options{}).Draw(t, "pair")
		a, b = p[0], p[1]
	} else {
		a, b = gen.Tuple(gen.Options{}).Draw(t, "a"), gen.Tuple(gen.Options{}).Draw(t, "b")
	}
	if got, want := bytesCompare(pack(t, a), pack(t, b)), tuple.Compare(a, b); got != want {
		t.Fatalf("bytes order %d, Compare %d for\n%s\n%s", got, want, a, b)
	}
	if tuple.Compare(a, b) != -tuple.Compare(b, a) {
		t.Fatalf("Compare is not antisymmetric for %s, %s", a, b)
	}
}

// prefix: packing a prefix of t gives a prefix of Pack(t).
func prefix(t *rapid.T) {
	tup := gen.Tuple(gen.Options{}).Draw(t, "t")
	i := rapid.IntRange(0, len(tup)).Draw(t, "i")
	if !bytes.HasPrefix(pack(t, tup), pack(t, tup[:i])) {
		t.Fatalf("Pack(%s) does not start with Pack(%s)", tup, tup[:i])
	}
}

// concat: Pack(a ++ b) == Pack(a) ++ Pack(b).
func concat(t *rapid.T) {
	a, b := gen.Tuple(gen.Options{}).Draw(t, "a"), gen.Tuple(gen.Options{}).Draw(t, "b")
	joined := append(append(tuple.Tuple{}, a...), b...)
	if !bytes.Equal(pack(t, joined), append(pack(t, a), pack(t, b)...)) {
		t.Fatalf("Pack(a ++ b) != Pack(a) ++ Pack(b) for %s, %s", a, b)
	}
}

// rangeContains: every strict extension of t packs inside t.Range(); any
// tuple that does not extend t packs outside it. The same holds for a
// Subspace of packed t, and PrefixEnd bounds every key with a prefix.
func rangeContains(t *rapid.T) {
	base := gen.Tuple(gen.Options{MaxLen: 3}).Draw(t, "base")
	other := gen.Tuple(gen.Options{}).Draw(t, "other")
	extends := rapid.Bool().Draw(t, "extends")
	if extends {
		other = append(append(tuple.Tuple{}, base...), gen.Tuple(gen.Options{MinLen: 1}).Draw(t, "more")...)
	}
	isExt := len(other) > len(base) && tuple.Compare(other[:len(base)], base) == 0
	begin, end := base.Range()
	key := pack(t, other)
	inside := bytes.Compare(begin, key) <= 0 && bytes.Compare(key, end) < 0
	if inside != isExt {
		t.Fatalf("%s extends %s: %v, but inside Range: %v", other, base, isExt, inside)
	}
	sub := subspace.Sub(base...)
	sb, se := sub.FDBRangeKeys()
	if inSub := bytes.Compare(sb.FDBKey(), key) <= 0 && bytes.Compare(key, se.FDBKey()) < 0; inSub != isExt {
		t.Fatalf("Subspace range disagrees for %s under %s", other, base)
	}
	if isExt {
		rest, err := sub.Unpack(fdb.Key(key))
		if err != nil || !identical(rest, other[len(base):]) {
			t.Fatalf("Subspace.Unpack = %s, %v; want %s", rest, err, other[len(base):])
		}
	}
	p := pack(t, base)
	if pe, err := tuple.PrefixEnd(p); err == nil {
		if bytes.HasPrefix(key, p) != (bytes.Compare(p, key) <= 0 && bytes.Compare(key, pe) < 0) {
			t.Fatalf("PrefixEnd(%x) = %x misplaces %x", p, pe, key)
		}
	}
}

// canonical: any bytes strict Unpack accepts pack back to themselves
// (the Python forms of ±(2^64-1) aside), and lenient accepts them too,
// identically. Inputs are random bytes or packed tuples with one byte
// changed, cut or added, so that most are near-valid.
func canonical(t *rapid.T) {
	var b []byte
	if rapid.Bool().Draw(t, "random") {
		b = rapid.SliceOfN(rapid.Byte(), 0, 24).Draw(t, "bytes")
	} else {
		b = pack(t, gen.Tuple(gen.Options{}).Draw(t, "t"))
		if len(b) > 0 {
			i := rapid.IntRange(0, len(b)-1).Draw(t, "at")
			switch rapid.IntRange(0, 2).Draw(t, "how") {
			case 0:
				b[i] = rapid.Byte().Draw(t, "byte")
			case 1:
				b = b[:i]
			case 2:
				b = slices.Insert(b, i, rapid.Byte().Draw(t, "byte"))
			}
		}
	}
	strict, err := tuple.Unpack(b)
	lenient, lerr := tuple.Codec{Lenient: true}.Unpack(b)
	if err != nil {
		if errors.Is(err, tuple.ErrNonCanonical) || errors.Is(err, tuple.ErrUnterminated) {
			return // the lenient decoder may take these
		}
		if lerr == nil {
			t.Fatalf("lenient accepts %x, which strict rejects for %v", b, err)
		}
		return
	}
	if lerr != nil || !identical(lenient, strict) {
		t.Fatalf("strict %s, lenient %s, %v for %x", strict, lenient, lerr, b)
	}
	if has, _ := strict.HasIncompleteVersionstamp(); has {
		return // plain Pack refuses these; the versionstamp property covers them
	}
	again := pack(t, strict)
	python := bytes.Contains(b, []byte{0x1d, 0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}) ||
		bytes.Contains(b, []byte{0x0b, 0xf7, 0, 0, 0, 0, 0, 0, 0, 0})
	if !bytes.Equal(again, b) && !python {
		t.Fatalf("%x unpacks to %s, which packs to %x", b, strict, again)
	}
}

// lowLevel: Next and the typed Consume functions agree with Unpack
// element by element.
func lowLevel(t *rapid.T) {
	tup := gen.Tuple(gen.Options{}).Draw(t, "t")
	rest := pack(t, tup)
	for i, want := range tup {
		code, n, err := tuplewire.Next(rest)
		if err != nil || code != types.Code(rest[0]) {
			t.Fatalf("element %d: Next = %v, %d, %v", i, code, n, err)
		}
		v, m, err := tuple.ConsumeElement(rest)
		if err != nil || m != n || !identical(tuple.Tuple{v}, tuple.Tuple{want}) {
			t.Fatalf("element %d: ConsumeElement = %#v, %d, %v; want %#v, %d", i, v, m, err, want, n)
		}
		if k := code.Kind(); k == types.KindInt {
			if big, _, err := tuplewire.ConsumeBigInt(rest); err != nil || tuple.Compare(tuple.Tuple{big}, tuple.Tuple{want}) != 0 {
				t.Fatalf("element %d: ConsumeBigInt = %v, %v; want %v", i, big, err, want)
			}
		} else if k == types.KindString {
			s, _, err := tuplewire.ConsumeStringAppend(nil, rest)
			if err != nil || string(s) != want.(string) {
				t.Fatalf("element %d: ConsumeStringAppend = %q, %v", i, s, err)
			}
		}
		rest = rest[n:]
	}
	if len(rest) != 0 {
		t.Fatalf("%d bytes left after the last element", len(rest))
	}
	checkElements(t, tuplewire.Elements(pack(t, tup)), tup)
}

// checkElements checks that an Elements or NestedElements walk yields
// want's elements, descending into nested tuples with NestedElements.
func checkElements(t *rapid.T, elems iter.Seq2[[]byte, error], want tuple.Tuple) {
	i := 0
	for elem, err := range elems {
		if err != nil || i >= len(want) {
			t.Fatalf("element %d of %s: %x, %v", i, want, elem, err)
		}
		switch w := want[i].(type) {
		case tuple.Tuple:
			checkElements(t, tuplewire.NestedElements(elem), w)
		case []any:
			checkElements(t, tuplewire.NestedElements(elem), w)
		case nil:
			if elem[0] != 0x00 {
				t.Fatalf("element %d of %s: %x for a null", i, want, elem)
			}
		default:
			v, n, err := tuple.ConsumeElement(elem)
			if err != nil || n != len(elem) || !identical(tuple.Tuple{v}, tuple.Tuple{w}) {
				t.Fatalf("element %d of %s: %x decodes to %#v, %d, %v", i, want, elem, v, n, err)
			}
		}
		i++
	}
	if i != len(want) {
		t.Fatalf("walked %d elements of %s", i, want)
	}
}

// appendContract: AppendBinary never changes dst[:len(dst)], and appends
// exactly Pack(t).
func appendContract(t *rapid.T) {
	tup := gen.Tuple(gen.Options{}).Draw(t, "t")
	head := rapid.SliceOfN(rapid.Byte(), 0, 8).Draw(t, "head")
	room := rapid.IntRange(0, 64).Draw(t, "room")
	dst := append(make([]byte, 0, len(head)+room), head...)
	saved := slices.Clone(dst)
	out, err := tup.AppendBinary(dst)
	if err != nil || !bytes.Equal(dst, saved) || !bytes.Equal(out[:len(head)], head) || !bytes.Equal(out[len(head):], pack(t, tup)) {
		t.Fatalf("AppendBinary(%x) = %x, %v; dst now %x", saved, out, err, dst)
	}
}

// packPaths: the ways to pack a tuple agree byte for byte. Pack,
// Codec.Pack and a subspace's Pack take a stack path for short keys and
// size long ones first; Codec.AppendTuple always goes through the general
// encoder; prefixes up to 300 bytes push keys across the stack buffer's
// size.
func packPaths(t *rapid.T) {
	tup := gen.Tuple(gen.Options{}).Draw(t, "t")
	prefix := rapid.SliceOfN(rapid.Byte(), 0, 300).Draw(t, "prefix")
	want, err := tuple.Codec{}.AppendTuple(nil, tup)
	if err != nil {
		t.Fatal(err)
	}
	if got := pack(t, tup); !bytes.Equal(got, want) || cap(got) != len(got) {
		t.Fatalf("Codec.Pack = %x (cap %d), the encoder %x", got, cap(got), want)
	}
	if got := tup.Pack(); !bytes.Equal(got, want) {
		t.Fatalf("Pack = %x, the encoder %x", got, want)
	}
	got := subspace.FromBytes(prefix).Pack(tup)
	if !bytes.Equal(got, append(slices.Clone(prefix), want...)) || cap(got) != len(got) {
		t.Fatalf("subspace(%x).Pack = %x; want the prefix and %x", prefix, got, want)
	}
}

// versionstampPosition: the position suffix points at the incomplete
// stamp, and writing a commit version there gives a key that unpacks to
// the tuple with that stamp completed.
func versionstampPosition(t *rapid.T) {
	tup := gen.Tuple(gen.Options{}).Draw(t, "t")
	uv := rapid.Uint16().Draw(t, "user version")
	at := rapid.IntRange(0, len(tup)).Draw(t, "at")
	tup = slices.Insert(slices.Clone(tup), at, any(tuple.IncompleteVersionstamp(uv)))
	prefix := rapid.SliceOfN(rapid.Byte(), 0, 8).Draw(t, "prefix")
	key, err := tup.PackWithVersionstamp(prefix)
	if err != nil {
		t.Fatal(err)
	}
	body := key[:len(key)-4]
	pos := int(key[len(key)-4]) | int(key[len(key)-3])<<8 | int(key[len(key)-2])<<16 | int(key[len(key)-1])<<24
	if pos < 1 || pos+10 > len(body) || body[pos-1] != byte(types.CodeVersionstamp) {
		t.Fatalf("position %d does not follow a 33 code in %x", pos, body)
	}
	commit := [10]byte(rapid.SliceOfN(rapid.Byte(), 10, 10).Draw(t, "commit"))
	if commit == [10]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff} {
		commit[0] = 0
	}
	filled := slices.Clone(body)
	copy(filled[pos:], commit[:])
	got, err := tuple.Unpack(filled[len(prefix):])
	want := slices.Clone(tup)
	want[at] = types.Versionstamp{TransactionVersion: commit, UserVersion: uv}
	if err != nil || !identical(got, want) {
		t.Fatalf("filled key unpacks to %s, %v; want %s", got, err, want)
	}
}

// text: Parse(t.Text()) is t, bit for bit.
func text(t *rapid.T) {
	tup := gen.Tuple(gen.Options{Incomplete: true}).Draw(t, "t")
	back, err := tuple.Parse(tup.Text())
	if err != nil || !identical(back, tup) {
		t.Fatalf("Parse(%s) = %s, %v", tup, back, err)
	}
}

func TestRoundTrip(t *testing.T)            { rapid.Check(t, roundTrip) }
func TestOrder(t *testing.T)                { rapid.Check(t, order) }
func TestPrefix(t *testing.T)               { rapid.Check(t, prefix) }
func TestConcat(t *testing.T)               { rapid.Check(t, concat) }
func TestRange(t *testing.T)                { rapid.Check(t, rangeContains) }
func TestCanonical(t *testing.T)            { rapid.Check(t, canonical) }
func TestLowLevel(t *testing.T)             { rapid.Check(t, lowLevel) }
func TestAppendContract(t *testing.T)       { rapid.Check(t, appendContract) }
func TestPackPaths(t *testing.T)            { rapid.Check(t, packPaths) }
func TestVersionstampPosition(t *testing.T) { rapid.Check(t, versionstampPosition) }
func TestText(t *testing.T)                 { rapid.Check(t, text) }

func FuzzRoundTrip(f *testing.F) { f.Fuzz(rapid.MakeFuzz(roundTrip)) }
func FuzzOrder(f *testing.F)     { f.Fuzz(rapid.MakeFuzz(order)) }
func FuzzCanonical(f *testing.F) { f.Fuzz(rapid.MakeFuzz(canonical)) }
func FuzzRange(f *testing.F)     { f.Fuzz(rapid.MakeFuzz(rangeContains)) }
func FuzzText(f *testing.F)      { f.Fuzz(rapid.MakeFuzz(text)) }
