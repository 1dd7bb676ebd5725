package compat

import (
	"bytes"
	"context"
	"encoding/hex"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/fdbtuple/fdbtuple/tuple"
)

func serveOurs(r io.Reader, w io.Writer) error { return Serve(r, w, "test") }

// TestSelfCheck: checking this codec against itself passes every row with
// no failure and no divergence.
func TestSelfCheck(t *testing.T) {
	p, err := StartFunc(serveOurs, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	ds, err := KnownDivergences()
	if err != nil {
		t.Fatal(err)
	}
	r, err := Check(context.Background(), p, CheckOptions{Random: 300, Seed: 1, Divergences: ds})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	_ = r.WriteText(&out)
	if !r.OK() || r.Known != 0 {
		t.Fatalf("self-check failed:\n%s", out.String())
	}
	for _, s := range r.Sections {
		if s.Pass == 0 || s.Skipped != 0 {
			t.Errorf("section %s: %+v", s.Name, s)
		}
	}
	t.Logf("\n%s", out.String())
}

// TestHelloValidated: a hello that names an unknown type, op or lenient
// reading is a protocol error, not rows skipped in silence.
func TestHelloValidated(t *testing.T) {
	for _, c := range []struct {
		from, to, err string
	}{
		{`"int",`, `"integer",`, `unknown type "integer"`},
		{`"compare",`, `"sort",`, `unknown op "sort"`},
		{`"protocol":1,`, `"protocol":1,"lenient":["non-minimal"],`, `unknown lenient reading "non-minimal"`},
	} {
		p, err := StartFunc(faultyServe(func(req Request, resp []byte) string {
			return strings.Replace(string(resp), c.from, c.to, 1)
		}), 5*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		_, err = Check(context.Background(), p, CheckOptions{})
		p.Close()
		if !errors.Is(err, ErrProtocol) || !strings.Contains(err.Error(), c.err) {
			t.Errorf("hello with %s: %v, want a protocol error saying %s", c.to, err, c.err)
		}
	}
}

// TestLenientDeclared: a peer that declares a lenient reading must give
// the reference's value on the rows that need it, and one that reads
// leniently without declaring it fails those rows, as a strict one would
// not.
func TestLenientDeclared(t *testing.T) {
	declare := func(req Request, resp []byte) string {
		if req.Op == OpHello {
			return strings.Replace(string(resp), `"protocol":1,`, `"protocol":1,"lenient":["non-minimal-int"],`, 1)
		}
		return string(resp)
	}
	lenient := func(req Request, resp []byte) string {
		if req.Op == OpUnpack {
			b, _ := hex.DecodeString(deref(req.Packed))
			if t, err := (tuple.Codec{Lenient: true}).Unpack(b); err == nil {
				raw, _ := EncodeTuple(t)
				return `{"id":` + itoa(req.ID) + `,"tuple":` + string(raw) + `}`
			}
		}
		return declare(req, resp)
	}
	fails := func(r *Report, section string) map[string]int {
		causes := map[string]int{}
		for _, g := range r.Groups {
			if g.Section == section {
				causes[g.Cause] += len(g.Rows)
			}
		}
		return causes
	}
	// strict, declared: the non-minimal integer rows are refused, not read
	r := checkServe(t, faultyServe(declare), 5*time.Second, CheckOptions{})
	if got := fails(r, "generated/decode_lenient.jsonl"); got["unpack: peer refused"] != 3 {
		t.Errorf("a strict peer declaring non-minimal-int: %v", got)
	}
	// lenient for everything, non-minimal-int declared: the unterminated rows fail
	r = checkServe(t, faultyServe(lenient), 5*time.Second, CheckOptions{})
	if got := fails(r, "decode_lenient.jsonl"); len(got) != 1 || got["unpack: peer accepted what this codec rejects (unterminated element)"] != 9 {
		t.Errorf("a peer reading unterminated elements without declaring it: %v", got)
	}
	if got := fails(r, "generated/decode_lenient.jsonl"); len(got) != 0 {
		t.Errorf("declared and done: %v", got)
	}
}
