package tuple_test

import (
	"bytes"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
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
	in := func(k ReactionKey) bool {
		key, err := plan.Marshal(&k)
		if err != nil {
			panic(err)
		}
		return bytes.Compare(key, begin) >= 0 && bytes.Compare(key, end) < 0
	}
	fmt.Println(in(ReactionKey{User: ada, Post: 1234, Comment: 1700000000, React: 1}),
		in(ReactionKey{User: ada, Post: 1234, Comment: 1600000000, React: 1}),
		in(ReactionKey{User: ada, Post: 99, Comment: 1700000000, React: 1}))
	// Output: true true false
}

func ExamplePlan_Schema() {
	plan, err := tuple.NewPlan[ReactionKey](tuple.Codec{})
	if err != nil {
		panic(err)
	}
	fmt.Println(plan.Schema())
	fmt.Println(plan.Fields())
	// Output:
	// ("USER", User uuid, "POST", Post int64, "COMMENT", Comment desc(int64), "REACT", React int64)
	// [User Post Comment React]
}

func ExamplePlan_AppendPrefix() {
	plan, err := tuple.NewPlan[ReactionKey](tuple.Codec{})
	if err != nil {
		panic(err)
	}
	buf := make([]byte, 0, 64)
	// Through Post, and the constant that every key has after it.
	buf, err = plan.AppendPrefix(buf, &ReactionKey{User: ada, Post: 1234}, "Post")
	if err != nil {
		panic(err)
	}
	fmt.Println(tuple.Describe(buf))
	// Output: ("USER", UUID("4c9d36e5-6b19-4e6a-828c-226ed667458a"), "POST", 1234, "COMMENT")
}

// A time.Time field is a plain integer element, its nanoseconds since
// the Unix epoch (here in milliseconds, by its tag), which every binding
// reads and which sorts in time order.
func ExampleNewPlan_time() {
	type Event struct {
		Stream string
		At     time.Time `tuple:",unit=ms"`
	}
	plan, err := tuple.NewPlan[Event](tuple.Codec{})
	if err != nil {
		panic(err)
	}
	key, err := plan.Marshal(&Event{"clicks", time.UnixMilli(1700000000123)})
	if err != nil {
		panic(err)
	}
	var e Event
	err = plan.Unmarshal(key, &e)
	fmt.Println(plan.Schema(), tuple.Describe(key), e.At.Format(time.RFC3339Nano), err)
	// Output: (Stream string, At time(ms)) ("clicks", 1700000000123) 2023-11-14T22:13:20.123Z <nil>
}

// A type that is not a key's element refuses to compile into a plan,
// naming the field and the fix, instead of writing an empty element.
func ExampleNewPlan_refused() {
	type Flags struct {
		Name string
		Set  map[string]bool
	}
	_, err := tuple.NewPlan[Flags](tuple.Codec{})
	fmt.Println(errors.Is(err, tuple.ErrUnsupportedType))
	fmt.Println(err)
	// Output:
	// true
	// tuple: NewPlan of tuple_test.Flags: field Set (map[string]bool): tuple: unsupported element type map[string]bool: a map has no order and no element; use a struct of its fields, or a tuple.Tuple of its entries in an order of your own; or tag the field `tuple:"-"` to leave it out of the key
}

// Cents is a type of its own that is one integer element.
type Cents struct{ n int64 }

// AppendTupleElement writes c as an integer element.
func (c Cents) AppendTupleElement(dst []byte) ([]byte, error) {
	return tuplewire.AppendInt(dst, c.n), nil
}

// ScanTupleElement reads c from an integer element.
func (c *Cents) ScanTupleElement(elem []byte) error {
	n, _, err := tuplewire.ConsumeInt(elem)
	c.n = n
	return err
}

func ExampleElementAppender() {
	type Price struct {
		Item  string
		Total Cents
	}
	plan, err := tuple.NewPlan[Price](tuple.Codec{})
	if err != nil {
		panic(err)
	}
	key, err := plan.Marshal(&Price{"tea", Cents{1999}})
	if err != nil {
		panic(err)
	}
	var p Price
	err = plan.Unmarshal(key, &p)
	fmt.Println(plan.Schema(), tuple.Describe(key), p.Total.n, err)
	// Output: (Item string, Total custom(tuple_test.Cents)) ("tea", 1999) 1999 <nil>
}

func ExampleMarshal() {
	key, err := tuple.Marshal(&ReactionKey{User: ada, Post: 7, Comment: 1, React: 2})
	if err != nil {
		panic(err)
	}
	var k ReactionKey
	err = tuple.Unmarshal(key, &k)
	fmt.Println(k.Post, k.React, err)
	// Output: 7 2 <nil>
}

func ExampleScan() {
	key := tuple.Tuple{"USER", ada, "POST", 1234}.Pack()
	var user uuid.UUID
	var post int64
	// "USER" and "POST" are constants: the elements must be exactly them.
	err := tuple.Scan(key, tuple.Const("USER"), &user, tuple.Const("POST"), &post)
	fmt.Println(user == ada, post, err)
	// A destination that is no pointer is an error, not a constant.
	err = tuple.Scan(key, "USER", &user, "POST", post)
	fmt.Println(errors.Is(err, tuple.ErrNotPointer))
	// Output:
	// true 1234 <nil>
	// true
}

