package genkeys_test

import (
	"strings"
	"testing"
	"time"

	"github.com/fdbtuple/fdbtuple/internal/workload/genkeys"
	"github.com/fdbtuple/fdbtuple/tuple"
)

// Allocation limits of the generated methods on W1, with the key struct
// declared inside each call: decoding allocates the strings' one buffer
// (nothing with no string fields), appending into a buffer with room
// nothing, marshalling the key.
func TestGeneratedAllocations(t *testing.T) {
	key := w1Key(t)
	var v genkeys.W1
	if _, err := v.UnmarshalTupleKey(key); err != nil {
		t.Fatal(err)
	}
	var c genkeys.W1Const
	if _, err := c.UnmarshalTupleKey(key); err != nil {
		t.Fatal(err)
	}
	zeros := v
	zeros.Kind, zeros.RKind = "us\x00\x00er\x00", "\x00re\x00\x00act\x00\x00"
	long := v
	long.CKind = strings.Repeat("comment ", 30)
	buf := make([]byte, 0, 2*len(key))
	var err error
	for _, tc := range []struct {
		name string
		max  float64
		run  func()
	}{
		{"decode W1", 1, func() {
			var w genkeys.W1
			_, err = w.UnmarshalTupleKey(key)
		}},
		{"decode W1 with constant strings", 0, func() {
			var w genkeys.W1Const
			_, err = w.UnmarshalTupleKey(key)
		}},
		{"append W1", 0, func() {
			w := v
			buf, err = w.AppendTupleKey(buf[:0])
		}},
		{"append W1 with constant strings", 0, func() {
			w := c
			buf, err = w.AppendTupleKey(buf[:0])
		}},
		{"marshal W1", 1, func() {
			w := v
			buf, err = w.MarshalTupleKey()
		}},
		{"marshal W1 with eight 00s in its strings", 1, func() {
			w := zeros
			buf, err = w.MarshalTupleKey()
		}},
		{"marshal W1 of 300 bytes", 1, func() {
			w := long
			buf, err = w.MarshalTupleKey()
		}},
		{"reference decoder", 1, func() {
			var w genkeys.W1
			err = genkeys.ReferenceDecodeW1(key, &w)
		}},
	} {
		if got := testing.AllocsPerRun(200, tc.run); got > tc.max || err != nil {
			t.Errorf("%s: %v allocations (at most %v), error %v", tc.name, got, tc.max, err)
		}
	}
}

// TestPlanWithGeneratedMethodsAllocations: a plan that runs the generated
// methods keeps the limits of the reflective plan's (tuple's
// TestPlanValueStaysOnTheStack), with the key struct declared inside each
// call: it calls them through the functions of TupleKeyFuncs, which take
// the struct by value, so the caller's value does not escape (appending
// into a buffer with room allocates nothing). Under a prefix too, where
// errors count from the key's first byte.
func TestPlanWithGeneratedMethodsAllocations(t *testing.T) {
	key := w1Key(t)
	p, err := tuple.NewPlan[genkeys.W1](tuple.Codec{})
	if err != nil {
		t.Fatal(err)
	}
	under := p.Under([]byte("app/"))
	underKey := append([]byte("app/"), key...)
	var filled genkeys.W1
	if err := p.Unmarshal(key, &filled); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 0, 2*len(underKey))
	for _, tc := range []struct {
		name string
		max  float64
		run  func() error
	}{
		{"Append", 0, func() error {
			v := filled
			buf, err = p.Append(buf[:0], &v)
			return err
		}},
		{"AppendPrefix through the last field", 0, func() error {
			v := filled
			buf, err = p.AppendPrefix(buf[:0], &v, "React")
			return err
		}},
		{"Marshal", 1, func() error {
			v := filled
			_, err := p.Marshal(&v)
			return err
		}},
		{"Unmarshal", 1, func() error {
			var v genkeys.W1
			return p.Unmarshal(key, &v)
		}},
		{"UnmarshalPrefix", 1, func() error {
			var v genkeys.W1
			_, err := p.UnmarshalPrefix(key, &v)
			return err
		}},
		{"PlanUnder.Unmarshal", 1, func() error {
			var v genkeys.W1
			return under.Unmarshal(underKey, &v)
		}},
	} {
		var runErr error
		if got := testing.AllocsPerRun(200, func() { runErr = tc.run() }); got > tc.max || runErr != nil {
			t.Errorf("%s: %v allocations (at most %v), error %v", tc.name, got, tc.max, runErr)
		}
	}
}

// TestGeneratedTimeAllocations: time and duration fields in int64 range
// add no allocation to the generated methods, nor to the plan that runs
// them: decoding allocates the string only.
func TestGeneratedTimeAllocations(t *testing.T) {
	at := time.UnixMilli(1700000000123).UTC()
	ev := genkeys.Event{Stream: "clicks", At: at, Took: 1500 * time.Millisecond}
	key, err := ev.MarshalTupleKey()
	if err != nil {
		t.Fatal(err)
	}
	p, err := tuple.NewPlan[genkeys.Event](tuple.Codec{})
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 0, 2*len(key))
	for _, tc := range []struct {
		name string
		max  float64
		run  func() error
	}{
		{"decode", 1, func() error {
			var e genkeys.Event
			_, err := e.UnmarshalTupleKey(key)
			return err
		}},
		{"append", 0, func() error {
			e := ev
			buf, err = e.AppendTupleKey(buf[:0])
			return err
		}},
		{"Plan.Unmarshal", 1, func() error {
			var e genkeys.Event
			return p.Unmarshal(key, &e)
		}},
		{"Plan.Append", 0, func() error {
			e := ev
			buf, err = p.Append(buf[:0], &e)
			return err
		}},
	} {
		var runErr error
		if got := testing.AllocsPerRun(200, func() { runErr = tc.run() }); got > tc.max || runErr != nil {
			t.Errorf("%s: %v allocations (at most %v), error %v", tc.name, got, tc.max, runErr)
		}
	}
	var back genkeys.Event
	if err := p.Unmarshal(key, &back); err != nil || back != ev {
		t.Errorf("read back %+v (%v), want %+v", back, err, ev)
	}
}
