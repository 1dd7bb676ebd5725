package dirdiff

import (
	"fmt"
	"slices"
	"strings"
)

// Differential drives two sides with the same requests and compares their
// answers after every step. Ref is the reference (the Java oracle): its
// answers are what a saved vector expects.
type Differential struct {
	Ref, Other Side
	// Forgive returns the id of a known divergence (see Divergences) that
	// explains a transaction on which the sides disagree, or "".
	Forgive func(req TxRequest, ref, other TxResult) string
	// Stats counts what ran.
	Stats Stats
}

// Stats counts the steps a differential ran.
type Stats struct {
	Sequences, Txs, Ops, Draws int
	// RefRecorded counts the transactions whose draws the reference
	// recorded and the other side replayed; the rest went the other way.
	RefRecorded int
	// Known counts sequences ended by a known divergence, by id.
	Known map[string]int
	// Outcomes counts the reference's answers by operation and error
	// class ("create ok", "move not_exists"), to show what the sequences
	// reached.
	Outcomes map[string]int
}

// Failure is a disagreement: the step where it happened, what differs,
// and the vector that replays it.
type Failure struct {
	Step   int
	What   string
	Vector Vector
}

// Error says at which step the sides disagreed, and how.
func (f *Failure) Error() string { return fmt.Sprintf("step %d: %s", f.Step, f.What) }

// Run resets both sides and runs a sequence of steps drawn by g, up to
// max steps. It returns the vector of the sequence (the reference's
// answers), a *Failure if the sides disagreed outside a known divergence,
// or another error if a side failed to answer.
func (d *Differential) Run(g *Gen, max int, name string) (Vector, error) {
	d.Stats.Sequences++
	vec := Vector{Name: name, Recorded: d.Ref.Name()}
	for _, s := range []Side{d.Ref, d.Other} {
		if err := s.Reset(); err != nil {
			return vec, fmt.Errorf("%s: reset: %w", s.Name(), err)
		}
	}
	var refDump []Pair
	for i := range max {
		step := g.Next()
		out, err := d.step(g.c, step)
		if err != nil {
			return vec, err
		}
		out.step.Changes = Diff(refDump, out.refDump)
		refDump = out.refDump
		vec.Steps = append(vec.Steps, out.step)
		if out.known != "" {
			if d.Stats.Known == nil {
				d.Stats.Known = map[string]int{}
			}
			d.Stats.Known[out.known]++
			vec.Known = out.known
			return vec, nil
		}
		if out.mismatch != "" {
			return vec, &Failure{Step: i, What: out.mismatch, Vector: vec}
		}
		g.Learn(out.step, out.step.LayerID, out.step.Want)
	}
	return vec, nil
}

type stepOut struct {
	step     Step
	refDump  []Pair
	mismatch string
	known    string
}

func (d *Differential) step(c Chooser, s Step) (stepOut, error) {
	out := stepOut{step: s}
	switch {
	case s.Load != nil:
		for _, side := range []Side{d.Ref, d.Other} {
			if err := side.Load(s.Load); err != nil {
				return out, fmt.Errorf("%s: load: %w", side.Name(), err)
			}
		}
	case s.NewLayer != nil:
		a, err := d.Ref.NewLayer(*s.NewLayer)
		if err != nil {
			return out, fmt.Errorf("%s: new_layer: %w", d.Ref.Name(), err)
		}
		b, err := d.Other.NewLayer(*s.NewLayer)
		if err != nil {
			return out, fmt.Errorf("%s: new_layer: %w", d.Other.Name(), err)
		}
		out.step.LayerID = a
		if a != b {
			out.mismatch = fmt.Sprintf("new_layer: %s answered id %d, %s %d", d.Ref.Name(), a, d.Other.Name(), b)
		}
	default:
		if err := d.tx(c, &out); err != nil {
			return out, err
		}
	}
	refDump, err := d.Ref.Dump()
	if err != nil {
		return out, fmt.Errorf("%s: dump: %w", d.Ref.Name(), err)
	}
	out.refDump = refDump
	if out.mismatch != "" || out.known != "" {
		return out, nil
	}
	otherDump, err := d.Other.Dump()
	if err != nil {
		return out, fmt.Errorf("%s: dump: %w", d.Other.Name(), err)
	}
	if diff := DumpDiff(refDump, otherDump); diff != "" {
		out.mismatch = fmt.Sprintf("the stores differ (- only %s, + only %s, ~ value differs):\n%s", d.Ref.Name(), d.Other.Name(), diff)
	}
	return out, nil
}

