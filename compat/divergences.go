package compat

import (
	"bytes"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"

	"github.com/fdbtuple/fdbtuple/vectors"
)

// Divergence is a known, explained difference between a peer and this
// codec: the rows of some sections where the peer gives one stated kind
// of answer, and why. A difference that no entry covers is a failure.
// The file format is documented in PROTOCOL.md ("Known divergences").
type Divergence struct {
	// ID names the divergence in reports; IDs are unique.
	ID string `json:"id"`
	// Peers are the peer names (from hello) it applies to, as patterns: *
	// matches any run of characters, every other character itself.
	Peers []string `json:"peers"`
	// Sections are vector files ("invalid.jsonl") or random categories
	// ("random unpack"): Sections() lists them.
	Sections []string `json:"sections"`
	// Rows are the row names it covers, as patterns like Peers; empty
	// means every row of the sections (or the rows of Answers).
	Rows []string `json:"rows,omitempty"`
	// Reason says what the peer does and why it is tolerated.
	Reason string `json:"reason"`

	// An entry says which answers it forgives, with at least one of the
	// following; a row is covered only where every one given holds.

	// Refusal: the peer refused (answered with an error).
	Refusal bool `json:"refusal,omitempty"`
	// AsReference: the peer gave the reference implementation's (Python's)
	// answer recorded in the row: a lenient row decoded to Python's value,
	// a divergent row packed to Python's bytes.
	AsReference bool `json:"as_reference,omitempty"`
	// Answers: the peer gave the answer stated for the row, by row name: a
	// tuple in the value notation for an unpack, a hex string for a pack.
	Answers map[string]json.RawMessage `json:"answers,omitempty"`
	// Equivalences: the peer's answer equals this codec's once the named
	// equivalences (Equivalences()) are applied. They let an entry cover
	// random rows, which have no names to list, and nothing else.
	Equivalences []string `json:"equivalences,omitempty"`

	// source is where the entry was read: "built-in" or a file name.
	source string
}

// Source is where the entry was read: "built-in" or a file's name.
func (d Divergence) Source() string { return d.source }

//go:embed divergences.json
var divergencesJSON []byte

// KnownDivergences returns the built-in divergences, divergences.json.
func KnownDivergences() ([]Divergence, error) {
	return ParseDivergences(divergencesJSON, "built-in")
}

// Sections lists the sections a check runs, in order: the vector files,
// then the random categories.
func Sections() []string {
	return []string{"pack.jsonl", "order.jsonl", "invalid.jsonl", "versionstamp.jsonl", "decode_lenient.jsonl",
		"generated/decode_lenient.jsonl", "divergent.jsonl", "random pack", "random unpack", "random order"}
}

