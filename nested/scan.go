package nested

import (
	"fmt"

	"github.com/fdbtuple/fdbtuple/tuple"
)

// ScanSegment reads the segment that starts at key[at] into typed
// variables: its kind must be kind, and id holds one tuple.Scan
// destination per id element, exactly as many as the segment has. It
// returns the offset after the segment, where the next one starts.
// Errors are the *tuple.DecodeErrors of Scan, with offsets counted from
// key[0]; a segment of another kind is tuple.ErrConstMismatch; an offset
// below 0 or past the end of key is ErrOffset. A segment has at most 15
// ids here (Decode reads any number).
//
// Decode gives a Path, whose ids are tuple.Tuples of boxed elements; a
// layer that knows its schema reads the same key segment by segment with
// ScanSegment instead, which allocates nothing when the ids are not
// strings or byte strings:
//
//	var user uuid.UUID
//	var post int64
//	at, err := nested.ScanSegment(key, 0, "user", &user)
//	if err == nil {
//		at, err = nested.ScanSegment(key, at, "post", &post)
//	}
func ScanSegment(key []byte, at int, kind string, id ...any) (next int, err error) {
	// The segment is one nested tuple: the kind, a constant, then the
	// ids. They are stored one by one in buf, which then stays on the
	// stack with them: the compiler moves the values of an append, a copy
	// or a store through a slice to the heap.
	var buf [16]any
	if at < 0 || at > len(key) {
		return 0, fmt.Errorf("%w: ScanSegment at offset %d of a %d-byte key", ErrOffset, at, len(key))
	}
	if len(id) >= len(buf) {
		return 0, fmt.Errorf("nested: ScanSegment of %d ids, more than %d", len(id), len(buf)-1)
	}
	buf[0] = tuple.Const(kind)
	for i, d := range id {
		buf[1+i] = d
	}
	return scanSegment(key, at, buf[:1+len(id)])
}

func scanSegment(key []byte, at int, seg []any) (int, error) {
	rest, err := tuple.ScanPrefix(key[at:], seg)
	if err != nil {
		return 0, shifted(err, at)
	}
	return len(key) - len(rest), nil
}
