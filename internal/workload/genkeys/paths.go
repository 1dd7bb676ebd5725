package genkeys

import (
	"reflect"
	"slices"
	"time"

	"github.com/fdbtuple/fdbtuple/internal/workload"
	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/google/uuid"
)

// A Path is one way to read or write the W1 key, for the benchmarks of
// generated codecs, which both modules run (compat/gobinding's beside the
// official binding's Unpack). Each Run declares its key struct inside
// the call, as code that reads keys one by one does.
type Path struct {
	Name string
	// Ref names the reference path Path is measured against, and Also
	// another path it is compared with (the direct call of the method a
	// plan dispatches to, the strict reference), if any.
	Ref, Also string
	Run       func()
}

// Sink keeps the compiler from dropping what the paths compute; nothing
// reads it.
var Sink struct {
	Bytes []byte
	Int   int64
	Err   error
}

// W1Paths returns the paths of issues #28 and #38 on key, W1's key: the
// strict reference decoder, the reference of the decoding paths; the
// lean reference encoder, the reference of the encoding paths, with the
// strict one beside it; the reference decoder followed by reflect's
// stores (the floor of a reflective decoder); the generated methods;
// Scan; and the plans without generated code (of workload.W1Fields, which
// has none) and with it (of W1). The Also of an encoding path is the
// strict reference (the reference of the encoding rows until issue #38),
// that of a plan with generated code the method it calls, called
// directly.
func W1Paths(key []byte) ([]Path, error) {
	plan, err := tuple.NewPlan[workload.W1Fields](tuple.Codec{})
	if err != nil {
		return nil, err
	}
	genPlan, err := tuple.NewPlan[W1](tuple.Codec{})
	if err != nil {
		return nil, err
	}
	var v W1
	if err := ReferenceDecodeW1(key, &v); err != nil {
		return nil, err
	}
	fields := workload.W1Fields(v)
	buf := make([]byte, 0, 2*len(key))
	return []Path{
		{"reference-decode", "", "", func() {
			var w W1
			Sink.Err = ReferenceDecodeW1(key, &w)
			Sink.Int += w.React
		}},
		{"reference-decode+reflect", "reference-decode", "", func() {
			var w workload.W1Fields
			Sink.Err = ReferenceDecodeW1Reflect(key, reflect.ValueOf(&w).Elem())
			Sink.Int += w.React
		}},
		{"lean-append", "", "", func() {
			w := v
			buf, Sink.Err = LeanAppendW1(buf[:0], &w)
		}},
		{"lean-marshal", "", "", func() {
			w := v
			Sink.Bytes, Sink.Err = LeanMarshalW1(&w)
		}},
		{"strict-append", "lean-append", "", func() {
			w := v
			buf, Sink.Err = StrictAppendW1(buf[:0], &w)
		}},
		{"strict-marshal", "lean-marshal", "", func() {
			w := v
			Sink.Bytes, Sink.Err = StrictAppendW1(make([]byte, 0, StrictSizeW1(&w)), &w)
		}},
		{"generated-decode", "reference-decode", "", func() {
			var w W1
			_, Sink.Err = w.UnmarshalTupleKey(key)
			Sink.Int += w.React
		}},
		{"generated-append", "lean-append", "strict-append", func() {
			w := v
			buf, Sink.Err = w.AppendTupleKey(buf[:0])
		}},
		{"generated-marshal", "lean-marshal", "strict-marshal", func() {
			w := v
			Sink.Bytes, Sink.Err = w.MarshalTupleKey()
		}},
		{"Scan", "reference-decode", "", func() {
			var user, post, comment, react string
			var id uuid.UUID
			var postID, at, reaction int64
			Sink.Err = tuple.Scan(key, &user, &id, &post, &postID, &comment, &at, &react, &reaction)
			Sink.Int += reaction
		}},
		{"Plan.Unmarshal", "reference-decode", "", func() {
			var w workload.W1Fields
			Sink.Err = plan.Unmarshal(key, &w)
			Sink.Int += w.React
		}},
		{"Plan.Append", "lean-append", "strict-append", func() {
			w := fields
			buf, Sink.Err = plan.Append(buf[:0], &w)
		}},
		{"Plan.Marshal", "lean-marshal", "strict-marshal", func() {
			w := fields
			Sink.Bytes, Sink.Err = plan.Marshal(&w)
		}},
		{"Plan.Unmarshal-generated", "reference-decode", "generated-decode", func() {
			var w W1
			Sink.Err = genPlan.Unmarshal(key, &w)
			Sink.Int += w.React
		}},
		{"Plan.Append-generated", "lean-append", "generated-append", func() {
			w := v
			buf, Sink.Err = genPlan.Append(buf[:0], &w)
		}},
		{"Plan.Marshal-generated", "lean-marshal", "generated-marshal", func() {
			w := v
			Sink.Bytes, Sink.Err = genPlan.Marshal(&w)
		}},
	}, nil
}

// A Result is a path's figures over the rounds of Interleave.
type Result struct {
	Name, Ref, Also string
	NsPerOp         float64 // the median over rounds
	// Ratio is the median over rounds of the path's time over its
	// reference's in the same round (1 for a reference), and AlsoRatio
	// the same over its Also's (0 without one).
	Ratio, AlsoRatio float64
}

// Interleave runs paths in turns: each round runs each path batch times,
// starting with a different path in each round, and the ratios to the
// references are taken round by round, so that a load that changes on a
// shared machine weighs on a path and its reference alike.
func Interleave(paths []Path, rounds, batch int) []Result {
	times := make([][]float64, len(paths)) // [path][round] ns/op
	for r := range rounds {
		for k := range paths {
			i := (k + r) % len(paths)
			start := time.Now()
			for range batch {
				paths[i].Run()
			}
			times[i] = append(times[i], float64(time.Since(start).Nanoseconds())/float64(batch))
		}
	}
	index := map[string]int{}
	for i, p := range paths {
		index[p.Name] = i
	}
	ratio := func(i int, ref string, none float64) float64 {
		j, ok := index[ref]
		if !ok {
			return none
		}
		ratios := make([]float64, rounds)
		for r := range rounds {
			ratios[r] = times[i][r] / times[j][r]
		}
		return median(ratios)
	}
	results := make([]Result, len(paths))
	for i, p := range paths {
		results[i] = Result{Name: p.Name, Ref: p.Ref, Also: p.Also, NsPerOp: median(times[i]), Ratio: ratio(i, p.Ref, 1), AlsoRatio: ratio(i, p.Also, 0)}
	}
	return results
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s) == 0 {
		return 0
	}
	return (s[(len(s)-1)/2] + s[len(s)/2]) / 2
}
