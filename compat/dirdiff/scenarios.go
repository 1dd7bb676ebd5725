package dirdiff

import (
	"encoding/binary"
	"fmt"

	"github.com/fdbtuple/fdbtuple/tuple"
)

// Scenario is a fixed sequence of steps, recorded from Java as a golden
// layout vector (compat/testdata/directory/golden-layout.jsonl). A
// transaction without draws records them from a seed.
type Scenario struct {
	Name, Note string
	// Known names the divergence the scenario shows, if any.
	Known string
	Steps []Step
}

func tx(draws []Draw, ops ...Op) Step {
	if draws == nil {
		return Step{Tx: &TxRequest{Ops: ops}}
	}
	return Step{Tx: &TxRequest{Ops: ops, Draws: draws}}
}

func d64(values ...int64) []Draw {
	ds := []Draw{}
	for _, v := range values {
		ds = append(ds, Draw{64, v})
	}
	return ds
}

func hexp(b string) *Hex { h := Hex(b); return &h }

func path(names ...string) []string {
	if names == nil {
		return []string{}
	}
	return names
}

var versionKey = Hex("\xfe\x01\xfe\x00\x01version\x00")

func versionValue(major, minor, micro uint32) Hex {
	b := binary.LittleEndian.AppendUint32(nil, major)
	b = binary.LittleEndian.AppendUint32(b, minor)
	return binary.LittleEndian.AppendUint32(b, micro)
}

