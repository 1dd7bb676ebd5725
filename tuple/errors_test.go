package tuple_test

import (
	"bytes"
	"errors"
	"math"
	"math/big"
	"slices"
	"strings"
	"testing"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
	"github.com/fdbtuple/fdbtuple/types"
)

// TestDecodeErrors checks the sentinel, offset, path and code that strict
// decoding reports for each kind of fault.
func TestDecodeErrors(t *testing.T) {
	tests := []struct {
		name   string
		in     string
		err    error
		offset int
		path   []int
		code   types.Code
	}{
		{"reserved code", "15 01 23 00", tuple.ErrInvalidCode, 2, []int{1}, types.CodeDecimal},
		{"user code", "40", tuple.ErrInvalidCode, 0, []int{0}, 0x40},
		{"top-level 00 ff", "00 ff", tuple.ErrInvalidCode, 1, []int{1}, 0xff},
		{"truncated int", "02 61 00 16 01", tuple.ErrTruncated, 3, []int{1}, 0x16},
		{"truncated big int length", "1d", tuple.ErrTruncated, 0, []int{0}, types.CodePosBig},
		{"truncated big int", "0b f6 fe", tuple.ErrTruncated, 0, []int{0}, types.CodeNegBig},
		{"truncated float64 in nested", "05 15 01 05 21 00 00", tuple.ErrTruncated, 4, []int{0, 1, 0}, types.CodeFloat64},
		{"truncated uuid", "30 01", tuple.ErrTruncated, 0, []int{0}, types.CodeUUID},
		{"truncated versionstamp", "33 ff ff ff ff ff ff ff ff ff ff 00", tuple.ErrTruncated, 0, []int{0}, types.CodeVersionstamp},
		{"unterminated bytes", "01 61 00 ff", tuple.ErrUnterminated, 0, []int{0}, types.CodeBytes},
		{"unterminated string", "14 02 61", tuple.ErrUnterminated, 1, []int{1}, types.CodeString},
		{"unclosed nested", "05 15 01 00 ff", tuple.ErrUnterminated, 0, []int{0}, types.CodeNested},
		{"unclosed inner nested", "05 05 15 01 00", tuple.ErrUnterminated, 0, []int{0}, types.CodeNested},
		{"invalid utf-8", "02 61 ff 00", tuple.ErrInvalidUTF8, 0, []int{0}, types.CodeString},
		{"utf-8 surrogate in nested", "05 02 ed a0 80 00 00", tuple.ErrInvalidUTF8, 1, []int{0, 0}, types.CodeString},
		{"non-minimal positive", "16 00 01", tuple.ErrNonCanonical, 0, []int{0}, 0x16},
		{"non-minimal zero", "15 00", tuple.ErrNonCanonical, 0, []int{0}, 0x15},
		{"negative zero", "13 ff", tuple.ErrNonCanonical, 0, []int{0}, 0x13},
		{"big int that fits in 8 bytes", "1d 01 05", tuple.ErrNonCanonical, 0, []int{0}, types.CodePosBig},
		{"big int of length 0", "1d 00", tuple.ErrNonCanonical, 0, []int{0}, types.CodePosBig},
		{"big int with leading zero", "1d 09 00 01 01 01 01 01 01 01 01", tuple.ErrNonCanonical, 0, []int{0}, types.CodePosBig},
		{"negative big int with leading zero", "0b f6 ff fe fe fe fe fe fe fe fe", tuple.ErrNonCanonical, 0, []int{0}, types.CodeNegBig},
		{"8-byte big form of another value", "1d 08 ff ff ff ff ff ff ff fe", tuple.ErrNonCanonical, 0, []int{0}, types.CodePosBig},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := dhex(t, tt.in)
			got, err := tuple.Unpack(in)
			if !errors.Is(err, tt.err) {
				t.Fatalf("Unpack(%x) = %v, %v; want %v", in, got, err, tt.err)
			}
			var de *tuple.DecodeError
			if !errors.As(err, &de) {
				t.Fatalf("error %v is not a *DecodeError", err)
			}
			if de.Offset != tt.offset || !slices.Equal(de.Path, tt.path) || de.Code != tt.code {
				t.Errorf("got offset %d path %v code %v; want %d %v %v (%v)", de.Offset, de.Path, de.Code, tt.offset, tt.path, tt.code, err)
			}
			if !strings.HasPrefix(err.Error(), "tuple: ") {
				t.Errorf("message %q lacks the tuple: prefix", err)
			}
		})
	}
}

