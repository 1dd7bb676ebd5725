package tuple_test

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/fdbtuple/fdbtuple/tuple"
)

// platformInts has the integer types whose width is the platform's.
type platformInts struct {
	I int
	U uint
}

// int and uint have one key schema on every platform, the 64-bit one, so
// that a golden schema and a generated file's hold on a 32-bit platform
// too; there a key holding a value past the platform's int is
// ErrOutOfRange, naming the field, never a value cut short.
func TestPlatformIntSchema(t *testing.T) {
	p, err := tuple.NewPlan[platformInts](tuple.Codec{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := p.Schema(), "(I int64, U uint64)"; got != want {
		t.Errorf("Schema on %d-bit ints = %s, want %s", strconv.IntSize, got, want)
	}
	for _, c := range []struct {
		key   tuple.Tuple
		field string
		fits  bool
	}{
		{tuple.Tuple{int64(math.MaxInt32), uint64(math.MaxUint32)}, "", true},
		{tuple.Tuple{int64(math.MinInt32), uint64(0)}, "", true},
		{tuple.Tuple{int64(math.MaxInt32) + 1, uint64(0)}, "I (int)", strconv.IntSize == 64},
		{tuple.Tuple{int64(math.MinInt32) - 1, uint64(0)}, "I (int)", strconv.IntSize == 64},
		{tuple.Tuple{int64(0), uint64(math.MaxUint32) + 1}, "U (uint)", strconv.IntSize == 64},
		{tuple.Tuple{int64(math.MinInt64), uint64(math.MaxUint64)}, "I (int)", strconv.IntSize == 64},
	} {
		var v platformInts
		err := p.Unmarshal(c.key.Pack(), &v)
		switch {
		case c.fits && err != nil:
			t.Errorf("%v: %v", c.key, err)
		case c.fits:
			if int64(v.I) != c.key[0].(int64) || uint64(v.U) != c.key[1].(uint64) {
				t.Errorf("%v decodes as %+v", c.key, v)
			}
		case !errors.Is(err, tuple.ErrOutOfRange) || !strings.Contains(err.Error(), c.field):
			t.Errorf("%v on %d-bit ints: %v, want ErrOutOfRange naming %s", c.key, strconv.IntSize, err, c.field)
		}
	}
}