// Scenarios are the golden layout scenarios: the runs of DIRECTORY.md
// section 1 and the cases around them.
func Scenarios() []Scenario {
	part := hexp("partition")
	ss := []Scenario{
		{Name: "layout/create-uvw", Note: "1.5: create(u,v,w) allocates deepest first: w 15 15, v 15 2A, u 15 3D",
			Steps: []Step{tx(d64(21, 42, 61), Op{Op: OpCreate, Path: path("u", "v", "w")})}},
		{Name: "layout/custom-subspaces", Note: "1.1: node subspace (\"dirs\",), content (\"data\",): the root node escapes the 00 of N; x gets C 15 02",
			Steps: []Step{
				{NewLayer: &LayerSpec{Node: tuple.Tuple{"dirs"}.Pack(), Content: tuple.Tuple{"data"}.Pack()}},
				tx(d64(2), Op{Op: OpCreateOrOpen, LayerID: 1, Path: path("x")}),
			}},
		{Name: "layout/partitions", Note: "1.6: partition p (15 1A), p/x (15 1A 15 1A), nested partition p/q (15 1A 15 0D), p/q/r (15 1A 15 0D 15 02); delegation of list, exists, move, remove; moves between partitions refused, a stale partition handle's too; removing the partition clears everything under 15 1A",
			Steps: []Step{
				tx(d64(26), Op{Op: OpCreate, Path: path("p"), Layer: part}),
				tx(d64(26, 13), Op{Op: OpCreate, Handle: 1, Path: path("x")}, Op{Op: OpCreateOrOpen, Path: path("p", "q"), Layer: part}),
				tx(d64(2), Op{Op: OpCreate, Handle: 3, Path: path("r")}, Op{Op: OpList, Path: path("p")}, Op{Op: OpList, Handle: 3, Path: path()},
					Op{Op: OpExists, Path: path("p", "q", "r")}, Op{Op: OpExists, Handle: 1, Path: path()}),
				tx(d64(40), Op{Op: OpCreate, Path: path("a")}),
				tx(d64(), Op{Op: OpMove, Path: path("a"), Path2: path("p", "x2")}),
				tx(d64(), Op{Op: OpMove, Path: path("p", "x"), Path2: path("p", "q", "x")}),
				tx(d64(), Op{Op: OpMove, Path: path("p", "x"), Path2: path("p", "y")}, Op{Op: OpMove, Path: path("p"), Path2: path("pp")}),
				tx(d64(), Op{Op: OpMoveTo, Handle: 3, Path: path("q2")}),
				tx(d64(), Op{Op: OpMoveTo, Handle: 3, Path: path("pp", "q2")}),
				tx(d64(), Op{Op: OpRemove, Path: path("pp", "q", "r")}, Op{Op: OpList, Path: path("pp", "q")}),
				tx(d64(), Op{Op: OpRemove, Handle: 3, Path: path()}),
				tx(d64(), Op{Op: OpRemoveIfExists, Path: path("pp", "q")}, Op{Op: OpList, Path: path("pp")}),
				tx(d64(), Op{Op: OpCreatePrefix, Handle: 1, Path: path("m"), Prefix: hexp("zz")}),
				tx(d64(), Op{Op: OpRemove, Path: path("pp")}),
			}},
		{Name: "layout/remove-tree", Note: "1.8: remove(a) with a at 15 06 and its child c at 15 1A clears both contents and nodes and a's entry; allocator keys stay",
			Steps: []Step{
				tx(d64(6, 26), Op{Op: OpCreate, Path: path("a")}, Op{Op: OpCreate, Path: path("a", "c")}),
				tx(d64(), Op{Op: OpRemove, Path: path("a")}),
				tx(d64(), Op{Op: OpRemove, Path: path("a")}),
				tx(d64(), Op{Op: OpRemoveIfExists, Path: path("a")}),
			}},
		{Name: "layout/remove-if-exists-version", Note: "1.2: removeIfExists on an empty database answers false and commits the version key",
			Steps: []Step{tx(d64(), Op{Op: OpRemoveIfExists, Path: path("x")})}},
		{Name: "layout/moves", Note: "1.8: move relinks the entry only; a move into itself or under itself, onto an existing directory (the root exists) or under a missing parent fails; the root cannot be moved; handles of moved directories keep their old path (open fails) and their prefix (a create under one goes by its old path: the layer creates that path anew)",
			Steps: []Step{
				tx(d64(1, 2), Op{Op: OpCreate, Path: path("a")}, Op{Op: OpCreate, Path: path("b")}),
				tx(d64(), Op{Op: OpMove, Path: path(), Path2: path("z")}),
				tx(d64(), Op{Op: OpMove, Path: path("a"), Path2: path("a", "b")}),
				tx(d64(), Op{Op: OpMove, Path: path("a"), Path2: path("a")}),
				tx(d64(), Op{Op: OpMove, Path: path("a"), Path2: path()}),
				tx(d64(), Op{Op: OpMove, Path: path("a"), Path2: path("b")}),
				tx(d64(), Op{Op: OpMove, Path: path("a"), Path2: path("c", "d")}),
				tx(d64(), Op{Op: OpMove, Path: path("zz"), Path2: path("y")}),
				tx(d64(), Op{Op: OpMoveTo, Path: path("y")}),
				tx(d64(), Op{Op: OpMove, Path: path("a"), Path2: path("b", "a2")}, Op{Op: OpList, Path: path("b")}),
				tx(d64(), Op{Op: OpOpen, Handle: 1, Path: path()}),
				tx(d64(), Op{Op: OpMoveTo, Handle: 2, Path: path("c")}, Op{Op: OpList, Path: path()}),
				tx(d64(), Op{Op: OpList, Handle: 2, Path: path()}),
				tx(nil, Op{Op: OpCreateOrOpen, Handle: 1, Path: path("k")}),
			}},
		{Name: "layout/manual-prefixes", Note: "1.7: on a layer with manual prefixes and automatic prefixes 15 xx: \"\", FE 01 (inside N) and 15 (contains 15 xx) are in use, 70 is free, then 70 71 (inside 70) is in use, 6F 00 is free and its node key escapes the 00; the default layer refuses manual prefixes",
			Steps: []Step{
				{NewLayer: &LayerSpec{Node: Hex{0xfe}, Content: Hex{}, Manual: true}},
				tx(d64(46, 10), Op{Op: OpCreate, LayerID: 1, Path: path("a")}, Op{Op: OpCreate, LayerID: 1, Path: path("b")}),
				tx(d64(), Op{Op: OpCreatePrefix, LayerID: 1, Path: path("m1"), Prefix: hexp("")}),
				tx(d64(), Op{Op: OpCreatePrefix, LayerID: 1, Path: path("m2"), Prefix: hexp("\xfe\x01")}),
				tx(d64(), Op{Op: OpCreatePrefix, LayerID: 1, Path: path("m3"), Prefix: hexp("\x15")}),
				tx(d64(), Op{Op: OpCreatePrefix, LayerID: 1, Path: path("m4"), Prefix: hexp("\x70")}),
				tx(d64(), Op{Op: OpCreatePrefix, LayerID: 1, Path: path("m5"), Prefix: hexp("\x70\x71")}),
				tx(d64(), Op{Op: OpCreatePrefix, LayerID: 1, Path: path("m6"), Prefix: hexp("\x6f\x00")}),
				tx(d64(), Op{Op: OpCreatePrefix, LayerID: 1, Path: path("m4"), Prefix: hexp("\x71")}),
				tx(d64(), Op{Op: OpCreatePrefix, Path: path("m7"), Prefix: hexp("\x72")}),
				tx(d64(9), Op{Op: OpCreatePrefix, LayerID: 1, Path: path("x", "y"), Layer: hexp("L"), Prefix: hexp("\x73")}),
			}},
		{Name: "layout/allocator-blocked", Note: "1.11: a manual prefix equal to the content prefix followed by 15 blocks every later automatic create of the layer",
			Steps: []Step{
				{NewLayer: &LayerSpec{Node: Hex("d"), Content: Hex("c"), Manual: true}},
				tx(d64(), Op{Op: OpCreatePrefix, LayerID: 1, Path: path("m"), Prefix: hexp("c\x15")}),
				tx(d64(9), Op{Op: OpCreate, LayerID: 1, Path: path("a")}),
			}},
		{Name: "layout/keys-at-prefix", Note: "1.7: keys already stored at the allocated prefix fail the create (prefix_not_empty), a key equal to the prefix too",
			Steps: []Step{
				{Load: []Pair{{Hex("\x15\x05"), Hex("")}, {Hex("\x15\x06\xff"), Hex("v")}}},
				tx(d64(5), Op{Op: OpCreate, Path: path("a")}),
				tx(d64(6), Op{Op: OpCreate, Path: path("a")}),
				tx(d64(7), Op{Op: OpCreate, Path: path("a")}),
			}},
		{Name: "layout/window-advance", Note: "1.5: the 32nd create sees the count 0x20, clears the older counters and recent keys and draws in [64, 128): 56 is candidate 120, 15 78"},
		{Name: "layout/windows-1024-8192", Note: "1.5: allocator states that start at 64768 (window 1024, 16 xx xx) and 2^31 (window 8192, 18 xx xx xx xx)",
			Steps: []Step{
				{Load: []Pair{{append(Hex("\xfe\x01\xfe\x00\x01hca\x00\x14"), tuple.Tuple{64768}.Pack()...), binary.LittleEndian.AppendUint64(nil, 3)}}},
				tx([]Draw{{1024, 1000}}, Op{Op: OpCreate, Path: path("a")}),
				{Load: []Pair{{append(Hex("\xfe\x01\xfe\x00\x01hca\x00\x14"), tuple.Tuple{int64(1) << 31}.Pack()...), binary.LittleEndian.AppendUint64(nil, 1)}}},
				tx([]Draw{{8192, 8191}}, Op{Op: OpCreate, Path: path("b")}),
			}},
		{Name: "layout/names", Note: "1.4, 1.9: names are tuple strings in UTF-8, never normalized (caf\u00e9 in NFC and NFD are two directories), 00 escaped, a slash is part of a name, the empty name is a name; list is in UTF-8 byte order",
			Steps: []Step{
				tx(d64(1, 2, 3, 4, 5, 6), Op{Op: OpCreate, Path: path("caf\u00e9")}, Op{Op: OpCreate, Path: path("cafe\u0301")},
					Op{Op: OpCreate, Path: path("x\x00y")}, Op{Op: OpCreate, Path: path("a/b")}, Op{Op: OpCreate, Path: path("")},
					Op{Op: OpCreate, Path: path("\U0001D11E")}),
				tx(d64(), Op{Op: OpList, Path: path()}, Op{Op: OpOpen, Path: path("a", "b")}, Op{Op: OpExists, Path: path("")}),
			}},
		{Name: "layout/layers", Note: "1.3: implicit parents get the empty layer; open checks a non-empty layer; a partition's root cannot take a manual prefix",
			Steps: []Step{
				tx(d64(1, 2, 3), Op{Op: OpCreate, Path: path("u", "v", "w"), Layer: hexp("L")}),
				tx(d64(), Op{Op: OpOpen, Path: path("u", "v", "w"), Layer: hexp("L")}, Op{Op: OpOpen, Path: path("u", "v", "w")}, Op{Op: OpOpen, Path: path("u"), Layer: hexp("L")}),
				tx(d64(), Op{Op: OpCreateOrOpen, Path: path("u", "v", "w"), Layer: hexp("M")}),
				tx(d64(), Op{Op: OpCreate, Path: path()}, Op{Op: OpOpen, Path: path()}),
			}},
		{Name: "divergence/open-with-empty-layer", Known: "go-checks-empty-layer",
			Note: "1.9: Java opens a directory of layer x when asked for the empty layer; Go's rule refuses it",
			Steps: []Step{
				tx(d64(1), Op{Op: OpCreate, Path: path("a"), Layer: hexp("x")}),
				tx(d64(), Op{Op: OpOpen, Path: path("a"), Layer: hexp("")}),
			}},
		{Name: "divergence/system-prefix", Known: "go-refuses-system-prefix",
			Note: "1.11: Java takes the manual prefix FF 01 and fails only when removing it (the clear leaves the legal keys); Go refuses the prefix",
			Steps: []Step{
				{NewLayer: &LayerSpec{Node: Hex{0xfe}, Content: Hex{}, Manual: true}},
				tx(d64(), Op{Op: OpCreatePrefix, LayerID: 1, Path: path("m"), Prefix: hexp("\xff\x01")}),
				tx(d64(), Op{Op: OpRemove, LayerID: 1, Path: path("m")}),
			}},
	}
	for i := range ss {
		if ss[i].Name == "layout/window-advance" {
			var ops []Op
			for n := range 31 {
				ops = append(ops, Op{Op: OpCreate, Path: path(fmt.Sprint("d", n))})
			}
			for n := 0; n < 31; n += 8 {
				draws := []Draw{}
				for c := n; c < min(n+8, 31); c++ {
					draws = append(draws, Draw{64, int64(c)})
				}
				ss[i].Steps = append(ss[i].Steps, tx(draws, ops[n:min(n+8, 31)]...))
			}
			ss[i].Steps = append(ss[i].Steps, tx(d64(56), Op{Op: OpCreate, Path: path("last")}))
		}
	}
	for _, v := range []struct {
		name  string
		value Hex
	}{
		{"1.0.0", versionValue(1, 0, 0)}, {"1.0.7", versionValue(1, 0, 7)}, {"1.1.0", versionValue(1, 1, 0)},
		{"0.9.9", versionValue(0, 9, 9)}, {"2.0.0", versionValue(2, 0, 0)}, {"0.0.1", versionValue(0, 0, 1)},
		{"8-bytes", versionValue(1, 0, 0)[:8]}, {"14-bytes", append(versionValue(1, 0, 0), 0, 0)},
	} {
		known := ""
		if len(v.value) > 12 {
			known = "go-version-exactly-12-bytes"
		}
		ss = append(ss, Scenario{Name: "layout/version-" + v.name, Note: "1.2: what each operation does with this stored version", Known: known,
			Steps: []Step{
				tx(d64(3), Op{Op: OpCreate, Path: path("a")}),
				{Load: []Pair{{versionKey, v.value}}},
				tx(d64(), Op{Op: OpList, Path: path()}),
				tx(d64(), Op{Op: OpExists, Path: path("a")}),
				tx(d64(), Op{Op: OpOpen, Path: path("a")}),
				tx(d64(), Op{Op: OpCreateOrOpen, Path: path("a")}),
				tx(nil, Op{Op: OpCreate, Path: path("b")}),
				tx(d64(), Op{Op: OpMove, Path: path("a"), Path2: path("c")}),
				tx(d64(), Op{Op: OpRemoveIfExists, Path: path("zz")}),
				tx(d64(), Op{Op: OpRemove, Path: path("a")}),
			}})
	}
	// Last, so that the scenarios before keep their seeds.
	ss = append(ss, Scenario{Name: "divergence/prefix-taken-by-parents", Known: "go-refuses-prefix-taken-by-parents",
		Note: "1.7: create_prefix (\u00e9, \"\", \u00e9) with 15 01, its parents missing: Java checks 15 01, then allocates (\u00e9, \"\") 14 and (\u00e9) 15 01, " +
			"and gives (\u00e9) and (\u00e9, \"\", \u00e9) one node, whose layer becomes x; Go checks again after the parents and refuses the prefix",
		Steps: []Step{
			{NewLayer: &LayerSpec{Node: Hex{0xfe}, Content: Hex{}, Manual: true}},
			tx(d64(0, 1), Op{Op: OpCreatePrefix, LayerID: 1, Path: path("\u00e9", "", "\u00e9"), Layer: hexp("x"), Prefix: hexp("\x15\x01")}),
			tx(d64(), Op{Op: OpList, LayerID: 1, Path: path("\u00e9")}, Op{Op: OpOpen, LayerID: 1, Path: path("\u00e9", "", "\u00e9")}),
		}})
	return ss
}
