package property_test

import (
	"bytes"
	"fmt"
	"math"
	"math/big"
	"testing"

	"github.com/shopspring/decimal"
	"pgregory.net/rapid"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/nested"
	"github.com/fdbtuple/fdbtuple/property_test/gen"
	"github.com/fdbtuple/fdbtuple/subspace"
	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/tupledecimal"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
)

// Named types a key layer defines.
type (
	userID  int64
	score   float32
	label   string
	rawKey  []byte
	keyPart tuple.Tuple
)

// edgeValues draws values at the edges of what the encoders accept: named
// types, signalling NaNs, integers around the 255-byte limit, strings that
// are not UTF-8, nesting around MaxDepth, decimals at the ends of the
// int32 exponent and the digit limit, descending wrappers, nil pointers,
// fdb keys and incomplete versionstamps.
var edgeValues = rapid.Custom(func(t *rapid.T) any {
	switch rapid.IntRange(0, 13).Draw(t, "kind") {
	case 0:
		return userID(rapid.Int64().Draw(t, "id"))
	case 1:
		return score(math.Float32frombits(rapid.Uint32().Draw(t, "bits")))
	case 2:
		return label(gen.String().Draw(t, "label"))
	case 3:
		return rawKey(gen.Bytes().Draw(t, "raw"))
	case 4:
		n := rapid.IntRange(2030, 2050).Draw(t, "bits")
		b := new(big.Int).Lsh(big.NewInt(1), uint(n))
		b.Sub(b, big.NewInt(rapid.Int64Range(-2, 2).Draw(t, "delta")))
		if rapid.Bool().Draw(t, "neg") {
			b.Neg(b)
		}
		return b
	case 5:
		return string(rapid.SliceOfN(rapid.Byte(), 1, 8).Draw(t, "bytes")) // often not UTF-8
	case 6:
		depth := rapid.IntRange(tuplewire.MaxDepth-2, tuplewire.MaxDepth+1).Draw(t, "depth")
		var v any = int64(1)
		for range depth {
			v = tuple.Tuple{v}
		}
		return v
	case 7:
		coef := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(rapid.IntRange(0, 5).Draw(t, "zeros"))), nil)
		coef.Add(coef, big.NewInt(rapid.Int64Range(0, 99).Draw(t, "low")))
		exp := rapid.OneOf(rapid.Int32Range(math.MaxInt32-10, math.MaxInt32), rapid.Int32Range(math.MinInt32, math.MinInt32+10)).Draw(t, "exp")
		return decimal.NewFromBigInt(coef, exp)
	case 8:
		digits := rapid.IntRange(tupledecimal.MaxDigits-2, tupledecimal.MaxDigits+2).Draw(t, "digits")
		s := make([]byte, digits)
		for i := range s {
			s[i] = '1' + byte(i%9)
		}
		return decimal.RequireFromString(string(s))
	case 9:
		return tuple.Desc{V: gen.Element(gen.Options{MaxDepth: 2}).Draw(t, "inner")}
	case 10:
		var p *decimal.Decimal
		return p
	case 11:
		return fdb.Key(gen.Bytes().Draw(t, "key"))
	case 12:
		return tuple.IncompleteVersionstamp(rapid.Uint16().Draw(t, "uv"))
	}
	return keyPart{gen.Element(gen.Options{MaxDepth: 1}).Draw(t, "part")}
})

// edgeTuple mixes edge values with ordinary elements.
var edgeTuple = rapid.Custom(func(t *rapid.T) tuple.Tuple {
	n := rapid.IntRange(0, 4).Draw(t, "n")
	out := make(tuple.Tuple, n)
	for i := range out {
		if rapid.Bool().Draw(t, "edge") {
			out[i] = edgeValues.Draw(t, "v")
		} else {
			out[i] = gen.Element(gen.Options{MaxDepth: 2}).Draw(t, "e")
		}
	}
	return out
})

