package timeline

import (
	"bytes"
	"context"
	"fmt"

	"github.com/fdbtuple/fdbtuple/fdb"
)

// Listing returns every pair of a store whose key starts below FF (every
// tuple key), in key order, read in pages as Pages reads them: what the
// examples compare between stores.
func Listing(ctx context.Context, db fdb.ReadTransactor) ([]fdb.KeyValue, error) {
	var out []fdb.KeyValue
	for p, err := range Pages(ctx, db, []byte{0x00}, []byte{0xff}, false, 0) {
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// DiffListings reports the first difference between two listings (nil if
// they are equal, key for key and value for value).
func DiffListings(got, want []fdb.KeyValue) error {
	if len(got) != len(want) {
		return fmt.Errorf("%d keys, want %d", len(got), len(want))
	}
	for i := range got {
		if !bytes.Equal(got[i].Key, want[i].Key) || !bytes.Equal(got[i].Value, want[i].Value) {
			return fmt.Errorf("key %d: %x = %q, want %x = %q", i, got[i].Key, got[i].Value, want[i].Key, want[i].Value)
		}
	}
	return nil
}
