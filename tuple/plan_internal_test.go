package tuple

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"testing"

	"github.com/fdbtuple/fdbtuple/tuple/internal/wirecore"
)

// TestPlanAgreesOnVectors builds, for every vector row, a struct type
// with one field per element (reflect.StructOf), and checks that the
// plan machinery encodes it as the row's bytes and decodes the bytes
// back into the same elements. A null is a nil pointer field.
func TestPlanAgreesOnVectors(t *testing.T) {
	f, err := os.Open("../vectors/pack.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	rows := 0
	for sc.Scan() {
		var row struct{ Name, Packed string }
		if err := json.Unmarshal(sc.Bytes(), &row); err != nil {
			t.Fatal(err)
		}
		packed, _ := hex.DecodeString(row.Packed)
		tup, err := Unpack(packed)
		if err != nil {
			t.Fatalf("%s: %v", row.Name, err)
		}
		fields := make([]reflect.StructField, len(tup))
		for i, v := range tup {
			typ := reflect.TypeFor[*int64]() // a nil pointer: null
			if v != nil {
				typ = reflect.TypeOf(v)
			}
			fields[i] = reflect.StructField{Name: fmt.Sprintf("F%d", i), Type: typ}
		}
		st := reflect.StructOf(fields)
		lay, err := layoutOf(st)
		if err != nil {
			t.Fatalf("%s: %v", row.Name, err)
		}
		in := reflect.New(st).Elem()
		for i, v := range tup {
			if v != nil {
				in.Field(i).Set(reflect.ValueOf(v))
			}
		}
		var e encoder
		got, err := e.fields(nil, lay, in, len(lay.fields), false, 0)
		if err != nil || !bytes.Equal(got, packed) {
			t.Fatalf("%s: plan encodes %x, %v; want %x", row.Name, got, err, packed)
		}
		s := scanner{}
		s.in = packed
		out := reflect.New(st).Elem()
		if _, err := s.structFields(wirecore.TopLevel(0), 0, lay, out); err != nil {
			t.Fatalf("%s: plan decoding: %v", row.Name, err)
		}
		for i, v := range tup {
			var back any
			if fv := out.Field(i); fv.Kind() != reflect.Pointer || !fv.IsNil() || v != nil {
				back = fv.Interface()
			}
			if Compare(Tuple{back}, Tuple{v}) != 0 {
				t.Fatalf("%s field %d: decoded %#v, want %#v", row.Name, i, back, v)
			}
		}
		rows++
	}
	if rows == 0 {
		t.Fatal("no vector rows")
	}
}

// TestConstElementPrefix checks the word compare of constants against
// bytes.HasPrefix: constants of every length up to past the two words,
// at every length of input up to past them, and with each byte changed.
func TestConstElementPrefix(t *testing.T) {
	for n := 1; n <= 20; n++ {
		enc := make([]byte, n)
		for i := range enc {
			enc[i] = byte(0x41 + i)
		}
		c := newConstElement(enc)
		for size := 0; size <= 24; size++ {
			in := make([]byte, size)
			copy(in, enc)
			for i := n; i < size; i++ {
				in[i] = 0xFF // bytes after the constant do not matter
			}
			if got, want := c.prefixOf(in), bytes.HasPrefix(in, enc); got != want {
				t.Fatalf("constant of %d bytes, input of %d: prefixOf %v, want %v", n, size, got, want)
			}
			for i := range min(n, size) {
				in[i] ^= 0x80
				if c.prefixOf(in) {
					t.Fatalf("constant of %d bytes, input of %d with byte %d changed: prefixOf matches", n, size, i)
				}
				in[i] ^= 0x80
			}
		}
	}
}
