package compat

import (
	"bytes"
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"

	"github.com/fdbtuple/fdbtuple/property_test/gen"
	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/types"
	"github.com/fdbtuple/fdbtuple/vectors"
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