// tx runs a transaction on one side with a seed, recording its draws,
// and on the other replaying them, then compares the answers.
func (d *Differential) tx(c Chooser, out *stepOut) error {
	req := *out.step.Tx
	refRecords := c.Intn(2, "recorder") == 0
	seed := int64(c.Intn(1<<30, "seed"))
	rec, rep := d.Ref, d.Other
	if !refRecords {
		rec, rep = d.Other, d.Ref
	}
	recReq := TxRequest{Ops: req.Ops, Seed: &seed}
	rr, err := rec.Tx(recReq)
	if err != nil {
		return fmt.Errorf("%s: tx: %w", rec.Name(), err)
	}
	pr, err := rep.Tx(req.Replay(rr.Draws))
	if err != nil {
		return fmt.Errorf("%s: tx: %w", rep.Name(), err)
	}
	ref, other := rr, pr
	if !refRecords {
		ref, other = pr, rr
		d.Stats.RefRecorded--
	}
	d.Stats.RefRecorded++
	d.Stats.Txs++
	d.Stats.Ops += len(req.Ops)
	d.Stats.Draws += len(rr.Draws)
	out.step.Tx = &TxRequest{Ops: req.Ops, Draws: slices.Clone(ref.Draws)}
	if out.step.Tx.Draws == nil {
		out.step.Tx.Draws = []Draw{}
	}
	want := ref
	out.step.Want = &want
	if d.Stats.Outcomes == nil {
		d.Stats.Outcomes = map[string]int{}
	}
	for i, r := range ref.Results {
		class := r.Error
		if class == "" {
			class = "ok"
		}
		d.Stats.Outcomes[req.Ops[i].Op+" "+class]++
	}
	var what []string
	if rr.Error != "" {
		what = append(what, fmt.Sprintf("%s failed to record: %s", rec.Name(), rr.Error))
	}
	if pr.Error != "" {
		what = append(what, fmt.Sprintf("%s could not replay the draws %s recorded %v: %s", rep.Name(), rec.Name(), rr.Draws, pr.Error))
	}
	if a, b := ResultsText(ref.Results), ResultsText(other.Results); a != b {
		what = append(what, fmt.Sprintf("results differ:\n  %s: %s\n  %s: %s%s", d.Ref.Name(), a, d.Other.Name(), b, messages(ref, other)))
	}
	if ref.Committed != other.Committed {
		what = append(what, fmt.Sprintf("%s committed: %v, %s: %v", d.Ref.Name(), ref.Committed, d.Other.Name(), other.Committed))
	}
	if fmt.Sprint(ref.Draws) != fmt.Sprint(other.Draws) {
		what = append(what, fmt.Sprintf("draw logs differ: %s %v, %s %v", d.Ref.Name(), ref.Draws, d.Other.Name(), other.Draws))
	}
	for _, r := range [][]OpResult{ref.Results, other.Results} {
		for _, x := range r {
			if x.Error != "" && !slices.Contains(ErrorClasses, x.Error) {
				what = append(what, fmt.Sprintf("an error of no known class: %s (%s)", x.Error, x.Message))
			}
		}
	}
	if len(what) == 0 {
		return nil
	}
	if d.Forgive != nil {
		if pr.Error != "" {
			// The replaying side could not follow the recorder's draws
			// (the recorder may have diverged knowingly, drawing less or
			// more): run it again (its failed replay committed nothing)
			// on the same draws as far as they go and its own after, to
			// see where the two part.
			alone, err := rep.Tx(TxRequest{Ops: req.Ops, Draws: rr.Draws, ThenSeed: &seed})
			if err != nil {
				return fmt.Errorf("%s: tx: %w", rep.Name(), err)
			}
			if refRecords {
				other = alone
			} else {
				ref = alone
			}
		}
		if id := d.Forgive(req, ref, other); id != "" {
			out.known = id
			return nil
		}
	}
	out.mismatch = fmt.Sprintf("transaction %s:\n%s", opsText(req.Ops), strings.Join(what, "\n"))
	return nil
}

