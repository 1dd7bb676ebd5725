package tuple_test

import (
	"bytes"
	"fmt"
	"time"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/google/uuid"
)

// ReactionKey is the key of a reaction in a single-table design:
// USER#<uuid> / POST#<id> / COMMENT#<ts> / REACT#<id>, with the comments
// of a post newest first.
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

var ada = uuid.MustParse("4c9d36e5-6b19-4e6a-828c-226ed667458a")

func ExampleNewPlan() {
	plan, err := tuple.NewPlan[ReactionKey](tuple.Codec{})
	if err != nil {
		panic(err)
	}
	key, err := plan.Marshal(&ReactionKey{User: ada, Post: 1234, Comment: 1678901234, React: 42})
	if err != nil {
		panic(err)
	}
	var back ReactionKey
	err = plan.Unmarshal(key, &back)
	fmt.Println(back.Post, back.Comment, back.React, err)
	// Output: 1234 1678901234 42 <nil>
}

func ExamplePlan_Range() {
	plan, err := tuple.NewPlan[ReactionKey](tuple.Codec{})
	if err != nil {
		panic(err)
	}
	// Every reaction to the comments of post 1234: the keys whose fields
	// up to Post are these.
	begin, end, err := plan.Range(&ReactionKey{User: ada, Post: 1234}, "Post")
	if err != nil {
		panic(err)
	}
	newer, _ := plan.Marshal(&ReactionKey{User: ada, Post: 1234, Comment: 1700000000, React: 1})
	older, _ := plan.Marshal(&ReactionKey{User: ada, Post: 1234, Comment: 1600000000, React: 1})
	other, _ := plan.Marshal(&ReactionKey{User: ada, Post: 99, Comment: 1700000000, React: 1})
	in := func(k []byte) bool { return bytes.Compare(k, begin) >= 0 && bytes.Compare(k, end) < 0 }
	fmt.Println(in(newer), in(older), in(other), bytes.Compare(newer, older) < 0)
	// Output: true true false true
}

func ExamplePlan_Schema() {
	plan, _ := tuple.NewPlan[ReactionKey](tuple.Codec{})
	fmt.Println(plan.Schema())
	fmt.Println(plan.Fields())
	// Output:
	// ("USER", User uuid.UUID, "POST", Post int64, "COMMENT", Comment desc(int64), "REACT", React int64)
	// [User Post Comment React]
}

func ExamplePlan_AppendPrefix() {
	plan, _ := tuple.NewPlan[ReactionKey](tuple.Codec{})
	buf := make([]byte, 0, 64)
	// Through Post, and the constant that every key has after it.
	buf, err := plan.AppendPrefix(buf, &ReactionKey{User: ada, Post: 1234}, "Post")
	if err != nil {
		panic(err)
	}
	fmt.Println(tuple.Describe(buf))
	// Output: ("USER", UUID("4c9d36e5-6b19-4e6a-828c-226ed667458a"), "POST", 1234, "COMMENT")
}

func ExampleMarshal() {
	key, _ := tuple.Marshal(&ReactionKey{User: ada, Post: 7, Comment: 1, React: 2})
	var k ReactionKey
	err := tuple.Unmarshal(key, &k)
	fmt.Println(k.Post, k.React, err)
	// Output: 7 2 <nil>
}

func ExampleScan() {
	key := tuple.Tuple{"USER", ada, "POST", 1234}.Pack()
	var user uuid.UUID
	var post int64
	// "USER" and "POST" are constants: the elements must be exactly them.
	err := tuple.Scan(key, "USER", &user, "POST", &post)
	fmt.Println(user == ada, post, err)
	// Output: true 1234 <nil>
}

func ExampleScanPrefix() {
	key := tuple.Tuple{"orders", int64(17), "2026-11-23", 3.5}.Pack()
	var customer int64
	rest, err := tuple.ScanPrefix(key, "orders", &customer)
	fmt.Println(customer, tuple.Describe(rest), err)
	// Output: 17 ("2026-11-23", 3.5) <nil>
}

func ExampleCodec_Scan() {
	codec := tuple.Codec{Extensions: []tuple.Extension{tuple.DescExtension(tuple.DefaultDescCode)}}
	key, _ := codec.Pack(tuple.Tuple{"events", tuple.Desc{V: int64(1700000000)}})
	var ts int64
	err := codec.Scan(key, "events", tuple.Desc{V: &ts})
	fmt.Println(ts, err)
	// Output: 1700000000 <nil>
}

func ExampleInto() {
	key := tuple.Tuple{"session", int64(1700000000123456789)}.Pack()
	var at time.Time
	err := tuple.Scan(key, "session", tuple.Into(&at, func(b []byte) (time.Time, int, error) {
		ns, n, err := tuple.ConsumeInt(b)
		return time.Unix(0, ns).UTC(), n, err
	}))
	fmt.Println(at.Format(time.RFC3339Nano), err)
	// Output: 2023-11-14T22:13:20.123456789Z <nil>
}

func ExampleAppendElems() {
	buf := make([]byte, 0, 64)
	post, at := int64(1234), int64(1678901234)
	buf, err := tuple.AppendElems(buf, "POST", post, "COMMENT", at)
	fmt.Println(tuple.Describe(buf), err)
	// Output: ("POST", 1234, "COMMENT", 1678901234) <nil>
}

func ExamplePlanFor() {
	plan, err := tuple.PlanFor[ReactionKey]()
	if err != nil {
		panic(err)
	}
	fmt.Println(plan.Fields())
	// Output: [User Post Comment React]
}

func ExamplePlan_Append() {
	plan, _ := tuple.NewPlan[ReactionKey](tuple.Codec{})
	buf := make([]byte, 0, 128) // reused: no allocation per key
	k := ReactionKey{User: ada, Post: 1, Comment: 2, React: 3}
	buf, err := plan.Append(buf[:0], &k)
	fmt.Println(len(buf), err)
	// Output: 54 <nil>
}

func ExamplePlan_UnmarshalPrefix() {
	plan, _ := tuple.NewPlan[ReactionKey](tuple.Codec{})
	key, _ := plan.Marshal(&ReactionKey{User: ada, Post: 1, Comment: 2, React: 3})
	key = append(key, tuple.Tuple{"extra"}.Pack()...)
	var k ReactionKey
	rest, err := plan.UnmarshalPrefix(key, &k)
	fmt.Println(k.React, tuple.Describe(rest), err)
	// Output: 3 ("extra",) <nil>
}
