package tuple_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
)

// hintInner reads an integer into itself; as a nil pointer it panics.
type hintInner struct{ n int64 }

func (p *hintInner) ScanTupleElement(elem []byte) error {
	v, _, err := tuplewire.ConsumeInt(elem)
	p.n = v // panics when p is nil
	return err
}

// hintPromoted is a custom element type whose ScanTupleElement is
// promoted through an embedded pointer, nil in its zero value: reading
// one into a fresh variable panics.
type hintPromoted struct{ *hintInner }

func (c hintPromoted) AppendTupleElement(dst []byte) ([]byte, error) {
	return tuplewire.AppendInt(dst, c.n), nil
}

type hintKey struct {
	C hintPromoted
}

// TestPrefixHintCallsNoMethod: a key whose first byte starts no element
// fails to decode before its custom field is reached; the hint that
// looks for a prefix must not read the rest into the field, whose method
// panics there (it made Plan.UnmarshalPrefix panic where the generated
// path returned ErrInvalidCode). It decides from the bytes, and still
// names the prefix.
func TestPrefixHintCallsNoMethod(t *testing.T) {
	key := []byte{0x42, 0x15, 0x01} // a byte no element starts with, then the integer 1
	plan, err := tuple.NewPlan[hintKey](tuple.Codec{})
	if err != nil {
		t.Fatal(err)
	}
	dyn, err := tuple.NewDynamicPlan(tuple.Codec{}, reflect.TypeFor[hintKey]())
	if err != nil {
		t.Fatal(err)
	}
	calls := map[string]func() error{
		"Plan.Unmarshal":              func() error { var v hintKey; return plan.Unmarshal(key, &v) },
		"Plan.UnmarshalPrefix":        func() error { var v hintKey; _, err := plan.UnmarshalPrefix(key, &v); return err },
		"DynamicPlan.Unmarshal":       func() error { var v hintKey; return dyn.Unmarshal(key, &v) },
		"DynamicPlan.UnmarshalPrefix": func() error { var v hintKey; _, err := dyn.UnmarshalPrefix(key, &v); return err },
	}
	for name, call := range calls {
		err := func() (err error) {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("%s panicked: %v", name, r)
				}
			}()
			return call()
		}()
		var de *tuple.DecodeError
		if !errors.As(err, &de) || !errors.Is(err, tuple.ErrInvalidCode) || de.Offset != 0 {
			t.Errorf("%s = %v, want ErrInvalidCode at offset 0", name, err)
		}
		if !strings.Contains(err.Error(), "after its first 1 bytes") {
			t.Errorf("%s = %v, want the hint that the key is a hintKey after its first byte", name, err)
		}
	}
}
