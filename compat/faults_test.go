package compat

import (
	"context"
	"errors"
	"io"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
)

// TestFaultIsNeverForgiven: a peer that calls itself by a listed peer's
// name and crashes on every request after its first answers fails the
// run. A listed divergence forgives a different answer, never a crash, a
// timeout or garbage.
func TestFaultIsNeverForgiven(t *testing.T) {
	ds, err := KnownDivergences()
	if err != nil {
		t.Fatal(err)
	}
	answered := 0
	p, err := StartFunc(faultyServe(func(req Request, resp []byte) string {
		if req.Op == OpHello {
			return strings.Replace(string(resp), `"name":"fdbtuple"`, `"name":"fdb-tuple"`, 1)
		}
		if answered++; answered > 1 {
			return "exit"
		}
		return string(resp)
	}), time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	r, err := Check(context.Background(), p, CheckOptions{Divergences: ds})
	if err != nil {
		t.Fatal(err)
	}
	if r.Peer.Name != "fdb-tuple" {
		t.Fatalf("peer name %q: the test did not impersonate a listed peer", r.Peer.Name)
	}
	if r.OK() || r.Known != 0 {
		t.Errorf("a crashing peer: OK %v, %d failures, %d known", r.OK(), r.Failures, r.Known)
	}
}

// TestEndlessLine: a peer that writes a line without end costs the
// checker a bounded amount of memory, and fails that request. The run is
// measured against the same run with a well-behaved peer.
func TestEndlessLine(t *testing.T) {
	run := func(endless bool) (*Report, uint64) {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		p, err := StartFunc(func(r io.Reader, w io.Writer) error {
			return faultyServe(func(req Request, resp []byte) string {
				if endless && isFoo42Pack(req) {
					chunk := strings.Repeat("0", 1<<16)
					for { // until the checker stops reading and closes the pipe
						if _, err := io.WriteString(w, chunk); err != nil {
							return "exit"
						}
					}
				}
				return string(resp)
			})(r, w)
		}, 5*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		defer p.Close()
		rep, err := Check(context.Background(), p, CheckOptions{})
		if err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&after)
		return rep, after.TotalAlloc - before.TotalAlloc
	}
	_, base := run(false)
	r, withLine := run(true)
	onlyFailure(t, r, "pack.jsonl", "doc/(foo,42)", "longer than")
	if withLine > base+16<<20 {
		t.Errorf("the endless line cost the checker %d MiB more than a normal run", (withLine-base)>>20)
	}
}

// TestDeepAnswer: an answer nested deeper than the tuple layer allows is
// a fault, found without decoding the nesting (which would cost time
// quadratic in its depth).
func TestDeepAnswer(t *testing.T) {
	deep := strings.Repeat(`{"tuple":[`, 4000) + strings.Repeat(`]}`, 4000)
	r := runFaulty(t, 5*time.Second, func(req Request, resp []byte) string {
		if req.Op == OpUnpack && req.Packed != nil && *req.Packed == foo42 {
			return `{"id":` + itoa(req.ID) + `,"tuple":[` + deep + `]}`
		}
		return string(resp)
	})
	for _, g := range r.Groups {
		for _, m := range g.Examples {
			if strings.Contains(m.Got, "more than 100 levels") {
				return
			}
		}
	}
	var text strings.Builder
	_ = r.WriteText(&text)
	t.Errorf("no fault for a 4000-deep answer:\n%s", text.String())
}

func itoa(n int) string {
	b, _ := tuple.AppendElementText(nil, int64(n))
	return string(b)
}

// TestNotationDepth: the value notation refuses nesting past MaxDepth.
func TestNotationDepth(t *testing.T) {
	nest := func(n int) []byte {
		return []byte("[" + strings.Repeat(`{"tuple":[`, n) + strings.Repeat(`]}`, n) + "]")
	}
	if _, err := DecodeTuple(nest(tuplewire.MaxDepth)); err != nil {
		t.Errorf("%d levels: %v", tuplewire.MaxDepth, err)
	}
	if _, err := DecodeTuple(nest(tuplewire.MaxDepth + 1)); !errors.Is(err, tuple.ErrTooDeep) {
		t.Errorf("%d levels: %v, want ErrTooDeep", tuplewire.MaxDepth+1, err)
	}
}

// TestOrderRefusalIsAnAnswer: a peer without compare that refuses to pack
// a tuple met in an order row has refused, not faulted: the row fails as
// a refusal, with the peer's message and no stray value, and a divergence
// with "refusal": true covers it.
func TestOrderRefusalIsAnAnswer(t *testing.T) {
	serve := faultyServe(func(req Request, resp []byte) string {
		switch {
		case req.Op == OpHello:
			return strings.Replace(string(resp), `"compare","pack_versionstamp"`, `"pack_versionstamp"`, 1)
		case req.Op == OpPack && strings.Contains(string(req.Tuple), `"bool":true`):
			return `{"id":` + itoa(req.ID) + `,"error":"no booleans here"}`
		}
		return string(resp)
	})
	r := checkServe(t, serve, 5*time.Second, CheckOptions{})
	var order *Group
	for _, g := range r.Groups {
		if g.Section == "order.jsonl" {
			order = g
		}
	}
	if order == nil || order.Cause != "order: peer refused" || r.Restarts != 0 {
		t.Fatalf("order rows: %+v", order)
	}
	if m := order.Examples[0]; m.Got != "no booleans here" || strings.Contains(m.Got+m.Input, "<nil>") {
		t.Errorf("the refusal reads %q (input %s)", m.Got, m.Input)
	}
	ds, err := ParseDivergences([]byte(`[{"id": "no-bools", "peers": ["*"], "sections": ["order.jsonl"], "rows": ["*"],
		"refusal": true, "reason": "refuses booleans"}]`), "test")
	if err != nil {
		t.Fatal(err)
	}
	r = checkServe(t, serve, 5*time.Second, CheckOptions{Divergences: ds})
	for _, s := range r.Sections {
		if s.Name == "order.jsonl" && (s.Fail != 0 || s.KnownBy["no-bools"] != len(order.Rows)) {
			t.Errorf("order.jsonl with the divergence: %+v, want its %d refused rows known", *s, len(order.Rows))
		}
	}
}