// TestDepthLimit checks that MaxDepth levels decode and one more does not,
// for both decoding and encoding, and that a long run of 05 bytes is a
// prompt error.
func TestDepthLimit(t *testing.T) {
	deep := func(levels int) tuple.Tuple {
		var tup tuple.Tuple
		for range levels {
			tup = tuple.Tuple{tup}
		}
		return tup
	}
	ok, err := (tuple.Codec{}).Pack(deep(tuplewire.MaxDepth))
	if err != nil {
		t.Fatalf("packing %d levels: %v", tuplewire.MaxDepth, err)
	}
	if _, err := tuple.Unpack(ok); err != nil {
		t.Fatalf("unpacking %d levels: %v", tuplewire.MaxDepth, err)
	}
	if _, err := (tuple.Codec{}).Pack(deep(tuplewire.MaxDepth + 1)); !errors.Is(err, tuple.ErrTooDeep) {
		t.Errorf("packing %d levels: got %v, want ErrTooDeep", tuplewire.MaxDepth+1, err)
	}
	tooDeep := append([]byte{0x05}, ok...)
	tooDeep = append(tooDeep, 0x00)
	if _, err := tuple.Unpack(tooDeep); !errors.Is(err, tuple.ErrTooDeep) {
		t.Errorf("unpacking %d levels: got %v, want ErrTooDeep", tuplewire.MaxDepth+1, err)
	}
	million := bytes.Repeat([]byte{0x05}, 1_000_000)
	for _, c := range []tuple.Codec{{}, {Lenient: true}} {
		if _, err := c.Unpack(million); !errors.Is(err, tuple.ErrTooDeep) {
			t.Errorf("a million 05 bytes (lenient %v): got %v, want ErrTooDeep", c.Lenient, err)
		}
	}
	if _, _, err := tuplewire.Next(million); !errors.Is(err, tuple.ErrTooDeep) {
		t.Errorf("Next on a million 05 bytes: got %v, want ErrTooDeep", err)
	}
	// A cycle must not recurse forever either.
	cyclic := tuple.Tuple{nil}
	cyclic[0] = cyclic
	if _, err := (tuple.Codec{}).Pack(cyclic); !errors.Is(err, tuple.ErrTooDeep) {
		t.Errorf("cyclic tuple: got %v, want ErrTooDeep", err)
	}
}

// TestEncodeErrors checks that each unencodable value is an error with the
// element's path, from every error-returning API, and a panic only from
// Pack.
func TestEncodeErrors(t *testing.T) {
	tooBig := new(big.Int).Lsh(big.NewInt(1), 2040)
	tests := []struct {
		name string
		tup  tuple.Tuple
		err  error
		path []int
	}{
		{"channel", tuple.Tuple{int64(1), make(chan int)}, tuple.ErrUnsupportedType, []int{1}},
		{"map in nested", tuple.Tuple{tuple.Tuple{"a", map[string]int{}}}, tuple.ErrUnsupportedType, []int{0, 1}},
		{"pointer to a channel", tuple.Tuple{new(chan int)}, tuple.ErrUnsupportedType, []int{0}},
		{"uintptr", tuple.Tuple{uintptr(1)}, tuple.ErrUnsupportedType, []int{0}},
		{"[15]byte", tuple.Tuple{[15]byte{}}, tuple.ErrUnsupportedType, []int{0}},
		{"struct", tuple.Tuple{struct{ A int }{1}}, tuple.ErrUnsupportedType, []int{0}},
		{"invalid utf-8", tuple.Tuple{"ok", "\xff\x00"}, tuple.ErrInvalidUTF8, []int{1}},
		{"2^2040", tuple.Tuple{tooBig}, tuple.ErrTooLarge, []int{0}},
		{"-2^2040", tuple.Tuple{new(big.Int).Neg(tooBig)}, tuple.ErrTooLarge, []int{0}},
		{"incomplete versionstamp", tuple.Tuple{tuple.IncompleteVersionstamp(1)}, tuple.ErrIncompleteVersionstamp, []int{0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			check := func(api string, err error) {
				t.Helper()
				var ee *tuple.EncodeError
				if !errors.Is(err, tt.err) || !errors.As(err, &ee) || !slices.Equal(ee.Path, tt.path) {
					t.Errorf("%s: got %v, want %v at %v", api, err, tt.err, tt.path)
				}
			}
			_, err := (tuple.Codec{}).Pack(tt.tup)
			check("Codec.Pack", err)
			dst := []byte("prefix")
			out, err := tt.tup.AppendBinary(dst)
			check("AppendBinary", err)
			if string(out) != "prefix" {
				t.Errorf("AppendBinary returned %q on error, want the original dst", out)
			}
			_, err = tuple.Codec{}.PackAfter([]byte("p"), tt.tup)
			check("PackAfter", err)
			if errors.Is(tt.err, tuple.ErrInvalidUTF8) {
				// The functions with the official signatures write the
				// bytes as they are, as the official binding does.
				want := append(tuplewire.AppendString(nil, "ok"), 0x02, 0xff, 0x00, 0xff, 0x00)
				if got := tt.tup.Pack(); !bytes.Equal(got, want) {
					t.Errorf("Pack = %x, want %x", got, want)
				}
				return
			}
			if !errors.Is(tt.err, tuple.ErrIncompleteVersionstamp) {
				_, err = tt.tup.PackWithVersionstamp(nil)
				check("PackWithVersionstamp", err)
			}
			defer func() {
				if r := recover(); r == nil {
					t.Errorf("Pack did not panic")
				}
			}()
			tt.tup.Pack()
		})
	}
}

