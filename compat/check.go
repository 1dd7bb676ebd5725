package compat

import (
	"bytes"
	"context"
	"encoding/hex"
	"errors"
	"fmt"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/vectors"
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
	// Examples is how many failing rows of each group the report shows
	// with both answers, smallest input first; 0 means 1. The name of
	// every failing row is in the report whatever it is.
	Examples int
	// ShrinkSteps bounds the candidate tuples tried while shrinking one
	// failing random row; 0 means 300, a negative number no shrinking.
	ShrinkSteps int
}

// ErrProtocol marks a check that could not start: the peer's hello failed,
// or said something this checker cannot work with. Check's other errors
// are the end of its context, or a fault in the vectors.
var ErrProtocol = errors.New("compat: protocol error")

// Report is the outcome of a check run.
type Report struct {
	Peer     Hello      `json:"peer"`
	Seed     int        `json:"seed"`
	Random   int        `json:"random"`
	Sections []*Section `json:"sections"`
	Failures int        `json:"failures"`
	Known    int        `json:"known"`
	Restarts int        `json:"peer_restarts"`
	// Groups holds every failing row, grouped by section and cause.
	Groups []*Group `json:"groups"`
	// Divergences lists the entries that covered rows, with their reasons.
	Divergences []Divergence `json:"divergences"`
	// Warnings name divergence entries that matched nothing here: a row
	// pattern that matches no row, an entry that covered no row, an entry
	// of a file whose peers do not match this peer.
	Warnings []string `json:"warnings"`
	// Interrupted marks a partial report: the run's context ended (SIGINT
	// or SIGTERM in fdbtuple check) before every row was checked. It
	// counts the rows answered before then; Warnings are left out, as an
	// entry may match a row the run did not reach.
	Interrupted bool `json:"interrupted,omitempty"`
}

// Section counts the rows of one vector file or random category.
type Section struct {
	Name    string `json:"name"`
	Pass    int    `json:"pass"`
	Fail    int    `json:"fail"`
	Known   int    `json:"known"`
	Skipped int    `json:"skipped"`
	// KnownBy counts the known rows by the divergence that explains them.
	// A row that needs two entries together counts for each.
	KnownBy map[string]int `json:"known_by,omitempty"`
}

// Group is the failing rows of one section that fail the same way: the
// same problem at the same kind of element.
type Group struct {
	Section string `json:"section"`
	Cause   string `json:"cause"`
	// Rows names every failing row of the group, smallest input first.
	Rows []string `json:"rows"`
	// Examples are the first rows of Rows with both answers; failing
	// random rows among them are shrunk.
	Examples []Mismatch `json:"examples"`
}

// Mismatch is one row where the peer and this codec differ, for the
// report: what was asked and both answers, in the tuple text form or hex.
type Mismatch struct {
	Section string `json:"section"`
	Row     string `json:"row"`
	Problem string `json:"problem"`
	Input   string `json:"input,omitempty"`
	Want    string `json:"want,omitempty"`
	Got     string `json:"got,omitempty"`
	// FirstDiff is the offset of the first byte where Got differs from
	// Want, when both are hex.
	FirstDiff *int `json:"first_diff,omitempty"`
	// Size is the length of the input's packing, in bytes: the examples
	// of a group come smallest first.
	Size int `json:"size"`
	// ShrunkFrom and ShrunkFromSize are the random input before it was
	// shrunk to Input, and its size.
	ShrunkFrom     string `json:"shrunk_from,omitempty"`
	ShrunkFromSize int    `json:"shrunk_from_size,omitempty"`
}

// outcome is one row's verdict before classification.
type outcome struct {
	ok      bool
	skipped bool
	problem string
	// cause says where the answers differ (the kind of element), to
	// group rows that fail the same way
	cause string
	input string
	want  string
	got   string
	size  int
	// what was asked and the peer's answer, for the equivalences and
	// stated answers of known divergences: op is "pack", "unpack" or
	// "order"; in is the tuple packed, the tuple expected, or the first
	// of the pair ordered
	op       string
	in, in2  tuple.Tuple
	gotTuple tuple.Tuple
	gotBytes []byte
	gotOrder int
	refused  bool
	// asReference: the peer gave the answer the row records for the
	// reference implementation
	asReference bool
	// fault: the peer crashed, hung or answered garbage. A listed
	// divergence forgives a different answer, never a fault.
	fault bool
	// subject and rerun, for random rows: the generated input, and the
	// check again on a smaller one, for shrinking
	subject tuple.Tuple
	rerun   func(tuple.Tuple) outcome
}

func pass() outcome { return outcome{ok: true} }

// failure is a failing row kept until the run ends and the groups form.
type failure struct {
	m       Mismatch
	key     string
	order   int
	subject tuple.Tuple
	rerun   func(tuple.Tuple) outcome
}

type checker struct {
	ctx      context.Context
	peer     *Peer
	opts     CheckOptions
	report   *Report
	failures []failure
	ledger   *ledger
}

