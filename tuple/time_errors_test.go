package tuple_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/fdbtuple/fdbtuple/tuple"
)

// An inexact time or duration says which unit it missed and how to make
// it whole, on every path that refuses one: a plan's field, AppendTime
// and AppendDuration. The sentinel stays ErrInexact.
func TestInexactNamesUnitAndFix(t *testing.T) {
	type K struct {
		At  time.Time     `tuple:",unit=ms"`
		TTL time.Duration `tuple:",unit=s"`
	}
	p, err := tuple.NewPlan[K](tuple.Codec{})
	if err != nil {
		t.Fatal(err)
	}
	at := time.UnixMilli(1700000000123).Add(time.Microsecond)
	_, planAt := p.Marshal(&K{At: at})
	_, planTTL := p.Marshal(&K{TTL: 1500 * time.Millisecond})
	_, appendAt := tuple.AppendTime(nil, at, time.Millisecond)
	_, appendTTL := tuple.AppendDuration(nil, 1500*time.Millisecond, time.Second)
	for _, c := range []struct {
		name string
		err  error
		want string
	}{
		{"plan time", planAt, "field At (time.Time)): the unit is ms: truncate the value first, t.Truncate(time.Millisecond)"},
		{"plan duration", planTTL, "field TTL (time.Duration)): the unit is s: truncate the value first, d.Truncate(time.Second)"},
		{"AppendTime", appendAt, "tuple: value is not a whole number of the field's unit: the unit is ms: truncate the value first, t.Truncate(time.Millisecond)"},
		{"AppendDuration", appendTTL, "tuple: value is not a whole number of the field's unit: the unit is s: truncate the value first, d.Truncate(time.Second)"},
	} {
		if !errors.Is(c.err, tuple.ErrInexact) || c.err == nil || !strings.HasSuffix(c.err.Error(), c.want) {
			t.Errorf("%s: %v, want ErrInexact ending %q", c.name, c.err, c.want)
		}
	}
	// The fix the message gives makes the value whole.
	if _, err := p.Marshal(&K{At: at.Truncate(time.Millisecond), TTL: (1500 * time.Millisecond).Truncate(time.Second)}); err != nil {
		t.Errorf("truncated values: %v", err)
	}
}
