package timeline

import (
	"fmt"
	"strings"

	"github.com/fdbtuple/fdbtuple/nested"
	"github.com/google/uuid"
)

// The demo's users, with fixed UUIDs so that its output is repeatable.
var (
	Ada   = uuid.MustParse("4c9d36e5-6b19-4e6a-828c-226ed667458a")
	Brian = uuid.MustParse("7c9e6679-7425-40de-944b-e07fc1f90ae7")
	Chen  = uuid.MustParse("0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9")
)

// Record is one row of the demo: its path and its value.
type Record struct {
	Path  nested.Path
	Value string
}

// Dataset returns the demo timeline, in no particular order: posts whose
// ids cross digit-length boundaries (9, 10, 99, 100, 1234) and two
// negative ids, comments keyed by Unix timestamps, and reactions.
func Dataset() []Record {
	var rs []Record
	add := func(p nested.Path, v string) { rs = append(rs, Record{p, v}) }
	ada, brian, chen := nested.New("user", Ada), nested.New("user", Brian), nested.New("user", Chen)
	add(ada, "Ada")
	add(brian, "Brian")
	add(chen, "Chen")
	for _, id := range []int{1234, 10, 9, 100, 99, 2, -1, -10} {
		add(ada.Child("post", id), fmt.Sprintf("Ada's post %d", id))
	}
	post := ada.Child("post", 1234)
	for _, ts := range []int{1678901234, 1700000000, 1678999999} {
		add(post.Child("comment", ts), fmt.Sprintf("comment at %d", ts))
	}
	add(post.Child("comment", 1678901234).Child("react", 42), "👍")
	add(post.Child("comment", 1678901234).Child("react", 7), "🎉")
	add(post.Child("comment", 1700000000).Child("react", 42), "❤")
	add(ada.Child("post", 10).Child("comment", 1690000000), "comment at 1690000000")
	add(brian.Child("post", 1), "Brian's post 1")
	add(brian.Child("post", 1).Child("comment", 1680000000), "comment at 1680000000")
	add(chen.Child("post", 5), "Chen's post 5")
	return rs
}

// NaiveKey is the same record under a hand-made string key in the
// single-table style: USER#<uuid>#POST#<id>#COMMENT#<ts>#REACT#<id>.
func NaiveKey(p nested.Path) string {
	var b strings.Builder
	for s := range p.Segments() {
		if b.Len() > 0 {
			b.WriteByte('#')
		}
		b.WriteString(strings.ToUpper(s.Kind))
		for _, v := range s.ID {
			fmt.Fprintf(&b, "#%v", v)
		}
	}
	return b.String()
}
