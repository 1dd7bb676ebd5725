package compat

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/fdbtuple/fdbtuple/vectors"
	"math/big"

	"github.com/fdbtuple/fdbtuple/property_test/gen"
	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/types"
	"github.com/google/uuid"
)

// CheckOptions tune a check run.
type CheckOptions struct {
	// Random is the number of random tuples (and of near-equal pairs) in
	// the differential run; 0 means none.
	Random int
	// Seed makes the random run repeatable.
	Seed int
	// Divergences are the known differences to tolerate.
	Divergences []Divergence
	// MaxMismatches bounds the mismatches kept for the report; 0 means 20.
	MaxMismatches int
}

// Report is the outcome of a check run.
type Report struct {
	Peer       Hello      `json:"peer"`
	Seed       int        `json:"seed"`
	Random     int        `json:"random"`
	Sections   []*Section `json:"sections"`
	Mismatches []Mismatch `json:"mismatches"`
	Failures   int        `json:"failures"`
	Known      int        `json:"known"`
	Restarts   int        `json:"peer_restarts"`
	// Divergences lists the entries that matched, with their reasons.
	Divergences []Divergence `json:"divergences"`
}

// Section counts the rows of one vector file or random category.
type Section struct {
	Name    string         `json:"name"`
	Pass    int            `json:"pass"`
	Fail    int            `json:"fail"`
	Known   int            `json:"known"`
	Skipped int            `json:"skipped"`
	KnownBy map[string]int `json:"known_by,omitempty"`
}

// Mismatch is one row where the peer and this codec differ, for the
// report: what was asked and both answers.
type Mismatch struct {
	Section string `json:"section"`
	Row     string `json:"row"`
	Problem string `json:"problem"`
	Tuple   string `json:"tuple,omitempty"`
	Want    string `json:"want,omitempty"`
	Got     string `json:"got,omitempty"`
	Known   string `json:"known,omitempty"`
}

// outcome is one row's verdict before classification.
type outcome struct {
	ok      bool
	skipped bool
	problem string
	tuple   string
	want    string
	got     string
	// what was asked and the peer's answer, for the equivalences of
	// known divergences: op is "pack", "unpack" or "order"; in is the
	// tuple packed, the tuple expected, or the first of the pair ordered
	op       string
	in, in2  tuple.Tuple
	gotTuple tuple.Tuple
	gotBytes []byte
	gotOrder int
	// asReference: the peer gave the answer the row records for the
	// reference implementation
	asReference bool
	// fault: the peer crashed, hung or answered garbage. A listed
	// divergence forgives a different answer, never a fault.
	fault bool
}

func pass() outcome { return outcome{ok: true} }

type checker struct {
	ctx    context.Context
	peer   *Peer
	opts   CheckOptions
	report *Report
	used   map[string]bool
}

// Check runs every vector row and the random differential run against a
// peer, comparing its answers with this codec's. It stops with ctx's
// error when ctx ends.
func Check(ctx context.Context, p *Peer, o CheckOptions) (*Report, error) {
	if o.MaxMismatches == 0 {
		o.MaxMismatches = 20
	}
	resp, err := p.Call(ctx, Request{Op: OpHello})
	if err != nil {
		return nil, fmt.Errorf("compat: hello: %w", err)
	}
	hello := Hello{Name: resp.Name, Version: resp.Version, Protocol: resp.Protocol, Ops: resp.Ops, Types: resp.Types}
	if hello.Protocol != ProtocolVersion {
		return nil, fmt.Errorf("compat: peer %q speaks protocol %d, this checker %d", hello.Name, hello.Protocol, ProtocolVersion)
	}
	c := &checker{ctx: ctx, peer: p, opts: o, used: map[string]bool{},
		report: &Report{Peer: hello, Seed: o.Seed, Random: o.Random, Mismatches: []Mismatch{}, Divergences: []Divergence{}}}
	steps := []func() error{c.packRows, c.orderRows, c.invalidRows, c.versionstampRows, c.lenientRows, c.divergentRows}
	for _, step := range steps {
		if err := step(); err != nil {
			return nil, err
		}
		if err := context.Cause(ctx); err != nil {
			return nil, fmt.Errorf("compat: check stopped: %w", err)
		}
	}
	c.random()
	if err := context.Cause(ctx); err != nil {
		return nil, fmt.Errorf("compat: check stopped: %w", err)
	}
	c.report.Restarts = p.Restarts
	return c.report, nil
}

