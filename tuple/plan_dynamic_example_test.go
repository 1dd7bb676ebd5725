package tuple_test

import (
	"fmt"
	"reflect"

	"github.com/fdbtuple/fdbtuple/tuple"
)

// A tool that learns a key type at run time builds its plan from a
// reflect.Type and passes pointers as any.
func ExampleNewDynamicPlan() {
	type Post struct {
		User string
		Post int64 `tuple:",desc"`
	}
	p, err := tuple.NewDynamicPlan(tuple.Codec{}, reflect.TypeFor[Post]())
	if err != nil {
		fmt.Println(err)
		return
	}
	key, err := p.Marshal(&Post{User: "ada", Post: 7})
	if err != nil {
		fmt.Println(err)
		return
	}
	back := reflect.New(p.Type()) // a *Post, as a tool would make it
	if err := p.Unmarshal(key, back.Interface()); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Schema())
	fmt.Printf("%+v\n", back.Elem().Interface())
	if err := p.Unmarshal(key, Post{}); err != nil {
		fmt.Println(err)
	}
	// Output:
	// (User string, Post desc(int64))
	// {User:ada Post:7}
	// tuple: the plan of tuple_test.Post takes a non-nil *tuple_test.Post, not tuple_test.Post
}
