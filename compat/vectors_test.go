package compat

import (
	"bytes"
	"encoding/hex"
	"errors"
	"io/fs"
	"math"
	"strings"
	"testing"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/vectors"
)

// mustRows reads a cross-language vector file, which must have rows.
func mustRows[T any](t *testing.T, name string) []T {
	t.Helper()
	return mustRowsFrom[T](t, vectors.FS, name)
}

// mustRowsFrom reads a JSON-lines file of fsys, which must have rows.
func mustRowsFrom[T any](t *testing.T, fsys fs.FS, name string) []T {
	t.Helper()
	rows, err := vectors.ReadRowsFrom[T](fsys, name)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) == 0 {
		t.Fatalf("%s has no rows", name)
	}
	return rows
}

func mustTuple(t *testing.T, name string, raw []byte) tuple.Tuple {
	t.Helper()
	tup, err := DecodeTuple(raw)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return tup
}

func unhex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestPackVectors checks every row both ways: the tuple packs to the bytes,
// and the bytes unpack to the same tuple, bit for bit and by Compare.
func TestPackVectors(t *testing.T) {
	rows := mustRows[vectors.PackRow](t, "pack.jsonl")
	for _, r := range rows {
		tup := mustTuple(t, r.Name, r.Tuple)
		want := unhex(t, r.Packed)
		got, err := (tuple.Codec{}).Pack(tup)
		if err != nil {
			t.Errorf("%s: pack: %v", r.Name, err)
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: pack\n got %x\nwant %x", r.Name, got, want)
		}
		back, err := tuple.Unpack(want)
		if err != nil {
			t.Errorf("%s: unpack: %v", r.Name, err)
			continue
		}
		if !vectors.Identical(back, tup) {
			t.Errorf("%s: unpack gave %#v, want %#v", r.Name, back, tup)
		}
		if c := tuple.Compare(back, tup); c != 0 {
			t.Errorf("%s: Compare(unpacked, tuple) = %d", r.Name, c)
		}
	}
	t.Logf("%d rows", len(rows))
}

// TestOrderVectors checks that each list is strictly ascending both as
// packed bytes and by Compare, in both directions.
func TestOrderVectors(t *testing.T) {
	rows := mustRows[vectors.OrderRow](t, "order.jsonl")
	pairs := 0
	for _, r := range rows {
		var prev tuple.Tuple
		var prevKey []byte
		for i, raw := range r.Sorted {
			tup := mustTuple(t, r.Name, raw)
			key, err := (tuple.Codec{}).Pack(tup)
			if err != nil {
				t.Fatalf("%s[%d]: %v", r.Name, i, err)
			}
			if i > 0 {
				pairs++
				if bytes.Compare(prevKey, key) >= 0 {
					t.Errorf("%s[%d]: bytes not ascending: %x !< %x", r.Name, i, prevKey, key)
				}
				if c := tuple.Compare(prev, tup); c != -1 {
					t.Errorf("%s[%d]: Compare(prev, this) = %d, want -1", r.Name, i, c)
				}
				if c := tuple.Compare(tup, prev); c != 1 {
					t.Errorf("%s[%d]: Compare(this, prev) = %d, want 1", r.Name, i, c)
				}
			}
			prev, prevKey = tup, key
		}
	}
	t.Logf("%d rows, %d adjacent pairs", len(rows), pairs)
}

// wantInvalid classifies an invalid.jsonl row by its stated reason.
func wantInvalid(r vectors.InvalidRow) error {
	why := strings.ToLower(r.Why)
	switch {
	case strings.Contains(why, "utf"), strings.Contains(why, "overlong"),
		strings.Contains(why, "surrogate"), strings.Contains(why, "u+"),
		strings.Contains(why, "c3 28 invalid"):
		return tuple.ErrInvalidUTF8
	case strings.Contains(why, "truncated"), strings.Contains(why, "needs"),
		strings.Contains(why, "missing"):
		return tuple.ErrTruncated
	}
	return tuple.ErrInvalidCode
}

// TestInvalidVectors checks that strict and lenient decoding both reject
// every row (the reference rejects them all), with the right sentinel, and
// a *DecodeError whose offset lies inside the input.
func TestInvalidVectors(t *testing.T) {
	rows := mustRows[vectors.InvalidRow](t, "invalid.jsonl")
	for _, r := range rows {
		in := unhex(t, r.Packed)
		for _, c := range []tuple.Codec{{}, {Lenient: true}} {
			tup, err := c.Unpack(in)
			if err == nil {
				t.Errorf("%s (lenient %v): accepted %x as %v", r.Name, c.Lenient, in, tup)
				continue
			}
			if want := wantInvalid(r); !errors.Is(err, want) {
				t.Errorf("%s (lenient %v): got %v, want %v", r.Name, c.Lenient, err, want)
			}
			var de *tuple.DecodeError
			if !errors.As(err, &de) || de.Offset < 0 || de.Offset >= len(in) {
				t.Errorf("%s: error %v has no offset inside the %d-byte input", r.Name, err, len(in))
			}
		}
	}
	t.Logf("%d rows", len(rows))
}

