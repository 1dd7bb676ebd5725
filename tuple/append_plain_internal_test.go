package tuple

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
)

// TestPlainMatchesEncoder checks the plain path against the encoder, above
// all at the edge of Pack's stack buffer, where the plain path
// must give up before it would outgrow the buffer.
func TestPlainMatchesEncoder(t *testing.T) {
	var cases []Tuple
	for n := stackPackLen - 40; n <= stackPackLen+8; n++ {
		plain := strings.Repeat("k", n)
		zeros := strings.Repeat("\x00", n/2)
		cases = append(cases,
			Tuple{plain},
			Tuple{[]byte(plain)},
			Tuple{zeros},
			Tuple{[]byte(zeros), int64(n)},
			Tuple{"a", Tuple{plain[:n-10], nil}},
			Tuple{Tuple{Tuple{[]byte(zeros[:n/3])}}, UUID{1}},
			Tuple{strings.Repeat("é", n/2)},
			Tuple{plain[:n-20], UUID{2}, Versionstamp{UserVersion: 7}},
		)
	}
	for _, tup := range cases {
		var e encoder
		want, err := e.appendTuple(nil, tup, false, 0)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Codec{}.Pack(tup)
		if err != nil || !bytes.Equal(got, want) || cap(got) != len(got) {
			t.Fatalf("Codec.Pack(%.40v): %x (cap %d), %v; want %x", tup, got, cap(got), err, want)
		}
		if got, ok := appendPlain(nil, tup, false, 0, noLimit); !ok || !bytes.Equal(got, want) {
			t.Fatalf("appendPlain(%.40v) = %x, %v; want %x", tup, got, ok, want)
		}
		for limit := len(want) - 3; limit <= len(want)+3; limit++ {
			got, ok := appendPlain(make([]byte, 0, limit), tup, false, 0, limit)
			if ok && (!bytes.Equal(got, want) || len(got) > limit) {
				t.Fatalf("appendPlain(%.40v, limit %d) = %x; want %x", tup, limit, got, want)
			}
			if ok && cap(got) != limit {
				t.Fatalf("appendPlain(%.40v, limit %d) outgrew its buffer", tup, limit)
			}
		}
	}
}

// TestPlainDeclines checks that the plain path leaves to the encoder what
// it must: every value that is an error, and the rarer types.
func TestPlainDeclines(t *testing.T) {
	type named int64
	for _, tup := range []Tuple{
		{"\xff"},
		{IncompleteVersionstamp(0)},
		{named(5)},
		{int8(1)},
		{struct{}{}},
		{Tuple{"a", []any{"\xc3"}}},
	} {
		if _, ok := appendPlain(nil, tup, false, 0, noLimit); ok {
			t.Errorf("appendPlain(%#v) took it", tup)
		}
	}
	deep := Tuple{}
	for range wirecore.MaxDepth + 1 {
		deep = Tuple{deep}
	}
	if _, ok := appendPlain(nil, deep, false, 0, noLimit); ok {
		t.Error("appendPlain took a tuple nested past MaxDepth")
	}
}

// TestPackAfter checks a prefix with the tuple after it, above all
// prefixes that leave the stack buffer too little room or none.
func TestPackAfter(t *testing.T) {
	tup := Tuple{"user", int64(7), []byte("a\x00b"), Tuple{nil}}
	packed := tup.Pack()
	for _, n := range []int{0, 1, stackPackLen - len(packed) - 1, stackPackLen - len(packed), stackPackLen - 3, stackPackLen, stackPackLen + 1, 1000} {
		prefix := bytes.Repeat([]byte{0xAB}, n)
		got, err := packAfter(prefix, tup, false)
		want := append(bytes.Clone(prefix), packed...)
		if err != nil || !bytes.Equal(got, want) || cap(got) != len(got) {
			t.Errorf("prefix of %d bytes: %x (cap %d), %v", n, got, cap(got), err)
		}
	}
	if _, err := packAfter([]byte("p"), Tuple{"\xff"}, false); !errors.Is(err, ErrInvalidUTF8) {
		t.Errorf("invalid UTF-8 after a prefix: %v", err)
	}
	if got, err := packAfter([]byte("p"), Tuple{"\xff"}, true); err != nil || string(got) != "p\x02\xff\x00" {
		t.Errorf("invalid UTF-8 after a prefix, written raw: %x, %v", got, err)
	}
}
