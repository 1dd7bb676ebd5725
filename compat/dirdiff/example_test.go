package dirdiff_test

import (
	"context"
	"fmt"

	"github.com/fdbtuple/fdbtuple/compat/dirdiff"
)

// A transaction on the Go side with scripted draws: create u/v/w
// allocates deepest first, so the draws 21, 42 and 61 give w the prefix
// 15 15.
func ExampleGoSide_Tx() {
	side := dirdiff.NewMemSide()
	r, err := side.Tx(dirdiff.TxRequest{
		Ops:   []dirdiff.Op{{Op: dirdiff.OpCreate, Path: []string{"u", "v", "w"}}},
		Draws: []dirdiff.Draw{{64, 21}, {64, 42}, {64, 61}},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%q %x committed=%v draws=%v\n", r.Results[0].Dir.Path, []byte(*r.Results[0].Dir.Prefix), r.Committed, r.Draws)
	// Output: ["u" "v" "w"] 1515 committed=true draws=[[64 21] [64 42] [64 61]]
}

// Replaying a golden vector, recorded from the Java oracle, on the Go
// side: every result and the whole store must match.
func ExampleReplay() {
	vs, err := dirdiff.ReadVectors("../testdata/directory/golden-layout.jsonl")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, v := range vs {
		if v.Name == "layout/create-uvw" {
			fmt.Println(v.Name, dirdiff.Replay(dirdiff.NewMemSide(), v))
		}
	}
	// Output: layout/create-uvw <nil>
}

// A differential between two sides over one generated sequence: here the
// Go side against itself, which must agree.
func ExampleDifferential() {
	d := &dirdiff.Differential{Ref: dirdiff.NewMemSide(), Other: dirdiff.NewMemSide()}
	v, err := d.Run(dirdiff.NewGen(dirdiff.SeededChooser(1)), 12, "example")
	fmt.Println(len(v.Steps) > 0, err)
	// Output: true <nil>
}

// The Java oracle, started from the repository's compat directory once
// compat/java/build.sh has built it.
func ExampleStartOracle() {
	o, err := dirdiff.StartOracle(context.Background(), "compat", "")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer o.Close()
	fmt.Println(o.Name())
}
