package genkeys_test

import (
	"bytes"
	"errors"
	"testing"
	"time"

	"github.com/fdbtuple/fdbtuple/internal/workload/genkeys"
	"github.com/fdbtuple/fdbtuple/tuple"
)

// The generated methods of a key with optional fields word the plan's
// errors about them as the plan does: a set optional field after a nil
// one (ErrOptionalGap, naming both), and a null where an optional field
// would be (ErrWrongType, at its offset, with the plan's detail); and
// they read a key that ends before the optional fields, or after each of
// them, as the plan does, the fields it ends before set nil.
func TestGeneratedOptionalFields(t *testing.T) {
	reflective := tuple.MustPlan[growsReflect](tuple.Codec{})
	reply, topic, at := int64(7), genkeys.Name("t"), time.UnixMilli(1234)
	price, blob := genkeys.Cents(5), genkeys.Blob("b")
	full := genkeys.Grows{Stream: "s", Seq: 1, Reply: &reply, Topic: &topic, At: &at,
		Grown: &genkeys.Grown{Price: &price, In: &genkeys.Inner{A: "a", C: genkeys.Deep{X: 1}}, Blob: &blob}}

	// Each way of leaving one field nil before a set one.
	gaps := 0
	for _, leave := range []func(g *genkeys.Grows){
		func(g *genkeys.Grows) { g.Reply = nil },
		func(g *genkeys.Grows) { g.Topic = nil },
		func(g *genkeys.Grows) { g.At = nil },
		func(g *genkeys.Grows) { g.Grown.Price = nil },
		func(g *genkeys.Grows) { g.Grown.In = nil },
	} {
		g := full
		grown := *full.Grown
		g.Grown = &grown
		leave(&g)
		_, gerr := g.AppendTupleKey(nil)
		_, perr := reflective.Append(nil, (*growsReflect)(&g))
		if !errors.Is(perr, tuple.ErrOptionalGap) || gerr == nil || gerr.Error() != perr.Error() {
			t.Errorf("a gap:\n generated %v\n plan      %v", gerr, perr)
		}
		gaps++
	}

	// The key of every length the optional fields give it, then a null.
	key, err := full.MarshalTupleKey()
	if err != nil {
		t.Fatal(err)
	}
	var ends []int // where the key may end: before each optional field, and after the last
	for n := 0; n <= len(key); n++ {
		var v growsReflect
		if rest, err := reflective.UnmarshalPrefix(key[:n], &v); err == nil && len(rest) == 0 {
			ends = append(ends, n)
		}
	}
	if len(ends) != 7 {
		t.Fatalf("the key %x ends at %v: want 7 places (before each of 6 optional fields, and after them)", key, ends)
	}
	for _, n := range ends {
		short := key[:n]
		g := full // every optional field set: those the key ends before are set nil
		if _, err := g.UnmarshalTupleKey(short); err != nil {
			t.Fatalf("UnmarshalTupleKey(%x): %v", short, err)
		}
		r := growsReflect(full)
		if err := reflective.Unmarshal(short, &r); err != nil {
			t.Fatalf("Unmarshal(%x): %v", short, err)
		}
		got, err := g.MarshalTupleKey()
		if want, _ := reflective.Marshal(&r); err != nil || !bytes.Equal(got, short) || !bytes.Equal(want, short) {
			t.Errorf("%x read back: generated %x (%v), plan %x", short, got, err, want)
		}
		if n == len(key) {
			continue
		}
		null := append(bytes.Clone(short), 0x00)
		_, gerr := g.UnmarshalTupleKey(null)
		perr := reflective.Unmarshal(null, &r)
		var gd, pd *tuple.DecodeError
		if !errors.As(gerr, &gd) || !errors.As(perr, &pd) || !errors.Is(perr, tuple.ErrWrongType) ||
			gd.Err != pd.Err || gd.Offset != pd.Offset || gd.Field != pd.Field || gd.Detail != pd.Detail {
			t.Errorf("a null at %d:\n generated %v\n plan      %v", n, gerr, perr)
		}
	}
	t.Logf("%d gaps, a key ending at %v and a null after each end but the last: the plan's errors", gaps, ends)
}