// record classifies one row's outcome into its section.
func (c *checker) record(s *Section, row string, o outcome) {
	switch {
	case o.skipped:
		s.Skipped++
		return
	case o.ok:
		s.Pass++
		return
	}
	m := Mismatch{Section: s.Name, Row: row, Problem: o.problem, Tuple: o.tuple, Want: o.want, Got: o.got}
	if d := find(c.opts.Divergences, c.report.Peer.Name, s.Name, row, o); d != nil && !o.fault {
		s.Known++
		c.report.Known++
		if s.KnownBy == nil {
			s.KnownBy = map[string]int{}
		}
		s.KnownBy[d.ID]++
		if !c.used[d.ID] {
			c.used[d.ID] = true
			c.report.Divergences = append(c.report.Divergences, *d)
		}
		return
	}
	s.Fail++
	c.report.Failures++
	if len(c.report.Mismatches) < c.opts.MaxMismatches {
		c.report.Mismatches = append(c.report.Mismatches, m)
	}
}

func (c *checker) section(name string) *Section {
	s := &Section{Name: name}
	c.report.Sections = append(c.report.Sections, s)
	return s
}

// supported reports whether the peer declares every type t uses.
func (c *checker) supported(t tuple.Tuple) bool {
	for _, v := range t {
		if !c.report.Peer.hasType(typeName(v)) {
			return false
		}
		if nested, ok := v.(tuple.Tuple); ok && !c.supported(nested) {
			return false
		}
	}
	return true
}

func typeName(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case []byte:
		return "bytes"
	case string:
		return "string"
	case int64, uint64, *big.Int:
		return "int"
	case float32:
		return "float32"
	case float64:
		return "float64"
	case bool:
		return "bool"
	case uuid.UUID:
		return "uuid"
	case types.Versionstamp:
		return "versionstamp"
	case tuple.Tuple:
		return "tuple"
	}
	return fmt.Sprintf("%T", v)
}

// peerPack asks the peer to pack t; err is a peer fault or its refusal.
func (c *checker) peerPack(t tuple.Tuple) (packed []byte, refused string, fault error) {
	raw, err := EncodeTuple(t)
	if err != nil {
		return nil, "", err
	}
	resp, err := c.peer.Call(c.ctx, Request{Op: OpPack, Tuple: raw})
	if err != nil {
		return nil, "", err
	}
	if resp.Error != "" {
		return nil, resp.Error, nil
	}
	if resp.Packed == nil {
		return nil, "", errors.New("response has neither packed nor error")
	}
	b, err := hex.DecodeString(*resp.Packed)
	if err != nil {
		return nil, "", fmt.Errorf("packed is not hex: %v", err)
	}
	return b, "", nil
}

// peerUnpack asks the peer to unpack b.
func (c *checker) peerUnpack(b []byte) (t tuple.Tuple, refused string, fault error) {
	resp, err := c.peer.Call(c.ctx, Request{Op: OpUnpack, Packed: Hex(b)})
	if err != nil {
		return nil, "", err
	}
	if resp.Error != "" {
		return nil, resp.Error, nil
	}
	if resp.Tuple == nil {
		return nil, "", errors.New("response has neither tuple nor error")
	}
	t, err = DecodeTuple(resp.Tuple)
	if err != nil {
		return nil, "", fmt.Errorf("tuple in response: %v", err)
	}
	return t, "", nil
}

// expectPack compares the peer's packing of t with want (nil: refusal).
func (c *checker) expectPack(t tuple.Tuple, want []byte) outcome {
	got, refused, fault := c.peerPack(t)
	o := outcome{tuple: t.Text(), want: hexOr(want, "an error"), op: "pack", in: t, gotBytes: got}
	switch {
	case fault != nil:
		o.problem, o.got = "pack: peer fault", fault.Error()
		o.fault = true
	case want == nil && refused == "":
		o.problem, o.got = "pack: peer accepted what this codec refuses", hex.EncodeToString(got)
	case want != nil && refused != "":
		o.problem, o.got = "pack: peer refused", refused
	case !bytes.Equal(got, want):
		o.problem, o.got = "pack: bytes differ", hex.EncodeToString(got)
	default:
		return pass()
	}
	return o
}

// expectUnpack compares the peer's decoding of b with want (nil: refusal).
func (c *checker) expectUnpack(b []byte, want tuple.Tuple) outcome {
	got, refused, fault := c.peerUnpack(b)
	o := outcome{tuple: hex.EncodeToString(b), want: "an error", op: "unpack", in: want, gotTuple: got}
	if want != nil {
		o.want = want.Text()
	}
	switch {
	case fault != nil:
		o.problem, o.got = "unpack: peer fault", fault.Error()
		o.fault = true
	case want == nil && refused == "":
		o.problem, o.got = "unpack: peer accepted what this codec rejects", got.Text()
	case want != nil && refused != "":
		o.problem, o.got = "unpack: peer refused", refused
	case want != nil && !vectors.Identical(got, want):
		o.problem, o.got = "unpack: values differ", got.Text()
	default:
		return pass()
	}
	return o
}

