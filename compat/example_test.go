package compat_test

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/fdbtuple/fdbtuple/compat"
)

func ExampleDecodeTuple() {
	t, err := compat.DecodeTuple([]byte(`[{"string": "foo"}, {"int": "42"}, {"float32": "7f800001"}]`))
	if err != nil {
		panic(err)
	}
	fmt.Printf("%s\n% x\n", t.Text(), t.Pack())
	back, err := compat.EncodeTuple(t)
	if err != nil {
		panic(err)
	}
	fmt.Println(string(back))
	// Output:
	// ("foo", 42, float32bits(0x7f800001))
	// 02 66 6f 6f 00 15 2a 20 ff 80 00 01
	// [{"string": "foo"}, {"int": "42"}, {"float32": "7f800001"}]
}

// Check runs every vector row and a random run against a peer; here the
// peer is this codec itself, served in process. A real peer is a command:
// compat.StartCommand(context.Background(), []string{"node", "compat/js/adapter.js"}, 5*time.Second).
func ExampleCheck() {
	peer, err := compat.StartFunc(func(r io.Reader, w io.Writer) error {
		return compat.Serve(r, w, "example")
	}, 5*time.Second)
	if err != nil {
		panic(err)
	}
	defer peer.Close()
	report, err := compat.Check(context.Background(), peer, compat.CheckOptions{Random: 100, Seed: 1})
	if err != nil {
		panic(err)
	}
	for _, s := range report.Sections[:2] {
		fmt.Println(s.Name, s.Pass, s.Fail)
	}
	fmt.Println(report.OK())
	// Output:
	// pack.jsonl 2677 0
	// order.jsonl 215 0
	// true
}

// A peer's own divergence file adds to the built-in list. A typo is
// refused with the field it did not expect; each entry says which answer
// it forgives (here, a refusal).
func ExampleParseDivergences() {
	_, err := compat.ParseDivergences([]byte(`[{"id": "mine", "peers": ["my-peer"], "sections": ["versionstamp.jsonl"],
		"row": ["legacy api *"], "refusal": true, "reason": "no 2-byte offsets"}]`), "mine.json")
	fmt.Println(err)

	mine, err := compat.ParseDivergences([]byte(`[{"id": "mine", "peers": ["my-peer"], "sections": ["versionstamp.jsonl"],
		"rows": ["legacy api *"], "refusal": true, "reason": "no 2-byte offsets"}]`), "mine.json")
	if err != nil {
		panic(err)
	}
	builtin, err := compat.KnownDivergences()
	if err != nil {
		panic(err)
	}
	all, err := compat.MergeDivergences(builtin, mine)
	if err != nil {
		panic(err)
	}
	fmt.Println(len(all) == len(builtin)+1, all[len(all)-1].ID, all[len(all)-1].Source())
	// Output:
	// compat: divergences mine.json: json: unknown field "row"
	// true mine mine.json
}