// lenientStrictError is the policy for decode_lenient.jsonl rows that
// strict decoding rejects (tuple/doc.go, "Strictness"): the sentinel each
// row's fault gives. Rows absent here are accepted strictly.
func lenientStrictError(name string) error {
	switch {
	case strings.Contains(name, "unterminated"), strings.Contains(name, "no terminator"),
		name == "nested: code only":
		return tuple.ErrUnterminated
	case strings.Contains(name, "python's own encoding"), strings.Contains(name, "Go/Java encoding"):
		return nil // ±(2^64-1) in either binding's form: always accepted
	case strings.HasPrefix(name, "int:"):
		return tuple.ErrNonCanonical
	}
	return nil
}

// TestLenientVectors checks each row against the documented policy: the
// lenient decoder gives what the reference gives (bit for bit, except the
// float32 signalling NaN that CPython quiets and we keep); the strict
// decoder rejects what no encoder writes and accepts the rest.
func TestLenientVectors(t *testing.T) {
	rows := mustRows[vectors.LenientRow](t, "decode_lenient.jsonl")
	for _, r := range rows {
		in := unhex(t, r.Packed)
		want := mustTuple(t, r.Name, r.Tuple)
		got, err := tuple.Codec{Lenient: true}.Unpack(in)
		switch {
		case err != nil:
			t.Errorf("%s: lenient: %v", r.Name, err)
		case strings.Contains(r.Name, "signalling NaN"):
			// CPython quiets 7f800001 to 7fc00001; we keep the bits.
			if f, ok := got[0].(float32); !ok || len(got) != 1 || math.Float32bits(f) != 0x7f800001 {
				t.Errorf("%s: lenient gave %#v, want float32 bits 7f800001", r.Name, got)
			}
		case tuple.Compare(got, want) != 0:
			t.Errorf("%s: lenient gave %#v, want %#v", r.Name, got, want)
		}

		strict, err := tuple.Unpack(in)
		wantErr := lenientStrictError(r.Name)
		switch {
		case wantErr == nil && err != nil:
			t.Errorf("%s: strict rejected: %v", r.Name, err)
		case wantErr == nil && tuple.Compare(strict, got) != 0:
			t.Errorf("%s: strict gave %#v, lenient %#v", r.Name, strict, got)
		case wantErr != nil && !errors.Is(err, wantErr):
			t.Errorf("%s: strict gave (%v, %v), want %v", r.Name, strict, err, wantErr)
		}
	}
	t.Logf("%d rows", len(rows))
}

// TestDivergentVectors checks the documented choice for each value the
// bindings encode differently: we write the Go/Java form (refusing where Go
// refuses), and read both forms back to the same value.
func TestDivergentVectors(t *testing.T) {
	rows := mustRows[vectors.DivergentRow](t, "divergent.jsonl")
	for _, r := range rows {
		tup := mustTuple(t, r.Name, r.Tuple)
		got, err := (tuple.Codec{}).Pack(tup)
		if r.PackedGoJava == nil {
			if !errors.Is(err, tuple.ErrIncompleteVersionstamp) {
				t.Errorf("%s: pack gave (%x, %v), want ErrIncompleteVersionstamp as Go", r.Name, got, err)
			}
			continue
		}
		if want := unhex(t, *r.PackedGoJava); err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: pack gave (%x, %v), want %x", r.Name, got, err, want)
		}
		for _, form := range []string{*r.PackedGoJava, r.PackedPython} {
			back, err := tuple.Unpack(unhex(t, form))
			if strings.HasPrefix(r.Name, "float32") {
				// CPython's form is a different (quiet) NaN; ours keeps the
				// signalling one. Both must decode; only ours is tup.
				if err != nil {
					t.Errorf("%s: unpack %s: %v", r.Name, form, err)
				}
				if form == *r.PackedGoJava && !vectors.Identical(back, tup) {
					t.Errorf("%s: unpack %s gave %#v, want %#v", r.Name, form, back, tup)
				}
				continue
			}
			if err != nil || !vectors.Identical(back, tup) {
				t.Errorf("%s: unpack %s gave (%#v, %v), want %#v", r.Name, form, back, err, tup)
			}
		}
	}
	t.Logf("%d rows", len(rows))
}

// TestVersionstampVectors checks pack-with-versionstamp output, the offset
// width by API version, and the two refusals.
func TestVersionstampVectors(t *testing.T) {
	rows := mustRows[vectors.VersionstampRow](t, "versionstamp.jsonl")
	for _, r := range rows {
		tup := mustTuple(t, r.Name, r.Tuple)
		prefix := unhex(t, r.Prefix)
		got, err := tup.AppendWithVersionstamp(prefix, tuple.OffsetSizeForAPIVersion(r.APIVersion))
		if r.Error != "" {
			want := tuple.ErrNoIncompleteVersionstamp
			if strings.Contains(r.Error, "Multiple") {
				want = tuple.ErrMultipleIncompleteVersionstamps
			}
			if !errors.Is(err, want) {
				t.Errorf("%s: got (%x, %v), want %v", r.Name, got, err, want)
			}
			continue
		}
		if want := unhex(t, r.Packed); err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: got (%x, %v)\nwant %x", r.Name, got, err, want)
		}
		if r.APIVersion >= 520 {
			def, err := tup.PackWithVersionstamp(prefix)
			if err != nil || !bytes.Equal(def, got) {
				t.Errorf("%s: PackWithVersionstamp gave (%x, %v), want %x", r.Name, def, err, got)
			}
		}
	}
	t.Logf("%d rows", len(rows))
}
