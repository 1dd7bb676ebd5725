package dirdiff

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
)

// Vector is a replayable scenario, one JSON object a line in the files
// under compat/testdata/directory: from an empty store with only the
// default layer, its steps in order, each with what the reference (the
// Java oracle, or the side that recorded a failing case) answered.
type Vector struct {
	// Name says what the scenario is ("layout/uvw", "random/17",
	// "failing/...").
	Name string `json:"name"`
	// Note says what it shows, for people.
	Note string `json:"note,omitempty"`
	// Recorded names the side the expectations come from
	// ("java-fdb-directory 7.4.1").
	Recorded string `json:"recorded,omitempty"`
	// Known, when set, names a deliberate divergence of the Go layer
	// (see Divergences) that this vector shows: replaying it on Go must
	// differ, at the step and in the way the divergence describes.
	Known string `json:"known,omitempty"`
	// Steps are the requests and their expected answers.
	Steps []Step `json:"steps"`
}

// Step is one request of a Vector: exactly one of Load, NewLayer and Tx.
type Step struct {
	Load     []Pair     `json:"load,omitempty"`
	NewLayer *LayerSpec `json:"new_layer,omitempty"`
	// LayerID is the id new_layer answered.
	LayerID int `json:"layer_id,omitempty"`
	// Tx is the transaction, with the draws to replay.
	Tx *TxRequest `json:"tx,omitempty"`
	// Want is the reference's answer to Tx (its Draws are Tx.Draws).
	Want *TxResult `json:"want,omitempty"`
	// Changes is how the store differs after the step from before it.
	Changes *Changes `json:"changes,omitempty"`
}

// Changes is the difference between two dumps: the pairs set (new or
// changed) and the keys gone, each in key order.
type Changes struct {
	Set     []Pair `json:"set,omitempty"`
	Cleared []Hex  `json:"cleared,omitempty"`
}

// Diff returns the changes that turn before into after.
func Diff(before, after []Pair) *Changes {
	b := map[string][]byte{}
	for _, p := range before {
		b[string(p[0])] = p[1]
	}
	a := map[string]bool{}
	c := &Changes{}
	for _, p := range after {
		a[string(p[0])] = true
		if v, ok := b[string(p[0])]; !ok || !bytes.Equal(v, p[1]) {
			c.Set = append(c.Set, p)
		}
	}
	for _, p := range before {
		if !a[string(p[0])] {
			c.Cleared = append(c.Cleared, p[0])
		}
	}
	return c
}

// Apply returns the dump after c, from the dump before it.
func (c *Changes) Apply(before []Pair) []Pair {
	m := map[string][]byte{}
	for _, p := range before {
		m[string(p[0])] = p[1]
	}
	if c != nil {
		for _, k := range c.Cleared {
			delete(m, string(k))
		}
		for _, p := range c.Set {
			m[string(p[0])] = p[1]
		}
	}
	out := make([]Pair, 0, len(m))
	for k, v := range m {
		out = append(out, Pair{Hex(k), v})
	}
	slices.SortFunc(out, func(x, y Pair) int { return bytes.Compare(x[0], y[0]) })
	return out
}

// ReadVectors reads a file of vectors, one a line.
func ReadVectors(path string) ([]Vector, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return DecodeVectors(f, path)
}

// DecodeVectors reads vectors, one a line, from r; name says where they
// come from, for errors.
func DecodeVectors(r io.Reader, name string) ([]Vector, error) {
	var vs []Vector
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 64<<20)
	for line := 1; sc.Scan(); line++ {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		var v Vector
		dec := json.NewDecoder(bytes.NewReader(sc.Bytes()))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&v); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, line, err)
		}
		if err := v.validate(); err != nil {
			return nil, fmt.Errorf("%s:%d: vector %q: %w", name, line, v.Name, err)
		}
		vs = append(vs, v)
	}
	return vs, sc.Err()
}

func (v Vector) validate() error {
	for i, s := range v.Steps {
		n := 0
		if s.Load != nil {
			n++
		}
		if s.NewLayer != nil {
			n++
		}
		if s.Tx != nil {
			n++
			if s.Want == nil || s.Tx.Draws == nil {
				return fmt.Errorf("step %d: a tx needs its draws and want", i)
			}
		}
		if n != 1 {
			return fmt.Errorf("step %d: want exactly one of load, new_layer, tx", i)
		}
	}
	return nil
}

// WriteVectors writes vectors to path, one a line.
func WriteVectors(path string, vs []Vector) error {
	var b bytes.Buffer
	for _, v := range vs {
		line, err := json.Marshal(v)
		if err != nil {
			return err
		}
		b.Write(line)
		b.WriteByte('\n')
	}
	return os.WriteFile(path, b.Bytes(), 0o644)
}