func ExampleScanPrefix() {
	key := tuple.Tuple{"orders", int64(17), "2026-11-23", 3.5}.Pack()
	var customer int64
	rest, err := tuple.ScanPrefix(key, tuple.Const("orders"), &customer)
	fmt.Println(customer, tuple.Describe(rest), err)
	// Output: 17 ("2026-11-23", 3.5) <nil>
}

func ExampleCodec_Scan() {
	codec := tuple.Codec{Extensions: []tuple.Extension{tuple.DescExtension(tuple.DefaultDescCode)}}
	key, err := codec.Pack(tuple.Tuple{"events", tuple.Desc{V: int64(1700000000)}})
	if err != nil {
		panic(err)
	}
	var ts int64
	err = codec.Scan(key, tuple.Const("events"), tuple.Desc{V: &ts})
	fmt.Println(ts, err)
	// Output: 1700000000 <nil>
}

func ExampleInto() {
	key := tuple.Tuple{"price", int64(1999)}.Pack()
	var total Cents // a type of its own: Scan calls no method of a destination
	err := tuple.Scan(key, tuple.Const("price"), tuple.Into(&total, func(b []byte) (Cents, int, error) {
		n, size, err := tuplewire.ConsumeInt(b)
		return Cents{n}, size, err
	}))
	fmt.Println(total.n, err)
	// Output: 1999 <nil>
}

func ExampleElement() {
	total := Cents{1999}
	buf, err := tuple.AppendElems(nil, "price", tuple.Element(&total))
	if err != nil {
		panic(err)
	}
	var back Cents
	err = tuple.Scan(buf, tuple.Const("price"), tuple.Element(&back))
	fmt.Println(tuple.Describe(buf), back.n, err)
	// Output: ("price", 1999) 1999 <nil>
}

func ExampleAppendElems() {
	buf := make([]byte, 0, 64)
	post, at := int64(1234), time.Unix(1678901234, 0)
	buf, err := tuple.AppendElems(buf, "POST", post, "COMMENT", at)
	fmt.Println(tuple.Describe(buf), err)
	// Output: ("POST", 1234, "COMMENT", 1678901234000000000) <nil>
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
	plan, err := tuple.NewPlan[ReactionKey](tuple.Codec{})
	if err != nil {
		panic(err)
	}
	buf := make([]byte, 0, 128) // reused: no allocation per key
	k := ReactionKey{User: ada, Post: 1, Comment: 2, React: 3}
	buf, err = plan.Append(buf[:0], &k)
	fmt.Println(len(buf), err)
	// Output: 54 <nil>
}

func ExamplePlan_UnmarshalPrefix() {
	plan, err := tuple.NewPlan[ReactionKey](tuple.Codec{})
	if err != nil {
		panic(err)
	}
	key, err := plan.Marshal(&ReactionKey{User: ada, Post: 1, Comment: 2, React: 3})
	if err != nil {
		panic(err)
	}
	key = append(key, tuple.Tuple{"extra"}.Pack()...)
	var k ReactionKey
	rest, err := plan.UnmarshalPrefix(key, &k)
	fmt.Println(k.React, tuple.Describe(rest), err)
	// Output: 3 ("extra",) <nil>
}

// Typed keys in one piece, on the reaction key of the social seed
// scenario (a post's comments newest first): a plan marshals a key,
// unmarshals it into the struct, gives the range of a post's keys and the
// schema to keep in a golden test; Scan reads the same key into plain
// variables, with the plan's codec for the desc element, and AppendElems
// writes a key into a buffer with room, with no allocation.
func Example_typedKeys() {
	plan, err := tuple.NewPlan[ReactionKey](tuple.Codec{})
	if err != nil {
		panic(err)
	}
	key, err := plan.Marshal(&ReactionKey{User: ada, Post: 1234, Comment: 1678901234, React: 42})
	if err != nil {
		panic(err)
	}
	var k ReactionKey
	err = plan.Unmarshal(key, &k) // into the struct; errors name the field
	if err != nil {
		panic(err)
	}
	begin, end, err := plan.Range(&ReactionKey{User: ada, Post: 1234}, "Post")
	if err != nil {
		panic(err)
	}
	fmt.Println(plan.Schema())

	var user uuid.UUID
	var post, comment int64
	err = plan.Codec().Scan(key, tuple.Const("USER"), &user, tuple.Const("POST"), &post,
		tuple.Const("COMMENT"), tuple.Desc{V: &comment}, tuple.Const("REACT"), nil)
	if err != nil {
		panic(err)
	}
	buf := make([]byte, 0, 64)
	buf, err = tuple.AppendElems(buf[:0], "POST", post) // no allocation
	fmt.Println(k == (ReactionKey{User: ada, Post: 1234, Comment: 1678901234, React: 42}), bytes.Compare(begin, key) < 0 && bytes.Compare(key, end) < 0)
	fmt.Println(user == ada, post, comment, tuple.Describe(buf), err)
	// Output:
	// ("USER", User uuid, "POST", Post int64, "COMMENT", Comment desc(int64), "REACT", React int64)
	// true true
	// true 1234 1678901234 ("POST", 1234) <nil>
}
