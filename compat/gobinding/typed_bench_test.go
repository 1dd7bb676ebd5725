package gobinding_test

import (
	"testing"

	official "github.com/fdbtuple/fdbtuple/compat/gobinding/official/tuple"
	"github.com/fdbtuple/fdbtuple/internal/workload"
	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
	"github.com/google/uuid"
)

// BenchmarkTypedW1 reads and writes W1 every typed way, beside the
// official binding's Unpack and the make+copy floor, as sub-benchmarks of
// one binary: with -count N they take turns. Each reports its ratio to
// the floor in BENCHMARKS.md.
func BenchmarkTypedW1(b *testing.B) {
	var w1 workload.Workload
	for _, w := range workload.All() {
		if w.Name == "W1" {
			w1 = w
		}
	}
	key := w1.Tuple.Pack()
	plan, err := tuple.NewPlan[workload.W1Fields](tuple.Codec{})
	if err != nil {
		b.Fatal(err)
	}
	planConst, err := tuple.NewPlan[workload.W1Const](tuple.Codec{})
	if err != nil {
		b.Fatal(err)
	}
	var v workload.W1Fields
	var c workload.W1Const
	if err := plan.Unmarshal(key, &v); err != nil {
		b.Fatal(err)
	}
	buf := make([]byte, 0, 2*len(key))
	run := func(name string, body func()) {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(key)))
			for b.Loop() {
				body()
			}
		})
	}
	run("floor", func() { sinkBytes = append(make([]byte, 0, len(key)), key...) })
	scratch := make([]byte, 0, len(key))
	run("Consume-walk", func() { scratch = consumeW1(key, scratch) })
	run("official-Unpack", func() { sinkAny, _ = official.Unpack(key) })
	run("Unpack", func() { sinkAny, _ = tuple.Unpack(key) })
	run("Scan", func() {
		var user, post, comment, react string
		var id uuid.UUID
		var postID, at, reaction int64
		_ = tuple.Scan(key, &user, &id, &post, &postID, &comment, &at, &react, &reaction)
		sinkInt += postID + at + reaction
	})
	run("Scan-hook", func() {
		var id uuid.UUID
		var postID, reaction int64
		var at millis
		_ = tuple.Scan(key, tuple.Const("user"), &id, tuple.Const("post"), &postID, tuple.Const("comment"), tuple.Into(&at, readMillis), tuple.Const("react"), &reaction)
		sinkInt += postID + int64(at) + reaction
	})
	run("Plan.Unmarshal", func() { _ = plan.Unmarshal(key, &v) })
	run("Plan.Unmarshal-const", func() { _ = planConst.Unmarshal(key, &c) })
	run("AppendElems", func() {
		buf, _ = tuple.AppendElems(buf[:0], v.Kind, v.User, v.PostKind, v.Post, v.CKind, v.At, v.RKind, v.React)
	})
	run("Plan.Append", func() { buf, _ = plan.Append(buf[:0], &v) })
	run("Plan.Marshal", func() { sinkBytes, _ = plan.Marshal(&v) })
}

// consumeW1 reads W1 with the Consume functions, strings into a reused
// buffer: the zero-allocation walk that the targets were scoped
// against (56 ns then, on this machine).
func consumeW1(key, scratch []byte) []byte {
	for i := range 4 {
		var n int
		var err error
		if scratch, n, err = tuplewire.ConsumeStringAppend(scratch[:0], key); err != nil {
			panic(err)
		}
		key = key[n:]
		if i == 0 {
			_, n, err = tuplewire.ConsumeUUID(key)
		} else {
			var v int64
			v, n, err = tuplewire.ConsumeInt(key)
			sinkInt += v
		}
		if err != nil {
			panic(err)
		}
		key = key[n:]
	}
	return scratch
}

type millis int64

func readMillis(b []byte) (millis, int, error) {
	v, n, err := tuplewire.ConsumeInt(b)
	return millis(v), n, err
}

var (
	sinkBytes []byte
	sinkAny   any
	sinkInt   int64
)
