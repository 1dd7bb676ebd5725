package main

import (
	"testing"

	"github.com/fdbtuple/fdbtuple/property_test/order"
)

// TestCommentKeySchema fails when CommentKey changes in a way that
// breaks the keys already stored: testdata/commentkey.schema is the
// schema they were written with.
func TestCommentKeySchema(t *testing.T) {
	order.CheckSchema(t, commentKeys, "testdata/commentkey.schema")
}
