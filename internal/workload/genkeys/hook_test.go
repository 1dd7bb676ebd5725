package genkeys_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/fdbtuple/fdbtuple/internal/workload/genkeys"
	"github.com/fdbtuple/fdbtuple/tuple"
)

// A plan uses the generated methods only under the codec they are written
// for: under another, it reads what that codec reads. The key here holds
// Post as 17 00 04 D2, a longer form than 1234's shortest (16 04 D2):
// strict decoding (and the generated code) refuses it, a lenient codec
// reads it.
func TestPlanUsesGeneratedMethodsOnlyForTheirCodec(t *testing.T) {
	key := w1Key(t)
	short := []byte{0x16, 0x04, 0xD2}
	i := bytes.Index(key, short)
	if i < 0 {
		t.Fatalf("W1's key %x has no %x", key, short)
	}
	long := append(append(append([]byte(nil), key[:i]...), 0x17, 0x00, 0x04, 0xD2), key[i+len(short):]...)

	strict, err := tuple.NewPlan[genkeys.W1](tuple.Codec{})
	if err != nil {
		t.Fatal(err)
	}
	var v genkeys.W1
	if _, gerr := v.UnmarshalTupleKey(long); !errors.Is(gerr, tuple.ErrNonCanonical) {
		t.Fatalf("generated UnmarshalTupleKey of %x: %v, want ErrNonCanonical", long, gerr)
	}
	if err := strict.Unmarshal(long, &v); !errors.Is(err, tuple.ErrNonCanonical) {
		t.Fatalf("strict plan: %v, want ErrNonCanonical", err)
	}
	lenient, err := tuple.NewPlan[genkeys.W1](tuple.Codec{Lenient: true})
	if err != nil {
		t.Fatal(err)
	}
	if !strict.Generated() || lenient.Generated() {
		t.Fatalf("Generated(): %v under Codec{}, %v under a lenient codec; want true, false", strict.Generated(), lenient.Generated())
	}
	if err := lenient.Unmarshal(long, &v); err != nil || v.Post != 1234 {
		t.Fatalf("lenient plan: %v, Post %d, want 1234", err, v.Post)
	}

	// A prefix of the fields is the plan's own: the generated methods
	// write whole keys only.
	prefix, err := strict.AppendPrefix(nil, &v, "User")
	if err != nil || !bytes.Equal(prefix, key[:len(prefix)]) || len(prefix) != 6+17 {
		t.Fatalf("AppendPrefix through User: %x (%v), want the first 23 bytes of %x", prefix, err, key)
	}
}