func hexOr(b []byte, alt string) string {
	if b == nil {
		return alt
	}
	return hex.EncodeToString(b)
}

func both(a, b outcome) outcome {
	if !a.ok {
		return a
	}
	return b
}

func (c *checker) packRows() error {
	return runFile(c, "pack.jsonl", func(r vectors.PackRow) (string, outcome, error) {
		t, skip, err := c.decode(r.Tuple)
		if err != nil || skip {
			return r.Name, outcome{skipped: skip}, err
		}
		want, _ := hex.DecodeString(r.Packed)
		return r.Name, both(c.expectPack(t, want), c.expectUnpack(want, t)), nil
	})
}

// peerOrder reports the peer's order of a and b: its compare operation if
// it has one, otherwise the order of the bytes it packs them to.
func (c *checker) peerOrder(a, b tuple.Tuple) (int, error) {
	if c.report.Peer.supports(OpCompare) {
		ra, _ := EncodeTuple(a)
		rb, _ := EncodeTuple(b)
		resp, err := c.peer.Call(c.ctx, Request{Op: OpCompare, A: ra, B: rb})
		if err != nil {
			return 0, err
		}
		if resp.Error != "" || resp.Result == nil {
			return 0, fmt.Errorf("compare refused: %s", resp.Error)
		}
		return *resp.Result, nil
	}
	pa, ra, err := c.peerPack(a)
	if err != nil || ra != "" {
		return 0, fmt.Errorf("pack refused: %s %v", ra, err)
	}
	pb, rb, err := c.peerPack(b)
	if err != nil || rb != "" {
		return 0, fmt.Errorf("pack refused: %s %v", rb, err)
	}
	return bytes.Compare(pa, pb), nil
}

func (c *checker) expectOrder(a, b tuple.Tuple) outcome {
	want := tuple.Compare(a, b)
	got, err := c.peerOrder(a, b)
	o := outcome{tuple: a.String() + " vs " + b.String(), want: fmt.Sprint(want), op: "order", in: a, in2: b, gotOrder: sign(got)}
	switch {
	case err != nil:
		o.problem, o.got = "order: peer fault", err.Error()
		o.fault = true
	case sign(got) != want:
		o.problem, o.got = "order: peer orders differently", fmt.Sprint(got)
	default:
		return pass()
	}
	return o
}

func sign(n int) int {
	switch {
	case n < 0:
		return -1
	case n > 0:
		return 1
	}
	return 0
}

func (c *checker) orderRows() error {
	return runFile(c, "order.jsonl", func(r vectors.OrderRow) (string, outcome, error) {
		var ts []tuple.Tuple
		for _, raw := range r.Sorted {
			t, skip, err := c.decode(raw)
			if err != nil || skip {
				return r.Name, outcome{skipped: skip}, err
			}
			ts = append(ts, t)
		}
		o := pass()
		for i := 1; i < len(ts) && o.ok; i++ {
			o = c.expectOrder(ts[i-1], ts[i])
		}
		return r.Name, o, nil
	})
}

func (c *checker) invalidRows() error {
	return runFile(c, "invalid.jsonl", func(r vectors.InvalidRow) (string, outcome, error) {
		b, _ := hex.DecodeString(r.Packed)
		return r.Name, c.expectUnpack(b, nil), nil
	})
}

func (c *checker) versionstampRows() error {
	return runFile(c, "versionstamp.jsonl", func(r vectors.VersionstampRow) (string, outcome, error) {
		t, skip, err := c.decode(r.Tuple)
		if err != nil || skip || !c.report.Peer.supports(OpPackVersionstamp) {
			return r.Name, outcome{skipped: err == nil}, err
		}
		prefix, _ := hex.DecodeString(r.Prefix)
		want, wantErr := t.AppendWithVersionstamp(append([]byte{}, prefix...), tuple.OffsetSizeForAPIVersion(r.APIVersion))
		resp, fault := c.peer.Call(c.ctx, Request{Op: OpPackVersionstamp, Tuple: r.Tuple, Prefix: r.Prefix, APIVersion: r.APIVersion})
		o := outcome{tuple: t.Text(), want: hexOr(want, "an error")}
		if wantErr != nil {
			o.want = "an error: " + wantErr.Error()
			want = nil
		}
		switch {
		case fault != nil:
			o.problem, o.got = "pack_versionstamp: peer fault", fault.Error()
			o.fault = true
		case want == nil && resp.Error == "":
			o.problem, o.got = "pack_versionstamp: peer accepted what this codec refuses", deref(resp.Packed)
		case want != nil && resp.Error != "":
			o.problem, o.got = "pack_versionstamp: peer refused", resp.Error
		case want != nil && deref(resp.Packed) != hex.EncodeToString(want):
			o.problem, o.got = "pack_versionstamp: bytes differ", deref(resp.Packed)
		case want == nil && resp.ErrorKind != "" && resp.ErrorKind != errorKind(wantErr):
			o.problem, o.got = "pack_versionstamp: wrong kind of error", resp.ErrorKind
		default:
			o = pass()
		}
		return r.Name, o, nil
	})
}