// TestOfficialExamples checks the worked examples of design/tuple.md and
// the official binding's documentation.
func TestOfficialExamples(t *testing.T) {
	tests := []struct {
		tup tuple.Tuple
		hex string
	}{
		{tuple.Tuple{"foo", 42}, "02 666f6f 00 15 2a"},
		{tuple.Tuple{[]byte("foo\x00bar")}, "01 666f6f 00ff 626172 00"},
		{tuple.Tuple{"F\u00d4O\u0000bar"}, "02 46 c394 4f 00ff 626172 00"},
		{tuple.Tuple{tuple.Tuple{[]byte("foo\x00bar"), nil, tuple.Tuple{}}}, "05 01 666f6f 00ff 626172 00 00ff 05 00 00"},
		{tuple.Tuple{tuple.Tuple{}}, "05 00"},
		{tuple.Tuple{tuple.Tuple{nil}}, "05 00ff 00"},
		{tuple.Tuple{-5551212}, "11 ab4b93"},
		{tuple.Tuple{float32(-42)}, "20 3dd7ffff"},
		{tuple.Tuple{}, ""},
	}
	for _, tt := range tests {
		if got, want := tt.tup.Pack(), dhex(t, tt.hex); !bytes.Equal(got, want) {
			t.Errorf("%#v packed to %x, want %x", tt.tup, got, want)
		}
	}
}

// TestPythonBigForms checks the one documented exception to canonical
// decoding: the Python binding's forms of ±(2^64-1) decode, to the same
// values (and Go types) as the 1C/0C forms, and repack to those forms.
func TestPythonBigForms(t *testing.T) {
	for _, tt := range []struct{ python, ours string }{
		{"1d 08 ffffffffffffffff", "1c ffffffffffffffff"},
		{"0b f7 0000000000000000", "0c 0000000000000000"},
	} {
		a, errA := tuple.Unpack(dhex(t, tt.python))
		b, errB := tuple.Unpack(dhex(t, tt.ours))
		if errA != nil || errB != nil || tuple.Compare(a, b) != 0 {
			t.Fatalf("%s gave %v, %v; %s gave %v, %v", tt.python, a, errA, tt.ours, b, errB)
		}
		if got := a.Pack(); !bytes.Equal(got, dhex(t, tt.ours)) {
			t.Errorf("%s repacked to %x, want %s", tt.python, got, tt.ours)
		}
	}
}

