// Package nested builds hierarchical key paths from nested tuples, for
// keeping many kinds of records in one sorted keyspace (the single-table
// design): users, their posts, the posts' comments and the comments'
// reactions.
//
//	/user-4c9d36e5-6b19-4e6a-828c-226ed667458a/post-1234/comment-1678901234/react-42
//
// # Encoding
//
// A Path is a list of segments. Each segment is one nested tuple whose
// first element is a string naming the segment's kind, followed by the
// segment's id elements:
//
//	(("user", <uuid>), ("post", 1234), ("comment", 1678901234), ("react", 42))
//
// The key is that tuple packed, so it is plain tuple-layer bytes: any
// FoundationDB binding decodes it, and only its meaning is new. A key may
// continue after the path with ordinary tuple fields (Path.Key).
//
// # Order
//
// Byte order is the order people expect. A path sorts right before its
// descendants; siblings group by kind and, within a kind, sort by id with
// the tuple layer's order: post-9 < post-10 < post-100, negative ids first,
// UUIDs by their bytes. The children of one kind ("post") are one
// contiguous range that does not include another kind with a common prefix
// ("posts"): Path.KindRange. Compare gives this order without packing.
//
// # Reading keys
//
// Decode reads a key's path and returns the fields after it, still packed
// (tuple.Unpack or tuple.Scan reads them); the ids of its segments are
// tuple.Tuples of boxed elements, as Unpack gives them.
// A layer that knows its schema reads the same key with ScanSegment, one
// segment at a time, into typed variables: a UUID and an integer id cost
// no allocation, and a segment of another kind is an error.
//
// # Text form
//
// String prints a path as /kind-id/kind-id..., and Parse reads it back. A
// kind is printed bare when it is a letter followed by letters, digits, _
// or ., and Go-quoted otherwise. Ids use the tuple text form of package
// tuple, except that UUIDs are printed bare: post-1234 is an integer,
// tag-"go" a string, user-7c9e6679-7425-40de-944b-e07fc1f90ae7 a UUID. A
// segment with several id elements, a composite id, is written as a tuple:
// order-(2024, 17). A segment with no id is just its kind: /user-7/post is
// the path of user 7's posts collection. The root, the empty path, is "/".
//
// # The ambiguous shape
//
// A segment is a nested tuple starting with a string; Decode takes every
// leading element of that shape as a segment, and leaves the rest of the
// key as fields. A field that is itself a nested tuple starting with a
// string therefore cannot follow a path directly: Decode would read it as
// one more segment. Schemas that need such a field use DecodeDepth, which
// reads exactly the given number of segments and leaves everything after
// them, whatever its shape, as fields.
//
// Place in the import DAG: above tuple (and, through it, tuplewire). It
// must not import vectors, compat, property_test or cmd/fdbtuple.
package nested