// ParseDivergences reads a JSON array of divergences, refusing unknown
// fields, unknown sections and equivalences, and entries that would
// forgive any answer. source names where it comes from, in reports.
func ParseDivergences(data []byte, source string) ([]Divergence, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var ds []Divergence
	if err := dec.Decode(&ds); err != nil {
		return nil, fmt.Errorf("compat: divergences %s: %w", source, err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("compat: divergences %s: data after the array", source)
	}
	for i := range ds {
		d := &ds[i]
		d.source = source
		if err := d.validate(); err != nil {
			return nil, fmt.Errorf("compat: divergences %s, entry %d (%q): %w", source, i, d.ID, err)
		}
	}
	return ds, nil
}

func (d Divergence) validate() error {
	if d.ID == "" || len(d.Sections) == 0 || len(d.Peers) == 0 || d.Reason == "" {
		return errors.New("needs id, peers, sections and reason")
	}
	for _, s := range d.Sections {
		if !slices.Contains(Sections(), s) {
			return fmt.Errorf("unknown section %q (sections: %s)", s, strings.Join(Sections(), ", "))
		}
	}
	for _, n := range d.Equivalences {
		if _, ok := equivalences[n]; !ok {
			return fmt.Errorf("unknown equivalence %q (equivalences: %s)", n, strings.Join(Equivalences(), "; "))
		}
	}
	for row, a := range d.Answers {
		var s string
		if json.Unmarshal(a, &s) == nil {
			if _, err := hex.DecodeString(s); err != nil {
				return fmt.Errorf("answer for %q: a pack answer is hex: %v", row, err)
			}
		} else if _, err := DecodeTuple(a); err != nil {
			return fmt.Errorf("answer for %q: %v", row, err)
		}
	}
	if !d.Refusal && !d.AsReference && len(d.Answers) == 0 && len(d.Equivalences) == 0 {
		return errors.New("forgives any answer: say which with refusal, as_reference, answers or equivalences")
	}
	return nil
}

// MergeDivergences appends the entries of add to base, refusing an ID
// that base already has.
func MergeDivergences(base, add []Divergence) ([]Divergence, error) {
	out := append([]Divergence{}, base...)
	for _, d := range add {
		for _, b := range out {
			if b.ID == d.ID {
				return nil, fmt.Errorf("compat: divergence %q of %s is already in %s (replace the built-in list to redefine it)", d.ID, d.source, b.source)
			}
		}
		out = append(out, d)
	}
	return out, nil
}

// covers reports whether d lists row (by a pattern of Rows, or in
// Answers), for a section it names.
func (d *Divergence) covers(section, row string) bool {
	if !slices.Contains(d.Sections, section) {
		return false
	}
	if _, ok := d.Answers[row]; ok {
		return true
	}
	if len(d.Rows) == 0 {
		return len(d.Answers) == 0
	}
	return anyGlob(d.Rows, row)
}

// explains reports whether the peer's answer in o is one that d forgives.
func (d *Divergence) explains(row string, o outcome) bool {
	if d.Refusal && !o.refused {
		return false
	}
	if d.AsReference && !o.asReference {
		return false
	}
	if len(d.Answers) > 0 && !answerIs(d.Answers[row], o) {
		return false
	}
	if len(d.Equivalences) > 0 && !equivalent(d.Equivalences, o) {
		return false
	}
	return true
}

// answerIs reports whether the peer answered what a is: a hex packing, or
// a tuple in the notation.
func answerIs(a json.RawMessage, o outcome) bool {
	if a == nil || o.refused {
		return false
	}
	var s string
	if json.Unmarshal(a, &s) == nil {
		return o.gotBytes != nil && hex.EncodeToString(o.gotBytes) == s
	}
	t, err := DecodeTuple(a)
	return err == nil && o.gotTuple != nil && vectors.Identical(o.gotTuple, t)
}

// ledger applies the divergences to one peer's rows: which entries
// explain a failing row, and what matched nothing, for the warnings.
type ledger struct {
	peer    string
	all     []Divergence
	mine    []*Divergence   // the entries for this peer
	used    map[string]int  // rows credited, by id
	hit     map[string]bool // id + "\x00" + row pattern or answer row: matched a row name
	sawRun  map[string]bool // sections run
	credits []string        // ids in the order first credited
}

func newLedger(ds []Divergence, peer string) *ledger {
	l := &ledger{peer: peer, all: ds, used: map[string]int{}, hit: map[string]bool{}, sawRun: map[string]bool{}}
	for i := range ds {
		if anyGlob(ds[i].Peers, peer) {
			l.mine = append(l.mine, &ds[i])
		}
	}
	return l
}

func (l *ledger) ran(section string) { l.sawRun[section] = true }

// sawRow notes which row patterns of this peer's entries match a row of
// the section.
func (l *ledger) sawRow(section, row string) {
	for _, d := range l.mine {
		if !slices.Contains(d.Sections, section) {
			continue
		}
		for _, p := range d.Rows {
			if glob(p, row) {
				l.hit[d.ID+"\x00"+p] = true
			}
		}
		if _, ok := d.Answers[row]; ok {
			l.hit[d.ID+"\x00"+row] = true
		}
	}
}

// explain returns the entries to credit a failing row to: the first
// entry that explains it alone, or else the entries with equivalences
// that explain it together (one random tuple may need two), each that the
// others cannot do without. A fault is never explained. It credits
// nothing: record does, shrinking only asks.
func (l *ledger) explain(section, row string, o outcome) []*Divergence {
	if o.fault {
		return nil
	}
	var withEq []*Divergence
	for _, d := range l.mine {
		if !d.covers(section, row) {
			continue
		}
		if d.explains(row, o) {
			return []*Divergence{d}
		}
		if len(d.Equivalences) > 0 && !d.Refusal && !d.AsReference && len(d.Answers) == 0 {
			withEq = append(withEq, d)
		}
	}
	if len(withEq) < 2 || !equivalent(equivalenceNames(withEq), o) {
		return nil
	}
	var needed []*Divergence
	for i, d := range withEq {
		others := append(append([]*Divergence{}, withEq[:i]...), withEq[i+1:]...)
		if !equivalent(equivalenceNames(others), o) {
			needed = append(needed, d)
		}
	}
	if len(needed) == 0 {
		needed = withEq
	}
	return needed
}

func equivalenceNames(ds []*Divergence) []string {
	var names []string
	for _, d := range ds {
		names = append(names, d.Equivalences...)
	}
	return names
}

func (l *ledger) credit(d *Divergence) {
	if l.used[d.ID] == 0 {
		l.credits = append(l.credits, d.ID)
	}
	l.used[d.ID]++
}

// met returns the entries that explained rows, in the order first met.
func (l *ledger) met() []Divergence {
	out := []Divergence{}
	for _, id := range l.credits {
		for _, d := range l.all {
			if d.ID == id {
				out = append(out, d)
			}
		}
	}
	return out
}

// warnings names what matched nothing: entries of a file that are for
// no peer of this name, and, of this peer's entries over sections that
// ran, row patterns and answers that match no row and entries that
// explained no row.
func (l *ledger) warnings() []string {
	w := []string{}
	for _, d := range l.all {
		if d.source != "built-in" && !anyGlob(d.Peers, l.peer) {
			w = append(w, fmt.Sprintf("divergence %q (%s) is for peers %q; this peer is %q", d.ID, d.source, d.Peers, l.peer))
		}
	}
	for _, d := range l.mine {
		ran := false
		for _, s := range d.Sections {
			ran = ran || l.sawRun[s]
		}
		if !ran {
			continue
		}
		for _, p := range d.Rows {
			if !l.hit[d.ID+"\x00"+p] {
				w = append(w, fmt.Sprintf("divergence %q (%s): row pattern %q matches no row of %s", d.ID, d.source, p, strings.Join(d.Sections, ", ")))
			}
		}
		var missing []string
		for row := range d.Answers {
			if !l.hit[d.ID+"\x00"+row] {
				missing = append(missing, row)
			}
		}
		sort.Strings(missing)
		for _, row := range missing {
			w = append(w, fmt.Sprintf("divergence %q (%s): answer for %q names no row of %s", d.ID, d.source, row, strings.Join(d.Sections, ", ")))
		}
		if l.used[d.ID] == 0 {
			w = append(w, fmt.Sprintf("divergence %q (%s) explained no row: the peer gives this codec's answers there, or not the answer the entry states", d.ID, d.source))
		}
	}
	return w
}

func anyGlob(patterns []string, s string) bool {
	for _, p := range patterns {
		if glob(p, s) {
			return true
		}
	}
	return false
}

// glob matches s against a pattern in which * stands for any run of
// characters, slashes included, and every other character for itself.
func glob(pattern, s string) bool {
	parts := strings.Split(pattern, "*")
	if len(parts) == 1 {
		return pattern == s
	}
	if !strings.HasPrefix(s, parts[0]) {
		return false
	}
	s = s[len(parts[0]):]
	for _, p := range parts[1 : len(parts)-1] {
		i := strings.Index(s, p)
		if i < 0 {
			return false
		}
		s = s[i+len(p):]
	}
	return strings.HasSuffix(s, parts[len(parts)-1])
}