// ourUnpack is this codec's strict answer for b: the tuple, or nil.
func ourUnpack(b []byte) tuple.Tuple {
	t, err := tuple.Unpack(b)
	if err != nil {
		return nil
	}
	return t
}

func (c *checker) lenientRows() error {
	return runFile(c, "decode_lenient.jsonl", func(r vectors.LenientRow) (string, outcome, error) {
		b, _ := hex.DecodeString(r.Packed)
		reference, err := DecodeTuple(r.Tuple)
		if err != nil {
			return r.Name, outcome{}, err
		}
		o := c.expectUnpack(b, ourUnpack(b))
		o.asReference = o.gotTuple != nil && vectors.Identical(o.gotTuple, reference)
		return r.Name, o, nil
	})
}

func (c *checker) divergentRows() error {
	return runFile(c, "divergent.jsonl", func(r vectors.DivergentRow) (string, outcome, error) {
		t, err := DecodeTuple(r.Tuple)
		if err != nil {
			return r.Name, outcome{}, err
		}
		ours, _ := (tuple.Codec{}).Pack(t) // nil where this codec refuses
		o := c.expectPack(t, ours)
		python, _ := hex.DecodeString(r.PackedPython)
		o.asReference = o.gotBytes != nil && bytes.Equal(o.gotBytes, python)
		for _, form := range []string{r.PackedPython, deref(r.PackedGoJava)} {
			if form == "" || !o.ok {
				continue
			}
			b, _ := hex.DecodeString(form)
			o = c.expectUnpack(b, ourUnpack(b))
		}
		return r.Name, o, nil
	})
}

// runFile checks every row of a vector file with check, which gives the
// row's name and outcome, and records them in a section named after the
// file. An error is a fault in the vectors, not in the peer.
func runFile[T any](c *checker, file string, check func(T) (string, outcome, error)) error {
	rows, err := vectors.ReadRows[T](file)
	if err != nil {
		return err
	}
	s := c.section(file)
	for _, r := range rows {
		name, o, err := check(r)
		if err != nil {
			return fmt.Errorf("%s %s: %w", file, name, err)
		}
		c.record(s, name, o)
	}
	return nil
}

// decode reads a row's tuple and reports whether the peer lacks one of
// its types, in which case the row is skipped.
func (c *checker) decode(raw json.RawMessage) (t tuple.Tuple, skip bool, err error) {
	t, err = DecodeTuple(raw)
	if err != nil {
		return nil, false, err
	}
	return t, !c.supported(t), nil
}

// errorKind is the protocol's error_kind for a pack_versionstamp error.
func errorKind(err error) string {
	switch {
	case errors.Is(err, tuple.ErrNoIncompleteVersionstamp):
		return "no_incomplete"
	case errors.Is(err, tuple.ErrMultipleIncompleteVersionstamps):
		return "multiple_incomplete"
	}
	return ""
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// random runs the differential categories on generated tuples: the peer
// must pack each as this codec does, unpack this codec's bytes to the
// same tuple, and order near-equal pairs the same way.
func (c *checker) random() {
	if c.opts.Random <= 0 {
		return
	}
	var kinds []types.Kind
	for _, k := range []types.Kind{types.KindNull, types.KindBytes, types.KindString, types.KindTuple, types.KindInt,
		types.KindFloat32, types.KindFloat64, types.KindBool, types.KindUUID, types.KindVersionstamp} {
		if c.report.Peer.hasType(k.String()) {
			kinds = append(kinds, k)
		}
	}
	opts := gen.Options{Kinds: kinds, MinLen: 1}
	tuples, pairs := gen.Tuple(opts), gen.NearPair(opts)
	sp, su, so := c.section("random pack"), c.section("random unpack"), c.section("random order")
	for i := range c.opts.Random {
		if c.ctx.Err() != nil {
			return
		}
		seed := c.opts.Seed*1_000_003 + i
		t := tuples.Example(seed)
		name := fmt.Sprintf("random/%d", i)
		ours, err := (tuple.Codec{}).Pack(t)
		if err != nil {
			continue // generated tuples always pack; guard against a generator change
		}
		c.record(sp, name, c.expectPack(t, ours))
		c.record(su, name, c.expectUnpack(ours, t))
		p := pairs.Example(seed)
		c.record(so, name, c.expectOrder(p[0], p[1]))
	}
}
