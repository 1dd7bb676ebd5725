package main

import (
	"time"

	"github.com/fdbtuple/fdbtuple/tuple"
)

//go:generate go tool fdbtuple gen -type CommentKey

// CommentKey is the key of a comment: the post it is on, when it was
// written (newest first, in whole milliseconds), and its ID, which keeps
// two comments of one millisecond apart.
type CommentKey struct {
	Post int64
	At   time.Time `tuple:",desc,unit=ms"`
	ID   int64
}

// commentKeys encodes and decodes CommentKeys. It is compiled once, here,
// and uses the methods that go:generate wrote into tuplekeys_gen.go.
var commentKeys = tuple.MustPlan[CommentKey](tuple.Codec{})

// Comment is a comment as the program holds it: its key, and its text,
// which is the value stored under the key.
type Comment struct {
	Key  CommentKey
	Text string
}