// encoderLaw: whatever an encoder accepts, the matching decoder reads
// back, and what it reads packs to the same bytes again. Every encoder of
// the module is tried, extensions included.
func encoderLaw(t *rapid.T) {
	tup := edgeTuple.Draw(t, "t")
	prefix := []byte("p\x00")
	readsBack := func(encoder string, key []byte, decode func([]byte) (tuple.Tuple, error), repack func(tuple.Tuple) ([]byte, error)) {
		back, err := decode(key)
		if err != nil {
			t.Fatalf("%s accepted %s as %x, which does not decode: %v", encoder, tuple.Codec{}.Format(tup), key, err)
		}
		if again, err := repack(back); err != nil || !bytes.Equal(again, key) {
			t.Fatalf("%s: %x decodes to %s, which packs to %x, %v", encoder, key, extCodec.Format(back), again, err)
		}
	}
	strict := func(b []byte) (tuple.Tuple, error) { return tuple.Unpack(b) }
	repack := func(u tuple.Tuple) ([]byte, error) { return tuple.Codec{}.Pack(u) }
	raw := tuple.Codec{AllowInvalidUTF8: true}

	if key, err := (tuple.Codec{}).Pack(tup); err == nil {
		readsBack("Codec.Pack", key, strict, repack)
	}
	if key, err := tup.AppendBinary(nil); err == nil {
		readsBack("AppendBinary", key, strict, repack)
	}
	if key, ok := try(tup.Pack); ok {
		readsBack("Pack", key, raw.Unpack, raw.Pack)
	}
	if key, err := (tuple.Codec{}).PackAfter(prefix, tup); err == nil {
		readsBack("PackAfter", key, func(b []byte) (tuple.Tuple, error) { return tuple.Codec{}.UnpackAfter(b, len(prefix)) },
			func(u tuple.Tuple) ([]byte, error) { return tuple.Codec{}.PackAfter(prefix, u) })
	}
	if key, err := extCodec.Pack(tup); err == nil {
		readsBack("Codec.Pack with extensions", key, extCodec.Unpack, extCodec.Pack)
	}
	if key, err := tup.AppendWithVersionstamp(nil, tuple.Offset4); err == nil {
		readsBack("AppendWithVersionstamp", key[:len(key)-4], strict, func(u tuple.Tuple) ([]byte, error) {
			out, err := u.AppendWithVersionstamp(nil, tuple.Offset4)
			return out[:max(len(out)-4, 0)], err
		})
	}
	// The subspace package writes strings as the official binding does,
	// byte for byte; what it writes, the raw codec reads.
	if key, ok := try(func() []byte { return subspace.FromBytes(prefix).Pack(tup) }); ok {
		readsBack("subspace Pack", key, func(b []byte) (tuple.Tuple, error) { return raw.UnpackAfter(b, len(prefix)) },
			func(u tuple.Tuple) ([]byte, error) { return subspace.FromBytes(prefix).Pack(u), nil })
		if u, err := subspace.FromBytes(prefix).Unpack(fdb.Key(key)); err == nil {
			if again := subspace.FromBytes(prefix).Pack(u); !bytes.Equal(again, key) {
				t.Fatalf("subspace Unpack of %x repacks to %x", key, again)
			}
		}
	}
	// Text: what Text and Format print, Parse reads back to the same key.
	if text, err := tup.AppendText(nil); err == nil {
		if key, err := (tuple.Codec{}).Pack(tup); err == nil {
			readsBack("Text", key, func([]byte) (tuple.Tuple, error) { return tuple.Parse(string(text)) }, repack)
		}
	}
	if key, err := extCodec.Pack(tup); err == nil {
		text := extCodec.Format(tup)
		readsBack("Codec.Format", key, func([]byte) (tuple.Tuple, error) { return extCodec.Parse(text) }, extCodec.Pack)
	}
	// Key paths: a path whose ids are these elements.
	if len(tup) > 0 {
		p := nested.New("k", tup...)
		if key, err := p.MarshalBinary(); err == nil {
			back, rest, err := nested.Decode(key)
			if err != nil || len(rest) != 0 {
				t.Fatalf("Path.MarshalBinary accepted %s as %x, which Decode reads as %v, %x", p, key, err, rest)
			}
			if again, err := back.MarshalBinary(); err != nil || !bytes.Equal(again, key) {
				t.Fatalf("path %x decodes to %s, which packs to %x, %v", key, back, again, err)
			}
			if text, err := p.AppendText(nil); err == nil {
				if parsed, err := nested.Parse(string(text)); err != nil || !parsed.Equal(back) {
					t.Fatalf("path text %s parses to %v, %v", text, parsed, err)
				}
			}
		}
	}
}

// try runs a function that panics on what it cannot encode.
func try(f func() []byte) (out []byte, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			if _, isErr := r.(error); !isErr {
				panic(fmt.Sprintf("panic with a non-error value: %v", r))
			}
			ok = false
		}
	}()
	return f(), true
}

func TestEncoderLaw(t *testing.T) { rapid.Check(t, encoderLaw) }
func FuzzEncoderLaw(f *testing.F) { f.Fuzz(rapid.MakeFuzz(encoderLaw)) }
