package tuple_test

import (
	"bytes"
	"errors"
	"math"
	"math/big"
	"reflect"
	"testing"
	"time"

	"github.com/fdbtuple/fdbtuple/tuple"
	"github.com/fdbtuple/fdbtuple/tuple/tuplewire"
)

// The time helpers write and read what a plan's fields do, in every
// unit, and refuse what the plan refuses with its sentinel.
func TestTimeHelpersMatchPlan(t *testing.T) {
	type ns struct{ T time.Time }
	type s struct {
		T time.Time `tuple:",unit=s"`
	}
	nsPlan, err := tuple.NewPlan[ns](tuple.Codec{})
	if err != nil {
		t.Fatal(err)
	}
	sPlan, err := tuple.NewPlan[s](tuple.Codec{})
	if err != nil {
		t.Fatal(err)
	}
	for _, at := range []time.Time{time.Unix(0, 0), time.Unix(1700000000, 0), time.Unix(-1, 0), time.Unix(1<<40, 0), time.Unix(math.MinInt64, 0), {}, time.Unix(1, 5)} {
		want, werr := nsPlan.Marshal(&ns{at})
		got, gerr := tuple.AppendTime(nil, at, time.Nanosecond)
		if !bytes.Equal(got, want) || (gerr == nil) != (werr == nil) {
			t.Errorf("%v in ns: %x %v, the plan %x %v", at, got, gerr, want, werr)
		}
		want, werr = sPlan.Marshal(&s{at})
		got, gerr = tuple.AppendTime(nil, at, time.Second)
		if !bytes.Equal(got, want) || !errors.Is(gerr, tuple.ErrInexact) != !errors.Is(werr, tuple.ErrInexact) {
			t.Errorf("%v in s: %x %v, the plan %x %v", at, got, gerr, want, werr)
		}
		if gerr != nil {
			continue
		}
		var back s
		werr = sPlan.Unmarshal(got, &back)
		read, n, gerr := tuple.ConsumeTime(got, time.Second)
		if !read.Equal(back.T) || n != len(got) || (gerr == nil) != (werr == nil) {
			t.Errorf("%x in s: read %v %d %v, the plan %v %v", got, read, n, gerr, back.T, werr)
		}
	}
	// A time with no Unix second, and one past time.Time's range.
	if _, err := tuple.AppendTime(nil, time.Unix(math.MaxInt64, 0), time.Nanosecond); !errors.Is(err, tuple.ErrOutOfRange) {
		t.Errorf("a time whose Unix second wraps: %v", err)
	}
	huge, err := tuplewire.AppendBigInt(nil, new(big.Int).Lsh(big.NewInt(1), 100))
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := tuple.ConsumeTime(huge, time.Second); !errors.Is(err, tuple.ErrOutOfRange) {
		t.Errorf("2^100 seconds: %v", err)
	}
	if _, _, err := tuple.ConsumeDuration(tuplewire.AppendInt(nil, math.MaxInt64/1000+1), time.Microsecond); !errors.Is(err, tuple.ErrOutOfRange) {
		t.Errorf("a duration past int64 nanoseconds: %v", err)
	}
}

// A unit that is none of the four is an error of every helper, and
// writes nothing.
func TestTimeHelpersRefuseUnits(t *testing.T) {
	for _, u := range []time.Duration{0, -time.Second, time.Minute, 10 * time.Millisecond} {
		if b, err := tuple.AppendTime([]byte("x"), time.Unix(0, 0), u); err == nil || string(b) != "x" {
			t.Errorf("AppendTime unit %v: %q %v", u, b, err)
		}
		if b, err := tuple.AppendDuration([]byte("x"), 0, u); err == nil || string(b) != "x" {
			t.Errorf("AppendDuration unit %v: %q %v", u, b, err)
		}
		if _, _, err := tuple.ConsumeTime([]byte{0x14}, u); err == nil {
			t.Errorf("ConsumeTime unit %v: no error", u)
		}
		if _, _, err := tuple.ConsumeDuration([]byte{0x14}, u); err == nil {
			t.Errorf("ConsumeDuration unit %v: no error", u)
		}
	}
}

// nullLabel writes a null, or fails with a plain error.
type nullLabel struct{ fail bool }

var errNullLabel = errors.New("null label refused")

func (l *nullLabel) AppendTupleElement(dst []byte) ([]byte, error) {
	if l.fail {
		return dst, errNullLabel
	}
	return tuplewire.AppendNull(dst), nil
}

func (l *nullLabel) ScanTupleElement(elem []byte) error {
	if len(elem) != 1 || elem[0] != 0x00 {
		return errNullLabel
	}
	return nil
}

// AppendCustom writes a null as 00 FF inside a nested tuple, names the
// type (not its pointer) in the errors of the method, and ScanCustom
// places the method's error at the element.
func TestCustomHelpers(t *testing.T) {
	var c tuple.Codec
	l := nullLabel{}
	if got, err := c.AppendCustom(nil, &l, 1, true); err != nil || !bytes.Equal(got, []byte{0x00, 0xFF}) {
		t.Errorf("nested null: %x %v", got, err)
	}
	if got, err := c.AppendCustom(nil, &l, 0, false); err != nil || !bytes.Equal(got, []byte{0x00}) {
		t.Errorf("null: %x %v", got, err)
	}
	l.fail = true
	var ee *tuple.EncodeError
	if _, err := c.AppendCustom([]byte("x"), &l, 0, false); !errors.As(err, &ee) || ee.Err != errNullLabel || ee.Type != reflect.TypeFor[nullLabel]() {
		t.Errorf("the method's error: %#v", err)
	}
	var de *tuple.DecodeError
	if _, err := c.ScanCustom([]byte{0x14}, &l, 0); !errors.As(err, &de) || de.Err != errNullLabel || de.Offset != 0 {
		t.Errorf("the method's decode error: %#v", err)
	}
	if _, err := c.ScanCustom(nil, &l, 0); !errors.Is(err, tuple.ErrTruncated) {
		t.Errorf("no element: %v", err)
	}
	if n, err := c.ScanCustom([]byte{0x00, 0x14}, &l, 0); err != nil || n != 1 {
		t.Errorf("a null, framed: %d %v", n, err)
	}
	// The depth the element is written at counts toward MaxDepth.
	deep := tuple.Tuple{tuple.Tuple{}}
	for range tuplewire.MaxDepth - 3 {
		deep = tuple.Tuple{deep}
	}
	elem := deep.Pack()
	var into deepScanner
	if _, err := c.ScanCustom(elem, &into, 0); err != nil {
		t.Errorf("a deep element at the top: %v", err)
	}
	if _, err := c.ScanCustom(elem, &into, 5); !errors.Is(err, tuple.ErrTooDeep) {
		t.Errorf("a deep element 5 deep: %v", err)
	}
}

type deepScanner struct{}

func (*deepScanner) ScanTupleElement([]byte) error { return nil }
