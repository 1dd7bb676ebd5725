package fdb_test

import (
	"bytes"
	"errors"
	"reflect"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
)

// TestPrintable checks the printable form byte by byte: printable ASCII
// as it is, a backslash doubled, everything else \xNN in lower case.
func TestPrintable(t *testing.T) {
	for c := range 256 {
		got := fdb.Printable([]byte{byte(c)})
		var want string
		switch {
		case c == '\\':
			want = `\\`
		case c >= 0x20 && c <= 0x7E:
			want = string(rune(c))
		default:
			want = `\x` + string("0123456789abcdef"[c>>4]) + string("0123456789abcdef"[c&15])
		}
		if got != want {
			t.Errorf("Printable(%#02x) = %q, want %q", c, got, want)
		}
	}
	if got := fdb.Key("a\x00\"b\\").String(); got != `a\x00"b\\` {
		t.Errorf("Key.String = %q", got)
	}
}

func TestStrinc(t *testing.T) {
	tests := []struct{ in, want string }{
		{"a", "b"}, {"a\xff", "b"}, {"a\xfe\xff\xff", "a\xff"}, {"\x00", "\x01"},
	}
	for _, tt := range tests {
		in := []byte(tt.in)
		got, err := fdb.Strinc(in)
		if err != nil || string(got) != tt.want {
			t.Errorf("Strinc(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
		if string(in) != tt.in {
			t.Errorf("Strinc changed its input to %q", in)
		}
	}
	for _, in := range []string{"", "\xff", "\xff\xff"} {
		if _, err := fdb.Strinc([]byte(in)); !errors.Is(err, fdb.ErrNoStrinc) {
			t.Errorf("Strinc(%q) error = %v, want ErrNoStrinc", in, err)
		}
	}
}

func TestPrefixRange(t *testing.T) {
	prefix := []byte("ab\xff")
	r, err := fdb.PrefixRange(prefix)
	if err != nil {
		t.Fatal(err)
	}
	begin, end := r.FDBRangeKeys()
	if !bytes.Equal(begin.FDBKey(), prefix) || !bytes.Equal(end.FDBKey(), []byte("ac")) {
		t.Errorf("PrefixRange = %q, %q", begin.FDBKey(), end.FDBKey())
	}
	prefix[0] = 'x'
	if begin.FDBKey()[0] != 'a' {
		t.Errorf("PrefixRange shares memory with its argument")
	}
	if _, err := fdb.PrefixRange([]byte{0xff}); !errors.Is(err, fdb.ErrNoStrinc) {
		t.Errorf("PrefixRange(ff) error = %v", err)
	}
	sb, se := r.FDBRangeKeySelectors()
	if !reflect.DeepEqual(sb.FDBKeySelector(), fdb.FirstGreaterOrEqual(begin)) || !reflect.DeepEqual(se.FDBKeySelector(), fdb.FirstGreaterOrEqual(end)) {
		t.Errorf("KeyRange selectors = %v, %v", sb, se)
	}
}

// TestSelectors checks the four constructors against the official
// definitions (OrEqual, Offset) and the SelectorRange pass-through.
func TestSelectors(t *testing.T) {
	k := fdb.Key("k")
	tests := []struct {
		got     fdb.KeySelector
		orEqual bool
		offset  int
	}{
		{fdb.LastLessThan(k), false, 0},
		{fdb.LastLessOrEqual(k), true, 0},
		{fdb.FirstGreaterThan(k), true, 1},
		{fdb.FirstGreaterOrEqual(k), false, 1},
	}
	for i, tt := range tests {
		if tt.got.OrEqual != tt.orEqual || tt.got.Offset != tt.offset || !bytes.Equal(tt.got.Key.FDBKey(), k) {
			t.Errorf("selector %d = %+v", i, tt.got)
		}
		if !reflect.DeepEqual(tt.got.FDBKeySelector(), tt.got) {
			t.Errorf("selector %d: FDBKeySelector is not itself", i)
		}
	}
	sr := fdb.SelectorRange{Begin: tests[0].got, End: tests[3].got}
	b, e := sr.FDBRangeKeySelectors()
	if !reflect.DeepEqual(b, tests[0].got) || !reflect.DeepEqual(e, tests[3].got) {
		t.Errorf("SelectorRange = %v, %v", b, e)
	}
}
