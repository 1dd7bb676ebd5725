package dirdiff

import (
	"context"
	"encoding/hex"
	"fmt"
	"os"
	"strings"
	"testing"
)

// startOracle starts the Java oracle of this repository (compat/java) on
// the class path file classPath ("" for the pinned fdb-java). It skips the
// test when the oracle is not built, unless OracleRequiredEnv is set,
// which fails it.
func startOracle(t testing.TB, classPath string) *Oracle {
	t.Helper()
	o, err := StartOracle(context.Background(), "..", classPath)
	if err != nil {
		if os.Getenv(OracleRequiredEnv) != "" || !strings.Contains(err.Error(), ErrOracleNotBuilt.Error()) {
			t.Fatalf("the Java directory oracle: %v", err)
		}
		t.Skipf("SKIPPED the live Java oracle: %v (set %s=1 to fail instead)", err, OracleRequiredEnv)
	}
	t.Cleanup(o.Close)
	return o
}

func h(s string) Hex {
	b, err := hex.DecodeString(strings.ReplaceAll(s, " ", ""))
	if err != nil {
		panic(err)
	}
	return b
}

func hp(s string) *Hex { x := h(s); return &x }

func pairsText(pairs []Pair) string { return DumpText(pairs) }

// forSides runs a protocol test on both sides: fdb/directory on
// fdb/memstore always, the Java oracle when it is built (skipped, saying
// so, otherwise). The protocol's answers are the same on both.
func forSides(t *testing.T, f func(t *testing.T, s Side)) {
	t.Run("go", func(t *testing.T) { f(t, goSide()) })
	t.Run("java", func(t *testing.T) { f(t, startOracle(t, "")) })
}