// Check runs every vector row and the random differential run against a
// peer, comparing its answers with this codec's. It stops with ctx's
// error when ctx ends; an error wrapping ErrProtocol means the peer's
// hello failed or cannot be worked with.
func Check(ctx context.Context, p *Peer, o CheckOptions) (*Report, error) {
	if o.Examples <= 0 {
		o.Examples = 1
	}
	if o.ShrinkSteps == 0 {
		o.ShrinkSteps = 300
	}
	resp, err := p.Call(ctx, Request{Op: OpHello})
	if err != nil {
		if context.Cause(ctx) != nil {
			return nil, fmt.Errorf("compat: check stopped: %w", err)
		}
		return nil, fmt.Errorf("%w: hello: %w", ErrProtocol, err)
	}
	if resp.Error != "" {
		return nil, fmt.Errorf("%w: hello refused: %s", ErrProtocol, resp.Error)
	}
	hello := Hello{Name: resp.Name, Version: resp.Version, Protocol: resp.Protocol, Ops: resp.Ops, Types: resp.Types, Lenient: resp.Lenient}
	if hello.Protocol != ProtocolVersion {
		return nil, fmt.Errorf("%w: peer %q speaks protocol %d, this checker %d", ErrProtocol, hello.Name, hello.Protocol, ProtocolVersion)
	}
	if err := hello.validate(); err != nil {
		return nil, fmt.Errorf("%w: peer %q: %w", ErrProtocol, hello.Name, err)
	}
	c := &checker{ctx: ctx, peer: p, opts: o, ledger: newLedger(o.Divergences, hello.Name),
		report: &Report{Peer: hello, Seed: o.Seed, Random: o.Random, Groups: []*Group{}, Divergences: []Divergence{}, Warnings: []string{}}}
	steps := []func() error{c.packRows, c.orderRows, c.invalidRows, c.versionstampRows, c.lenientRows, c.generatedLenientRows, c.divergentRows}
	for _, step := range steps {
		if err := step(); err != nil {
			return nil, err
		}
		if err := context.Cause(ctx); err != nil {
			return c.interrupted(err)
		}
	}
	c.random()
	if err := context.Cause(ctx); err != nil {
		return c.interrupted(err)
	}
	c.group()
	if err := context.Cause(ctx); err != nil {
		return c.interrupted(err)
	}
	c.report.Divergences = c.ledger.met()
	c.report.Warnings = c.ledger.warnings()
	c.report.Restarts = p.Restarts
	return c.report, nil
}

// interrupted ends a run whose context ended: the partial report of the
// rows answered before then, marked Interrupted, with the context's
// cause. (Grouping does not shrink against a stopped peer: a shrink step
// ends when the context does.)
func (c *checker) interrupted(cause error) (*Report, error) {
	c.report.Interrupted = true
	c.group()
	c.report.Divergences = c.ledger.met()
	c.report.Restarts = c.peer.Restarts
	return c.report, fmt.Errorf("compat: check stopped: %w", cause)
}

// record classifies one row's outcome into its section.
func (c *checker) record(s *Section, row string, o outcome) {
	if c.ctx.Err() != nil {
		return // the answer may be the end of the run, not the peer's
	}
	c.ledger.sawRow(s.Name, row)
	switch {
	case o.skipped:
		s.Skipped++
		return
	case o.ok:
		s.Pass++
		return
	}
	if ds := c.ledger.explain(s.Name, row, o); len(ds) > 0 {
		s.Known++
		c.report.Known++
		if s.KnownBy == nil {
			s.KnownBy = map[string]int{}
		}
		for _, d := range ds {
			s.KnownBy[d.ID]++
			c.ledger.credit(d)
		}
		return
	}
	s.Fail++
	c.report.Failures++
	c.failures = append(c.failures, failure{m: o.mismatch(s.Name, row), key: o.problem + o.cause,
		order: len(c.failures), subject: o.subject, rerun: o.rerun})
}

func (o outcome) mismatch(section, row string) Mismatch {
	problem := o.problem
	if o.cause != "" {
		problem += " " + o.cause
	}
	m := Mismatch{Section: section, Row: row, Problem: problem, Input: o.input, Want: o.want, Got: o.got, Size: o.size}
	if want, err := hex.DecodeString(o.want); err == nil && o.want != "" {
		if got, err := hex.DecodeString(o.got); err == nil && o.got != "" {
			at := firstDiff(want, got)
			m.FirstDiff = &at
		}
	}
	return m
}

func (c *checker) section(name string) *Section {
	s := &Section{Name: name}
	c.report.Sections = append(c.report.Sections, s)
	c.ledger.ran(name)
	return s
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
	o := outcome{op: "pack", in: t, gotBytes: got, refused: refused != ""}
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
		o.cause = "at " + kindAt(t, firstDiff(want, got), false)
	default:
		return pass()
	}
	// the texts only for a failing row: the text form costs as much as the rest
	o.input, o.want, o.size = t.Text(), hexOr(want, "an error"), packedSize(t)
	return o
}

// expectUnpack compares the peer's decoding of b with want (nil: refusal).
func (c *checker) expectUnpack(b []byte, want tuple.Tuple) outcome {
	got, refused, fault := c.peerUnpack(b)
	o := outcome{op: "unpack", in: want, gotTuple: got, refused: refused != ""}
	switch {
	case fault != nil:
		o.problem, o.got = "unpack: peer fault", fault.Error()
		o.fault = true
	case want == nil && refused == "":
		o.problem, o.got = "unpack: peer accepted what this codec rejects", got.Text()
		o.cause = "(" + strictRefusal(b) + ")"
	case want != nil && refused != "":
		o.problem, o.got = "unpack: peer refused", refused
	case want != nil && !vectors.Identical(got, want):
		o.problem, o.got = "unpack: values differ", got.Text()
		o.cause = "at " + firstDifferentKind(want, got)
	default:
		return pass()
	}
	o.input, o.want, o.size = hex.EncodeToString(b), "an error", len(b)
	if want != nil {
		o.want = want.Text()
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