// TestLenient checks what the lenient decoder adds and what it still
// refuses.
func TestLenient(t *testing.T) {
	lenient := tuple.Codec{Lenient: true}
	got, err := lenient.Unpack(dhex(t, "05 01 61 62"))
	if err != nil || tuple.Compare(got, tuple.Tuple{tuple.Tuple{[]byte("ab")}}) != 0 {
		t.Errorf("unterminated bytes in unclosed nested: %#v, %v", got, err)
	}
	got, err = lenient.Unpack(dhex(t, "16 00 01"))
	if err != nil || got[0] != int64(1) {
		t.Errorf("non-minimal 1: %#v, %v", got, err)
	}
	for _, in := range []string{"02 ff 00", "23 00", "15"} {
		if _, err := lenient.Unpack(dhex(t, in)); err == nil {
			t.Errorf("lenient accepted %s", in)
		}
	}
}

type namedFloat32 float32

type namedTuple tuple.Tuple

// TestNamedTypeBits: a value of a named type encodes exactly as the value of
// its underlying type, signalling-NaN bits included, and a named tuple
// type's versionstamps count.
func TestNamedTypeBits(t *testing.T) {
	for _, bits := range []uint32{0x7f800001, 0xff800001, 0x7fc00000, 0x3fc00000, 0x80000000} {
		named := tuple.Tuple{namedFloat32(math.Float32frombits(bits))}.Pack()
		plain := tuple.Tuple{math.Float32frombits(bits)}.Pack()
		if !bytes.Equal(named, plain) {
			t.Errorf("float32 bits %#08x: named type packs %x, float32 %x", bits, named, plain)
		}
	}
	inner := namedTuple{tuple.IncompleteVersionstamp(1)}
	tup := tuple.Tuple{"a", inner}
	if has, err := tup.HasIncompleteVersionstamp(); !has || err != nil {
		t.Errorf("HasIncompleteVersionstamp(named tuple) = %v, %v; want true", has, err)
	}
	if _, err := tup.PackWithVersionstamp(nil); err != nil {
		t.Errorf("PackWithVersionstamp(named tuple) = %v", err)
	}
	two := tuple.Tuple{tuple.IncompleteVersionstamp(1), inner}
	if _, err := two.HasIncompleteVersionstamp(); !errors.Is(err, tuple.ErrMultipleIncompleteVersionstamps) {
		t.Errorf("HasIncompleteVersionstamp(two, one in a named tuple) = %v", err)
	}
}

// TestOffsetSize: only the two widths FoundationDB has used are accepted.
func TestOffsetSize(t *testing.T) {
	tup := tuple.Tuple{tuple.IncompleteVersionstamp(1)}
	for _, size := range []tuple.OffsetSize{0, 3, -1, 8} {
		if out, err := tup.AppendWithVersionstamp([]byte("p"), size); !errors.Is(err, tuple.ErrOffsetSize) || string(out) != "p" {
			t.Errorf("OffsetSize %d: %x, %v; want ErrOffsetSize", size, out, err)
		}
	}
	for _, size := range []tuple.OffsetSize{tuple.Offset2, tuple.Offset4} {
		if out, err := tup.AppendWithVersionstamp(nil, size); err != nil || len(out) != 13+int(size) {
			t.Errorf("OffsetSize %d: %x, %v", size, out, err)
		}
	}
}

// An EncodeError names the element path and the field it knows, and
// leaves out what it does not: an empty path is no element (a generated
// codec's error names only the field).
func TestEncodeErrorMessageParts(t *testing.T) {
	for _, c := range []struct {
		e    tuple.EncodeError
		want string
	}{
		{tuple.EncodeError{Path: []int{2}, Field: "At (time.Time)", Err: tuple.ErrInexact}, tuple.ErrInexact.Error() + " (element [2], field At (time.Time))"},
		{tuple.EncodeError{Path: []int{0, 1}, Err: tuple.ErrInvalidUTF8}, tuple.ErrInvalidUTF8.Error() + " (element [0 1])"},
		{tuple.EncodeError{Field: "X (int8)", Err: tuple.ErrOutOfRange}, tuple.ErrOutOfRange.Error() + " (field X (int8))"},
		{tuple.EncodeError{Path: []int{}, Field: "X (int8)", Err: tuple.ErrOutOfRange}, tuple.ErrOutOfRange.Error() + " (field X (int8))"},
		{tuple.EncodeError{Path: []int{}, Err: tuple.ErrInvalidUTF8, Detail: "in the prefix"}, tuple.ErrInvalidUTF8.Error() + ": in the prefix"},
	} {
		if got := c.e.Error(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.e, got, c.want)
		}
	}
}
