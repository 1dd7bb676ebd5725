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