func mustTx(t *testing.T, s Side, req TxRequest) TxResult {
	t.Helper()
	r, err := s.Tx(req)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func mustDump(t *testing.T, s Side) []Pair {
	t.Helper()
	d, err := s.Dump()
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// version100 is the value of the version key: 1.0.0, three little-endian
// 32-bit integers.
const version100 = "01000000 00000000 00000000"

// TestProtocolLayoutUVW: DIRECTORY.md 1.5, create(["u","v","w"]) on an
// empty database with the draws 21, 42, 61 gives w, v and u (deepest
// first) the prefixes 15 15, 15 2A and 15 3D; every key below is written
// from the layout of DIRECTORY.md 1.1 to 1.5.
func TestProtocolLayoutUVW(t *testing.T) {
	forSides(t, func(t *testing.T, o Side) {
		r := mustTx(t, o, TxRequest{Ops: []Op{{Op: OpCreate, Path: []string{"u", "v", "w"}}}, Draws: []Draw{{64, 21}, {64, 42}, {64, 61}}})
		if r.Error != "" || !r.Committed || len(r.Results) != 1 || r.Results[0].Dir == nil {
			t.Fatalf("create u/v/w: %+v", r)
		}
		if got := *r.Results[0].Dir; fmt.Sprint(got.Path) != "[u v w]" || got.Prefix == nil || hex.EncodeToString(*got.Prefix) != "1515" {
			t.Fatalf("create u/v/w returned %+v", got)
		}
		want := []Pair{
			{h("fe01 1515 00 01 6c61796572 00"), h("")},                // w's layer
			{h("fe01 152a 00 01 6c61796572 00"), h("")},                // v's layer
			{h("fe01 152a 00 14 02 77 00"), h("1515")},                 // v -> w
			{h("fe01 153d 00 01 6c61796572 00"), h("")},                // u's layer
			{h("fe01 153d 00 14 02 76 00"), h("152a")},                 // u -> v
			{h("fe01fe00 01 686361 00 14 14"), h("03 00000000000000")}, // counter of window 0: 3
			{h("fe01fe00 01 686361 00 15 01 1515"), h("")},             // recent 21
			{h("fe01fe00 01 686361 00 15 01 152a"), h("")},             // recent 42
			{h("fe01fe00 01 686361 00 15 01 153d"), h("")},             // recent 61
			{h("fe01fe00 01 76657273696f6e 00"), h(version100)},        // version
			{h("fe01fe00 14 02 75 00"), h("153d")},                     // root -> u
		}
		if got := mustDump(t, o); pairsText(got) != pairsText(want) {
			t.Fatalf("dump:\n%swant:\n%s", pairsText(got), pairsText(want))
		}
	})
}

// TestProtocolCustomSubspaces: DIRECTORY.md 1.1, a layer with node subspace
// ("dirs",) and content subspace ("data",) writes its root node at
// N ‖ pack((N,)), the 00 inside N escaped, and gives x the prefix C 15 02.
func TestProtocolCustomSubspaces(t *testing.T) {
	forSides(t, func(t *testing.T, o Side) {
		id, err := o.NewLayer(LayerSpec{Node: h("02 64697273 00"), Content: h("02 64617461 00")})
		if err != nil || id != 1 {
			t.Fatalf("new_layer: %d, %v", id, err)
		}
		r := mustTx(t, o, TxRequest{Ops: []Op{{Op: OpCreateOrOpen, LayerID: id, Path: []string{"x"}}}, Draws: []Draw{{64, 2}}})
		if !r.Committed || r.Results[0].Dir == nil || hex.EncodeToString(*r.Results[0].Dir.Prefix) != "026461746100"+"1502" {
			t.Fatalf("create x: %+v", r)
		}
		root := "0264697273 00 01 0264697273 00ff 00"
		want := []Pair{
			{h("0264697273 00 01 0264617461 00ff 1502 00 01 6c61796572 00"), h("")}, // x's layer
			{h(root + "01 686361 00 14 14"), h("01 00000000000000")},
			{h(root + "01 686361 00 15 01 1502"), h("")},
			{h(root + "01 76657273696f6e 00"), h(version100)},
			{h(root + "14 02 78 00"), h("0264617461 00 1502")},
		}
		if got := mustDump(t, o); pairsText(got) != pairsText(want) {
			t.Fatalf("dump:\n%swant:\n%s", pairsText(got), pairsText(want))
		}
	})
}

// TestProtocolPartitions: DIRECTORY.md 1.6, partition p (draw 26: 15 1A),
// p/x (15 1A 15 1A), nested partition p/q (15 1A 15 0D, node subspace
// 15 1A 15 0D FE) and p/q/r (15 1A 15 0D 15 02), made through the layer
// and through handles, in one transaction.
func TestProtocolPartitions(t *testing.T) {
	forSides(t, func(t *testing.T, o Side) {
		part := hp(hex.EncodeToString([]byte("partition")))
		r := mustTx(t, o, TxRequest{Ops: []Op{
			{Op: OpCreate, Path: []string{"p"}, Layer: part},
			{Op: OpCreate, Handle: 1, Path: []string{"x"}},
			{Op: OpCreateOrOpen, Path: []string{"p", "q"}, Layer: part},
			{Op: OpCreate, Handle: 3, Path: []string{"r"}},
			{Op: OpList, Handle: 1, Path: []string{}},
		}, Draws: []Draw{{64, 26}, {64, 26}, {64, 13}, {64, 2}}})
		if r.Error != "" || !r.Committed {
			t.Fatalf("%+v", r)
		}
		res := r.Results
		if d := res[0].Dir; d == nil || !d.Partition || d.Prefix != nil || res[0].Handle != 1 {
			t.Errorf("p: %+v", res[0])
		}
		if d := res[1].Dir; d == nil || fmt.Sprint(d.Path) != "[p x]" || hex.EncodeToString(*d.Prefix) != "151a151a" {
			t.Errorf("p/x: %+v", res[1])
		}
		if d := res[2].Dir; d == nil || !d.Partition || res[2].Handle != 3 {
			t.Errorf("p/q: %+v", res[2])
		}
		if d := res[3].Dir; d == nil || fmt.Sprint(d.Path) != "[p q r]" || hex.EncodeToString(*d.Prefix) != "151a150d1502" {
			t.Errorf("p/q/r: %+v", res[3])
		}
		if fmt.Sprint(res[4].Names) != "[q x]" {
			t.Errorf("list p: %+v", res[4])
		}
		// q's inner root node is N'' ‖ pack((N'',)) with N'' = 15 1A 15 0D FE;
		// its entry r holds r's prefix.
		entry := h("151a150dfe 01 151a150dfe 00 14 02 72 00")
		found := false
		for _, p := range mustDump(t, o) {
			if string(p[0]) == string(entry) {
				found = hex.EncodeToString(p[1]) == "151a150d1502"
			}
		}
		if !found {
			t.Errorf("no entry %x = 151a150d1502 in the dump", []byte(entry))
		}
	})
}

// TestProtocolDrawScripts: a replayed script must be consumed exactly; a
// wrong bound, a missing draw or a draw left over is a protocol failure
// that names it, and the transaction does not commit.
func TestProtocolDrawScripts(t *testing.T) {
	forSides(t, func(t *testing.T, o Side) {
		create := []Op{{Op: OpCreate, Path: []string{"a"}}}
		for _, c := range []struct {
			draws []Draw
			want  string
		}{
			{[]Draw{{1024, 3}}, "draw 0: the layer asked for a draw below 64, the script has bound 1024"},
			{[]Draw{}, "draw 0: the layer asked for a draw below 64, the script holds only 0 draws"},
			{[]Draw{{64, 64}}, "draw 0: the script's value 64 is outside [0, 64)"},
			{[]Draw{{64, 1}, {64, 2}}, "the transaction drew 1 of the script's 2 draws"},
		} {
			r := mustTx(t, o, TxRequest{Ops: create, Draws: c.draws})
			if !strings.HasPrefix(r.Error, c.want) {
				t.Errorf("draws %v: error %q, want %q", c.draws, r.Error, c.want)
			}
			if r.Committed {
				if err := o.Reset(); err != nil {
					t.Fatal(err)
				}
			}
		}
		if d := mustDump(t, o); len(d) != 0 {
			t.Errorf("failed scripts left:\n%s", pairsText(d))
		}
	})
}

// TestProtocolRollback: a transaction whose second operation fails commits
// nothing, and its draws still count.
func TestProtocolRollback(t *testing.T) {
	forSides(t, func(t *testing.T, o Side) {
		r := mustTx(t, o, TxRequest{Ops: []Op{
			{Op: OpCreate, Path: []string{"a"}},
			{Op: OpCreate, Path: []string{"a"}},
			{Op: OpList, Path: []string{}},
		}, Draws: []Draw{{64, 5}}})
		if r.Error != "" || r.Committed || len(r.Results) != 2 || r.Results[1].Error != ClassAlreadyExists || fmt.Sprint(r.Draws) != "[[64 5]]" {
			t.Fatalf("%+v", r)
		}
		if d := mustDump(t, o); len(d) != 0 {
			t.Errorf("a failed transaction left:\n%s", pairsText(d))
		}
	})
}

// TestProtocolRecordReplay: draws recorded from a seed replay to the same
// results and bytes on a fresh store.
func TestProtocolRecordReplay(t *testing.T) {
	forSides(t, func(t *testing.T, o Side) {
		seed := int64(7)
		ops := []Op{{Op: OpCreate, Path: []string{"a", "b", "c"}}, {Op: OpCreateOrOpen, Path: []string{"d"}}}
		rec := mustTx(t, o, TxRequest{Ops: ops, Seed: &seed})
		if len(rec.Draws) < 4 {
			t.Fatalf("recorded %v", rec.Draws)
		}
		dump := pairsText(mustDump(t, o))
		if err := o.Reset(); err != nil {
			t.Fatal(err)
		}
		rep := mustTx(t, o, TxRequest{Ops: ops}.Replay(rec.Draws))
		if rep.Error != "" || ResultsText(rep.Results) != ResultsText(rec.Results) || fmt.Sprint(rep.Draws) != fmt.Sprint(rec.Draws) {
			t.Fatalf("replay %+v, recorded %+v", rep, rec)
		}
		if got := pairsText(mustDump(t, o)); got != dump {
			t.Fatalf("replayed:\n%srecorded:\n%s", got, dump)
		}
	})
}

// TestProtocolWindowAdvance: DIRECTORY.md 1.5, the 32nd create in window 0
// sees the count 0x20 after its ADD, clears the older counters and recent
// keys, counts in the window of 64 and draws there: the draw 56 is the
// candidate 120, prefix 15 78.
func TestProtocolWindowAdvance(t *testing.T) {
	forSides(t, func(t *testing.T, o Side) {
		var ops []Op
		var draws []Draw
		for i := range 31 {
			ops = append(ops, Op{Op: OpCreate, Path: []string{fmt.Sprint("d", i)}})
			draws = append(draws, Draw{64, int64(i)})
		}
		for i := 0; i < 31; i += 5 {
			r := mustTx(t, o, TxRequest{Ops: ops[i:min(i+5, 31)], Draws: draws[i:min(i+5, 31)]})
			if !r.Committed || r.Error != "" {
				t.Fatalf("creates %d..: %+v", i, r)
			}
		}
		r := mustTx(t, o, TxRequest{Ops: []Op{{Op: OpCreate, Path: []string{"last"}}}, Draws: []Draw{{64, 56}}})
		if !r.Committed || r.Error != "" || hex.EncodeToString(*r.Results[0].Dir.Prefix) != "1578" {
			t.Fatalf("32nd create: %+v", r)
		}
		hca := "fe01fe00 01 686361 00"
		var counters, recent []string
		for _, p := range mustDump(t, o) {
			k := hex.EncodeToString(p[0])
			if rest, ok := strings.CutPrefix(k, hex.EncodeToString(h(hca+"14"))); ok {
				counters = append(counters, rest+"="+hex.EncodeToString(p[1]))
			}
			if rest, ok := strings.CutPrefix(k, hex.EncodeToString(h(hca+"1501"))); ok {
				recent = append(recent, rest)
			}
		}
		if fmt.Sprint(counters) != "[1540=0100000000000000]" || fmt.Sprint(recent) != "[1578]" {
			t.Fatalf("allocator state: counters %v, recent %v", counters, recent)
		}
	})
}

// TestProtocolRemoveIfExistsWritesVersion: DIRECTORY.md 1.2,
// removeIfExists on an empty database answers false and commits the
// version key.
func TestProtocolRemoveIfExistsWritesVersion(t *testing.T) {
	forSides(t, func(t *testing.T, o Side) {
		r := mustTx(t, o, TxRequest{Ops: []Op{{Op: OpRemoveIfExists, Path: []string{"x"}}}, Draws: []Draw{}})
		if !r.Committed || r.Results[0].Removed == nil || *r.Results[0].Removed {
			t.Fatalf("%+v", r)
		}
		want := []Pair{{h("fe01fe00 01 76657273696f6e 00"), h(version100)}}
		if got := mustDump(t, o); pairsText(got) != pairsText(want) {
			t.Fatalf("dump:\n%s", pairsText(got))
		}
	})
}

// TestOracleVersions: DIRECTORY.md 1.2, a stored version 2.0.0 fails every
// operation; 1.1.0 lets reads through and fails writes; 8 bytes cannot be
// read.
func TestOracleVersions(t *testing.T) {
	o := startOracle(t, "")
	key := h("fe01fe00 01 76657273696f6e 00")
	for _, c := range []struct {
		value             string
		list, createClass string
	}{
		{"02000000 00000000 00000000", ClassVersion, ClassVersion},
		{"01000000 01000000 00000000", "", ClassVersion},
		{"01000000 00000000", ClassInvalidMetadata, ClassInvalidMetadata},
		{"01000000 00000000 07000000", "", ""},
	} {
		if err := o.Reset(); err != nil {
			t.Fatal(err)
		}
		if err := o.Load([]Pair{{key, h(c.value)}}); err != nil {
			t.Fatal(err)
		}
		l := mustTx(t, o, TxRequest{Ops: []Op{{Op: OpList, Path: []string{}}}, Draws: []Draw{}})
		var cr TxResult
		if c.createClass == "" {
			cr = mustTx(t, o, TxRequest{Ops: []Op{{Op: OpCreate, Path: []string{"a"}}}, Draws: []Draw{{64, 1}}})
		} else {
			cr = mustTx(t, o, TxRequest{Ops: []Op{{Op: OpCreate, Path: []string{"a"}}}, Draws: []Draw{}})
		}
		if l.Results[0].Error != c.list || cr.Results[0].Error != c.createClass || l.Error != "" || cr.Error != "" {
			t.Errorf("version %s: list %+v, create %+v", c.value, l, cr)
		}
	}
}

// TestOracleSystemKeyPrefix: DIRECTORY.md 1.11, Java accepts the manual
// prefix FF 01, and only the range clear of its removal fails
// (key_outside_legal_range); a prefix of FF bytes only fails in strinc.
func TestOracleSystemKeyPrefix(t *testing.T) {
	o := startOracle(t, "")
	id, err := o.NewLayer(LayerSpec{Node: h("fe"), Content: h(""), Manual: true})
	if err != nil {
		t.Fatal(err)
	}
	r := mustTx(t, o, TxRequest{Ops: []Op{{Op: OpCreatePrefix, LayerID: id, Path: []string{"m"}, Prefix: hp("ff01")}}, Draws: []Draw{}})
	if !r.Committed {
		t.Fatalf("create_prefix ff01: %+v", r)
	}
	r = mustTx(t, o, TxRequest{Ops: []Op{{Op: OpRemove, LayerID: id, Path: []string{"m"}}}, Draws: []Draw{}})
	if r.Committed || r.Results[0].Error != ClassKeyOutsideLegalRange {
		t.Fatalf("remove m: %+v", r)
	}
	r = mustTx(t, o, TxRequest{Ops: []Op{{Op: OpCreatePrefix, LayerID: id, Path: []string{"n"}, Prefix: hp("ffff")}}, Draws: []Draw{}})
	if r.Committed || r.Results[0].Error != ClassInvalidPrefix {
		t.Fatalf("create_prefix ffff: %+v", r)
	}
}

// TestProtocolThenSeed: with then_seed a replay goes on past its script
// with draws of its own, and need not use the script up.
func TestProtocolThenSeed(t *testing.T) {
	forSides(t, func(t *testing.T, o Side) {
		seed := int64(5)
		r := mustTx(t, o, TxRequest{Ops: []Op{{Op: OpCreate, Path: []string{"a"}}, {Op: OpCreate, Path: []string{"b"}}},
			Draws: []Draw{{64, 1}}, ThenSeed: &seed})
		if r.Error != "" || !r.Committed || len(r.Draws) != 2 || r.Draws[0] != (Draw{64, 1}) || r.Draws[1][0] != 64 {
			t.Fatalf("past the script: %+v", r)
		}
		r = mustTx(t, o, TxRequest{Ops: []Op{{Op: OpCreate, Path: []string{"c"}}}, Draws: []Draw{{64, 2}, {64, 3}}, ThenSeed: &seed})
		if r.Error != "" || !r.Committed || fmt.Sprint(r.Draws) != "[[64 2]]" {
			t.Fatalf("script left over: %+v", r)
		}
	})
}