// messages shows the error messages of both sides, where either has one.
func messages(a, b TxResult) string {
	var s strings.Builder
	for _, r := range [][]OpResult{a.Results, b.Results} {
		for i, x := range r {
			if x.Message != "" {
				fmt.Fprintf(&s, "\n  op %d: %s", i, x.Message)
			}
		}
	}
	return s.String()
}

func opsText(ops []Op) string {
	var parts []string
	for _, op := range ops {
		parts = append(parts, OpText(op))
	}
	return strings.Join(parts, "; ")
}

// OpText writes an operation for people: create_or_open L0 ("a", "b")
// layer=70617274 ...
func OpText(op Op) string {
	var b strings.Builder
	b.WriteString(op.Op)
	if op.Handle != 0 {
		fmt.Fprintf(&b, " H%d", op.Handle)
	} else {
		fmt.Fprintf(&b, " L%d", op.LayerID)
	}
	fmt.Fprintf(&b, " %q", op.Path)
	if op.Path2 != nil {
		fmt.Fprintf(&b, " -> %q", op.Path2)
	}
	if op.Layer != nil {
		fmt.Fprintf(&b, " layer=%x", []byte(*op.Layer))
	}
	if op.Prefix != nil {
		fmt.Fprintf(&b, " prefix=%x", []byte(*op.Prefix))
	}
	return b.String()
}

// ReplayMismatch is a transaction of a vector whose answers differ from
// the vector's: Want is what the vector holds, Got what the side answered.
type ReplayMismatch struct {
	Step      int
	Tx        TxRequest
	Want, Got TxResult
	text      string
}

// Error says which transaction differs, with both answers.
func (m *ReplayMismatch) Error() string { return m.text }

// Replay runs a vector on a side, replaying its draws, and returns the
// first difference from what the vector expects, or nil.
func Replay(s Side, v Vector) error {
	if err := s.Reset(); err != nil {
		return err
	}
	var dump []Pair
	for i, st := range v.Steps {
		switch {
		case st.Load != nil:
			if err := s.Load(st.Load); err != nil {
				return fmt.Errorf("step %d: load: %w", i, err)
			}
		case st.NewLayer != nil:
			id, err := s.NewLayer(*st.NewLayer)
			if err != nil {
				return fmt.Errorf("step %d: new_layer: %w", i, err)
			}
			if id != st.LayerID {
				return fmt.Errorf("step %d: new_layer answered %d, want %d", i, id, st.LayerID)
			}
		default:
			r, err := s.Tx(*st.Tx)
			if err != nil {
				return fmt.Errorf("step %d: tx: %w", i, err)
			}
			if r.Error != "" {
				return fmt.Errorf("step %d: transaction %s: the draws %v do not replay: %s", i, opsText(st.Tx.Ops), st.Tx.Draws, r.Error)
			}
			if a, b := ResultsText(st.Want.Results), ResultsText(r.Results); a != b || r.Committed != st.Want.Committed {
				return &ReplayMismatch{Step: i, Tx: *st.Tx, Want: *st.Want, Got: r,
					text: fmt.Sprintf("step %d: transaction %s:\n  want %s (committed %v)\n  got  %s (committed %v)%s", i, opsText(st.Tx.Ops), a, st.Want.Committed, b, r.Committed, messages(*st.Want, r))}
			}
		}
		dump = st.Changes.Apply(dump)
		got, err := s.Dump()
		if err != nil {
			return fmt.Errorf("step %d: dump: %w", i, err)
		}
		if diff := DumpDiff(dump, got); diff != "" {
			return fmt.Errorf("step %d: the store differs from the vector's (- only the vector, + only %s, ~ value differs):\n%s", i, s.Name(), diff)
		}
	}
	return nil
}
