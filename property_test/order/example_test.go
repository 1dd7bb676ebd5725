package order_test

import (
	"bytes"
	"cmp"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/fdbtuple/fdbtuple/property_test/order"
	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/google/uuid"
	"pgregory.net/rapid"
)

// In a test, pass the *testing.T; here a small rapid.TB stands in, to
// show what a caught bug reports.
func ExampleCheck() {
	type version struct{ Major, Minor uint32 }
	gen := rapid.Custom(func(t *rapid.T) version {
		return version{rapid.Uint32Range(0, 3).Draw(t, "major"), rapid.Uint32Range(0, 20).Draw(t, "minor")}
	})
	compare := func(a, b version) int { return cmp.Or(cmp.Compare(a.Major, b.Major), cmp.Compare(a.Minor, b.Minor)) }

	// Right: the fields as integer elements.
	good := func(v version) ([]byte, error) { return tuple.AppendElems(nil, v.Major, v.Minor) }
	// Wrong: "1.10" sorts before "1.9" as text.
	bad := func(v version) ([]byte, error) { return tuple.AppendElems(nil, fmt.Sprintf("%d.%d", v.Major, v.Minor)) }

	r := &recorder{}
	caughtIn(r, func() { order.Check(r, gen, compare, good) })
	fmt.Println("integers pass:", !r.Failed())
	r = &recorder{}
	caughtIn(r, func() { order.Check(r, gen, compare, bad) })
	fmt.Println("text fails:", r.Failed(), strings.Contains(r.out.String(), "but compare"))
	// Output:
	// integers pass: true
	// text fails: true true
}

// ReactionKey is a typed key of the social seed scenario
// (USER#<uuid>/POST#1234/COMMENT#<ts>/REACT#42): a reaction to a comment
// on a post, a post's comments newest first.
type ReactionKey struct {
	_       struct{} `tuple:"USER,const"`
	User    uuid.UUID
	_       struct{} `tuple:"POST,const"`
	Post    int64
	_       struct{} `tuple:"COMMENT,const"`
	Comment int64    `tuple:",desc"`
	_       struct{} `tuple:"REACT,const"`
	React   int64
}

// genReactionKey draws keys of two users and four posts, so that many
// pairs share their first fields, with any comment time and reaction.
func genReactionKey() *rapid.Generator[ReactionKey] {
	users := []uuid.UUID{uuid.MustParse("00000000-0000-4000-8000-000000000001"), uuid.MustParse("ffffffff-0000-4000-8000-000000000000")}
	return rapid.Custom(func(t *rapid.T) ReactionKey {
		return ReactionKey{
			User:    rapid.SampledFrom(users).Draw(t, "user"),
			Post:    rapid.Int64Range(0, 3).Draw(t, "post"),
			Comment: rapid.Int64().Draw(t, "comment"),
			React:   rapid.Int64().Draw(t, "react"),
		}
	})
}

// compareReactionKeys is the order the keys are meant to have.
func compareReactionKeys(a, b ReactionKey) int {
	return cmp.Or(bytes.Compare(a.User[:], b.User[:]), cmp.Compare(a.Post, b.Post),
		-cmp.Compare(a.Comment, b.Comment), // newest comment first
		cmp.Compare(a.React, b.React))
}

// CheckPlan on ReactionKey: the plan's keys sort as
// compareReactionKeys orders the values; an order that forgets the desc
// tag (oldest comment first) is caught. In a test, pass the *testing.T.
func ExampleCheckPlan() {
	plan, err := tuple.NewPlan[ReactionKey](tuple.Codec{})
	if err != nil {
		panic(err)
	}
	r := &recorder{}
	caughtIn(r, func() { order.CheckPlan(r, genReactionKey(), compareReactionKeys, plan) })
	fmt.Println("newest first passes:", !r.Failed())

	oldestFirst := func(a, b ReactionKey) int {
		return cmp.Or(bytes.Compare(a.User[:], b.User[:]), cmp.Compare(a.Post, b.Post),
			cmp.Compare(a.Comment, b.Comment), cmp.Compare(a.React, b.React))
	}
	r = &recorder{}
	caughtIn(r, func() { order.CheckPlan(r, genReactionKey(), oldestFirst, plan) })
	fmt.Println("oldest first fails:", r.Failed())
	// Output:
	// newest first passes: true
	// oldest first fails: true
}

// caughtIn runs check on a goroutine of its own, as rapid's FailNow ends
// the goroutine it runs on.
func caughtIn(_ *recorder, check func()) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		check()
	}()
	<-done
}

// A key type's schema kept in a golden file: changing a field from
// int32 to uint64 fails the test, with a witness; widening it to int64
// breaks no stored key, and fails until it is recorded, so that the file
// always holds the schema of the newest keys; "go test -order.update"
// rewrites the golden file. In a test, pass the
// *testing.T and the plan (tuple.NewPlan's, whose Schema prints the
// text); here a recorder and the text stand in.
func ExampleCheckSchema() {
	dir, err := os.MkdirTemp("", "schema")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	golden := filepath.Join(dir, "post.schema")
	if err := os.WriteFile(golden, []byte(`("POST", Post int32)`+"\n"), 0o644); err != nil {
		fmt.Println(err)
		return
	}

	r := &recorder{}
	caughtIn(r, func() { order.CheckSchema(r, schemaText(`("POST", Post int64)`), golden) })
	fmt.Println("int32 → int64 fails:", r.Failed(), "breaks no stored key:", strings.Contains(r.out.String(), "which breaks no stored key"))

	r = &recorder{}
	caughtIn(r, func() { order.CheckSchema(r, schemaText(`("POST", Post uint64)`), golden) })
	fmt.Println("int32 → uint64 fails:", r.Failed())
	for _, line := range strings.Split(r.out.String(), "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "DECODE") {
			fmt.Println(strings.TrimSpace(line))
		}
	}
	// Output:
	// int32 → int64 fails: true breaks no stored key: true
	// int32 → uint64 fails: true
	// DECODE Post: int32 → uint64; a = {Post: -1}, key 02504f53540013fe under OLD, none under NEW: under NEW, a's OLD key does not decode: Post at offset 6: -1 is outside uint64
}
