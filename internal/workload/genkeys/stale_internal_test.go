package genkeys

import (
	"errors"
	"testing"

	"github.com/fdbtuple/fdbtuple/tuple"
)

// The checked-in file is current for every type it declares methods for
// (tuple.CheckGenerated ran when the package was initialized), and a
// stale answer stops each method before it writes or reads a byte.
func TestGeneratedFileIsCurrent(t *testing.T) {
	stale := map[string]*error{
		"W1": &tupleKeyStaleW1, "W1Const": &tupleKeyStaleW1Const, "Kinds": &tupleKeyStaleKinds,
		"Descs": &tupleKeyStaleDescs, "Mixed": &tupleKeyStaleMixed, "Times": &tupleKeyStaleTimes,
		"Customs": &tupleKeyStaleCustoms, "Embeds": &tupleKeyStaleEmbeds, "Event": &tupleKeyStaleEvent,
	}
	for name, err := range stale {
		if *err != nil {
			t.Errorf("%s: %v", name, *err)
		}
	}

	tupleKeyStaleW1 = tuple.ErrStaleGenerated
	defer func() { tupleKeyStaleW1 = nil }()
	var v W1
	if dst, err := v.AppendTupleKey([]byte("x")); !errors.Is(err, tuple.ErrStaleGenerated) || string(dst) != "x" {
		t.Errorf("AppendTupleKey of a stale file: %q, %v", dst, err)
	}
	if _, err := v.MarshalTupleKey(); !errors.Is(err, tuple.ErrStaleGenerated) {
		t.Errorf("MarshalTupleKey of a stale file: %v", err)
	}
	if n, err := v.UnmarshalTupleKey([]byte{0x02, 'a', 0x00}); !errors.Is(err, tuple.ErrStaleGenerated) || n != 0 {
		t.Errorf("UnmarshalTupleKey of a stale file: %d, %v", n, err)
	}
}
