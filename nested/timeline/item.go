package timeline

import (
	"errors"

	"github.com/fdbtuple/fdbtuple/nested"
	"github.com/google/uuid"
)

// Item is the place of a record in the timeline's hierarchy: a user, a
// post of the user, a comment on the post, a reaction to the comment. It
// is read from the record's key with nested.ScanSegment, segment by segment,
// into typed fields (each segment's kind a constant), so that no element
// is boxed: reading a key allocates nothing.
type Item struct {
	Depth   int // 1 user, 2 post, 3 comment, 4 reaction
	User    uuid.UUID
	Post    int64
	Comment int64
	React   int64
}

// itemKinds are the segment kinds of the hierarchy, from the top.
var itemKinds = [...]string{"user", "post", "comment", "react"}

// ReadItem reads the item key of a record (its path's MarshalBinary).
func ReadItem(key []byte) (Item, error) {
	var it Item
	ids := [...]any{&it.User, &it.Post, &it.Comment, &it.React}
	at := 0
	for i, kind := range itemKinds {
		if at == len(key) {
			break
		}
		var err error
		if at, err = nested.ScanSegment(key, at, kind, ids[i]); err != nil {
			return Item{}, &KeyError{"decode", key, err}
		}
		it.Depth++
	}
	if it.Depth == 0 || at < len(key) {
		return Item{}, &KeyError{"decode", key, errors.New("not an item key: user, post, comment, react")}
	}
	return it, nil
}

// Path returns the item's key path, for display.
func (it Item) Path() nested.Path {
	ids := [...]any{it.User, it.Post, it.Comment, it.React}
	var p nested.Path
	for i := range it.Depth {
		p = p.Child(itemKinds[i], ids[i])
	}
	return p
}
