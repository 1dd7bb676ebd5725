package directory_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/fdbtuple/fdbtuple/fdb"
	"github.com/fdbtuple/fdbtuple/fdb/directory"
)

// TestCheckFindsEachProblem: on a healthy tree (a = 15 06 with child
// b = 15 05, partition p = 15 07 with x inside), each corruption gives
// the findings it should, with the key at fault, and nothing else.
func TestCheckFindsEachProblem(t *testing.T) {
	const (
		root = "\xFE\x01\xFE\x00"
		H    = root + "\x01hca\x00"
	)
	// Created deepest first: b draws 5, a draws 6.
	nodeA := "\xFE\x01\x15\x06\x00"
	nodeB := "\xFE\x01\x15\x05\x00"
	pRoot := "\x15\x07\xFE\x01\x15\x07\xFE\x00"
	type change struct {
		key   string
		value []byte // nil clears
	}
	set := func(k string, v string) change { return change{k, []byte(v)} }
	clr := func(k string) change { return change{k, nil} }
	cases := []struct {
		name    string
		changes []change
		want    []directory.Problem
		key     string // of the first finding
		path    []string
	}{
		{"healthy", nil, nil, "", nil},
		{"not a node key", []change{set("\xFE\x05", "")}, []directory.Problem{directory.ProblemKey}, "\xFE\x05", nil},
		{"unknown word on the root", []change{set(root+"\x01zzz\x00", "")}, []directory.Problem{directory.ProblemKey}, root + "\x01zzz\x00", nil},
		{"layer key on the root", []change{set(root+"\x01layer\x00", "")}, []directory.Problem{directory.ProblemKey}, root + "\x01layer\x00", nil},
		{"version under a directory's node", []change{set(nodeA+"\x01version\x00", "")}, []directory.Problem{directory.ProblemKey}, nodeA + "\x01version\x00", nil},
		{"entry under a partition's node in the outer layer", []change{set("\xFE\x01\x15\x07\x00\x14\x02y\x00", "\x15\x06")},
			[]directory.Problem{directory.ProblemKey}, "\xFE\x01\x15\x07\x00\x14\x02y\x00", []string{"p"}},
		{"version 1.0.7", []change{set(string(versionKey), string(versionBytes(1, 0, 7)))}, []directory.Problem{directory.ProblemVersion}, string(versionKey), nil},
		{"version of 14 bytes", []change{set(string(versionKey), string(versionBytes(1, 0, 0))+"\x00\x00")}, []directory.Problem{directory.ProblemVersion}, string(versionKey), nil},
		{"no version", []change{clr(string(versionKey))}, []directory.Problem{directory.ProblemVersion}, string(versionKey), nil},
		{"a null name", []change{set(root+"\x14\x00", "\x15\x08"), set("\xFE\x01\x15\x08\x00\x01layer\x00", "")},
			[]directory.Problem{directory.ProblemName}, root + "\x14\x00", []string{`\x00`}},
		{"dangling entry", []change{clr(nodeB + "\x01layer\x00")}, []directory.Problem{directory.ProblemDangling}, nodeA + "\x14\x02b\x00", []string{"a", "b"}},
		{"two entries, one node", []change{set(root+"\x14\x02z\x00", "\x15\x05")}, []directory.Problem{directory.ProblemShared}, "", nil},
		{"an entry naming the root", []change{set(nodeB+"\x14\x02up\x00", "\xFE")}, []directory.Problem{directory.ProblemShared}, nodeB + "\x14\x02up\x00", []string{"a", "b", "up"}},
		{"orphan", []change{clr(nodeA + "\x14\x02b\x00")}, []directory.Problem{directory.ProblemOrphan}, nodeB + "\x01layer\x00", nil},
		{"overlapping prefixes", []change{set(root+"\x14\x02z\x00", "\x15"), set("\xFE\x01\x15\x00\x01layer\x00", "")},
			[]directory.Problem{directory.ProblemPrefix, directory.ProblemPrefix, directory.ProblemPrefix}, "", nil},
		{"empty prefix", []change{set(root+"\x14\x02z\x00", ""), set("\xFE\x01\x00\x01layer\x00", "")},
			[]directory.Problem{directory.ProblemPrefix}, root + "\x14\x02z\x00", []string{"z"}},
		{"prefix in the system keys", []change{set(root+"\x14\x02z\x00", "\xFF\x01"), set("\xFE\x01\xFF\x01\x00\x01layer\x00", "")},
			[]directory.Problem{directory.ProblemPrefix}, "", []string{"z"}},
		{"prefix inside the node subspace", []change{set(root+"\x14\x02z\x00", "\xFE\x07"), set("\xFE\x01\xFE\x07\x00\x01layer\x00", "")},
			[]directory.Problem{directory.ProblemPrefix}, "", []string{"z"}},
		{"counter of 4 bytes", []change{set(H+"\x14\x14", "\x03\x00\x00\x00")}, []directory.Problem{directory.ProblemAllocator}, H + "\x14\x14", nil},
		{"recent with a value", []change{set(H+"\x15\x01\x15\x05", "x")}, []directory.Problem{directory.ProblemAllocator}, H + "\x15\x01\x15\x05", nil},
		{"recent beyond the window", []change{set(H+"\x15\x01\x15\x40", ""), set(H+"\x14\x14", string(le64(4)))},
			[]directory.Problem{directory.ProblemAllocator}, H + "\x15\x01\x15\x40", nil},
		{"counter below the recent keys", []change{set(H+"\x14\x14", string(le64(2)))}, []directory.Problem{directory.ProblemAllocator}, H + "\x14\x14", nil},
		{"stale keys below the window are legal", []change{set(H+"\x14\x15\x40", string(le64(1))), set(H+"\x15\x01\x15\x41", "")}, nil, "", nil},
		{"inside a partition", []change{clr(pRoot + "\x01version\x00")}, []directory.Problem{directory.ProblemVersion}, pRoot + "\x01version\x00", []string{"p"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newStore()
			dl := defaultLayer(script(t, 5, 6, 7, 7), false)
			mustDo(t)(dl.Create(s, []string{"a", "b"}, nil))
			mustDo(t)(dl.Create(s, []string{"p"}, []byte("partition")))
			mustDo(t)(dl.Create(s, []string{"p", "x"}, nil))
			for _, ch := range c.changes {
				setKey(t, s, fdb.Key(ch.key), ch.value)
			}
			findings, err := directory.Check(s, dl)
			if err != nil {
				t.Fatal(err)
			}
			var got []directory.Problem
			for _, f := range findings {
				got = append(got, f.Problem)
			}
			if !slices.Equal(got, c.want) {
				t.Fatalf("findings %v, want %v", findings, c.want)
			}
			if len(findings) == 0 {
				return
			}
			f := findings[0]
			if c.key != "" && string(f.Key) != c.key {
				t.Errorf("finding %s: key %X, want %X", f, []byte(f.Key), c.key)
			}
			if c.path != nil && fmt.Sprint(f.Path) != fmt.Sprint(c.path) {
				t.Errorf("finding %s: path %q, want %q", f, f.Path, c.path)
			}
			if f.Detail == "" || f.String() == "" {
				t.Errorf("finding without a detail: %#v", f)
			}
		})
	}
}
