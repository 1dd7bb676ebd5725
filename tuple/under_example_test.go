package tuple_test

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/fdbtuple/fdbtuple/subspace"
	"github.com/fdbtuple/fdbtuple/tuple"
)

func ExamplePlan_Under() {
	plan, err := tuple.NewPlan[ReactionKey](tuple.Codec{})
	if err != nil {
		panic(err)
	}
	// The app's reactions live under a subspace: one line binds the plan.
	reactions := plan.Under(subspace.Sub("app", "reactions").Bytes())

	key, err := reactions.Marshal(&ReactionKey{User: ada, Post: 1234, Comment: 1678901234, React: 42})
	if err != nil {
		panic(err)
	}
	fmt.Println(plan.Codec().Describe(key))

	var k ReactionKey
	if err := reactions.Unmarshal(key, &k); err != nil {
		panic(err)
	}
	fmt.Println(k.Post, k.React)

	// Every reaction to post 1234, under the subspace.
	begin, end, err := reactions.Range(&ReactionKey{User: ada, Post: 1234}, "Post")
	if err != nil {
		panic(err)
	}
	fmt.Println(bytes.Compare(begin, key) <= 0 && bytes.Compare(key, end) < 0)

	// The plan without the prefix fails, and its error ends with the fix.
	err = plan.Unmarshal(key, &k)
	if msg := err.Error(); strings.Contains(msg, "; ") {
		fmt.Println(msg[strings.Index(msg, "; ")+2:])
	}
	// Output:
	// ("app", "reactions", "USER", UUID("4c9d36e5-6b19-4e6a-828c-226ed667458a"), "POST", 1234, "COMMENT", desc(1678901234), "REACT", 42)
	// 1234 42
	// true
	// the key is a tuple_test.ReactionKey after its first 16 bytes (\x02app\x00\x02reactions\x00): for keys under a prefix, use Plan.Under(prefix)
}

func ExampleCodec_AppendElems() {
	c := tuple.Codec{Extensions: []tuple.Extension{tuple.DescExtension(tuple.DefaultDescCode)}}
	at := int64(1678901234)
	key, err := c.AppendElems(nil, "COMMENT", tuple.Desc{V: at}) // newest first
	if err != nil {
		panic(err)
	}
	var back int64
	if err := c.Scan(key, tuple.Const("COMMENT"), tuple.Desc{V: &back}); err != nil {
		panic(err)
	}
	fmt.Println(back)
	// Output: 1678901234
}

// A PlanUnder's schema holds its prefix: keep it in a golden test, and
// a renamed subspace, which moves every stored key, fails it.
func ExamplePlanUnder_Schema() {
	plan, err := tuple.NewPlan[ReactionKey](tuple.Codec{})
	if err != nil {
		panic(err)
	}
	reactions := plan.Under(subspace.Sub("app", "reactions").Bytes())
	fmt.Println(reactions.Schema())
	fmt.Println(reactions.Fields())
	// Output:
	// under ("app", "reactions") ("USER", User uuid, "POST", Post int64, "COMMENT", Comment desc(int64), "REACT", React int64)
	// [User Post Comment React]
}
