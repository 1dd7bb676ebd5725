package tuple_test

import (
	"fmt"
	"time"

	"github.com/fdbtuple/fdbtuple/tuple"
)

// CommentKey is a comment's key: the post, then the time, newest first.
type CommentKey struct {
	_    struct{} `tuple:"POST,const"`
	Post int64
	At   time.Time `tuple:",desc,unit=ms"`
	Seq  int64
}

// comments is compiled once, when the package starts: a key type the
// plan refused would stop the program there, not at the first write.
var comments = tuple.MustPlan[CommentKey](tuple.Codec{})

func ExampleMustPlan() {
	key, err := comments.Marshal(&CommentKey{Post: 7, At: time.Date(2024, 3, 1, 12, 1, 0, 0, time.UTC), Seq: 1})
	if err != nil {
		panic(err)
	}
	fmt.Println(comments.Schema())
	fmt.Println(comments.Codec().Describe(key))
	// Output:
	// ("POST", Post int64, At desc(time(ms)), Seq int64)
	// ("POST", 7, desc(1709294460000), 1)
}
