package property_test

import (
	"testing"

	"pgregory.net/rapid"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
)

// scanCaps records, for each call of hintCounted's ScanTupleElement, the
// capacity of the element it was given, which aliases the key: the key's
// capacity less it is the element's offset in the key.
var scanCaps []int

// hintCounted is a custom element type that records its reads.
type hintCounted int64

func (c hintCounted) AppendTupleElement(dst []byte) ([]byte, error) {
	return tuplewire.AppendInt(dst, int64(c)), nil
}

func (c *hintCounted) ScanTupleElement(elem []byte) error {
	scanCaps = append(scanCaps, cap(elem))
	v, _, err := tuplewire.ConsumeInt(elem)
	*c = hintCounted(v)
	return err
}

type hintCountedKey struct {
	_ struct{} `tuple:"T,const"`
	A string
	C hintCounted
	B *int64
	D int64 `tuple:",desc"`
}

// TestPropHintsCallNoMethod: whatever the key (a plan's own key after a
// prefix of random bytes, with random bytes after it, or cut short),
// Unmarshal and UnmarshalPrefix call a custom field's method only on the
// field's own element, where decoding the key from its start finds it:
// the prefix hint, which may try 64 offsets, calls it on none.
func TestPropHintsCallNoMethod(t *testing.T) {
	plan, err := tuple.NewPlan[hintCountedKey](tuple.Codec{})
	if err != nil {
		t.Fatal(err)
	}
	rapid.Check(t, func(t *rapid.T) {
		v := hintCountedKey{A: rapid.String().Draw(t, "A"), C: hintCounted(rapid.Int64().Draw(t, "C")), D: rapid.Int64().Draw(t, "D")}
		if rapid.Bool().Draw(t, "B set") {
			b := rapid.Int64().Draw(t, "B")
			v.B = &b
		}
		body, err := plan.Marshal(&v)
		if err != nil {
			t.Fatal(err)
		}
		key := append(rapid.SliceOfN(rapid.Byte(), 0, 20).Draw(t, "prefix"), body...)
		key = append(key, rapid.SliceOfN(rapid.Byte(), 0, 3).Draw(t, "after")...)
		key = key[:rapid.IntRange(0, len(key)).Draw(t, "cut")]
		// Where decoding from the start finds C: after the constant "T"
		// (02 54 00) and the string A, if the key starts with them.
		at := -1
		if len(key) >= 3 && string(key[:3]) == "\x02T\x00" {
			if _, n, err := tuplewire.ConsumeString(key[3:]); err == nil && 3+n < len(key) {
				at = 3 + n
			}
		}
		for _, prefixOnly := range []bool{false, true} {
			scanCaps = scanCaps[:0]
			var back hintCountedKey
			if prefixOnly {
				_, err = plan.UnmarshalPrefix(key, &back)
			} else {
				err = plan.Unmarshal(key, &back)
			}
			for _, c := range scanCaps {
				if off := cap(key) - c; off != at {
					t.Fatalf("decoding %x (prefix only %v, error %v) read C at offset %d; the decode from the start reads it at %d (-1: never)", key, prefixOnly, err, off, at)
				}
			}
		}
	})
}
