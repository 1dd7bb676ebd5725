// Package workload holds the tuples the benchmarks run on, so that this
// module's benchmarks and those of the official binding (in the
// compat/gobinding module) measure the same keys.
//
// Place in the import DAG: above tuple. It must not import nested, vectors,
// compat or cmd/fdbtuple.
package workload

import (
	"math/rand/v2"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/google/uuid"
)

// Workload is a named tuple to benchmark.
type Workload struct {
	Name  string
	Tuple tuple.Tuple
}

// Standard returns the workloads of the performance issue: W1 a typical
// hierarchical key, W2 one small and one large integer, W3 mixed kinds,
// W4 nested tuples, W5 a 1 KiB byte string with a few zeros.
func Standard() []Workload {
	rng := rand.New(rand.NewPCG(1, 2))
	w3str := make([]byte, 32)
	for i := range w3str {
		w3str[i] = byte('a' + rng.IntN(26))
	}
	w3str[13] = 0
	w3bytes := make([]byte, 16)
	for i := range w3bytes {
		w3bytes[i] = byte(rng.Uint32())
	}
	w5 := make([]byte, 1024)
	for i := range w5 {
		if rng.IntN(100) == 0 {
			w5[i] = 0
		} else {
			w5[i] = byte(1 + rng.IntN(255))
		}
	}
	u := uuid.MustParse("4c9d36e5-6b19-4e6a-828c-226ed667458a")
	return []Workload{
		{"W1", tuple.Tuple{"user", u, "post", int64(1234), "comment", int64(1678901234), "react", int64(42)}},
		{"W2-7", tuple.Tuple{int64(7)}},
		{"W2-2^62", tuple.Tuple{int64(1<<62 + 12345)}},
		{"W3", tuple.Tuple{int64(-123456789), 3.14159, string(w3str), w3bytes, true, nil}},
		{"W4", tuple.Tuple{int64(1), tuple.Tuple{"a", nil, tuple.Tuple{int64(2), int64(3)}}, "b"}},
		{"W5", tuple.Tuple{w5}},
	}
}

// Growth returns byte strings of only zeros, whose escaping doubles them:
// the cost per byte must not grow with size.
func Growth() []Workload {
	return []Workload{
		{"zeros-1KiB", tuple.Tuple{make([]byte, 1<<10)}},
		{"zeros-1MiB", tuple.Tuple{make([]byte, 1<<20)}},
	}
}

// All returns Standard followed by Growth.
func All() []Workload { return append(Standard(), Growth()...) }

// W1Fields is W1 as a struct of plain fields, for the typed paths
// (tuple.Plan) that the tests and the benchmarks of both modules run on.
type W1Fields struct {
	Kind     string
	User     uuid.UUID
	PostKind string
	Post     int64
	CKind    string
	At       int64
	RKind    string
	React    int64
}

// W1Const is W1 with its four strings declared as constant elements.
type W1Const struct {
	_     struct{} `tuple:"user,const"`
	User  uuid.UUID
	_     struct{} `tuple:"post,const"`
	Post  int64
	_     struct{} `tuple:"comment,const"`
	At    int64
	_     struct{} `tuple:"react,const"`
	React int64
}
