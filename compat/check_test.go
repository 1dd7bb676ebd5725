package compat

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"
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
