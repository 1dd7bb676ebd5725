package compat

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"encoding/json"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/fdbtuple/fdbtuple/tuple"
)

// TestParseDivergencesRefuses: what a divergence file may not say, and
// what the error says back.
func TestParseDivergencesRefuses(t *testing.T) {
	entry := func(extra string) string {
		return `[{"id": "x", "peers": ["p"], "sections": ["pack.jsonl"], "reason": "r"` + extra + `}]`
	}
	for _, c := range []struct{ name, file, err string }{
		{"a typo'd field", entry(`, "row": ["a"], "refusal": true`), `unknown field "row"`},
		{"an unknown section", `[{"id": "x", "peers": ["p"], "sections": ["pack"], "refusal": true, "reason": "r"}]`, `unknown section "pack" (sections: pack.jsonl, `},
		{"an unknown equivalence", entry(`, "equivalences": ["big-int"]`), `unknown equivalence "big-int" (equivalences: python-big-int-form: `},
		{"an entry that forgives any answer", entry(`, "rows": ["a"]`), "forgives any answer"},
		{"a missing reason", `[{"id": "x", "peers": ["p"], "sections": ["pack.jsonl"], "refusal": true}]`, "needs id, peers, sections and reason"},
		{"an answer that is no tuple", entry(`, "answers": {"a": [{"integer": "1"}]}`), `answer for "a"`},
		{"two arrays", entry(`, "refusal": true`) + `[]`, "data after the array"},
	} {
		if _, err := ParseDivergences([]byte(c.file), "f.json"); err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%s: %v, want an error containing %q", c.name, err, c.err)
		}
	}
	if _, err := ParseDivergences([]byte(entry(`, "answers": {"a": "00ff", "b": [{"int": "1"}]}`)), "f.json"); err != nil {
		t.Errorf("stated answers: %v", err)
	}
}

// pythonLike answers as this codec does, decoding leniently, except in
// the two ways the Python binding differs: ±(2^64-1) in the big-integer
// form, and float32 signalling NaNs quieted. It calls itself python-foundationdb, so that
// the built-in entries apply.
func pythonLike(r io.Reader, w io.Writer) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 64<<20)
	enc := json.NewEncoder(w)
	for sc.Scan() {
		var req Request
		if err := json.Unmarshal(sc.Bytes(), &req); err != nil {
			return err
		}
		resp := answer(req, "like")
		switch req.Op {
		case OpHello:
			resp.Name, resp.Lenient = "python-foundationdb", []string{LenientUnterminated, LenientNonMinimalInt}
		case OpPack:
			if in, err := DecodeTuple(req.Tuple); err == nil {
				if b, err := (tuple.Codec{}).Pack(quietFloat32(in)); err == nil {
					b = bytes.ReplaceAll(bytes.ReplaceAll(b, goMax, pythonMax), goMin, pythonMin)
					resp.Packed = Hex(b)
				}
			}
		case OpUnpack:
			b, _ := hex.DecodeString(deref(req.Packed))
			if t, err := (tuple.Codec{Lenient: true}).Unpack(b); err == nil {
				resp.Tuple, _ = EncodeTuple(quietFloat32(t))
				resp.Error = ""
			}
		case OpCompare:
			a, _ := DecodeTuple(req.A)
			b, _ := DecodeTuple(req.B)
			c := tuple.Compare(quietFloat32(a), quietFloat32(b))
			resp.Result = &c
		}
		if err := enc.Encode(resp); err != nil {
			return err
		}
	}
	return sc.Err()
}

// TestRowsCreditedToTheirEntry: each known row counts under the entry
// that explains it, not the first entry whose equivalences, pooled with
// the others', would (issue #30: every random-pack row of the Python peer
// counted as python-big-int-form, float32 signalling NaNs included).
func TestRowsCreditedToTheirEntry(t *testing.T) {
	ds, err := KnownDivergences()
	if err != nil {
		t.Fatal(err)
	}
	r := checkServe(t, pythonLike, 5*time.Second, CheckOptions{Random: 2000, Seed: 1, Divergences: ds})
	var text strings.Builder
	_ = r.WriteText(&text)
	if !r.OK() {
		t.Fatalf("a peer with only the listed differences fails:\n%s", text.String())
	}
	const big, snan = "python-big-int-form", "cpython-float32-snan-quieting"
	for _, s := range r.Sections {
		switch s.Name {
		case "divergent.jsonl":
			// two rows of ±(2^64-1), four of float32 signalling NaNs
			if s.KnownBy[big] != 2 || s.KnownBy[snan] != 4 || s.Known != 6 {
				t.Errorf("divergent.jsonl: %+v, want 2 rows under %s and 4 under %s", *s, big, snan)
			}
		case "decode_lenient.jsonl":
			if s.KnownBy[snan] != 1 || s.Known != 1 {
				t.Errorf("decode_lenient.jsonl: %+v, want the signalling NaN row under %s", *s, snan)
			}
		case "random pack":
			if s.KnownBy[big] == 0 || s.KnownBy[snan] == 0 || s.KnownBy[big] >= s.Known || s.KnownBy[big]+s.KnownBy[snan] < s.Known {
				t.Errorf("random pack: %+v: every known row under one of the two entries, neither taking them all", *s)
			}
		case "random unpack", "random order":
			if s.KnownBy[big] != 0 || s.Known != s.KnownBy[snan] {
				t.Errorf("%s: %+v: only %s changes a decoded value or an order", s.Name, *s, snan)
			}
		}
	}
	if len(r.Warnings) != 0 {
		t.Errorf("warnings: %q", r.Warnings)
	}
	t.Logf("\n%s", text.String())
}

// TestEquivalencesDocumented: PROTOCOL.md's table lists every equivalence
// the checker knows.
func TestEquivalencesDocumented(t *testing.T) {
	doc, err := os.ReadFile("PROTOCOL.md")
	if err != nil {
		t.Fatal(err)
	}
	for name := range equivalences {
		if !strings.Contains(string(doc), "| `"+name+"` |") {
			t.Errorf("PROTOCOL.md does not document the equivalence %q", name)
		}
	}
	for _, s := range Sections() {
		if !strings.Contains(string(doc), "`"+s+"`") {
			t.Errorf("PROTOCOL.md does not name the section %q", s)
		}
	}
}
