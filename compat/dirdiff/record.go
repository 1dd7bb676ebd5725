package dirdiff

import "fmt"

// Record runs steps on one side and returns them as a vector with the
// side's answers: a transaction with draws replays them, one without
// draws records them from a seed the chooser c picks (c may be nil when
// every transaction has its draws). The side is reset first.
func Record(s Side, name, note string, steps []Step, c Chooser) (Vector, error) {
	v := Vector{Name: name, Note: note, Recorded: s.Name()}
	if err := s.Reset(); err != nil {
		return v, err
	}
	var dump []Pair
	for i, st := range steps {
		out, err := recordStep(s, st, c)
		if err != nil {
			return v, fmt.Errorf("%s: step %d: %w", name, i, err)
		}
		after, err := s.Dump()
		if err != nil {
			return v, err
		}
		out.Changes = Diff(dump, after)
		dump = after
		v.Steps = append(v.Steps, out)
	}
	return v, nil
}

// RecordRandom runs a generated sequence of up to max steps on one side
// and returns it as a vector.
func RecordRandom(s Side, name string, g *Gen, max int) (Vector, error) {
	v := Vector{Name: name, Recorded: s.Name()}
	if err := s.Reset(); err != nil {
		return v, err
	}
	var dump []Pair
	for i := range max {
		st, err := recordStep(s, g.Next(), g.c)
		if err != nil {
			return v, fmt.Errorf("%s: step %d: %w", name, i, err)
		}
		after, err := s.Dump()
		if err != nil {
			return v, err
		}
		st.Changes = Diff(dump, after)
		dump = after
		v.Steps = append(v.Steps, st)
		g.Learn(st, st.LayerID, st.Want)
	}
	return v, nil
}

func recordStep(s Side, st Step, c Chooser) (Step, error) {
	switch {
	case st.Load != nil:
		return st, s.Load(st.Load)
	case st.NewLayer != nil:
		id, err := s.NewLayer(*st.NewLayer)
		st.LayerID = id
		return st, err
	}
	req := *st.Tx
	if req.Draws == nil {
		seed := int64(c.Intn(1<<30, "seed"))
		req = TxRequest{Ops: req.Ops, Seed: &seed}
	}
	r, err := s.Tx(req)
	if err != nil {
		return st, err
	}
	if r.Error != "" {
		return st, fmt.Errorf("transaction %s: %s", opsText(req.Ops), r.Error)
	}
	draws := r.Draws
	if draws == nil {
		draws = []Draw{}
	}
	st.Tx = &TxRequest{Ops: req.Ops, Draws: draws}
	st.Want = &r
	return st, nil
}
