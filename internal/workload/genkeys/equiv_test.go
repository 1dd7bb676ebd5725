package genkeys_test

import (
	"math/rand/v2"
	"testing"

	"github.com/fdbtuple/fdbtuple/internal/gencheck"
	"github.com/fdbtuple/fdbtuple/internal/workload/genkeys"
)

// The reflective twins: the same fields and tags, without the generated
// methods, so that tuple.Plan takes its reflective path.
type (
	w1Reflect      genkeys.W1
	w1ConstReflect genkeys.W1Const
	kindsReflect   genkeys.Kinds
	descsReflect   genkeys.Descs
	mixedReflect   genkeys.Mixed
	timesReflect   genkeys.Times
	customsReflect genkeys.Customs
	embedsReflect  genkeys.Embeds
	eventReflect   genkeys.Event
	growsReflect   genkeys.Grows
)

// pairs compares the generated methods of each type with the reflective
// plan of its twin.
func pairs(t testing.TB) []gencheck.Pair {
	return []gencheck.Pair{
		gencheck.NewTwin[genkeys.W1, w1Reflect](t, "W1"),
		gencheck.NewTwin[genkeys.W1Const, w1ConstReflect](t, "W1Const"),
		gencheck.NewTwin[genkeys.Kinds, kindsReflect](t, "Kinds"),
		gencheck.NewTwin[genkeys.Descs, descsReflect](t, "Descs"),
		gencheck.NewTwin[genkeys.Mixed, mixedReflect](t, "Mixed"),
		gencheck.NewTwin[genkeys.Times, timesReflect](t, "Times"),
		gencheck.NewTwin[genkeys.Customs, customsReflect](t, "Customs"),
		gencheck.NewTwin[genkeys.Embeds, embedsReflect](t, "Embeds"),
		gencheck.NewTwin[genkeys.Event, eventReflect](t, "Event"),
		gencheck.NewTwin[genkeys.Grows, growsReflect](t, "Grows"),
	}
}

func TestGeneratedMatchesPlan(t *testing.T) {
	gencheck.Run(t, pairs(t), 28, 3000)
}

// FuzzGenerated: the generated methods and the reflective plan agree on
// bytes and errors, for random values (seeded by the input), the input
// as a key, and mutations of valid keys.
func FuzzGenerated(f *testing.F) {
	f.Add(uint64(1), []byte{})
	f.Add(uint64(2), []byte("\x02user\x00"))
	f.Add(uint64(3), []byte("\x05\x02a\x00\x00\xff\x05\x15\x01\x27\x00\x00"))
	f.Add(uint64(4), []byte("\x4f\xfd\xff\xff\x02b\x00"))
	ps := pairs(f)
	f.Fuzz(func(t *testing.T, seed uint64, raw []byte) {
		gencheck.Check(t, ps, rand.New(rand.NewPCG(seed, uint64(len(raw)))), raw)
	})
}
